import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  canonicalWebhookEvent,
  WEBHOOK_EVENT_ALIASES,
  WEBHOOK_EVENT_NAMES,
  WEBHOOK_MESSAGES,
  type WebhookEventName,
} from '../../contract/endpoints/webhooks.js';
import { type Db, queryRows } from '../db/client.js';
import {
  WEBHOOK_EVENTS,
  type WebhookEvent,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from '../db/schema/index.js';
import type { Deps } from '../deps.js';
import { HttpProblem } from '../errors.js';
import { postWebhook } from './post.js';
import { secretBox } from './secretBox.js';
import { SIGNATURE_HEADER, signatureHeader } from './signature.js';
import { checkWebhookDestination, type Resolver } from './url.js';

export const WEBHOOK_QUEUE = 'webhook.deliver';
/** Ten attempts: with the queue's back-off (5 s doubling, at most an hour) about three hours. */
const MAX_ATTEMPTS = 10;
const REQUEST_TIMEOUT_MS = 10_000;

type WebhookDeps = Pick<Deps, 'database' | 'queue' | 'secrets' | 'clock' | 'logger'>;
/** What registering and delivering need besides: the private-networks switch, and a resolver in tests. */
type DestinationDeps = WebhookDeps & { config: Pick<Deps['config'], 'WEBHOOK_ALLOW_PRIVATE_NETWORKS'> };

const eventsSchema = z.array(z.enum(WEBHOOK_EVENT_NAMES)).min(1);

/** The names an endpoint may be stored with that receive `event`: itself and its old aliases. */
export function namesListeningTo(event: WebhookEvent): WebhookEventName[] {
  const aliases = Object.entries(WEBHOOK_EVENT_ALIASES).filter(([, current]) => current === event);
  return [event, ...aliases.map(([alias]) => alias as WebhookEventName)];
}

/**
 * Adds a company's endpoint. Returns its id and signing secret (shown once: afterwards it is only
 * kept encrypted, to sign).
 */
export async function registerWebhookEndpoint(
  deps: DestinationDeps,
  input: { companyId: number; url: string; events: readonly string[] },
  options: { resolver?: Resolver } = {},
): Promise<{ id: number; secret: string }> {
  const url = await checkWebhookDestination(input.url, {
    allowPrivateNetworks: deps.config.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
    resolver: options.resolver,
  });
  const parsed = eventsSchema.safeParse(input.events);
  // Old aliases are stored under their new names.
  const events = parsed.success
    ? { success: true as const, data: [...new Set(parsed.data.map(canonicalWebhookEvent))] }
    : parsed;
  if (!events.success) {
    const message = `Elija al menos un evento entre: ${WEBHOOK_EVENTS.join(', ')}`;
    throw new HttpProblem(422, message, { events: message });
  }
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  const [row] = await deps.database.db
    .insert(webhookEndpoints)
    .values({
      companyId: input.companyId,
      url,
      events: events.data,
      secretCiphertext: secretBox(deps.secrets.sessionSecret).seal(secret),
    })
    .returning({ id: webhookEndpoints.id });
  return { id: row!.id, secret };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Fixed namespace of the name-based event ids (RFC 9562 version 5). */
const EVENT_NAMESPACE = Buffer.from('6f1c2a4e8b3d4f5a9c7e0d1b2a3c4d5e', 'hex');

/**
 * The stored event id: a UUID as given, or the same UUID every time for the same name
 * (`request.sent:42`), so callers can name events by what happened and still deliver them once.
 */
export function webhookEventUuid(eventId: string): string {
  if (UUID.test(eventId)) return eventId.toLowerCase();
  const hash = createHash('sha1').update(EVENT_NAMESPACE).update(eventId, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Notifies every active endpoint of the company that listens to `event`: one delivery each, sent
 * through the job queue. `eventId` makes it idempotent (the same event emitted twice is delivered
 * once per endpoint); receivers see it as the body's `id` (a name is sent as its UUID).
 */
export async function emitWebhookEvent(
  deps: WebhookDeps,
  input: {
    companyId: number;
    event: WebhookEvent;
    /** The event's data, or how to read it: read only when an endpoint listens. */
    data: unknown | (() => Promise<unknown>);
    eventId?: string;
  },
  /** A caller's transaction: the deliveries then commit (or roll back) with what they report. */
  options: { db?: Db } = {},
): Promise<{ eventId: string; deliveryIds: number[] }> {
  const eventId = input.eventId === undefined ? randomUUID() : webhookEventUuid(input.eventId);
  const db = options.db ?? deps.database.db;
  const names = namesListeningTo(input.event);
  const endpoints = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.companyId, input.companyId),
        eq(webhookEndpoints.active, true),
        sql`${webhookEndpoints.events} && ARRAY[${sql.join(
          names.map((name) => sql`${name}`),
          sql`, `,
        )}]::text[]`,
      ),
    );
  if (endpoints.length === 0) return { eventId, deliveryIds: [] };
  const body = JSON.stringify({
    id: eventId,
    type: input.event,
    createdAt: deps.clock.now().toISOString(),
    companyId: input.companyId,
    data: typeof input.data === 'function' ? await input.data() : input.data,
  });
  // Deliveries and their jobs commit together: an event is never recorded without being sent.
  const inTransaction = <T>(work: (tx: Db) => Promise<T>) =>
    options.db ? work(options.db) : db.transaction(work);
  const deliveries = await inTransaction(async (tx) => {
    await tx
      .insert(webhookDeliveries)
      .values(
        endpoints.map((endpoint) => ({
          endpointId: endpoint.id,
          companyId: input.companyId,
          eventId,
          event: input.event,
          body,
        })),
      )
      .onConflictDoNothing();
    const rows = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.eventId, eventId),
          inArray(
            webhookDeliveries.endpointId,
            endpoints.map((endpoint) => endpoint.id),
          ),
        ),
      );
    for (const delivery of rows)
      await deps.queue.enqueue(
        WEBHOOK_QUEUE,
        { deliveryId: delivery.id },
        { idempotencyKey: `webhook:${delivery.id}`, maxAttempts: MAX_ATTEMPTS, db: tx },
      );
    return rows;
  });
  return { eventId, deliveryIds: deliveries.map((delivery) => delivery.id) };
}

export type WebhookDeliveryLog = {
  id: number;
  endpointId: number;
  eventId: string;
  event: WebhookEventName;
  status: 'pending' | 'delivered' | 'failed';
  attempts: {
    attempt: number;
    statusCode: number | null;
    durationMs: number;
    error: string | null;
    nextAttemptAt: Date | null;
    createdAt: Date;
  }[];
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
  createdAt: Date;
};

/** The company's deliveries, newest first, each with its attempts (status code, duration, next try). */
export async function listWebhookDeliveries(
  deps: Pick<Deps, 'database'>,
  input: { companyId: number; endpointId?: number; deliveryId?: number; limit?: number },
): Promise<WebhookDeliveryLog[]> {
  const { db } = deps.database;
  const deliveries = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.companyId, input.companyId),
        input.endpointId === undefined ? undefined : eq(webhookDeliveries.endpointId, input.endpointId),
        input.deliveryId === undefined ? undefined : eq(webhookDeliveries.id, input.deliveryId),
      ),
    )
    .orderBy(desc(webhookDeliveries.id))
    .limit(Math.min(input.limit ?? 50, 500));
  const attempts =
    deliveries.length === 0
      ? []
      : await db
          .select()
          .from(webhookAttempts)
          .where(
            inArray(
              webhookAttempts.deliveryId,
              deliveries.map((delivery) => delivery.id),
            ),
          )
          .orderBy(asc(webhookAttempts.attempt));
  return deliveries.map((delivery) => ({
    id: delivery.id,
    endpointId: delivery.endpointId,
    eventId: delivery.eventId,
    event: delivery.event,
    status: delivery.status,
    nextAttemptAt: delivery.nextAttemptAt,
    deliveredAt: delivery.deliveredAt,
    createdAt: delivery.createdAt,
    attempts: attempts
      .filter((attempt) => attempt.deliveryId === delivery.id)
      .map(({ attempt, statusCode, durationMs, error, nextAttemptAt, createdAt }) => ({
        attempt,
        statusCode,
        durationMs,
        error,
        nextAttemptAt,
        createdAt,
      })),
  }));
}

const deliveryJob = z.object({ deliveryId: z.number().int().positive() });

type DeliveryRow = {
  attempts: number;
  event: string;
  event_id: string;
  body: string;
  status: string;
  url: string;
  secret_ciphertext: string;
  active: boolean;
};

/** POSTs a delivery once; records the attempt; throws on failure so the queue retries with back-off. */
export function registerWebhookDeliveryJob(
  deps: DestinationDeps,
  options: { resolver?: Resolver } = {},
): void {
  const box = secretBox(deps.secrets.sessionSecret);
  deps.queue.register(WEBHOOK_QUEUE, async (payload, job) => {
    const { deliveryId } = deliveryJob.parse(payload);
    const { db } = deps.database;
    const [delivery] = await queryRows<DeliveryRow>(
      db,
      sql`SELECT d.attempts, d.event, d.event_id, d.body, d.status, e.url, e.secret_ciphertext, e.active
          FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
          WHERE d.id = ${deliveryId}`,
    );
    // Gone with its endpoint, or finished by an earlier run of this job.
    if (delivery?.status !== 'pending') return;
    if (!delivery.active) {
      await db.execute(sql`
        UPDATE webhook_deliveries SET status = 'failed', last_error = 'Punto de destino desactivado',
               next_attempt_at = NULL
        WHERE id = ${deliveryId}`);
      return;
    }
    let secret: string;
    try {
      secret = box.open(delivery.secret_ciphertext);
    } catch {
      // Sealed under another SESSION_SECRET: retrying cannot help; the endpoint needs a new secret.
      await db.execute(sql`
        UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL,
               last_error = 'El secreto de firma no se puede leer; registre de nuevo el punto de destino'
        WHERE id = ${deliveryId}`);
      return;
    }
    const timestamp = Math.floor(deps.clock.now().getTime() / 1000);
    const started = performance.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      statusCode = await postWebhook({
        url: delivery.url,
        body: delivery.body,
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'Rubrica-Webhooks/1',
          [SIGNATURE_HEADER]: signatureHeader(secret, timestamp, delivery.body),
          'Rubrica-Event': delivery.event,
          'Rubrica-Delivery': delivery.event_id,
        },
        timeoutMs: REQUEST_TIMEOUT_MS,
        allowPrivateNetworks: deps.config.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
        resolver: options.resolver,
      });
      if (statusCode < 200 || statusCode > 299) error = `El receptor respondió ${statusCode}`;
    } catch (failure) {
      const cause =
        failure instanceof Error ? ((failure.cause as Error | undefined)?.message ?? failure.message) : '';
      error = `No se pudo entregar: ${cause || String(failure)}`.slice(0, 500);
    }
    const durationMs = Math.round(performance.now() - started);
    // Counted on the delivery, not the job: a replay is a new job whose attempts follow the earlier ones.
    const attempt = delivery.attempts + 1;
    const final = job.attempts >= job.maxAttempts;
    const retryIn = error && !final ? deps.queue.retryDelaySeconds(job.attempts) : null;
    const nextAttemptAt = retryIn === null ? sql`NULL` : sql`now() + make_interval(secs => ${retryIn})`;
    const status = error === null ? 'delivered' : final ? 'failed' : 'pending';
    await db.execute(sql`
      INSERT INTO webhook_attempts (delivery_id, attempt, status_code, duration_ms, error, next_attempt_at)
      VALUES (${deliveryId}, ${attempt}, ${statusCode}, ${durationMs}, ${error}, ${nextAttemptAt})`);
    await db.execute(sql`
      UPDATE webhook_deliveries SET status = ${status}, attempts = ${attempt}, last_status_code = ${statusCode},
             last_error = ${error}, next_attempt_at = ${nextAttemptAt},
             delivered_at = ${error === null ? sql`now()` : sql`NULL`}
      WHERE id = ${deliveryId}`);
    if (error !== null) throw new Error(error);
  });
}

/**
 * Sends a finished delivery (delivered or failed) again: the same body and event id, as a new job
 * with the usual retries; its attempts follow the earlier ones in the log. Null when the company
 * has no such delivery; 409 while it is still in progress or its endpoint is switched off.
 */
export async function replayWebhookDelivery(
  deps: WebhookDeps,
  input: { companyId: number; deliveryId: number },
): Promise<{ id: number } | null> {
  return deps.database.db.transaction(async (tx) => {
    const [found] = await queryRows<{ status: string; attempts: number; active: boolean }>(
      tx,
      sql`SELECT d.status, d.attempts, e.active
          FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
          WHERE d.id = ${input.deliveryId} AND d.company_id = ${input.companyId}
          FOR UPDATE OF d`,
    );
    if (!found) return null;
    if (found.status === 'pending') throw new HttpProblem(409, WEBHOOK_MESSAGES.replayPending);
    if (!found.active) throw new HttpProblem(409, WEBHOOK_MESSAGES.endpointInactive);
    await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: null, deliveredAt: null, lastError: null })
      .where(eq(webhookDeliveries.id, input.deliveryId));
    await deps.queue.enqueue(
      WEBHOOK_QUEUE,
      { deliveryId: input.deliveryId },
      {
        idempotencyKey: `webhook:${input.deliveryId}:replay-after-${found.attempts}`,
        maxAttempts: MAX_ATTEMPTS,
        db: tx,
      },
    );
    return { id: input.deliveryId };
  });
}
