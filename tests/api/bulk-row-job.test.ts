import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bogotaDay, endOfBogotaDay } from '../../contract/deadline.js';
import {
  signatureRequestBatches,
  signatureRequestBatchRows,
  signatureRequestEmails,
  signatureRequestSigners,
  signatureRequests,
} from '../../server/db/schema/index.js';
import { seedSentBulkBatch } from '../../server/requests/bulk/factories.js';
import { REQUEST_CORE, type RequestCore } from '../../server/requests/bulk/requestCore.js';
import { runBulkRow } from '../../server/requests/bulk/rowJob.js';
import type { NewSignatureRequest } from '../../server/requests/core/create.js';
import { testDatabaseKind } from './support/database.js';
import { createTestApp, type TestApp } from './support/testApp.js';

describe(`bulk row jobs on ${testDatabaseKind}`, () => {
  let t: TestApp;

  beforeAll(async () => {
    // No worker in this process: the test runs each row itself.
    t = await createTestApp({ env: { JOB_WORKERS: '0' } });
  });
  afterAll(() => t.close());

  it('turns each queued row into one request with its invitation, fails rows past the plan units with the reason and closes the batch', async () => {
    // Two units for three one-signer rows: the third row finds none.
    const { batchId, companyId } = await seedSentBulkBatch(t.deps, { rows: 3, units: 2, domain: 'job.test' });
    const inputs: NewSignatureRequest[] = [];
    const recording: RequestCore = {
      prepare: (deps, input) => {
        inputs.push(input);
        return REQUEST_CORE.prepare(deps, input);
      },
      insert: REQUEST_CORE.insert,
    };
    const { db } = t.deps.database;
    const queued = await db
      .select()
      .from(signatureRequestBatchRows)
      .where(eq(signatureRequestBatchRows.batchId, batchId))
      .orderBy(signatureRequestBatchRows.rowNumber);
    for (const row of queued) await runBulkRow(t.deps, recording, row.id);
    // A second run of every job (a retry after a crash) changes nothing.
    for (const row of queued) await runBulkRow(t.deps, recording, row.id);

    expect(inputs).toHaveLength(3);
    expect(inputs[0]).toMatchObject({
      companyId,
      source: 'bulk',
      batchId,
      title: 'Contratos masivos',
      signingOrder: 'sequential',
      documents: [
        {
          kind: 'template',
          name: 'Contrato masivo',
          values: { cliente: 'Cliente 1', valor: '1001', fecha_inicio: '2026-12-01', plan: 'Plus' },
        },
      ],
      signers: [
        {
          number: 1,
          kind: 'signer',
          name: 'Firmante 1',
          email: 'firmante1@job.test',
          idType: 'CC',
          idNumber: '10000001',
          authentication: [],
        },
      ],
      storagePrefix: `companies/${companyId}/batches/${batchId}/rows/2`,
    });
    expect(inputs[0]!.signers[0]!.phone).toBeUndefined();
    // The plan's 30 days: open until 23:59:59 COT of the thirtieth day after today.
    const { expiresAt } = inputs[0]!;
    expect(expiresAt.toISOString()).toBe(endOfBogotaDay(bogotaDay(expiresAt)).toISOString());
    const days = (expiresAt.getTime() - t.deps.clock.now().getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(30);
    expect(days).toBeLessThanOrEqual(31);

    const after = await db
      .select()
      .from(signatureRequestBatchRows)
      .where(eq(signatureRequestBatchRows.batchId, batchId))
      .orderBy(signatureRequestBatchRows.rowNumber);
    expect(after.map((row) => [row.rowNumber, row.status])).toEqual([
      [2, 'sent'],
      [3, 'sent'],
      [4, 'failed'],
    ]);
    expect(after[2]!.failure).toMatch(/no tiene paquetes de firmas vigentes con unidades disponibles/);
    const requests = await db.select().from(signatureRequests).where(eq(signatureRequests.batchId, batchId));
    expect(requests.map((request) => request.id).sort()).toEqual(
      [after[0]!.requestId, after[1]!.requestId].sort(),
    );
    const requestIds = requests.map((request) => request.id);
    const signers = await db
      .select()
      .from(signatureRequestSigners)
      .where(inArray(signatureRequestSigners.requestId, requestIds));
    expect(signers.map((signer) => signer.email).sort()).toEqual([
      'firmante1@job.test',
      'firmante2@job.test',
    ]);
    const invitations = await db
      .select()
      .from(signatureRequestEmails)
      .where(inArray(signatureRequestEmails.requestId, requestIds));
    expect(invitations.filter((email) => email.kind === 'invitation')).toHaveLength(2);
    const [batch] = await db
      .select()
      .from(signatureRequestBatches)
      .where(eq(signatureRequestBatches.id, batchId));
    expect(batch).toMatchObject({ status: 'done' });
    expect(batch!.finishedAt).toBeInstanceOf(Date);
  });
});
