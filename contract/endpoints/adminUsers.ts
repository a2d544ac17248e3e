import { z } from 'zod';
import { endpoint } from '../define.js';
import { NOT_TENANT } from '../owners.js';
import type { Permission } from '../permissions.js';
import { email, id, itemsPerPage, nonEmpty, page, paginated, userStatus } from '../schemas.js';
import { VALIDATION_MESSAGES } from '../validation.js';

const area = 'Admin users';

const optionalText = (schema: z.ZodString) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    schema.nullable().optional(),
  );

/**
 * The person's own fields, editable by the user on their profile and by administrators.
 * `id_type` is a code of get_identification_types (CC, CE, NIT, TI, PP, PEP, PPT); an empty
 * string clears an optional field.
 */
export const personFields = {
  name: nonEmpty(100),
  last_name: nonEmpty(100),
  phone: optionalText(
    z
      .string()
      .trim()
      .regex(/^\+?[0-9][0-9 ]{6,19}$/, { message: VALIDATION_MESSAGES.numbersOnly }),
  ),
  id_type: optionalText(z.string().trim().toUpperCase().max(10)),
  id_number: optionalText(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{3,20}$/, { message: VALIDATION_MESSAGES.invalidFormat }),
  ),
};

/** A user as the administration screens read it: the list, the detail and every write reply. */
export const userRecord = z.object({
  id: z.number(),
  name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  id_type: z.string().nullable(),
  id_number: z.string().nullable(),
  role_id: z.number(),
  role_name: z.string(),
  company_id: z.number(),
  company_name: z.string(),
  status: userStatus,
  /** True until the user sets a password from the invitation e-mail. */
  invitation_pending: z.boolean(),
  invited_at: z.string().nullable(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** `assignable`: whether the caller may give this role (never role 20 nor permissions it lacks). */
export const role = z.object({
  id: z.number(),
  name: z.string(),
  permissions: z.array(z.string()),
  assignable: z.boolean(),
});

/** A user as pickers show it (impersonation, administrators of a company, group members). */
export const userListItem = z.object({
  id: z.number(),
  full_name: z.string(),
  email: z.string(),
  role_id: z.number(),
  role_name: z.string(),
  company_id: z.number(),
  status: userStatus,
});

/**
 * A picker's list of one company's users (`userListItem`), the company named in the path and
 * owned by the caller: the shape shared by the users, administrators and group-member pickers.
 */
export function companyUserList<const Path extends string, const Param extends string>(options: {
  path: Path;
  param: Param;
  summary: string;
  area: string;
  permission: Permission;
}) {
  return endpoint({
    method: 'GET',
    path: options.path,
    summary: options.summary,
    area: options.area,
    scope: 'company',
    permissions: [options.permission],
    params: z.object({ [options.param]: id } as Record<Param, typeof id>),
    reply: z.array(userListItem),
    owns: [{ entity: 'company', from: 'params', field: options.param }],
  });
}

/** Filters shared by the list and the export. */
const userFilters = {
  search: z.string().trim().max(200).optional(),
  company_id: id.optional(),
  role_id: id.optional(),
  status: userStatus.optional(),
};

const userSort = z.enum([
  'id',
  'full_name',
  'email',
  'role_name',
  'company_name',
  'status',
  'created_at',
  'last_login_at',
]);

const idParams = z.object({ id });
const ownsUser = [{ entity: 'user', from: 'params', field: 'id' }] as const;
const ownsCompanyInBody = { entity: 'company', from: 'body', field: 'company_id' } as const;

export const adminUsers = {
  listUsers: endpoint({
    method: 'POST',
    path: 'users',
    summary:
      'Usuarios visibles para quien consulta (todos para el administrador; los de su empresa y sucursales para una empresa), con búsqueda, filtros, orden y paginación.',
    area,
    scope: 'company',
    permissions: ['user.list'],
    body: z.object({
      page: page.default(1),
      itemsPerPage: itemsPerPage.default(15),
      ...userFilters,
      sort: userSort.optional(),
      order: z.enum(['ASC', 'DESC']).optional(),
    }),
    reply: paginated(userRecord),
    owns: [ownsCompanyInBody],
    example: { body: { page: 1, itemsPerPage: 15 } },
    readOnly: true,
    skipAudit: true,
    notTenant: { role_id: NOT_TENANT.role },
  }),
  getUserRecord: endpoint({
    method: 'GET',
    path: 'users/get_user/{id}',
    summary: 'Un usuario con los mismos campos que la lista (para ver y editar).',
    area,
    scope: 'company',
    permissions: ['user.list'],
    params: idParams,
    reply: userRecord,
    owns: ownsUser,
  }),
  getUserByEmail: endpoint({
    method: 'GET',
    path: 'get_user_by_email/{email}/{company_id}',
    summary: 'Busca por correo un usuario de la empresa indicada; null si no existe.',
    area,
    scope: 'company',
    permissions: ['user.list'],
    params: z.object({ email, company_id: id }),
    reply: userRecord.nullable(),
    owns: [{ entity: 'company', from: 'params', field: 'company_id' }],
    example: { params: { email: 'admin@rubrica.test', company_id: 1 } },
  }),
  listCompanyUsers: companyUserList({
    path: 'users/get_users/{company_id}',
    param: 'company_id',
    summary: 'Usuarios de una empresa (para elegir a quién suplantar, asignar, etc.).',
    area,
    permission: 'user.list',
  }),
  saveUser: endpoint({
    method: 'POST',
    path: 'users/saveUser',
    summary:
      'Crea un usuario (sin id; recibe por correo una invitación para definir su contraseña) o actualiza uno existente (con id).',
    area,
    scope: 'company',
    permissions: ['user.list'],
    body: z.object({
      id: id.optional(),
      ...personFields,
      email,
      role_id: id,
      company_id: id,
      status: z.enum(['active', 'inactive']).optional(),
    }),
    reply: userRecord,
    owns: [{ entity: 'user', from: 'body', field: 'id' }, ownsCompanyInBody],
    example: {
      body: {
        id: 1,
        name: 'Ana',
        last_name: 'Pérez',
        email: 'ana.perez@example.com',
        role_id: 22,
        company_id: 1,
      },
    },
    notTenant: { role_id: NOT_TENANT.role },
  }),
  resendInvitation: endpoint({
    method: 'POST',
    path: 'users/resend_invitation/{id}',
    summary:
      'Envía de nuevo la invitación a un usuario que aún no definió su contraseña (el enlace anterior deja de servir).',
    area,
    scope: 'company',
    permissions: ['user.list'],
    params: idParams,
    reply: userRecord,
    owns: ownsUser,
  }),
  deleteUser: endpoint({
    method: 'DELETE',
    path: 'delete_user/{id}',
    summary:
      'Elimina un usuario (queda en el historial, no puede iniciar sesión y se cierran sus sesiones). No se puede eliminar a sí mismo ni al último administrador activo.',
    area,
    scope: 'company',
    permissions: ['user.list'],
    params: idParams,
    reply: z.object({ id: z.number() }),
    owns: ownsUser,
  }),
  activateUser: endpoint({
    method: 'POST',
    path: 'activate_user/{id}',
    summary: 'Activa un usuario inactivo o bloqueado (reinicia sus intentos fallidos).',
    area,
    scope: 'company',
    permissions: ['user.list'],
    params: idParams,
    reply: userRecord,
    owns: ownsUser,
  }),
  unlockUser: endpoint({
    method: 'POST',
    path: 'unlock_user/{id}',
    summary: 'Desbloquea un usuario bloqueado por intentos fallidos.',
    area,
    scope: 'company',
    permissions: ['user.list'],
    params: idParams,
    reply: userRecord,
    owns: ownsUser,
  }),
  listAdminUsers: companyUserList({
    path: 'users/get_users_admin/{companyID}',
    param: 'companyID',
    summary: 'Usuarios de la empresa con rol de administrador (de la plataforma o de la empresa).',
    area,
    permission: 'user.list',
  }),
  exportUsers: endpoint({
    method: 'POST',
    path: 'export_users',
    summary: 'Descarga en .xlsx todos los usuarios que cumplen los filtros de la lista.',
    area,
    scope: 'company',
    permissions: ['user.list'],
    body: z.object(userFilters),
    reply: z.never(),
    produces: 'xlsx',
    owns: [ownsCompanyInBody],
    example: { body: {} },
    notTenant: { role_id: NOT_TENANT.role },
  }),
  startImpersonation: endpoint({
    method: 'POST',
    path: 'users/start_impersonation/{companyId}',
    summary:
      'El administrador actúa como un usuario de la empresa indicada; devuelve un token marcado isImpersonating.',
    area,
    scope: 'global',
    permissions: ['impersonate.user'],
    params: z.object({ companyId: id }),
    body: z.object({ user_id: id }),
    reply: z.object({ token: z.string(), id: z.number() }),
    owns: [
      { entity: 'company', from: 'params', field: 'companyId' },
      { entity: 'user', from: 'body', field: 'user_id' },
    ],
    example: { params: { companyId: 1 }, body: { user_id: 1 } },
    refuseWhileImpersonating: true,
    // The service audits it with the administrator as actor and the target as effective user.
    skipAudit: true,
  }),
  listRoles: endpoint({
    method: 'GET',
    path: 'roles/{page}/{itemsPerPage}',
    summary: 'Lista los roles; `assignable` dice si quien consulta puede asignarlo.',
    area,
    scope: 'company',
    permissions: ['user.list'],
    params: z.object({ page, itemsPerPage }),
    reply: paginated(role),
  }),
} as const;
