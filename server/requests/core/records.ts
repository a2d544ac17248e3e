import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  signatureRequestDocuments,
  signatureRequestSigners,
  signatureRequests,
} from '../../db/schema/index.js';

/** The company a request belongs to; undefined when the request does not exist. */
export async function companyOfRequest(db: Db, requestId: number): Promise<number | undefined> {
  const [request] = await db
    .select({ companyId: signatureRequests.companyId })
    .from(signatureRequests)
    .where(eq(signatureRequests.id, requestId));
  return request?.companyId;
}

/** A request's signers in their order (signer 1 first), as every module that reads them wants them. */
export const signersOfRequest = (db: Db, requestId: number) =>
  db
    .select()
    .from(signatureRequestSigners)
    .where(eq(signatureRequestSigners.requestId, requestId))
    .orderBy(asc(signatureRequestSigners.number));

/** A request's documents in their order. */
export const documentsOfRequest = (db: Db, requestId: number) =>
  db
    .select()
    .from(signatureRequestDocuments)
    .where(eq(signatureRequestDocuments.requestId, requestId))
    .orderBy(asc(signatureRequestDocuments.position));
