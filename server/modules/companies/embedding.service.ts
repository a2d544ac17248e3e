import { eq } from 'drizzle-orm';
import type { EmbeddingRecord } from '../../../contract/endpoints/embedding.js';
import type { Db } from '../../db/client.js';
import { companies, signatureRequestSigners } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { hashSignerToken, SIGNER_TOKEN_PATTERN } from '../../requests/core/tokens.js';

/**
 * Signing inside a company's own pages: the origins that may frame its signers' pages, and whether
 * requests its API keys create hand the signers' links back instead of e-mailing them.
 */

export async function getCompanyEmbedding(deps: Deps, companyId: number): Promise<EmbeddingRecord> {
  const [row] = await deps.database.db
    .select({ frameOrigins: companies.frameOrigins, signerLinksInReply: companies.signerLinksInReply })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row) throw notFound();
  return { frame_origins: row.frameOrigins, signer_links_in_reply: row.signerLinksInReply };
}

/** Saves what the contract already checked and normalised (origins as browsers write them). */
export async function updateCompanyEmbedding(
  deps: Deps,
  companyId: number,
  input: EmbeddingRecord,
): Promise<EmbeddingRecord> {
  const [row] = await deps.database.db
    .update(companies)
    .set({
      frameOrigins: input.frame_origins,
      signerLinksInReply: input.signer_links_in_reply,
      updatedAt: deps.clock.now(),
    })
    .where(eq(companies.id, companyId))
    .returning({ frameOrigins: companies.frameOrigins, signerLinksInReply: companies.signerLinksInReply });
  if (!row) throw notFound();
  return { frame_origins: row.frameOrigins, signer_links_in_reply: row.signerLinksInReply };
}

/**
 * The origins allowed to frame a signer's link: one indexed lookup by the token's hash. None for a
 * token of no signer (malformed, unknown, replaced), whose page then keeps `frame-ancestors 'none'`.
 */
export async function frameOriginsOfToken(db: Db, token: string): Promise<readonly string[]> {
  if (!SIGNER_TOKEN_PATTERN.test(token)) return [];
  const [row] = await db
    .select({ frameOrigins: companies.frameOrigins })
    .from(signatureRequestSigners)
    .innerJoin(companies, eq(companies.id, signatureRequestSigners.companyId))
    .where(eq(signatureRequestSigners.tokenHash, hashSignerToken(token)));
  return row?.frameOrigins ?? [];
}

/** Whether requests the company's API keys create hand back the signers' links (and e-mail none). */
export async function deliversLinksInReply(db: Db, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ inReply: companies.signerLinksInReply })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.inReply ?? false;
}
