import { and, asc, count, eq, inArray, lte } from 'drizzle-orm';
import {
  canonicalWebhookEvent,
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_MESSAGES,
} from '../../../contract/endpoints/webhooks.js';
import { webhookEndpoints } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { HttpProblem, MESSAGES } from '../../errors.js';
import {
  listWebhookDeliveries,
  registerWebhookEndpoint,
  replayWebhookDelivery,
} from '../../webhooks/webhooks.js';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

const endpointRecord = (row: Pick<EndpointRow, 'id' | 'url' | 'events' | 'active' | 'createdAt'>) => ({
  id: row.id,
  url: row.url,
  // Stored old aliases are listed under their new names.
  events: [...new Set(row.events.map(canonicalWebhookEvent))],
  active: row.active,
  created_at: row.createdAt.toISOString(),
});

const limitReached = () => new HttpProblem(409, WEBHOOK_MESSAGES.limit);

export async function listCompanyWebhooks(deps: Deps, companyId: number) {
  const rows = await deps.database.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.companyId, companyId))
    .orderBy(asc(webhookEndpoints.id));
  return rows.map(endpointRecord);
}

/**
 * Registers an endpoint (address and events checked by registerWebhookEndpoint, which also refuses
 * private networks) and answers it with its secret, the only time the secret leaves the server.
 */
export async function addCompanyWebhook(
  deps: Deps,
  companyId: number,
  input: { url: string; events: readonly string[] },
) {
  const { db } = deps.database;
  const ofCompany = eq(webhookEndpoints.companyId, companyId);
  const [before] = await db.select({ total: count() }).from(webhookEndpoints).where(ofCompany);
  if ((before?.total ?? 0) >= MAX_WEBHOOK_ENDPOINTS) throw limitReached();
  const { id, secret } = await registerWebhookEndpoint(deps, { companyId, ...input });
  // Two additions at once may both pass the first count: the later one (higher id) gives way.
  const [upToThis] = await db
    .select({ total: count() })
    .from(webhookEndpoints)
    .where(and(ofCompany, lte(webhookEndpoints.id, id)));
  if ((upToThis?.total ?? 0) > MAX_WEBHOOK_ENDPOINTS) {
    await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    throw limitReached();
  }
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return { ...endpointRecord(row!), secret };
}

/** Deletes an endpoint (the route layer already refused another company's with 404); its log goes too. */
export async function deleteCompanyWebhook(deps: Deps, id: number) {
  const [row] = await deps.database.db
    .delete(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  if (!row) throw new HttpProblem(404, MESSAGES.notFound);
  return { id: row.id };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export async function listCompanyWebhookDeliveries(
  deps: Deps,
  companyId: number,
  limit = 50,
  deliveryId?: number,
) {
  const deliveries = await listWebhookDeliveries(deps, { companyId, limit, deliveryId });
  const endpointIds = [...new Set(deliveries.map((delivery) => delivery.endpointId))];
  const endpoints =
    endpointIds.length === 0
      ? []
      : await deps.database.db
          .select({ id: webhookEndpoints.id, url: webhookEndpoints.url })
          .from(webhookEndpoints)
          .where(inArray(webhookEndpoints.id, endpointIds));
  const urls = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint.url]));
  return deliveries.map((delivery) => ({
    id: delivery.id,
    endpoint_id: delivery.endpointId,
    endpoint_url: urls.get(delivery.endpointId) ?? '',
    event: delivery.event,
    event_id: delivery.eventId,
    status: delivery.status,
    next_attempt_at: iso(delivery.nextAttemptAt),
    delivered_at: iso(delivery.deliveredAt),
    created_at: delivery.createdAt.toISOString(),
    attempts: delivery.attempts.map((attempt) => ({
      attempt: attempt.attempt,
      status_code: attempt.statusCode,
      duration_ms: attempt.durationMs,
      error: attempt.error,
      next_attempt_at: iso(attempt.nextAttemptAt),
      created_at: attempt.createdAt.toISOString(),
    })),
  }));
}

/** Re-sends one of the company's finished deliveries (same body and event id) and answers its log entry. */
export async function replayCompanyWebhookDelivery(deps: Deps, companyId: number, deliveryId: number) {
  const replayed = await replayWebhookDelivery(deps, { companyId, deliveryId });
  if (!replayed) throw new HttpProblem(404, MESSAGES.notFound);
  const [entry] = await listCompanyWebhookDeliveries(deps, companyId, 1, deliveryId);
  return entry!;
}
