import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../contract/permissions.js';
import { assignPlan, createCompany, createPlan, createUser } from '../../server/db/factories.js';
import {
  companyFeatures,
  signatureRequestBatches,
  signatureRequestBatchRows,
  signatureRequestDocuments,
  signatureRequestSigners,
  signatureRequests,
} from '../../server/db/schema/index.js';
import { NO_UNITS_MESSAGE } from '../../server/modules/plans/consumption.service.js';
import { BULK_PDF_QUEUE } from '../../server/requests/pdf/pdfSend.service.js';
import { readAll } from '../../server/storage/storage.js';
import { makePdf } from '../../server/uploads/testing/files.js';
import { testDatabaseKind } from './support/database.js';
import { mailsTo } from './support/mailbox.js';
import { createTenants, type TenantIds, type TenantTokens } from './support/tenants.js';
import { bearer, createTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Pdf-Envios-2026';
let t: TestApp;
let ids: TenantIds;
let tokens: TenantTokens;
let carlaToken: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ ids, tokens } = await createTenants(t, { password: PASSWORD }));
  carlaToken = await t.signin('carla@caribe.test', PASSWORD);
  const planId = await createPlan(t.deps.database.db, { name: 'Paquete PDF', signatures: 100 });
  await assignPlan(t.deps.database.db, { companyId: ids.andina, planId, unitsTotal: 100 });
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/${url}`, headers: bearer(token), payload });

const box = (field: string, signer: number, kind = 'signature', page = 1) => ({
  field,
  kind,
  signer,
  page,
  x: 60,
  y: 80 + signer * 100,
  width: 160,
  height: 40,
});

/** An upload with a signature (and a date) for each of `signers` signers, saved. */
async function preparedPdf(token: string, signers = 2, name = 'contrato.pdf') {
  const bytes = await makePdf(1);
  const uploaded = await call(token, 'POST', 'upload_pdf_template', {
    filename: name,
    content_base64: bytes.toString('base64'),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const id = uploaded.json().data.id as number;
  const numbers = Array.from({ length: signers }, (_, index) => index + 1);
  const fields = numbers.flatMap((number) => [
    box(`firma_${number}`, number),
    { ...box(`fecha_${number}`, number, 'signing_date'), x: 300 },
  ]);
  const saved = await call(token, 'PUT', 'update_pdf_content', {
    pdf_template_id: id,
    fields,
    signers: numbers.map((number) => ({ number, label: `Firmante ${number}` })),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { id, bytes, fields };
}

const nextYear = () => new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
const people = (tag: string, count = 2) =>
  Array.from({ length: count }, (_, index) => ({
    number: index + 1,
    name: `Persona ${index + 1} ${tag}`,
    email: `persona${index + 1}.${tag}@correo.test`,
  }));

describe(`sending one PDF on ${testDatabaseKind}`, () => {
  it('creates a request from the upload with its boxes and invites the first signer', async () => {
    const { id, bytes, fields } = await preparedPdf(tokens.oscar);
    const signers = people('uno');
    const response = await call(tokens.oscar, 'POST', 'sign_pdf', {
      pdf_template_id: id,
      title: 'Arriendo local 5',
      expires_at: nextYear(),
      signers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { request_id, validation_code } = response.json().data;
    expect(validation_code).toEqual(expect.any(String));
    const db = t.deps.database.db;
    const [request] = await db.select().from(signatureRequests).where(eq(signatureRequests.id, request_id));
    expect(request).toMatchObject({
      source: 'pdf',
      companyId: ids.andina,
      title: 'Arriendo local 5',
      createdBy: ids.oscar,
    });
    const [document] = await db
      .select()
      .from(signatureRequestDocuments)
      .where(eq(signatureRequestDocuments.requestId, request_id));
    expect(document!.fieldBoxes).toEqual(fields);
    // The signers see exactly the uploaded bytes.
    const stored = await readAll(t.deps.storage, document!.renderedKey);
    expect(createHash('sha256').update(stored!).digest('hex')).toBe(
      createHash('sha256').update(bytes).digest('hex'),
    );
    expect(await mailsTo(t, signers[0]!.email)).toHaveLength(1);
    expect(await mailsTo(t, signers[1]!.email)).toHaveLength(0);
  });

  it('refuses recipients that do not match the fields, and a past date, sending nothing', async () => {
    const { id } = await preparedPdf(tokens.oscar);
    const db = t.deps.database.db;
    const before = await db.$count(signatureRequests);
    const base = { pdf_template_id: id, title: 'Contrato', expires_at: nextYear() };
    const cases = [
      {
        signers: people('falta', 1),
        message: 'El campo «firma_2» es del firmante 2, que no está en la lista de firmantes',
      },
      {
        signers: [people('copia')[0], { ...people('copia')[1], kind: 'copy' }],
        message: 'El campo «firma_2» es del firmante 2, que solo recibe copia',
      },
      {
        signers: [...people('extra'), { number: 3, name: 'Tercera', email: 'tercera@correo.test' }],
        message: 'El firmante 3 no tiene un campo de firma o iniciales en el PDF',
      },
      {
        signers: people('fecha'),
        expires_at: '2020-01-01',
        message: 'La fecha límite debe ser posterior a hoy',
      },
    ];
    for (const { message, ...body } of cases) {
      const response = await call(tokens.oscar, 'POST', 'sign_pdf', { ...base, ...body });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().message).toBe(message);
    }
    expect(await db.$count(signatureRequests)).toBe(before);
  });

  it('answers 409 and writes nothing when the company has no units', async () => {
    const db = t.deps.database.db;
    const companyId = await createCompany(db, { fiscalName: 'Sin Unidades', taxId: '900999888-1' });
    await createUser(db, {
      companyId,
      roleId: ROLE.operator,
      name: 'Sara',
      lastName: 'Sinunidades',
      email: 'sara@sinunidades.test',
      password: PASSWORD,
    });
    const token = await t.signin('sara@sinunidades.test', PASSWORD);
    const { id } = await preparedPdf(token, 1);
    const before = await db.$count(signatureRequests);
    const response = await call(token, 'POST', 'sign_pdf', {
      pdf_template_id: id,
      title: 'Contrato',
      expires_at: nextYear(),
      signers: people('sinunidades', 1),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toEqual(expect.any(String));
    expect(await db.$count(signatureRequests)).toBe(before);
  });

  it('keeps another company out', async () => {
    const { id } = await preparedPdf(tokens.oscar, 1);
    const body = { pdf_template_id: id, title: 'Ajeno', expires_at: nextYear(), signers: people('ajeno', 1) };
    expect((await call(carlaToken, 'POST', 'sign_pdf', body)).statusCode).toBe(404);
    const bulk = await call(carlaToken, 'POST', 'sign_pdf_multiple', {
      expires_at: nextYear(),
      items: [{ pdf_template_id: id, title: 'Ajeno', signers: people('ajeno', 1) }],
    });
    expect(bulk.statusCode).toBe(404);
  });
});

describe(`bulk PDF on ${testDatabaseKind}`, () => {
  it('needs the bulk PDF feature', async () => {
    const { id } = await preparedPdf(tokens.oscar, 1);
    const response = await call(tokens.oscar, 'POST', 'sign_pdf_multiple', {
      expires_at: nextYear(),
      items: [{ pdf_template_id: id, title: 'Uno', signers: people('sinfuncion', 1) }],
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Su empresa no tiene activo el envío de PDF masivo para firmar');
  });

  it('turns each file into one request, once, to its own signers, and reports each file', async () => {
    const db = t.deps.database.db;
    await db.insert(companyFeatures).values({ companyId: ids.andina, feature: 'bulk_pdf', enabled: true });
    const files = [
      await preparedPdf(tokens.oscar, 1, 'uno.pdf'),
      await preparedPdf(tokens.oscar, 2, 'dos.pdf'),
      await preparedPdf(tokens.oscar, 1, 'tres.pdf'),
    ];
    const items = files.map((file, index) => ({
      pdf_template_id: file.id,
      title: `Lote ${index + 1}`,
      signers: people(`lote${index + 1}`, index === 1 ? 2 : 1),
    }));
    const response = await call(tokens.oscar, 'POST', 'sign_pdf_multiple', {
      expires_at: nextYear(),
      signing_order: 'parallel',
      items,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Envío masivo en curso: 3 PDF en cola');
    const batchId = response.json().data.batch_id as number;

    // A second click with the same files is refused: a file joins one batch only.
    const again = await call(tokens.oscar, 'POST', 'sign_pdf_multiple', { expires_at: nextYear(), items });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('El PDF «uno.pdf» ya se envió en un envío masivo; cárguelo de nuevo');

    await t.deps.queue.drain();
    const rows = await db
      .select()
      .from(signatureRequestBatchRows)
      .where(eq(signatureRequestBatchRows.batchId, batchId));
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
    // Each row's job runs again (a retry after a crash): no second request.
    for (const row of rows) await t.deps.queue.enqueue(BULK_PDF_QUEUE, { rowId: row.id });
    await t.deps.queue.drain();
    const requests = await db.select().from(signatureRequests).where(eq(signatureRequests.batchId, batchId));
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((request) => request.source))).toEqual(new Set(['bulk_pdf']));
    expect(requests.map((request) => request.title).sort()).toEqual(['Lote 1', 'Lote 2', 'Lote 3']);
    const [batch] = await db
      .select()
      .from(signatureRequestBatches)
      .where(eq(signatureRequestBatches.id, batchId));
    expect(batch).toMatchObject({ status: 'done', source: 'bulk_pdf' });

    // Parallel: both signers of the second file are invited, each file to its own people.
    const signers = await db
      .select()
      .from(signatureRequestSigners)
      .where(
        inArray(
          signatureRequestSigners.requestId,
          requests.map((request) => request.id),
        ),
      );
    expect(signers.map((signer) => signer.email).sort()).toEqual(
      items.flatMap((item) => item.signers.map((signer) => signer.email)).sort(),
    );
    for (const signer of signers) expect(await mailsTo(t, signer.email)).toHaveLength(1);

    const listed = await call(
      tokens.oscar,
      'GET',
      `get_pdf_templates?${files.map((file) => `ids=${file.id}`).join('&')}`,
    );
    expect(listed.json().data.items.map((item: { send: { status: string } }) => item.send.status)).toEqual([
      'sent',
      'sent',
      'sent',
    ]);
  });

  it('fails the files the plan cannot pay for, with the reason, and finishes the batch', async () => {
    const db = t.deps.database.db;
    const companyId = await createCompany(db, { fiscalName: 'Una Unidad', taxId: '900777666-1' });
    await createUser(db, {
      companyId,
      roleId: ROLE.operator,
      name: 'Uma',
      lastName: 'Unaunidad',
      email: 'uma@unaunidad.test',
      password: PASSWORD,
    });
    await db.insert(companyFeatures).values({ companyId, feature: 'bulk_pdf', enabled: true });
    const planId = await createPlan(db, { name: 'Una firma', signatures: 1 });
    await assignPlan(db, { companyId, planId, unitsTotal: 1 });
    const token = await t.signin('uma@unaunidad.test', PASSWORD);
    const files = [await preparedPdf(token, 1, 'a.pdf'), await preparedPdf(token, 1, 'b.pdf')];
    const response = await call(token, 'POST', 'sign_pdf_multiple', {
      expires_at: nextYear(),
      items: files.map((file, index) => ({
        pdf_template_id: file.id,
        title: `Unidad ${index}`,
        signers: people(`unidad${index}`, 1),
      })),
    });
    expect(response.statusCode, response.body).toBe(200);
    await t.deps.queue.drain();
    const rows = await db
      .select()
      .from(signatureRequestBatchRows)
      .where(eq(signatureRequestBatchRows.batchId, response.json().data.batch_id));
    expect(rows.map((row) => row.status).sort()).toEqual(['failed', 'sent']);
    expect(rows.find((row) => row.status === 'failed')!.failure).toBe(NO_UNITS_MESSAGE);
    const [batch] = await db
      .select()
      .from(signatureRequestBatches)
      .where(eq(signatureRequestBatches.id, response.json().data.batch_id));
    expect(batch!.status).toBe('done');
  });

  it('sends a file once when two bulk sends race for it', async () => {
    const { id } = await preparedPdf(tokens.oscar, 1, 'carrera.pdf');
    const body = {
      expires_at: nextYear(),
      items: [{ pdf_template_id: id, title: 'Carrera', signers: people('carrera', 1) }],
    };
    const replies = await Promise.all([
      call(tokens.oscar, 'POST', 'sign_pdf_multiple', body),
      call(tokens.oscar, 'POST', 'sign_pdf_multiple', body),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, expect.any(Number)]);
    expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(1);
    expect(replies.find((reply) => reply.statusCode !== 200)!.json().message).toBe(
      'El PDF «carrera.pdf» ya se envió en un envío masivo; cárguelo de nuevo',
    );
    await t.deps.queue.drain();
    const rows = await t.deps.database.db
      .select()
      .from(signatureRequestBatchRows)
      .where(eq(signatureRequestBatchRows.status, 'sent'));
    expect(
      rows.filter((row) => (row.values as { pdf_template_id: number }).pdf_template_id === id),
    ).toHaveLength(1);
  });
});
