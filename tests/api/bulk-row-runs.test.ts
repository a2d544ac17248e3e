import { createHash } from 'node:crypto';
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client.js';
import {
  planAssignments,
  signatureRequestBatches,
  signatureRequestBatchRows,
  signatureRequestDocuments,
  signatureRequestEmails,
  signatureRequestEvents,
  signatureRequestSigners,
  signatureRequests,
} from '../../server/db/schema/index.js';
import { unprocessable } from '../../server/errors.js';
import { rowsPerJob } from '../../server/requests/bulk/batches.service.js';
import { seedSentBulkBatch } from '../../server/requests/bulk/factories.js';
import { REQUEST_CORE, type RequestCore } from '../../server/requests/bulk/requestCore.js';
import { runBulkRows } from '../../server/requests/bulk/rowJob.js';
import { insertSignatureRequest, type PreparedRequest } from '../../server/requests/core/create.js';
import { insertSignatureRequests } from '../../server/requests/core/createMany.js';
import { requestEvents, verifyRequestEvents } from '../../server/requests/core/events.js';
import { signerTokenHash } from '../../server/requests/core/tokens.js';
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

  it("reads a batch's templates once for all its jobs; a row refused in the middle of a run fails alone, the rest are sent", async () => {
    const { batchId } = await seedSentBulkBatch(t.deps, { rows: 5, domain: 'tramos.test' });
    const other = await seedSentBulkBatch(t.deps, { rows: 1, domain: 'otro-lote.test' });
    const caches: { row: string; versions: unknown }[] = [];
    const refusing: RequestCore = {
      ...REQUEST_CORE,
      prepare: (deps, input, versions) => {
        caches.push({ row: input.storagePrefix!.split('/').at(-1)!, versions });
        if (input.signers[0]!.email === 'firmante3@tramos.test')
          return Promise.reject(unprocessable('El valor de esta fila no cabe en el documento'));
        return REQUEST_CORE.prepare(deps, input, versions);
      },
    };
    const ids = (await rowsOf(batchId)).map((row) => row.id);
    // Two jobs of the same batch, then a job of another batch.
    await runBulkRows(t.deps, refusing, ids.slice(0, 2));
    await runBulkRows(t.deps, refusing, ids.slice(2));
    await runBulkRows(
      t.deps,
      refusing,
      (await rowsOf(other.batchId)).map((row) => row.id),
    );

    const after = await rowsOf(batchId);
    expect(after.map((row) => row.status)).toEqual(['sent', 'sent', 'failed', 'sent', 'sent']);
    expect(after[2]!.failure).toBe('El valor de esta fila no cabe en el documento');
    expect(after.filter((row) => row.requestId !== null)).toHaveLength(4);
    const [batch] = await t.deps.database.db
      .select({ status: signatureRequestBatches.status })
      .from(signatureRequestBatches)
      .where(eq(signatureRequestBatches.id, batchId));
    expect(batch!.status).toBe('done');
    // Every row of the batch, in either job, used the template versions the first row read.
    expect(caches.map((entry) => entry.row)).toEqual(['2', '3', '4', '5', '6', '2']);
    expect(new Set(caches.slice(0, 5).map((entry) => entry.versions)).size).toBe(1);
    expect(caches[5]!.versions).not.toBe(caches[0]!.versions);
  });

  it('stores every value of a run as a request made alone does: defaults, quotes, line breaks and broken characters too', async () => {
    const { companyId } = await seedSentBulkBatch(t.deps, { rows: 1, units: 10, domain: 'valores.test' });
    // A lone surrogate (half of an emoji) reaches PostgreSQL as U+FFFD through either path.
    const odd = 'Ana "la \\ de" \ud83d Pérez\n';
    const expiresAt = new Date(t.deps.clock.now().getTime() + 10 * 86_400_000);
    const prepared = (number: number): PreparedRequest => ({
      companyId,
      createdBy: null,
      source: 'bulk',
      title: `Contrato ${odd}`,
      message: odd,
      signingOrder: 'sequential',
      expiresAt,
      reminderDays: null,
      documents: [
        {
          position: 1,
          // Also in JSON columns (values, the `sent` event): there both ways refuse a lone surrogate.
          name: 'Contrato "uno" \\ dos\n',
          templateVersionId: null,
          fieldValues: { cliente: 'Ana "la \\ de"\nPérez', valor: '5' },
          key: `companies/${companyId}/valores/${number}.pdf`,
          bytes: 0,
          sha256: 'ab'.repeat(32),
          pageCount: 1,
          fieldBoxes: [
            { field: 'firma_1', kind: 'signature', signer: 1, page: 1, x: 1.5, y: 2, width: 3, height: 4 },
          ],
        },
      ],
      signers: [
        {
          number: 1,
          kind: 'signer',
          name: ` ${odd} `,
          email: ' ANA@Valores.test ',
          authentication: ['email'],
        },
        // Not invited (second turn): its status and invitation time are the table's defaults.
        {
          number: 2,
          kind: 'approver',
          name: 'Bo',
          email: 'bo@valores.test',
          phone: '3001234567',
          idType: 'CC',
          idNumber: '123',
          authentication: [],
        },
      ],
    });
    const { db } = t.deps.database;
    const alone = await db.transaction((tx) => insertSignatureRequest(t.deps, tx, prepared(1)));
    const together = await db.transaction((tx) =>
      insertSignatureRequests(t.deps, tx, [prepared(2), prepared(3)]),
    );
    const {
      id: _i,
      validationCode: _v,
      createdAt: _c,
      updatedAt: _u,
      ...requestColumns
    } = getTableColumns(signatureRequests);
    const {
      id: _si,
      requestId: _sr,
      tokenHash: _st,
      createdAt: _sc,
      invitedAt: _sa,
      ...signerColumns
    } = getTableColumns(signatureRequestSigners);
    const {
      id: _di,
      requestId: _dr,
      createdAt: _dc,
      renderedKey: _dk,
      ...documentColumns
    } = getTableColumns(signatureRequestDocuments);
    const stored = async (requestId: number) => ({
      request: await db
        .select(requestColumns)
        .from(signatureRequests)
        .where(eq(signatureRequests.id, requestId)),
      signers: await db
        .select(signerColumns)
        .from(signatureRequestSigners)
        .where(eq(signatureRequestSigners.requestId, requestId))
        .orderBy(asc(signatureRequestSigners.number)),
      documents: await db
        .select(documentColumns)
        .from(signatureRequestDocuments)
        .where(eq(signatureRequestDocuments.requestId, requestId)),
      events: await db
        .select({
          sequence: signatureRequestEvents.sequence,
          action: signatureRequestEvents.action,
          details: signatureRequestEvents.details,
        })
        .from(signatureRequestEvents)
        .where(eq(signatureRequestEvents.requestId, requestId))
        .orderBy(asc(signatureRequestEvents.sequence)),
    });
    const expected = await stored(alone.requestId);
    expect(expected.signers.map((signer) => [signer.name, signer.email, signer.status])).toEqual([
      ['Ana "la \\ de" \ufffd Pérez', 'ana@valores.test', 'invited'],
      ['Bo', 'bo@valores.test', 'waiting'],
    ]);
    for (const made of together) expect(await stored(made.requestId)).toEqual(expected);
  });

  it('puts small batches one row per job and large ones in runs of at most 100', () => {
    expect([1, 12, 199, 200, 1_000, 5_000, 10_000, 100_000].map(rowsPerJob)).toEqual([
      1, 1, 1, 2, 10, 50, 100, 100,
    ]);
  });
});
