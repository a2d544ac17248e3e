import { EMBEDDING_MESSAGES } from '../../../contract/endpoints/embedding.js';
import type { HandlersOf } from '../../http/handlers.js';
import { getCompanyEmbedding, updateCompanyEmbedding } from './embedding.service.js';

export const embeddingHandlers: HandlersOf<'getCompanyEmbedding' | 'updateCompanyEmbedding'> = {
  getCompanyEmbedding: async ({ deps, params }) => ({
    data: await getCompanyEmbedding(deps, params.companyId),
  }),
  updateCompanyEmbedding: async ({ deps, params, body }) => ({
    data: await updateCompanyEmbedding(deps, params.companyId, body),
    message: EMBEDDING_MESSAGES.saved,
  }),
};
