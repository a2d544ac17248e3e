import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client.js';
import {
  planAssignments,
  signatureRequestBatches,
  signatureRequestBatchRows,
  signatureRequestDocuments,
  signatureRequestEmails,
  signatureRequestSigners,
  signatureRequests,
} from '../../server/db/schema/index.js';
import { rowsPerJob } from '../../server/modules/bulkRequests/batches.service.js';
import { seedSentBulkBatch } from '../../server/modules/bulkRequests/factories.js';
import { REQUEST_CORE, type RequestCore } from '../../server/modules/bulkRequests/requestCore.js';
import { runBulkRows } from '../../server/modules/bulkRequests/rowJob.js';
import { requestEvents, verifyRequestEvents } from '../../server/requests/events.js';
import { signerTokenHash } from '../../server/requests/tokens.js';
import { testDatabaseKind } from './support/database.js';
import { createTestApp, type TestApp } from './support/testApp.js';

describe(`bulk jobs of several rows on ${testDatabaseKind}`, () => {
  let t: TestApp;

  beforeAll(async () => {
    // No worker in this process: the test runs each job itself.
    t = await createTestApp({ env: { JOB_WORKERS: '0' } });
  });
  afterAll(() => t.close());

  const rowsOf = (batchId: number) =>
    t.deps.database.db
      .select()
      .from(signatureRequestBatchRows)
      .where(eq(signatureRequestBatchRows.batchId, batchId))
      .orderBy(asc(signatureRequestBatchRows.rowNumber));

  /** What a request holds, without what differs from row to row (names, addresses, ids). */
  async function shapeOf(requestId: number) {
    const { db, storage } = { db: t.deps.database.db, storage: t.deps.storage };
    const [request] = await db.select().from(signatureRequests).where(eq(signatureRequests.id, requestId));
    const signers = await db
      .select()
      .from(signatureRequestSigners)
      .where(eq(signatureRequestSigners.requestId, requestId));
    const documents = await db
      .select()
      .from(signatureRequestDocuments)
      .where(eq(signatureRequestDocuments.requestId, requestId));
    const emails = await db
      .select()
      .from(signatureRequestEmails)
      .where(eq(signatureRequestEmails.requestId, requestId));
    const mailJobs = await queryRows<{ key: string; payload: { emailId: number } }>(
      db,
      sql`SELECT idempotency_key AS key, payload FROM jobs WHERE queue = 'request.mail'
          AND idempotency_key IN (${sql.join(
            emails.map((email) => sql`${`request-mail:${email.id}`}`),
            sql`, `,
          )})`,
    );
    const storedSha = async (key: string) => {
      const stream = await storage.get(key);
      const hash = createHash('sha256');
      for await (const chunk of stream!) hash.update(chunk as Buffer);
      return hash.digest('hex');
    };
    return {
      request: {
        status: request!.status,
        source: request!.source,
        title: request!.title,
        packageVersion: request!.packageVersion,
        signingOrder: request!.signingOrder,
      },
      signers: signers.map((signer) => ({
        number: signer.number,
        turn: signer.turn,
        status: signer.status,
        invited: signer.invitedAt !== null,
        token: signer.tokenHash === signerTokenHash(t.deps.secrets.sessionSecret, signer.id, 1),
      })),
      documents: await Promise.all(
        documents.map(async (document) => ({
          position: document.position,
          pages: document.pageCount,
          boxes: document.fieldBoxes,
          // The recorded hash is that of the stored file the signer sees.
          stored: (await storedSha(document.renderedKey!)) === document.renderedSha256,
        })),
      ),
      events: (await requestEvents(db, requestId)).map((event) => [
        event.sequence,
        event.action,
        event.signerId === null ? null : signers.findIndex((signer) => signer.id === event.signerId),
      ]),
      chain: (await verifyRequestEvents(db, requestId)).valid,
      emails: emails.map((email) => [email.kind, email.to === signers[0]!.email]),
      mailJobs: mailJobs.map((job) => emails.some((email) => email.id === Number(job.payload.emailId))),
    };
  }

  it('writes a run of rows together exactly as one by one: requests, files, signers, events, invitations and units', async () => {
    const together = await seedSentBulkBatch(t.deps, { rows: 3, domain: 'juntos.test' });
    const oneByOne = await seedSentBulkBatch(t.deps, { rows: 3, domain: 'uno.test' });
    const withoutMany: RequestCore = { prepare: REQUEST_CORE.prepare, insert: REQUEST_CORE.insert };
    await runBulkRows(
      t.deps,
      REQUEST_CORE,
      (await rowsOf(together.batchId)).map((row) => row.id),
      undefined,
    );
    for (const row of await rowsOf(oneByOne.batchId)) await runBulkRows(t.deps, withoutMany, [row.id]);

    const sentTogether = await rowsOf(together.batchId);
    const sentOneByOne = await rowsOf(oneByOne.batchId);
    expect(sentTogether.map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
    const shapes = await Promise.all(sentTogether.map((row) => shapeOf(row.requestId!)));
    const expected = await Promise.all(sentOneByOne.map((row) => shapeOf(row.requestId!)));
    expect(shapes).toEqual(expected);
    expect(shapes[0]).toMatchObject({
      signers: [{ status: 'invited', invited: true, token: true }],
      documents: [{ stored: true }],
      events: [
        [1, 'sent', null],
        [2, 'invited', 0],
      ],
      chain: true,
      emails: [['invitation', true]],
      mailJobs: [true],
    });
    for (const seeded of [together, oneByOne]) {
      const [assignment] = await t.deps.database.db
        .select({ used: planAssignments.unitsUsed })
        .from(planAssignments)
        .where(eq(planAssignments.companyId, seeded.companyId));
      expect(assignment!.used).toBe(3);
      const [batch] = await t.deps.database.db
        .select()
        .from(signatureRequestBatches)
        .where(eq(signatureRequestBatches.id, seeded.batchId));
      expect(batch!.status).toBe('done');
    }
  });

  it('sends the rows of a run that fit the plan units and fails the others with the reason; a rerun changes nothing', async () => {
    const { batchId } = await seedSentBulkBatch(t.deps, { rows: 4, units: 2, domain: 'cupo.test' });
    const ids = (await rowsOf(batchId)).map((row) => row.id);
    await runBulkRows(t.deps, REQUEST_CORE, ids);
    await runBulkRows(t.deps, REQUEST_CORE, ids);
    const after = await rowsOf(batchId);
    expect(after.map((row) => row.status)).toEqual(['sent', 'sent', 'failed', 'failed']);
    expect(after[3]!.failure).toMatch(/no tiene paquetes de firmas vigentes con unidades disponibles/);
    const requests = await t.deps.database.db
      .select({ id: signatureRequests.id })
      .from(signatureRequests)
      .where(eq(signatureRequests.batchId, batchId));
    expect(requests).toHaveLength(2);
    const invitations = await t.deps.database.db
      .select()
      .from(signatureRequestEmails)
      .where(
        and(
          inArray(
            signatureRequestEmails.requestId,
            requests.map((request) => request.id),
          ),
          eq(signatureRequestEmails.kind, 'invitation'),
        ),
      );
    expect(invitations).toHaveLength(2);
  });

  it('puts small batches one row per job and large ones in runs of at most 50', () => {
    expect([1, 12, 199, 200, 1_000, 5_000, 10_000, 100_000].map(rowsPerJob)).toEqual([
      1, 1, 1, 2, 10, 50, 50, 50,
    ]);
  });
});
