import { eq } from 'drizzle-orm';
import type { EmbeddingRecord } from '../../../contract/endpoints/embedding.js';
import { companies } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../errors.js';

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
