import { eq } from 'drizzle-orm';
import { signatureRequestSigners, signatureRequests } from '../../../server/db/schema/index.js';
import type { Deps } from '../../../server/deps.js';
import { CONSENT } from '../../../server/requests/core/consent.js';
import { appendRequestEvent } from '../../../server/requests/core/events.js';
import type { TestRequest } from '../../../server/requests/core/factories.js';
import { solidPng } from '../../support/documents/tools.js';

/**
 * Marks every signer of a test request signed, with the evidence the signing page records (drawn
 * signature for odd signers, typed for even ones), then completes the request as the last
 * signature does: `completed`, seal pending, the `request.seal` job queued.
 */
export async function signAndComplete(deps: Deps, request: TestRequest): Promise<void> {
  const { db } = deps.database;
  const base = deps.clock.now().getTime();
  for (const [index, signer] of request.signers.entries()) {
    const drawn = index % 2 === 0;
    const [row] = await db
      .select()
      .from(signatureRequestSigners)
      .where(eq(signatureRequestSigners.id, signer.id));
    let signatureKey: string | null = null;
    if (drawn) {
      signatureKey = `companies/${row!.companyId}/requests/${request.requestId}/signers/${signer.id}/signature.png`;
      await deps.storage.put(signatureKey, solidPng(300, 90, [20, 30, 90]));
    }
    await db.transaction(async (tx) => {
      await tx
        .update(signatureRequestSigners)
        .set({
          status: 'signed',
          signatureKey,
          signatureKind: drawn ? 'drawn' : 'typed',
          fieldValues: drawn ? {} : { signature_text: row!.name },
          idType: 'CC',
          idNumber: `10203040${index}`,
          consentVersion: CONSENT.version,
          otpChannel: 'email',
          otpDestination: row!.email,
          selfieSha256: 'ab'.repeat(32),
          ip: '203.0.113.7',
          userAgent: 'Mozilla/5.0 (Linux; Android 14) Prueba',
          viewedAt: new Date(base - 120_000 + index * 1000),
          signedAt: new Date(base - 60_000 + index * 1000),
        })
        .where(eq(signatureRequestSigners.id, signer.id));
      await appendRequestEvent(tx, {
        requestId: request.requestId,
        signerId: signer.id,
        action: 'otp_validated',
        details: { channel: 'email' },
      });
      await appendRequestEvent(tx, { requestId: request.requestId, signerId: signer.id, action: 'signed' });
    });
  }
  await db.transaction(async (tx) => {
    const now = deps.clock.now();
    await tx
      .update(signatureRequests)
      .set({ status: 'completed', completedAt: now, sealStatus: 'pending' })
      .where(eq(signatureRequests.id, request.requestId));
    await appendRequestEvent(tx, { requestId: request.requestId, action: 'completed' });
    await deps.queue.enqueue(
      'request.seal',
      { requestId: request.requestId },
      { idempotencyKey: `seal:${request.requestId}`, db: tx },
    );
  });
}

/** signAndComplete for a request sent through the API: its signers are read from the database (and returned). */
export async function signAndCompleteSent(
  deps: Deps,
  requestId: number,
): Promise<{ id: number; email: string }[]> {
  const { db } = deps.database;
  const [request] = await db.select().from(signatureRequests).where(eq(signatureRequests.id, requestId));
  const signers = await db
    .select({ id: signatureRequestSigners.id, email: signatureRequestSigners.email })
    .from(signatureRequestSigners)
    .where(eq(signatureRequestSigners.requestId, requestId));
  await signAndComplete(deps, {
    requestId,
    validationCode: request!.validationCode,
    documentIds: [],
    signers: signers.map((signer) => ({ ...signer, token: '' })),
  });
  return signers;
}
