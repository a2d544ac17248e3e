import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { inIds } from '../../db/idArrays.js';
import { signatureRequestSigners, signatureRequests, signerSearchDocument } from '../../db/schema/index.js';
import type { Actor } from '../../deps.js';
import type { HistoryFilters } from './history.service.js';

/**
 * What was typed as a text-search query (the signer filter, the e-mail tracker's search): every
 * word typed must be a word of the signer's name or e-mail ("eva@export" finds eva@export.co), and
 * the word still being typed — the last, when nothing follows it — only has to start one
 * ("ana per" finds Ana Pérez). Only letters and digits
 * reach the query, so nothing typed can use the text-search syntax; at most 8 words.
 */
export function typedWordsQuery(typed: string): string | null {
  const words = [...typed.toLowerCase().matchAll(/([\p{L}\p{N}]+)([^\p{L}\p{N}]?)/gu)].slice(0, 8);
  if (words.length === 0) return null;
  return words
    .map(([, word, after], index) => (index === words.length - 1 && !after ? `${word}:*` : word))
    .join(' & ');
}

/** A signer filter whose signers are at most this many is applied as their requests' ids. */
const SIGNERS_AS_IDS = 5000;

/**
 * The signer filter resolved before the list's query. The planner cannot tell how many signers a
 * text search matches (it guesses 0.5 % of them, whatever the words), so inside the list's query
 * a search that matched one signer still joined every request (20 ms at 100,000 requests on
 * PostgreSQL). Found first through the text-search index, the few matching requests become a list
 * of ids the planner sizes exactly; a search so broad that it matches more signers stays a test
 * per request, met early while walking the newest.
 */
export async function resolveSignerFilter<Filters extends HistoryFilters>(
  db: Db,
  actor: Actor,
  filters: Filters,
  cap = SIGNERS_AS_IDS,
): Promise<Filters & Pick<HistoryFilters, 'signerRequestIds'>> {
  const query = typedWordsQuery(filters.signer ?? '');
  if (!query) return filters;
  const companies = filters.company_id
    ? [filters.company_id]
    : actor.visibleCompanyIds === 'all'
      ? null
      : [...actor.visibleCompanyIds];
  const signers = await queryRows<{ request_id: number }>(
    db,
    sql`SELECT ${signatureRequestSigners.requestId} AS request_id FROM ${signatureRequestSigners}
        WHERE ${companies ? sql`${inIds(signatureRequestSigners.companyId, companies)} AND` : sql``}
          ${signerSearchDocument(signatureRequestSigners)} @@ to_tsquery('simple', ${query})
        LIMIT ${cap + 1}`,
  );
  if (signers.length > cap) return filters;
  return { ...filters, signerRequestIds: [...new Set(signers.map((signer) => Number(signer.request_id)))] };
}

/** Ids as one array parameter (a PostgreSQL array literal of integers), however many there are. */

/** `signature_requests.id` among `ids` (none: no request). */
export const requestIdIn = (ids: readonly number[]): SQL => inIds(signatureRequests.id, ids);
