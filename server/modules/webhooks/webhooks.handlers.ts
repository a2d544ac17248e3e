import { WEBHOOK_MESSAGES } from '../../../contract/endpoints/webhooks.js';
import type { HandlersOf } from '../../http/handlers.js';
import {
  addCompanyWebhook,
  deleteCompanyWebhook,
  listCompanyWebhookDeliveries,
  listCompanyWebhooks,
  replayCompanyWebhookDelivery,
} from './webhooks.service.js';

export const webhooksHandlers: HandlersOf<
  | 'listCompanyWebhooks'
  | 'addCompanyWebhook'
  | 'deleteCompanyWebhook'
  | 'listCompanyWebhookDeliveries'
  | 'replayCompanyWebhookDelivery'
> = {
  listCompanyWebhooks: async ({ deps, params }) => ({
    data: await listCompanyWebhooks(deps, params.companyId),
  }),
  addCompanyWebhook: async ({ deps, params, body }) => ({
    data: await addCompanyWebhook(deps, params.companyId, body),
    message: WEBHOOK_MESSAGES.created,
  }),
  deleteCompanyWebhook: async ({ deps, params }) => ({
    data: await deleteCompanyWebhook(deps, params.id),
    message: WEBHOOK_MESSAGES.deleted,
  }),
  listCompanyWebhookDeliveries: async ({ deps, params, query }) => ({
    data: await listCompanyWebhookDeliveries(deps, params.companyId, query.limit),
  }),
  replayCompanyWebhookDelivery: async ({ deps, params }) => ({
    data: await replayCompanyWebhookDelivery(deps, params.companyId, params.id),
    message: WEBHOOK_MESSAGES.replayed,
  }),
};
