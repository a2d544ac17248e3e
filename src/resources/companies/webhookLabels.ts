import type { WebhookEventType } from '../../../contract/endpoints/webhooks';
import type { AppMessageKey } from '../../i18n/en';

/** The i18n key of each event's label. */
export const WEBHOOK_EVENT_LABELS = {
  'request.sent': 'app.companies.webhooks.event_names.request_sent',
  'request.viewed': 'app.companies.webhooks.event_names.request_viewed',
  'request.signed': 'app.companies.webhooks.event_names.request_signed',
  'request.rejected': 'app.companies.webhooks.event_names.request_rejected',
  'request.completed': 'app.companies.webhooks.event_names.request_completed',
  'request.expired': 'app.companies.webhooks.event_names.request_expired',
} as const satisfies Record<WebhookEventType, AppMessageKey>;

export const WEBHOOK_STATUS_LABELS = {
  pending: 'app.companies.webhooks.status.pending',
  delivered: 'app.companies.webhooks.status.delivered',
  failed: 'app.companies.webhooks.status.failed',
} as const satisfies Record<string, AppMessageKey>;

/** Where the company's webhooks are cached: the list, and the delivery log beside it. */
export const webhooksQueryKey = (companyId: number) => ['company-webhooks', companyId] as const;
export const deliveriesQueryKey = (companyId: number) => ['company-webhook-deliveries', companyId] as const;
