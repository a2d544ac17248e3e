import { eq } from 'drizzle-orm';
import { signatureRequests } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../errors.js';
import type { HandlersOf } from '../../http/handlers.js';
import { verifyAuditChain } from '../../pades/audit-chain.js';
import { requestEvents, toAuditEntry } from '../core/events.js';
import { signersOfRequest } from '../core/records.js';
import { certificateAuditTrail, eventUsers } from '../sealing/sealEvidence.js';

/** The chained trail of a request as the certificate of completion prints it, in JSON. */
async function auditTrail(deps: Deps, requestId: number) {
  const { db } = deps.database;
  const [request] = await db
    .select({ validationCode: signatureRequests.validationCode })
    .from(signatureRequests)
    .where(eq(signatureRequests.id, requestId));
  if (!request) throw notFound();
  const events = await requestEvents(db, requestId);
  const signers = await signersOfRequest(db, requestId);
  const entries = certificateAuditTrail(events, signers, await eventUsers(deps, events));
  return {
    request_id: requestId,
    validation_code: request.validationCode,
    intact: verifyAuditChain(events.map(toAuditEntry)).valid,
    entries: entries.map(({ previousHash, ...entry }) => ({ ...entry, previous_hash: previousHash })),
  };
}

export const evidenceHandlers: HandlersOf<'getSignatureRequestAuditTrail'> = {
  getSignatureRequestAuditTrail: async ({ deps, params }) => ({ data: await auditTrail(deps, params.id) }),
};
