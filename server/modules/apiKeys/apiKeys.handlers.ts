import { API_KEY_ENDPOINT_MESSAGES } from '../../../contract/endpoints/apiKeys.js';
import type { HandlersOf } from '../../http/handlers.js';
import { createCompanyApiKey, listCompanyApiKeys, revokeCompanyApiKey } from './apiKeys.service.js';

export const apiKeysHandlers: HandlersOf<
  'listCompanyApiKeys' | 'createCompanyApiKey' | 'revokeCompanyApiKey'
> = {
  listCompanyApiKeys: async ({ deps, params }) => ({
    data: await listCompanyApiKeys(deps, params.companyId),
  }),
  createCompanyApiKey: async ({ deps, actor, params, body }) => ({
    data: await createCompanyApiKey(deps, actor, params.companyId, body.name),
    message: API_KEY_ENDPOINT_MESSAGES.created,
  }),
  revokeCompanyApiKey: async ({ deps, params }) => ({
    data: await revokeCompanyApiKey(deps, params.id),
    message: API_KEY_ENDPOINT_MESSAGES.revoked,
  }),
};
