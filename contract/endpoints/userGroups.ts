import { z } from 'zod';
import { endpoint } from '../define.js';
import { ownedTable } from '../owners.js';
import { id, itemsPerPage, nonEmpty, page, paginated } from '../schemas.js';
import { companyUserList } from './adminUsers.js';

const area = 'User groups';

export const ownedTables = {
  userGroup: ownedTable({ table: 'user_groups', owner: 'company_id', sample: { name: 'Ajeno' } }),
};

/** A group with its members, the same in the list, the detail and every write reply. */
export const userGroupRecord = z.object({
  id: z.number(),
  company_id: z.number(),
  company_name: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** Ids of the members (what a react-admin ReferenceArrayInput edits). */
  user_ids: z.array(z.number()),
  members: z.array(z.object({ id: z.number(), full_name: z.string(), email: z.string() })),
  member_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});

const description = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z.string().trim().max(500).nullable().optional(),
);
/** Members: users of the group's company; repeated ids count once. */
const userIds = z.array(id).max(1000);

const groupParams = z.object({ id });
const ownsGroup = [{ entity: 'userGroup', from: 'params', field: 'id' }] as const;

export const userGroups = {
  listGroups: endpoint({
    method: 'GET',
    path: 'groups/{page}/{itemsPerPage}/{company_id}',
    summary: 'Grupos de usuarios de una empresa, con búsqueda (?search=), orden y paginación.',
    area,
    scope: 'company',
    permissions: ['groups.list'],
    params: z.object({ page, itemsPerPage, company_id: id }),
    query: z.object({
      search: z.string().trim().max(200).optional(),
      sort: z.enum(['id', 'name', 'member_count', 'created_at']).optional(),
      order: z.enum(['ASC', 'DESC']).optional(),
    }),
    reply: paginated(userGroupRecord),
    owns: [{ entity: 'company', from: 'params', field: 'company_id' }],
  }),
  listGroupUsers: companyUserList({
    path: 'groups/users/{company_id}',
    param: 'company_id',
    summary: 'Usuarios que se pueden agregar a los grupos de la empresa (los de esa empresa).',
    area,
    permission: 'groups.list',
  }),
  getGroup: endpoint({
    method: 'GET',
    path: 'get_group/{id}',
    summary: 'Un grupo con sus miembros.',
    area,
    scope: 'company',
    permissions: ['groups.list'],
    params: groupParams,
    reply: userGroupRecord,
    owns: ownsGroup,
  }),
  createGroup: endpoint({
    method: 'POST',
    path: 'groups',
    summary: 'Crea un grupo de usuarios de una empresa; los miembros deben ser de esa empresa.',
    area,
    scope: 'company',
    permissions: ['groups.list'],
    body: z.object({
      company_id: id,
      name: nonEmpty(120),
      description,
      user_ids: userIds.default([]),
    }),
    reply: userGroupRecord,
    owns: [{ entity: 'company', from: 'body', field: 'company_id' }],
    example: { body: { company_id: 1, name: 'Grupo', user_ids: [] } },
    notTenant: { user_ids: 'el servicio exige miembros de la empresa del grupo (422 en user_ids)' },
  }),
  updateGroup: endpoint({
    method: 'PUT',
    path: 'groups/{id}',
    summary: 'Cambia nombre, descripción o miembros (la lista enviada reemplaza a la anterior).',
    area,
    scope: 'company',
    permissions: ['groups.list'],
    params: groupParams,
    body: z.object({
      name: nonEmpty(120).optional(),
      description,
      user_ids: userIds.optional(),
    }),
    reply: userGroupRecord,
    owns: ownsGroup,
    example: { params: { id: 1 }, body: {} },
    notTenant: { user_ids: 'el servicio exige miembros de la empresa del grupo (422 en user_ids)' },
  }),
  deleteGroup: endpoint({
    method: 'DELETE',
    path: 'groups/{id}',
    summary: 'Elimina un grupo (sus usuarios no cambian).',
    area,
    scope: 'company',
    permissions: ['groups.list'],
    params: groupParams,
    reply: z.object({ id: z.number() }),
    owns: ownsGroup,
  }),
} as const;
