import { z } from 'zod';
import { endpoint } from '../define.js';
import { NOT_TENANT } from '../owners.js';
import { id, paginated } from '../schemas.js';

const area = 'Location';

/** ISO 3166-1 numeric codes of the countries whose divisions are loaded (Colombia: 170). */
export const COUNTRY_NUMERIC_CODES = { CO: 170 } as const;

/**
 * `{country_id}` of get_departments: the ISO 3166-1 alpha-2 code ('CO') or numeric code (170),
 * answered as the alpha-2 code. A well-formed code of a country without data lists nothing.
 */
export const countryId = z
  .string()
  .trim()
  .regex(/^([A-Za-z]{2}|\d{1,3})$/, { message: 'Indique el país con su código ISO, como CO o 170' })
  .transform((value) => {
    const upper = value.toUpperCase();
    const byNumber = Object.entries(COUNTRY_NUMERIC_CODES).find(([, code]) => String(code) === upper);
    return byNumber ? byNumber[0] : upper;
  });

export const departmentRecord = z.object({ id: z.number(), country_code: z.string(), name: z.string() });
export const cityRecord = z.object({
  id: z.number(),
  department_id: z.number(),
  department_name: z.string(),
  name: z.string(),
});
export const identificationTypeRecord = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  /** Whom the document identifies: a person, a company (NIT) or both. */
  applies_to: z.enum(['person', 'company', 'both']),
});

export const location = {
  listDepartments: endpoint({
    method: 'GET',
    path: 'get_departments/{country_id}',
    summary:
      'Departamentos de un país (CO o 170: los 33 de Colombia, con su código DANE como id), por nombre.',
    area,
    scope: 'authenticated',
    permissions: [],
    params: z.object({ country_id: countryId }),
    reply: paginated(departmentRecord),
    example: { params: { country_id: 'CO' } },
    notTenant: { country_id: NOT_TENANT.location },
  }),
  listCities: endpoint({
    method: 'GET',
    path: 'get_cities/{department_id}',
    summary: 'Municipios de un departamento (código DANE DIVIPOLA como id), por nombre.',
    area,
    scope: 'authenticated',
    permissions: [],
    params: z.object({ department_id: id }),
    reply: paginated(cityRecord),
    example: { params: { department_id: 5 } },
    notTenant: { department_id: NOT_TENANT.location },
  }),
  listIdentificationTypes: endpoint({
    method: 'GET',
    path: 'get_identification_types',
    summary: 'Tipos de documento de identidad colombianos (CC, CE, NIT, TI, PP, PEP, PPT).',
    area,
    scope: 'authenticated',
    permissions: [],
    reply: paginated(identificationTypeRecord),
  }),
  getIdentificationType: endpoint({
    method: 'GET',
    path: 'get_identification_type_by_id/{id_type}',
    summary: 'Un tipo de documento de identidad, por id numérico o por código (CC, NIT...).',
    area,
    scope: 'authenticated',
    permissions: [],
    params: z.object({
      id_type: z
        .string()
        .trim()
        .regex(/^(\d{1,9}|[A-Za-z]{1,10})$/, { message: 'Indique el id o el código del tipo de documento' }),
    }),
    reply: identificationTypeRecord,
  }),
} as const;
