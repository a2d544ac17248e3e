import { and, asc, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  requestStatus,
  sendablePackage,
  userSigner,
} from '../../../contract/endpoints/requestSending.js';
import type { Db } from '../../db/client.js';
import {
  documentFolders,
  documentPackageDocuments,
  documentPackageSignerRoles,
  documentPackages,
  signatureRequestSigners,
  signatureRequests,
  users,
} from '../../db/schema/index.js';
import type { Actor } from '../../deps.js';
import { notFound } from '../../errors.js';
import { likePattern } from '../../modules/common/listing.js';
import { folderAccess, foldersWith } from '../../modules/documentGroups/visibility.js';
import { documentsOfRequest, signersOfRequest } from '../core/records.js';

type UserSigner = z.input<typeof userSigner>;

/**
 * get_user_signers: people the caller already sent requests to (newest details per address),
 * then the company's active users, matching `search` in name or e-mail.
 */
export async function userSigners(
  db: Db,
  actor: Actor,
  input: { company_id: number; search?: string; limit: number },
): Promise<UserSigner[]> {
  const pattern = input.search ? likePattern(input.search) : undefined;
  const previousFilter: SQL[] = [
    eq(signatureRequests.companyId, input.company_id),
    eq(signatureRequests.createdBy, actor.userId),
  ];
  if (pattern) {
    previousFilter.push(
      or(ilike(signatureRequestSigners.name, pattern), ilike(signatureRequestSigners.email, pattern))!,
    );
  }
  const previous = await db
    .selectDistinctOn([signatureRequestSigners.email], {
      name: signatureRequestSigners.name,
      email: signatureRequestSigners.email,
      phone: signatureRequestSigners.phone,
      idType: signatureRequestSigners.idType,
      idNumber: signatureRequestSigners.idNumber,
    })
    .from(signatureRequestSigners)
    .innerJoin(signatureRequests, eq(signatureRequests.id, signatureRequestSigners.requestId))
    .where(and(...previousFilter))
    .orderBy(asc(signatureRequestSigners.email), desc(signatureRequestSigners.id))
    .limit(input.limit);
  const userFilter: SQL[] = [
    eq(users.companyId, input.company_id),
    isNull(users.deletedAt),
    eq(users.status, 'active'),
  ];
  if (pattern) {
    userFilter.push(
      or(ilike(sql`${users.name} || ' ' || ${users.lastName}`, pattern), ilike(users.email, pattern))!,
    );
  }
  const companyUsers = await db
    .select({
      name: sql<string>`trim(${users.name} || ' ' || ${users.lastName})`,
      email: users.email,
      phone: users.phone,
      idType: users.idType,
      idNumber: users.idNumber,
    })
    .from(users)
    .where(and(...userFilter))
    .orderBy(asc(users.name), asc(users.lastName), asc(users.id))
    .limit(input.limit);
  const seen = new Set<string>();
  const result: UserSigner[] = [];
  const add = (row: (typeof previous)[number], source: UserSigner['source']) => {
    const key = row.email.toLowerCase();
    if (seen.has(key) || result.length >= input.limit) return;
    seen.add(key);
    result.push({
      name: row.name,
      email: row.email,
      phone: row.phone,
      id_type: row.idType,
      id_number: row.idNumber,
      source,
    });
  };
  for (const row of previous) add(row, 'previous');
  for (const row of companyUsers) add(row, 'user');
  return result;
}

/** Active groups with documents in folders the caller may send from. */
export async function sendablePackages(
  db: Db,
  actor: Actor,
  companyId: number,
  search?: string,
): Promise<z.input<typeof sendablePackage>[]> {
  const access = await folderAccess(db, actor, companyId);
  const folders = new Set(foldersWith(access, 'send'));
  if (folders.size === 0) return [];
  const pattern = search ? likePattern(search) : undefined;
  const rows = await db
    .select({
      id: documentPackages.id,
      name: documentPackages.name,
      folderId: documentPackages.folderId,
      folderName: documentFolders.name,
      documentCount: sql<number>`(select count(*)::int from ${documentPackageDocuments} d where d.package_id = ${documentPackages.id})`,
      signerCount: sql<number>`(select count(*)::int from ${documentPackageSignerRoles} r where r.package_id = ${documentPackages.id})`,
    })
    .from(documentPackages)
    .innerJoin(documentFolders, eq(documentFolders.id, documentPackages.folderId))
    .where(
      and(
        eq(documentPackages.companyId, companyId),
        isNull(documentPackages.deletedAt),
        eq(documentPackages.status, 'active'),
        pattern ? ilike(documentPackages.name, pattern) : undefined,
      ),
    )
    .orderBy(sql`lower(${documentPackages.name})`, asc(documentPackages.id));
  return rows
    .filter((row) => folders.has(row.folderId) && Number(row.documentCount) > 0)
    .map((row) => ({
      id: row.id,
      name: row.name,
      folder_name: row.folderName,
      document_count: Number(row.documentCount),
      signer_count: Number(row.signerCount),
    }));
}

/** A request's status and its signers' (signature_request_status). */
export async function requestStatusOf(db: Db, requestId: number): Promise<z.input<typeof requestStatus>> {
  const [request] = await db.select().from(signatureRequests).where(eq(signatureRequests.id, requestId));
  if (!request) throw notFound();
  const signers = await signersOfRequest(db, requestId);
  const documents = await documentsOfRequest(db, requestId);
  return {
    id: request.id,
    company_id: request.companyId,
    title: request.title,
    status: request.status,
    signing_order: request.signingOrder,
    created_at: request.createdAt.toISOString(),
    expires_at: request.expiresAt.toISOString(),
    completed_at: request.completedAt?.toISOString() ?? null,
    signers: signers.map((signer) => ({
      number: signer.number,
      kind: signer.kind,
      name: signer.name,
      email: signer.email,
      turn: signer.turn,
      status: signer.status,
      signed_at: signer.signedAt?.toISOString() ?? null,
    })),
    documents: documents.map((document) => ({
      name: document.name,
      page_count: document.pageCount,
      sealed: document.sealedKey !== null,
    })),
  };
}
