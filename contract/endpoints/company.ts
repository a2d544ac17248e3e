import { z } from 'zod';
import { endpoint } from '../define.js';
import { nit } from '../nit.js';
import { LOCATION_NOT_TENANT, NOT_TENANT } from '../owners.js';
import {
  base64Upload,
  companyStatus,
  email,
  id,
  itemsPerPage,
  nonEmpty,
  page,
  paginated,
} from '../schemas.js';
import { VALIDATION_MESSAGES } from '../validation.js';

const area = 'Company';

/** Logos: PNG, JPEG or SVG (sanitised), at most 1 MB; the server checks the bytes, not the name. */
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_MESSAGES = {
  tooLarge: 'El logo no puede superar 1 MB',
  type: 'El logo debe ser una imagen PNG, JPEG o SVG',
  base64: 'El contenido del logo debe venir en base64',
} as const;

/** `{ filename, content_base64 }` of an uploaded logo (JSON, as react-admin's file input gives it). */
export const logoUpload = z.object(base64Upload(LOGO_MAX_BYTES, LOGO_MESSAGES));

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
/** An optional text field; an empty string clears it (null). */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToNull, schema.nullable().optional());
const phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 ]{6,19}$/, { message: VALIDATION_MESSAGES.numbersOnly });
/** GB as the screens show them (1 GB = 1024³ bytes, as the storage statistics count). */
const gigabytes = z.coerce.number().min(0).max(1_000_000);

/** Support channels shown by the help dialog and the package pop-ups (empty: inherited). */
export const supportFields = {
  support_phone: optional(phone),
  support_whatsapp: optional(phone),
  support_email: optional(email),
};

/**
 * Fields of a company or branch as forms send them. Location: only Colombia for now ('CO');
 * department and city are DANE codes from get_departments/get_cities, and the city must belong to
 * the department (given only the city, the department is taken from it).
 */
export const companyFields = {
  fiscal_name: nonEmpty(200),
  tax_id: nit,
  status: companyStatus.optional(),
  /** Administrator only; a company may send back its current value unchanged. */
  storage_capacity_gb: gigabytes.optional(),
  ...supportFields,
  country_code: z.enum(['CO']).optional(),
  department_id: optional(id),
  city_id: optional(id),
  postal_code: optional(
    z
      .string()
      .trim()
      .regex(/^\d{6}$/, { message: 'El código postal tiene 6 dígitos' }),
  ),
  address: optional(z.string().trim().max(300)),
  /** A new logo; null removes it; absent keeps it. */
  logo: logoUpload.nullable().optional(),
};

/** A company or branch: the same record in the list, the detail and every write reply. */
export const companyRecord = z.object({
  id: z.number(),
  fiscal_name: z.string(),
  tax_id: z.string(),
  parent_id: z.number().nullable(),
  parent_name: z.string().nullable(),
  is_branch: z.boolean(),
  branch_count: z.number(),
  status: companyStatus,
  /** First characters of the API key, to recognise it; the key itself is shown only once. */
  api_key_prefix: z.string().nullable(),
  api_key_created_at: z.string().nullable(),
  /** An address an <img> can load without a token (get_company_logo), or null. */
  logo_url: z.string().nullable(),
  storage_capacity_gb: z.number(),
  storage_used_gb: z.number(),
  support_phone: z.string().nullable(),
  support_whatsapp: z.string().nullable(),
  support_email: z.string().nullable(),
  country_code: z.string(),
  department_id: z.number().nullable(),
  department_name: z.string().nullable(),
  city_id: z.number().nullable(),
  city_name: z.string().nullable(),
  postal_code: z.string().nullable(),
  address: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** The reply that creates a company or rotates its key: the only time the key is shown. */
export const companyWithApiKey = companyRecord.extend({ api_key: z.string() });

/** Filters shared by the list and the export. */
export const companyFilters = {
  /** Fiscal name or NIT, case-insensitive. */
  search: z.string().trim().max(200).optional(),
  status: companyStatus.optional(),
  /** Branches of this company only. */
  parent_id: id.optional(),
  /** Top-level companies or branches only. */
  kind: z.enum(['company', 'branch']).optional(),
  department_id: id.optional(),
  city_id: id.optional(),
  /** without_capacity: none assigned; near_limit: ≥ 80 % used; over_limit: ≥ 100 % used. */
  storage: z.enum(['without_capacity', 'near_limit', 'over_limit']).optional(),
};

export const companySort = z.enum([
  'id',
  'fiscal_name',
  'tax_id',
  'status',
  'created_at',
  'updated_at',
  'storage_used_gb',
  'storage_capacity_gb',
]);

const idParams = z.object({ id });
const ownsId = [{ entity: 'company', from: 'params', field: 'id' }] as const;
const ownsCompanyId = [{ entity: 'company', from: 'params', field: 'companyId' }] as const;
const ownsParent = { entity: 'company', from: 'body', field: 'parent_id' } as const;

export const company = {
  listCompanies: endpoint({
    method: 'POST',
    path: 'company_list/{page}/{itemsPerPage}/{roleID}/{companyID}',
    summary:
      'Empresas visibles para quien consulta (todas para el administrador; la propia y sus sucursales para una empresa), con búsqueda, filtros, orden y paginación. roleID y companyID de la ruta no amplían lo visible: manda la sesión.',
    area,
    scope: 'company',
    permissions: ['company.list'],
    params: z.object({ page, itemsPerPage, roleID: id, companyID: id }),
    body: z.object({
      ...companyFilters,
      sort: companySort.optional(),
      order: z.enum(['ASC', 'DESC']).optional(),
    }),
    reply: paginated(companyRecord),
    owns: [{ entity: 'company', from: 'params', field: 'companyID' }, ownsParent],
    example: { params: { page: 1, itemsPerPage: 15, roleID: 20, companyID: 1 }, body: {} },
    readOnly: true,
    skipAudit: true,
    notTenant: { roleID: NOT_TENANT.role, ...LOCATION_NOT_TENANT },
  }),
  getCompany: endpoint({
    method: 'GET',
    path: 'get_company/{companyId}',
    summary: 'Una empresa o sucursal, con los mismos campos que la lista.',
    area,
    scope: 'company',
    permissions: ['company.list'],
    params: z.object({ companyId: id }),
    reply: companyRecord,
    owns: ownsCompanyId,
  }),
  addCompany: endpoint({
    method: 'POST',
    path: 'add_company',
    summary:
      'Crea una empresa (solo el administrador de la plataforma). La respuesta trae la clave de API, que no se vuelve a mostrar.',
    area,
    scope: 'global',
    permissions: ['company.update'],
    body: z.object(companyFields),
    reply: companyWithApiKey,
    example: { body: { fiscal_name: 'Andina Firmas S.A.S.', tax_id: '800197268-4' } },
    notTenant: { tax_id: NOT_TENANT.taxId, ...LOCATION_NOT_TENANT },
  }),
  listBranches: endpoint({
    method: 'GET',
    path: 'get_branch_companies/{companyId}',
    summary: 'Las sucursales (no eliminadas) de una empresa, por nombre.',
    area,
    scope: 'company',
    permissions: ['company.list'],
    params: z.object({ companyId: id }),
    reply: paginated(companyRecord),
    owns: ownsCompanyId,
  }),
  addBranch: endpoint({
    method: 'POST',
    path: 'add_company_branch',
    summary:
      'Crea una sucursal de una empresa principal (el administrador, o un usuario de esa empresa con company.update). Sin NIT, usa el de la empresa.',
    area,
    scope: 'company',
    permissions: ['company.update'],
    body: z.object({ ...companyFields, parent_id: id, tax_id: nit.optional() }),
    reply: companyWithApiKey,
    owns: [ownsParent],
    example: { body: { parent_id: 1, fiscal_name: 'Sucursal Norte' } },
    notTenant: { tax_id: NOT_TENANT.taxId, ...LOCATION_NOT_TENANT },
  }),
  updateBranch: endpoint({
    method: 'PUT',
    path: 'update_company_branch/{id}',
    summary: 'Actualiza una sucursal (solo los campos enviados).',
    area,
    scope: 'company',
    permissions: ['company.update'],
    params: idParams,
    body: z.object(companyFields).partial(),
    reply: companyRecord,
    owns: ownsId,
    example: { body: {} },
    notTenant: { tax_id: NOT_TENANT.taxId, ...LOCATION_NOT_TENANT },
  }),
  updateCompany: endpoint({
    method: 'PUT',
    path: 'update_company/{id}',
    summary:
      'Actualiza una empresa o sucursal (solo los campos enviados). La capacidad de almacenamiento y el estado solo los cambia el administrador.',
    area,
    scope: 'company',
    permissions: ['company.update'],
    params: idParams,
    body: z.object(companyFields).partial(),
    reply: companyRecord,
    owns: ownsId,
    example: { body: {} },
    notTenant: { tax_id: NOT_TENANT.taxId, ...LOCATION_NOT_TENANT },
  }),
  addCompanySettings: endpoint({
    method: 'POST',
    path: 'add_company_settings',
    summary:
      'Guarda la configuración de una empresa: canales de soporte (teléfono, WhatsApp, correo), logo y, solo el administrador, capacidad de almacenamiento. Solo cambia lo enviado.',
    area,
    scope: 'company',
    permissions: ['company.update'],
    body: z.object({
      company_id: id,
      ...supportFields,
      storage_capacity_gb: gigabytes.optional(),
      logo: logoUpload.nullable().optional(),
    }),
    reply: companyRecord,
    owns: [{ entity: 'company', from: 'body', field: 'company_id' }],
    example: { body: { company_id: 1 } },
  }),
  deleteCompany: endpoint({
    method: 'DELETE',
    path: 'delete_company/{id}',
    summary:
      'Elimina una empresa o sucursal (queda en el historial; sus usuarios ya no pueden iniciar sesión). No se puede con sucursales activas ni la empresa 1; una empresa solo elimina sus sucursales.',
    area,
    scope: 'company',
    permissions: ['company.update'],
    params: idParams,
    reply: z.object({ id: z.number() }),
    owns: ownsId,
  }),
  exportCompanies: endpoint({
    method: 'POST',
    path: 'export_companies',
    summary: 'Descarga en .xlsx todas las empresas que cumplen los filtros de la lista.',
    area,
    scope: 'company',
    permissions: ['company.list'],
    body: z.object(companyFilters),
    reply: z.never(),
    produces: 'xlsx',
    owns: [ownsParent],
    example: { body: {} },
    notTenant: LOCATION_NOT_TENANT,
  }),
  rotateCompanyApiKey: endpoint({
    method: 'POST',
    path: 'rotate_company_api_key/{companyId}',
    summary: 'Genera una clave de API nueva (la anterior deja de servir); se muestra solo en esta respuesta.',
    area,
    scope: 'company',
    permissions: ['company.update'],
    params: z.object({ companyId: id }),
    reply: companyWithApiKey,
    owns: ownsCompanyId,
  }),
  getCompanyLogo: endpoint({
    method: 'GET',
    path: 'get_company_logo/{companyId}',
    summary: 'El logo de una empresa (público: lo carga una etiqueta <img>, que no envía el token).',
    area,
    scope: 'public',
    permissions: [],
    params: z.object({ companyId: id }),
    reply: z.never(),
    produces: 'image',
  }),
} as const;
