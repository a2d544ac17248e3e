import { z } from 'zod';
import { endpoint } from '../define.js';
import { ownedTable } from '../owners.js';
import { bigId, id } from '../schemas.js';

const area = 'Company';

/** A company's API keys: the sweep probes revocation with another company's one. */
export const ownedTables = {
  companyApiKey: ownedTable({
    table: 'company_api_keys',
    owner: 'company_id',
    sample: { name: 'Ajena', prefix: 'rk_ajena000', hash: 'clave-ajena-de-barrido' },
  }),
};

export const API_KEY_NAME_MAX = 80;

export const API_KEY_ENDPOINT_MESSAGES = {
  name: 'Escriba un nombre para la clave (por ejemplo, el sistema que la usará)',
  created: 'Clave de API creada. Cópiela ahora: no se vuelve a mostrar',
  revoked: 'Clave de API revocada: deja de funcionar de inmediato',
} as const;

/** A key as lists show it: its name and first characters, never the key nor its hash. */
export const apiKeyRecord = z.object({
  id: z.number(),
  name: z.string(),
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKeyRecord = z.output<typeof apiKeyRecord>;

const companyParams = z.object({ companyId: id });
const ownsCompany = [{ entity: 'company', from: 'params', field: 'companyId' }] as const;

// The same permission as regenerating the company's key (rotate_company_api_key).
export const apiKeys = {
  listCompanyApiKeys: endpoint({
    method: 'GET',
    path: 'company_api_keys/{companyId}',
    summary:
      'Las claves de API de una empresa, la más reciente primero: nombre, primeros caracteres, creación, último uso y revocación (nunca la clave).',
    area,
    scope: 'company',
    permissions: ['company.update'],
    params: companyParams,
    reply: z.array(apiKeyRecord),
    owns: ownsCompany,
  }),
  createCompanyApiKey: endpoint({
    method: 'POST',
    path: 'company_api_keys/{companyId}',
    summary:
      'Crea una clave de API con nombre para la empresa. Responde 201 con la clave, que solo se muestra aquí.',
    area,
    scope: 'company',
    permissions: ['company.update'],
    params: companyParams,
    body: z.object({
      name: z
        .string()
        .trim()
        .min(1, { message: API_KEY_ENDPOINT_MESSAGES.name })
        .max(API_KEY_NAME_MAX, { message: API_KEY_ENDPOINT_MESSAGES.name }),
    }),
    reply: apiKeyRecord.extend({ api_key: z.string() }),
    successStatus: 201,
    owns: ownsCompany,
    example: { params: { companyId: 1 }, body: { name: 'ERP de nómina' } },
  }),
  revokeCompanyApiKey: endpoint({
    method: 'POST',
    path: 'company_api_keys/revoke/{id}',
    summary: 'Revoca una clave de API de la empresa: sus llamadas siguientes reciben 403.',
    area,
    scope: 'company',
    permissions: ['company.update'],
    params: z.object({ id: bigId }),
    reply: apiKeyRecord,
    owns: [{ entity: 'companyApiKey', from: 'params', field: 'id' }],
  }),
};
