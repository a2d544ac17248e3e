import { z } from 'zod';
import { endpoint } from '../define.js';
import { ownedTable } from '../owners.js';
import { bigId, id } from '../schemas.js';

const area = 'Company';

/** A company's webhook endpoints: the sweep probes deletion with another company's one. */
export const ownedTables = {
  webhookEndpoint: ownedTable({
    table: 'webhook_endpoints',
    owner: 'company_id',
    sample: {
      url: 'https://ajeno.example.co/webhooks',
      secret_ciphertext: 'v1.x.y.z',
      events: '{request.sent}',
    },
  }),
};

/** What happened to a request, as receivers see it in the body's `type` and `Rubrica-Event`. */
export const WEBHOOK_EVENT_TYPES = [
  'request.sent',
  'signer.viewed',
  'signer.signed',
  'signer.rejected',
  'request.completed',
  'request.sealed',
  'request.expired',
  'request.cancelled',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * The first release's names of the signer events. Still accepted at registration (stored under the
 * new name) and in endpoints stored with them: such an endpoint receives the new name's events.
 * Old deliveries keep the name they were sent with.
 */
export const WEBHOOK_EVENT_ALIASES = {
  'request.viewed': 'signer.viewed',
  'request.signed': 'signer.signed',
  'request.rejected': 'signer.rejected',
} as const satisfies Record<string, WebhookEventType>;
export type WebhookEventAlias = keyof typeof WEBHOOK_EVENT_ALIASES;

/** Every name an endpoint or a delivery may carry: the events and their old aliases. */
export const WEBHOOK_EVENT_NAMES = [
  ...WEBHOOK_EVENT_TYPES,
  ...(Object.keys(WEBHOOK_EVENT_ALIASES) as WebhookEventAlias[]),
] as const;
export type WebhookEventName = WebhookEventType | WebhookEventAlias;

/** The current name of an event (an alias's new name; a current name itself). */
export const canonicalWebhookEvent = (name: WebhookEventName): WebhookEventType =>
  name in WEBHOOK_EVENT_ALIASES
    ? WEBHOOK_EVENT_ALIASES[name as WebhookEventAlias]
    : (name as WebhookEventType);

/** Endpoints a company may keep at once. */
export const MAX_WEBHOOK_ENDPOINTS = 10;

export const WEBHOOK_MESSAGES = {
  events: `Elija al menos un evento entre: ${WEBHOOK_EVENT_TYPES.join(', ')}`,
  limit: `Una empresa puede tener como máximo ${MAX_WEBHOOK_ENDPOINTS} webhooks; elimine uno antes de agregar otro`,
  created: 'Webhook agregado. Guarde el secreto de firma: no se vuelve a mostrar',
  deleted: 'Webhook eliminado',
  replayed: 'Entrega reenviada: el receptor recibirá el mismo evento (mismo id) en un nuevo intento',
  replayPending: 'Esta entrega aún está en curso; espere a que termine antes de reenviarla',
  endpointInactive: 'El webhook de esta entrega está desactivado; no se puede reenviar',
} as const;

/** An endpoint as lists show it: never its secret. */
export const webhookEndpointRecord = z.object({
  id: z.number(),
  url: z.string(),
  /** Current names only: an endpoint stored with an old alias lists its new name. */
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  active: z.boolean(),
  created_at: z.string(),
});

const webhookAttemptRecord = z.object({
  attempt: z.number(),
  /** Null when no answer came (refused connection, timeout, forbidden address). */
  status_code: z.number().nullable(),
  duration_ms: z.number(),
  error: z.string().nullable(),
  /** When the next try runs; null after a success or the last attempt. */
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
});

export const webhookDeliveryStatus = z.enum(['pending', 'delivered', 'failed']);

export const webhookDeliveryRecord = z.object({
  id: z.number(),
  endpoint_id: z.number(),
  endpoint_url: z.string(),
  /** The name it was sent with (deliveries made before the rename keep the old alias). */
  event: z.enum(WEBHOOK_EVENT_NAMES),
  /** The body's `id` (the same on every attempt: receivers dedupe by it). */
  event_id: z.string(),
  status: webhookDeliveryStatus,
  attempts: z.array(webhookAttemptRecord),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
});

const companyParams = z.object({ companyId: id });
const ownsCompany = [{ entity: 'company', from: 'params', field: 'companyId' }] as const;

// The same permission as the company's API key: both let another system act on the company's requests.
export const webhooks = {
  listCompanyWebhooks: endpoint({
    method: 'GET',
    path: 'company_webhooks/{companyId}',
    summary: 'Los webhooks de una empresa: dirección, eventos, estado y fecha (nunca el secreto de firma).',
    area,
    scope: 'company',
    permissions: ['company.update'],
    apiKey: true,
    params: companyParams,
    reply: z.array(webhookEndpointRecord),
    owns: ownsCompany,
  }),
  addCompanyWebhook: endpoint({
    method: 'POST',
    path: 'company_webhooks/{companyId}',
    summary: `Agrega un webhook (dirección http(s) pública y eventos: ${WEBHOOK_EVENT_TYPES.join(', ')}; se aceptan también los nombres anteriores ${Object.keys(WEBHOOK_EVENT_ALIASES).join(', ')}, que se guardan con su nombre nuevo). Responde 201 con el secreto de firma (HMAC-SHA256, cabecera Rubrica-Signature: t=…,v1=…), que solo se muestra aquí. Máximo ${MAX_WEBHOOK_ENDPOINTS} por empresa.`,
    area,
    scope: 'company',
    permissions: ['company.update'],
    apiKey: true,
    params: companyParams,
    body: z.object({
      url: z.string().max(4000),
      events: z
        .array(z.enum(WEBHOOK_EVENT_NAMES, { message: WEBHOOK_MESSAGES.events }))
        .min(1, { message: WEBHOOK_MESSAGES.events })
        .max(WEBHOOK_EVENT_NAMES.length * 2),
    }),
    reply: webhookEndpointRecord.extend({ secret: z.string() }),
    successStatus: 201,
    owns: ownsCompany,
    example: {
      params: { companyId: 1 },
      body: {
        url: 'https://cliente.example.co/webhooks/rubrica',
        events: ['request.sent', 'request.completed'],
      },
    },
  }),
  deleteCompanyWebhook: endpoint({
    method: 'DELETE',
    path: 'company_webhooks/delete/{id}',
    summary: 'Elimina un webhook de la empresa, con su registro de entregas; deja de recibir eventos.',
    area,
    scope: 'company',
    permissions: ['company.update'],
    apiKey: true,
    params: z.object({ id: bigId }),
    reply: z.object({ id: z.number() }),
    owns: [{ entity: 'webhookEndpoint', from: 'params', field: 'id' }],
  }),
  listCompanyWebhookDeliveries: endpoint({
    method: 'GET',
    path: 'company_webhook_deliveries/{companyId}',
    summary:
      'Registro de entregas de los webhooks de una empresa, de la más reciente a la más antigua, cada una con sus intentos (código HTTP, duración, error, próximo intento).',
    area,
    scope: 'company',
    permissions: ['company.update'],
    apiKey: true,
    params: companyParams,
    query: z.object({ limit: z.coerce.number().int().min(1).max(200).optional() }),
    reply: z.array(webhookDeliveryRecord),
    owns: ownsCompany,
  }),
  replayCompanyWebhookDelivery: endpoint({
    method: 'POST',
    path: 'company_webhook_deliveries/{companyId}/replay/{id}',
    summary:
      'Reenvía una entrega del registro (entregada o fallida): el mismo cuerpo y el mismo id de evento, en un intento nuevo con la misma política de reintentos. 409 si aún está en curso o su webhook está desactivado.',
    area,
    scope: 'company',
    permissions: ['company.update'],
    params: z.object({ companyId: id, id: bigId }),
    reply: webhookDeliveryRecord,
    owns: ownsCompany,
    notTenant: { id: 'una entrega de la empresa {companyId}: el servicio responde 404 a la de otra' },
    example: { params: { companyId: 1, id: 1 } },
  }),
};
