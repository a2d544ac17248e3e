import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, signatureRequestSigners } from '../../db/schema/index.js';
import { hashSignerToken, SIGNER_TOKEN_PATTERN } from './tokens.js';

/**
 * What a company's embedding settings (server/modules/companies/embedding.service.ts) change for
 * its signers: who may frame their pages, and who delivers their links.
 */

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

/** Whether a request an actor creates now hands back its links: an API key of a company that asked for it. */
export async function linksByCompanyFor(db: Db, companyId: number, apiClient: boolean | undefined) {
  if (apiClient !== true) return false;
  const [row] = await db
    .select({ inReply: companies.signerLinksInReply })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.inReply ?? false;
}
