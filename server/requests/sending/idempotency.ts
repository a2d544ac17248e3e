import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  IDEMPOTENCY_WINDOW_HOURS,
  SENDING_MESSAGES,
  type SignatureRequestInput,
} from '../../../contract/endpoints/requestSending.js';
import type { Db } from '../../db/client.js';
import { signatureRequests } from '../../db/schema/index.js';
import { conflict } from '../../errors.js';

/**
 * Idempotent sending: the single request form (and any API client) sends a key per submission;
 * the request stores it with a fingerprint of the submission, and a unique index on
 * (company, key) lets one request win even when two sends race. A repeat within the window
 * returns that request; the same key with other data, or after the window, is refused.
 */

const WINDOW_MS = IDEMPOTENCY_WINDOW_HOURS * 3_600_000;

/** JSON with object keys in order, so that equal submissions give equal text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, each]) => each !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, each]) => `${JSON.stringify(key)}:${canonicalJson(each)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** SHA-256 of what was submitted (as checked by the contract), without the key itself. */
export function submissionFingerprint(input: SignatureRequestInput): string {
  const { idempotency_key: _key, ...submitted } = input;
  return createHash('sha256').update(canonicalJson(submitted)).digest('hex');
}

/**
 * The request an earlier send with this key made, when there is one and this send repeats it
 * (its id); 409 when the key made another submission or its window has passed.
 */
export async function earlierRequest(
  db: Db,
  options: { companyId: number; key: string; fingerprint: string; now: Date },
): Promise<number | null> {
  const [earlier] = await db
    .select({
      id: signatureRequests.id,
      fingerprint: signatureRequests.idempotencyFingerprint,
      createdAt: signatureRequests.createdAt,
    })
    .from(signatureRequests)
    .where(
      and(
        eq(signatureRequests.companyId, options.companyId),
        eq(signatureRequests.idempotencyKey, options.key),
      ),
    );
  if (!earlier) return null;
  if (earlier.fingerprint !== options.fingerprint) {
    throw conflict(SENDING_MESSAGES.idempotencyKeyReused(earlier.id), {
      idempotency_key: SENDING_MESSAGES.idempotencyKeyReused(earlier.id),
    });
  }
  if (options.now.getTime() - earlier.createdAt.getTime() > WINDOW_MS) {
    throw conflict(SENDING_MESSAGES.idempotencyKeyExpired(earlier.id), {
      idempotency_key: SENDING_MESSAGES.idempotencyKeyExpired(earlier.id),
    });
  }
  return earlier.id;
}
