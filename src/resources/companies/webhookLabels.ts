import type { WebhookEventName } from '../../../contract/endpoints/webhooks';
import type { AppMessageKey } from '../../i18n/en';

/** The i18n key of each event's label (an old alias, on old deliveries, reads as its new name). */
export const WEBHOOK_EVENT_LABELS = {
  'request.sent': 'app.companies.webhooks.event_names.request_sent',
  'signer.viewed': 'app.companies.webhooks.event_names.signer_viewed',
  'signer.signed': 'app.companies.webhooks.event_names.signer_signed',
  'signer.rejected': 'app.companies.webhooks.event_names.signer_rejected',
  'request.completed': 'app.companies.webhooks.event_names.request_completed',
  'request.sealed': 'app.companies.webhooks.event_names.request_sealed',
  'request.expired': 'app.companies.webhooks.event_names.request_expired',
  'request.cancelled': 'app.companies.webhooks.event_names.request_cancelled',
  'request.viewed': 'app.companies.webhooks.event_names.signer_viewed',
  'request.signed': 'app.companies.webhooks.event_names.signer_signed',
  'request.rejected': 'app.companies.webhooks.event_names.signer_rejected',
} as const satisfies Record<WebhookEventName, AppMessageKey>;

export const WEBHOOK_STATUS_LABELS = {
  pending: 'app.companies.webhooks.status.pending',
  delivered: 'app.companies.webhooks.status.delivered',
  failed: 'app.companies.webhooks.status.failed',
} as const satisfies Record<string, AppMessageKey>;

/** Where the company's webhooks are cached: the list, and the delivery log beside it. */
export const webhooksQueryKey = (companyId: number) => ['company-webhooks', companyId] as const;
export const deliveriesQueryKey = (companyId: number) => ['company-webhook-deliveries', companyId] as const;
