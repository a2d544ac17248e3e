import { createHash } from 'node:crypto';

/** Hash-chained audit log: each entry's hash covers the previous hash and the entry's canonical form. */

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export type AuditInput = {
  at: string;
  actor: string | null;
  action: string;
  data: { [key: string]: JsonValue };
};

export type AuditEntry = AuditInput & { sequence: number; previousHash: string; hash: string };

export const GENESIS_HASH = '0'.repeat(64);

/** JSON with keys sorted at every level and no spaces: one byte string per value. */
export function canonicalJson(value: JsonValue): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('el registro de auditoría no admite números no finitos');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys
    .filter((key) => value[key] !== undefined)
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key]!)}`)
    .join(',')}}`;
}

export function entryHash(previousHash: string, entry: AuditInput & { sequence: number }): string {
  const body = canonicalJson({
    sequence: entry.sequence,
    at: entry.at,
    actor: entry.actor,
    action: entry.action,
    data: entry.data,
  });
  return createHash('sha256').update(previousHash).update('\n').update(body).digest('hex');
}

/** The next entry after `last` (or the first one when `last` is undefined). */
export function chainEntry(last: AuditEntry | undefined, input: AuditInput): AuditEntry {
  const sequence = last ? last.sequence + 1 : 1;
  const previousHash = last ? last.hash : GENESIS_HASH;
  return { ...input, sequence, previousHash, hash: entryHash(previousHash, { ...input, sequence }) };
}

export type AuditVerification =
  | { valid: true; count: number; lastHash: string }
  | { valid: false; position: number; reason: string };

/**
 * Walks the log from the start. An edited entry breaks its own hash, an inserted or deleted one
 * breaks the sequence and the link to the previous hash; a deleted tail shows only against an
 * anchor kept elsewhere (the count and last hash recorded with the sealed document).
 */
export function verifyAuditChain(
  entries: AuditEntry[],
  anchor?: { count: number; lastHash: string },
): AuditVerification {
  let previousHash = GENESIS_HASH;
  for (const [index, entry] of entries.entries()) {
    const position = index + 1;
    if (entry.sequence !== position) {
      return { valid: false, position, reason: `falta o sobra una entrada antes de la número ${position}` };
    }
    if (entry.previousHash !== previousHash) {
      return { valid: false, position, reason: `la entrada ${position} no continúa la cadena` };
    }
    if (entryHash(previousHash, entry) !== entry.hash) {
      return { valid: false, position, reason: `la entrada ${position} fue modificada` };
    }
    previousHash = entry.hash;
  }
  if (anchor && (anchor.count !== entries.length || anchor.lastHash !== previousHash)) {
    return { valid: false, position: entries.length, reason: 'faltan entradas al final del registro' };
  }
  return { valid: true, count: entries.length, lastHash: previousHash };
}
