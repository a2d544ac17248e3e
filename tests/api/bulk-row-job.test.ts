import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signatureRequestBatches,
  signatureRequestBatchRows,
  signatureRequests,
} from '../../server/db/schema/index.js';
import { conflict } from '../../server/errors.js';
import { sendBulkBatch } from '../../server/modules/bulkRequests/batches.service.js';
import {
  createBulkGroup,
  fillBulkSheet,
  sampleBulkRow,
} from '../../server/modules/bulkRequests/factories.js';
import type { BulkRequestInput, RequestCore } from '../../server/modules/bulkRequests/requestCore.js';
import { runBulkRow } from '../../server/modules/bulkRequests/rowJob.js';
import { newValidationCode } from '../../server/signing/validation-code.js';
import { testDatabaseKind } from './support/database.js';
import { createTenants, type TenantIds, type TenantTokens } from './support/tenants.js';
import { bearer, createTestApp, type TestApp } from './support/testApp.js';

const HEADERS = Object.keys(sampleBulkRow(0));

/**
 * The creation core belongs to the sending module; here a double records what a row asks for and
 * inserts only the request row, refusing the e-mails listed in `refuse` the way the core refuses
 * when the company has no units left.
 */
function recordingCore(refuse: Set<string>) {
  const inputs: BulkRequestInput[] = [];
  const core: RequestCore<BulkRequestInput> = {
    prepare: async (_deps, input) => {
      inputs.push(input);
      return input;
    },
    insert: async (_deps, tx, input) => {
      if (refuse.has(input.signers[0]!.email)) throw conflict('La empresa no tiene unidades disponibles');
      const validationCode = newValidationCode();
      const [row] = await tx
        .insert(signatureRequests)
        .values({
          companyId: input.companyId,
          createdBy: input.createdBy,
          source: 'bulk',
          batchId: input.batchId,
          packageId: input.packageId,
          title: input.title,
          signingOrder: input.signingOrder,
          expiresAt: input.expiresAt,
          validationCode,
        })
        .returning({ id: signatureRequests.id });
      return { requestId: row!.id, validationCode };
    },
  };
  return { core, inputs };
}

describe(`bulk row jobs on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let ids: TenantIds;
  let tokens: TenantTokens;
  let packageId: number;

  beforeAll(async () => {
    // No worker in this process: the test runs each row itself.
    t = await createTestApp({ env: { JOB_WORKERS: '0' } });
    ({ ids, tokens } = await createTenants(t, { password: 'Clave-Segura-2026' }));
    ({ packageId } = await createBulkGroup(t.deps.database.db, { companyId: ids.andina }));
  });
  afterAll(() => t.close());

  it('turns each queued row into one request, fails refused rows with the reason and closes the batch', async () => {
    const rows = [1, 2, 3].map((index) => sampleBulkRow(index, 'job.test'));
    rows[1]!.firmante_1_correo = 'Sin.Unidades@Job.test';
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/import_documents_packages_fields',
      headers: bearer(tokens.oscar),
      payload: {
        document_package_id: packageId,
        filename: 'tres.xlsx',
        content_base64: (await fillBulkSheet(HEADERS, rows)).toString('base64'),
        signing_order: 'parallel',
        expiry_days: 5,
        message: 'Por favor firme',
      },
    });
    const batchId = imported.json().data.id as number;
    const actor = {
      userId: ids.oscar,
      sessionId: 'prueba',
      companyId: ids.andina,
      roleId: 22,
      permissions: new Set(['signature_request.create']),
      impersonatorUserId: null,
      visibleCompanyIds: [ids.andina, ids.branch],
    };
    await sendBulkBatch(t.deps, actor, batchId);
    const queued = await t.deps.database.db
      .select()
      .from(signatureRequestBatchRows)
      .where(eq(signatureRequestBatchRows.batchId, batchId))
      .orderBy(signatureRequestBatchRows.rowNumber);
    const { core, inputs } = recordingCore(new Set(['sin.unidades@job.test']));
    for (const row of queued) await runBulkRow(t.deps, core, row.id);
    // A second run of every job (a retry after a crash) changes nothing.
    for (const row of queued) await runBulkRow(t.deps, core, row.id);

    expect(inputs).toHaveLength(3);
    expect(inputs[0]).toMatchObject({
      companyId: ids.andina,
      createdBy: ids.oscar,
      source: 'bulk',
      batchId,
      packageId,
      title: 'Contratos masivos',
      message: 'Por favor firme',
      signingOrder: 'parallel',
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
      storagePrefix: `companies/${ids.andina}/batches/${batchId}/rows/2`,
    });
    expect(inputs[0]!.signers[0]!.phone).toBeUndefined();
    const days = (inputs[0]!.expiresAt.getTime() - t.deps.clock.now().getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(4.9);
    expect(days).toBeLessThanOrEqual(5);

    const after = await t.deps.database.db
      .select()
      .from(signatureRequestBatchRows)
      .where(eq(signatureRequestBatchRows.batchId, batchId))
      .orderBy(signatureRequestBatchRows.rowNumber);
    expect(after.map((row) => [row.rowNumber, row.status, row.failure])).toEqual([
      [2, 'sent', null],
      [3, 'failed', 'La empresa no tiene unidades disponibles'],
      [4, 'sent', null],
    ]);
    const requests = await t.deps.database.db
      .select()
      .from(signatureRequests)
      .where(eq(signatureRequests.batchId, batchId));
    expect(requests.map((request) => request.id).sort()).toEqual(
      [after[0]!.requestId, after[2]!.requestId].sort(),
    );
    const [batch] = await t.deps.database.db
      .select()
      .from(signatureRequestBatches)
      .where(eq(signatureRequestBatches.id, batchId));
    expect(batch).toMatchObject({ status: 'done' });
    expect(batch!.finishedAt).toBeInstanceOf(Date);

    const progress = await t.app.inject({
      method: 'POST',
      url: '/api/generate_multiple_sign_request',
      headers: bearer(tokens.oscar),
      payload: { batch_id: batchId, only_problems: true },
    });
    expect(progress.json().data).toMatchObject({
      status: 'done',
      sent: 2,
      failed: 1,
      rows: [{ row_number: 3, status: 'failed', failure: 'La empresa no tiene unidades disponibles' }],
    });
  });
});
