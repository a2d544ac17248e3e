import { z } from 'zod';
import { endpoint } from '../define.js';
import { ownedTable } from '../owners.js';
import { id, itemsPerPage, nonEmpty, page, paginated } from '../schemas.js';

const area = 'Document types';

export const ownedTables = {
  documentType: ownedTable({ table: 'document_types', owner: 'company_id', sample: { name: 'Ajeno' } }),
};

/** The `{key}` of document_types_list that means "no search" (a path segment cannot be empty). */
export const NO_SEARCH_KEY = '-';

export const documentTypeStatus = z.enum(['active', 'inactive']);

/** A document type, the same in the list, the detail and every write reply. */
export const documentTypeRecord = z.object({
  id: z.number(),
  company_id: z.number(),
  company_name: z.string(),
  name: z.string(),
  code: z.string().nullable(),
  description: z.string().nullable(),
  status: documentTypeStatus,
  created_at: z.string(),
  updated_at: z.string(),
});

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const code = z.preprocess(
  blankToNull,
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_-]{1,30}$/, {
      message: 'Use hasta 30 letras, números, guiones o guiones bajos, sin espacios',
    })
    .nullable()
    .optional(),
);
const description = z.preprocess(blankToNull, z.string().trim().max(500).nullable().optional());

/** Search, status filter and export share these. */
const filters = {
  status: documentTypeStatus.optional(),
};

const ownsType = [{ entity: 'documentType', from: 'params', field: 'id' }] as const;
const ownsCompanyInBody = [{ entity: 'company', from: 'body', field: 'company_id' }] as const;

export const documentTypes = {
  listDocumentTypes: endpoint({
    method: 'GET',
    path: 'document_types_list/{companyID}/{page}/{itemsPerPage}/{key}',
    summary: `Tipos de documento de una empresa; {key} busca en nombre, código y descripción («${NO_SEARCH_KEY}»: sin búsqueda).`,
    area,
    scope: 'company',
    permissions: ['document_type.list'],
    params: z.object({
      companyID: id,
      page,
      itemsPerPage,
      key: z
        .string()
        .trim()
        .max(200)
        .transform((key) => (key === NO_SEARCH_KEY || key === '' ? undefined : key)),
    }),
    query: z.object({
      ...filters,
      sort: z.enum(['id', 'name', 'code', 'status', 'created_at']).optional(),
      order: z.enum(['ASC', 'DESC']).optional(),
    }),
    reply: paginated(documentTypeRecord),
    owns: [{ entity: 'company', from: 'params', field: 'companyID' }],
    example: { params: { companyID: 1, page: 1, itemsPerPage: 15, key: NO_SEARCH_KEY } },
  }),
  getDocumentType: endpoint({
    method: 'GET',
    path: 'get_document_type/{id}',
    summary: 'Un tipo de documento.',
    area,
    scope: 'company',
    permissions: ['document_type.list'],
    params: z.object({ id }),
    reply: documentTypeRecord,
    owns: ownsType,
  }),
  addDocumentType: endpoint({
    method: 'POST',
    path: 'add_document_type',
    summary: 'Crea un tipo de documento; el nombre no se repite dentro de la empresa.',
    area,
    scope: 'company',
    permissions: ['document_type.list'],
    body: z.object({
      company_id: id,
      name: nonEmpty(150),
      code,
      description,
      status: documentTypeStatus.default('active'),
    }),
    reply: documentTypeRecord,
    owns: ownsCompanyInBody,
    example: { body: { company_id: 1, name: 'Contrato' } },
  }),
  updateDocumentType: endpoint({
    method: 'PUT',
    path: 'update_document_type/{id}',
    summary: 'Cambia nombre, código, descripción o estado de un tipo de documento.',
    area,
    scope: 'company',
    permissions: ['document_type.list'],
    params: z.object({ id }),
    body: z.object({
      name: nonEmpty(150).optional(),
      code,
      description,
      status: documentTypeStatus.optional(),
    }),
    reply: documentTypeRecord,
    owns: ownsType,
    example: { params: { id: 1 }, body: {} },
  }),
  deleteDocumentType: endpoint({
    method: 'DELETE',
    path: 'delete_document_type/{id}',
    summary: 'Elimina un tipo de documento.',
    area,
    scope: 'company',
    permissions: ['document_type.list'],
    params: z.object({ id }),
    reply: z.object({ id: z.number() }),
    owns: ownsType,
  }),
  exportDocumentTypes: endpoint({
    method: 'POST',
    path: 'export_document_types',
    summary:
      'Descarga en .xlsx todos los tipos de documento que cumplen los filtros (sin company_id: los de todas las empresas visibles).',
    area,
    scope: 'company',
    permissions: ['document_type.list'],
    body: z.object({
      company_id: id.optional(),
      search: z.string().trim().max(200).optional(),
      ...filters,
    }),
    reply: z.never(),
    produces: 'xlsx',
    owns: ownsCompanyInBody,
    example: { body: {} },
  }),
} as const;
