import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { signatureRequestSigners, signatureRequests } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { signingLink } from './links.js';

/**
 * The links of a request whose company delivers them itself (`links_by_company`): they travel
 * only in the reply to the API key that created it, derived again on each reply and never stored.
 */

export type SignerLink = { signerId: number; email: string; name: string; url: string; requestId?: number };

/** Each signer's and approver's current link (copy recipients sign nothing), in signer order. */
export async function signerLinksOf(
  deps: Pick<Deps, 'config' | 'secrets'>,
  db: Db,
  where: { requestId: number } | { signerIds: readonly number[] } | { batchId: number },
): Promise<SignerLink[]> {
  const ofBatch = 'batchId' in where;
  const rows = await db
    .select({
      requestId: signatureRequestSigners.requestId,
      id: signatureRequestSigners.id,
      email: signatureRequestSigners.email,
      name: signatureRequestSigners.name,
      round: signatureRequestSigners.tokenRound,
    })
    .from(signatureRequestSigners)
    .innerJoin(signatureRequests, eq(signatureRequests.id, signatureRequestSigners.requestId))
    .where(
      and(
        'requestId' in where
          ? eq(signatureRequestSigners.requestId, where.requestId)
          : 'batchId' in where
            ? eq(signatureRequests.batchId, where.batchId)
            : inArray(signatureRequestSigners.id, [...where.signerIds, 0]),
        ne(signatureRequestSigners.kind, 'copy'),
      ),
    )
    .orderBy(asc(signatureRequestSigners.requestId), asc(signatureRequestSigners.number));
  return rows.map((row) => ({
    // A batch's links name the request (one per row) each belongs to.
    ...(ofBatch ? { requestId: row.requestId } : {}),
    signerId: row.id,
    email: row.email,
    name: row.name,
    url: signingLink(deps, row.id, row.round),
  }));
}

/** `signerLinks` for a creating call's reply: present only for a request whose links the company delivers. */
export async function signerLinksReply(
  deps: Pick<Deps, 'config' | 'secrets' | 'database'>,
  requestId: number,
): Promise<{ signerLinks?: SignerLink[] }> {
  const { db } = deps.database;
  const [request] = await db
    .select({ linksByCompany: signatureRequests.linksByCompany })
    .from(signatureRequests)
    .where(eq(signatureRequests.id, requestId));
  if (!request?.linksByCompany) return {};
  return { signerLinks: await signerLinksOf(deps, db, { requestId }) };
}

/**
 * `signerLinks` for a resend's reply (a new round replaces the link): the signer's new link, only
 * to an API key and only for a request whose links the company delivers.
 */
export async function resentLinkReply(
  deps: Pick<Deps, 'config' | 'secrets' | 'database'>,
  apiClient: boolean | undefined,
  signerId: number,
): Promise<{ signerLinks?: SignerLink[] }> {
  if (!apiClient) return {};
  const { db } = deps.database;
  const [row] = await db
    .select({ linksByCompany: signatureRequests.linksByCompany })
    .from(signatureRequestSigners)
    .innerJoin(signatureRequests, eq(signatureRequests.id, signatureRequestSigners.requestId))
    .where(eq(signatureRequestSigners.id, signerId));
  if (!row?.linksByCompany) return {};
  return { signerLinks: await signerLinksOf(deps, db, { signerIds: [signerId] }) };
}

type LinkedReply = { data: { signerLinks: { signerId: number; url?: string }[] } };

const hasSignerLinks = (body: unknown): body is LinkedReply =>
  Array.isArray((body as Partial<LinkedReply> | null)?.data?.signerLinks);

/**
 * How an idempotent send's reply is kept (server/http/idempotency.ts): its signers' links without
 * the links themselves, as tokens are only ever stored hashed; a replay derives them again (of
 * the signers' current round).
 */
export function signerLinkReplies(deps: Pick<Deps, 'config' | 'secrets' | 'database'>) {
  return {
    keep(body: unknown): unknown {
      if (!hasSignerLinks(body)) return body;
      const signerLinks = body.data.signerLinks.map(({ url: _url, ...signer }) => signer);
      return { ...body, data: { ...body.data, signerLinks } };
    },
    async replay(body: unknown): Promise<unknown> {
      if (!hasSignerLinks(body)) return body;
      const signerIds = body.data.signerLinks.map((signer) => signer.signerId);
      const signerLinks = await signerLinksOf(deps, deps.database.db, { signerIds });
      return { ...body, data: { ...body.data, signerLinks } };
    },
  };
}
