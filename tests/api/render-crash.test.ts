import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, signatureRequestBatchRows, signatureRequests } from '../../server/db/schema/index.js';
import { DEFAULT_RENDER_TIMEOUT_MS, RENDER_PROCESS_MESSAGES } from '../../server/documents/index.js';
import {
  setSharedRenderTimeout,
  sharedRenderer,
} from '../../server/modules/templates/templateRender.service.js';
import { createBulkGroup, sampleBulkSheet } from '../../server/requests/bulk/factories.js';
import { createTestRequest } from '../../server/requests/core/factories.js';
import { whenBusy } from '../support/documents/tools.js';
import { testDatabaseKind } from './support/database.js';
import { signAndComplete } from './support/signedRequest.js';
import { createTenants, type TenantIds, type TenantTokens } from './support/tenants.js';
import { bearer, createTestApp, type TestApp } from './support/testApp.js';
import { until } from './support/throughProxy.js';

const PASSWORD = 'Clave-Segura-2026';

/** ≈ 150 pages of justified text: seconds of compiling, so the generator can be stopped in the middle. */
const LONG_HTML = Array.from(
  { length: 150 },
  (_, page) =>
    `<h2>Sección ${page + 1}</h2>` +
    '<p style="text-align: justify">Las partes declaran conocer y aceptar las condiciones aquí descritas, que se rigen por la ley colombiana y por los principios de equivalencia funcional de la firma electrónica. </p>'.repeat(
      12,
    ),
).join('<div data-page-break="true"></div>');

const CRASHED_REASON = `No se pudo generar el documento: ${RENDER_PROCESS_MESSAGES.crashed.charAt(0).toLowerCase()}${RENDER_PROCESS_MESSAGES.crashed.slice(1)}`;

/**
 * Kills the render process's child once it is busy compiling (as a native crash would end it),
 * unless `work` ends first. The child must be started and idle when called.
 */
async function killWhileCompiling<T>(work: Promise<T>): Promise<T> {
  const pid = sharedRenderer().pid;
  if (!pid) throw new Error('the render process has no child yet');
  const busy = whenBusy(pid).then(() => process.kill(pid, 'SIGKILL'));
  await Promise.race([busy, work]);
  return work;
}

/** A child started and done with its start-up: what a compile then costs it is the compile's alone. */
const warmRenderer = () => sharedRenderer().render({ html: '<p>Listo</p>' });

describe(`a crashing PDF generator on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let ids: TenantIds;
  let tokens: TenantTokens;

  const call = (token: string, url: string, payload?: object) =>
    t.app.inject({
      method: payload === undefined ? 'GET' : 'POST',
      url: `/api/${url}`,
      headers: bearer(token),
      payload,
    });

  beforeAll(async () => {
    // No worker in this process: the tests run the jobs themselves.
    t = await createTestApp({ env: { JOB_WORKERS: '0' } });
    ({ ids, tokens } = await createTenants(t, { password: PASSWORD }));
  });
  afterAll(() => t.close());

  it('answers a preview whose generator died with a 422 in Spanish, keeps serving, and previews again', async () => {
    await warmRenderer();
    const pid = sharedRenderer().pid;
    const preview = call(tokens.oscar, 'pdf_preview', { html: LONG_HTML });
    const first = await Promise.race([
      whenBusy(pid!).then(() => 'compiling'),
      preview.then(() => 'answered'),
    ]);
    expect(first).toBe('compiling');
    // The server answers while the document compiles in the child…
    const during = await call(tokens.oscar, 'health');
    expect(during.statusCode).toBe(200);
    process.kill(pid!, 'SIGKILL');
    const failed = await preview;
    expect(failed.statusCode).toBe(422);
    expect(failed.json()).toEqual({ message: RENDER_PROCESS_MESSAGES.crashed });
    // …and after the crash: other requests, and the next preview on a fresh child.
    expect((await call(tokens.oscar, 'health')).statusCode).toBe(200);
    const again = await call(tokens.oscar, 'pdf_preview', { html: '<p>Hola de nuevo</p>' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.page_count).toBe(1);
    expect(sharedRenderer().pid).not.toBe(pid);
  });

  it('fails a bulk row whose document crashes the generator on every attempt, with the reason the sender reads', async () => {
    const { db } = t.deps.database;
    const { packageId } = await createBulkGroup(db, {
      companyId: ids.andina,
      name: 'largos',
      html: `<p>Cliente: <span data-field="cliente">cliente</span>, valor <span data-field="valor">valor</span>, desde <span data-field="fecha_inicio">fecha</span>.</p><p><span data-field="firma_1">Firma</span></p>${LONG_HTML}`,
    });
    const imported = await call(tokens.oscar, 'import_documents_packages_fields', {
      document_package_id: packageId,
      filename: 'masivo.xlsx',
      content_base64: (await sampleBulkSheet(1, 'largos.test')).toString('base64'),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const batchId = imported.json().data.id as number;
    const sent = await call(tokens.oscar, 'process_signature_request_multiple', { batch_id: batchId });
    expect(sent.statusCode, sent.body).toBe(200);
    const [row] = await db
      .select()
      .from(signatureRequestBatchRows)
      .where(eq(signatureRequestBatchRows.batchId, batchId));
    const jobOfRow = async () =>
      (
        await db
          .select()
          .from(jobs)
          .where(
            and(
              eq(jobs.queue, 'bulk.rows'),
              sql`${jobs.payload}->'rowIds' @> ${JSON.stringify([row!.id])}::jsonb`,
            ),
          )
      )[0]!;

    // Every attempt the queue makes, its render is cut short, as a document that always crashes would be.
    for (let attempt = 1; attempt <= 5; attempt++) {
      await warmRenderer();
      // The retry's back-off skipped: the attempt is due now.
      await db
        .update(jobs)
        .set({ runAt: sql`now()` })
        .where(eq(jobs.id, (await jobOfRow()).id));
      await killWhileCompiling(t.deps.queue.drain());
      const job = await jobOfRow();
      expect(job.attempts).toBe(attempt);
      expect(job.lastError).toBe(RENDER_PROCESS_MESSAGES.crashed);
      expect(job.status).toBe(attempt < 5 ? 'pending' : 'failed');
    }

    const progress = await call(tokens.oscar, 'generate_multiple_sign_request', { batch_id: batchId });
    expect(progress.statusCode).toBe(200);
    expect(progress.json().data).toMatchObject({ status: 'done', sent: 0, failed: 1 });
    expect(progress.json().data.rows).toEqual([
      expect.objectContaining({ row_number: 2, status: 'failed', failure: CRASHED_REASON, request_id: null }),
    ]);
    // The generator works for everyone else.
    const preview = await call(tokens.oscar, 'pdf_preview', { html: '<p>Después del masivo</p>' });
    expect(preview.statusCode).toBe(200);
  }, 240_000);

  it('records in the request’s timeline why its documents could not be sealed', async () => {
    const request = await createTestRequest(t.deps, {
      companyId: ids.andina,
      createdBy: ids.elena,
      signers: [{ name: 'Ana Sello', email: 'ana.sello@correo.test' }],
    });
    await signAndComplete(t.deps, request);
    const { db } = t.deps.database;
    // This request's seal job alone: another test's may share the queue, and PostgreSQL returns
    // rows in no fixed order.
    const thisSeal = eq(jobs.idempotencyKey, `seal:${request.requestId}`);
    // A limit no compile can meet: the certificate of completion fails on every attempt.
    setSharedRenderTimeout(1);
    try {
      const attempts = async () => (await db.select().from(jobs).where(thisSeal))[0]?.attempts ?? 0;
      for (let attempt = 1; attempt <= 5; attempt++) {
        await db.update(jobs).set({ runAt: sql`now()` }).where(thisSeal);
        // Drained until the attempt has run: on a busy PostgreSQL a drain can find nothing to
        // claim yet (seen once in CI); the attempt, not the first drain, is what is checked.
        await until(`intento ${attempt} del sello`, async () => {
          await t.deps.queue.drain();
          return (await attempts()) >= attempt;
        });
        expect(await attempts()).toBe(attempt);
      }
    } finally {
      setSharedRenderTimeout(DEFAULT_RENDER_TIMEOUT_MS);
    }
    const [job] = await db.select().from(jobs).where(thisSeal);
    expect(job).toMatchObject({
      status: 'failed',
      attempts: 5,
      lastError: RENDER_PROCESS_MESSAGES.timedOut(1),
    });
    const [row] = await db
      .select()
      .from(signatureRequests)
      .where(eq(signatureRequests.id, request.requestId));
    expect(row!.sealStatus).toBe('pending');

    const detail = await call(tokens.elena, 'view_pdf_history', { request_id: request.requestId });
    expect(detail.statusCode).toBe(200);
    const failures = (detail.json().data.events as { action: string; details: { reason?: string } }[]).filter(
      (event) => event.action === 'seal_failed',
    );
    expect(failures).toEqual([
      expect.objectContaining({
        details: {
          reason:
            'No se pudo generar el documento: el generador de PDF tardó más de 1 segundo con este documento y se reinició; reduzca o divida el documento e intente de nuevo',
        },
      }),
    ]);
  }, 120_000);
});
