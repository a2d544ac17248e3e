import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignPlan, createPlan } from '../../server/db/factories.js';
import {
  companyFeatures,
  signatureRequestBatchRows,
  signatureRequestDocuments,
  signatureRequestSigners,
  signatureRequests,
} from '../../server/db/schema/index.js';
import { CONSENT } from '../../server/requests/core/consent.js';
import { signerToken } from '../../server/requests/core/tokens.js';
import { readAll } from '../../server/storage/storage.js';
import { makePdf } from '../../server/uploads/testing/files.js';
import { run, temporaryDirectory, writeTemp } from '../support/pades/tools.js';
import { testDatabaseKind } from './support/database.js';
import { newBrowserSession, signerCodeFrom, signingCaller } from './support/signing.js';
import { createTenants, type TenantIds, type TenantTokens } from './support/tenants.js';
import { bearer, createTestApp, type TestApp } from './support/testApp.js';

/**
 * Identity checks of a PDF request (sign_pdf, sign_pdf_multiple): chosen per signer, refused when
 * the company lacks them, stored on the signer and enforced by the signing endpoints exactly as for
 * a template request, and named in the certificate of completion.
 */

let t: TestApp;
let ids: TenantIds;
let tokens: TenantTokens;

beforeAll(async () => {
  t = await createTestApp();
  ({ ids, tokens } = await createTenants(t, { password: 'Pdf-Controles-2026' }));
  const planId = await createPlan(t.deps.database.db, { name: 'Paquete PDF controles', signatures: 20 });
  await assignPlan(t.deps.database.db, { companyId: ids.andina, planId, unitsTotal: 20 });
  await t.deps.database.db
    .insert(companyFeatures)
    .values({ companyId: ids.andina, feature: 'bulk_pdf', enabled: true });
});
afterAll(() => t.close());

const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url: `/api/${url}`, headers: bearer(tokens.oscar), payload });

const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

/** An uploaded one-page PDF with a signature box for signer 1, saved. */
async function uploadedPdf(name: string): Promise<number> {
  const uploaded = await call('POST', 'upload_pdf_template', {
    filename: name,
    content_base64: (await makePdf(1)).toString('base64'),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const id = uploaded.json().data.id as number;
  const saved = await call('PUT', 'update_pdf_content', {
    pdf_template_id: id,
    fields: [
      { field: 'firma_1', kind: 'signature', signer: 1, page: 1, x: 60, y: 120, width: 160, height: 40 },
    ],
    signers: [{ number: 1, label: 'Firmante 1' }],
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return id;
}

/** The text of a PDF as pdftotext reads it, white space (and break opportunities) collapsed. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const { dir, remove } = await temporaryDirectory('rubrica-pdf-checks-');
  try {
    const file = await writeTemp(dir, 'sealed.pdf', bytes);
    return (await run('pdftotext', [file, '-'])).stdout.replace(/[\s\u200b]+/g, ' ');
  } finally {
    await remove();
  }
}

describe(`identity checks of PDF requests on ${testDatabaseKind}`, () => {
  it('refuses to sign without the e-mail code, signs with it, and the certificate names the code', async () => {
    const email = 'ines.codigo@correo.test';
    const sent = await call('POST', 'sign_pdf', {
      pdf_template_id: await uploadedPdf('codigo.pdf'),
      title: 'Contrato con código',
      expires_at: inAMonth(),
      signers: [{ number: 1, name: 'Inés Código', email, authentication: ['email_otp'] }],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const requestId = sent.json().data.request_id as number;
    const { db } = t.deps.database;
    const [stored] = await db
      .select()
      .from(signatureRequestSigners)
      .where(eq(signatureRequestSigners.requestId, requestId));
    expect(stored!.authentication).toEqual(['email_otp']);

    // The invitation's link (round 1), derived as the mail job derives it.
    const token = signerToken(t.deps.secrets.sessionSecret, stored!.id, 1);
    const signing = signingCaller(t, '10.40.0.1');
    const session = newBrowserSession();
    const view = await signing('verify_token_user', { token }, session);
    expect(view.json.data.signer).toMatchObject({ authentication: ['email_otp'], authenticated: false });
    const sign = () =>
      signing(
        'do_sign_request',
        { token, consent_version: CONSENT.version, signature: { kind: 'typed', text: 'Inés Código' } },
        session,
      );
    const refused = await sign();
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(/código/);

    expect((await signing('send_code', { token, channel: 'email' }, session)).status).toBe(200);
    const validated = await signing(
      'validate_code',
      { token, code: await signerCodeFrom(t, email) },
      session,
    );
    expect(validated.status).toBe(200);
    const signed = await sign();
    expect(signed.status, JSON.stringify(signed.json)).toBe(200);

    await t.deps.queue.drain();
    const [request] = await db.select().from(signatureRequests).where(eq(signatureRequests.id, requestId));
    expect(request).toMatchObject({ status: 'completed', sealStatus: 'sealed' });
    const [document] = await db
      .select()
      .from(signatureRequestDocuments)
      .where(eq(signatureRequestDocuments.requestId, requestId));
    const certificate = await pdfText(new Uint8Array((await readAll(t.deps.storage, document!.sealedKey!))!));
    expect(certificate).toMatch(
      /código de un solo uso por correo electrónico a in•+@c•+\.test, verificado el/,
    );
    expect(certificate).not.toContain('enlace personal enviado por correo');
  });

  it('refuses checks the company lacks and an SMS code without a phone, sending nothing', async () => {
    const { db } = t.deps.database;
    const before = await db.select().from(signatureRequests);
    const pdfTemplateId = await uploadedPdf('sin-sms.pdf');
    const signer = { number: 1, name: 'Joel Sinsms', email: 'joel.sinsms@correo.test' };
    const single = (authentication: string[], phone?: string) =>
      call('POST', 'sign_pdf', {
        pdf_template_id: pdfTemplateId,
        title: 'Sin SMS',
        expires_at: inAMonth(),
        signers: [{ ...signer, authentication, ...(phone ? { phone } : {}) }],
      });

    const sms = await single(['sms_otp'], '3001234567');
    expect(sms.statusCode).toBe(422);
    expect(sms.json().errors).toEqual({
      'signers.0.authentication': 'La empresa no tiene habilitado «Código OTP por SMS»',
    });
    const selfie = await single(['email_otp', 'selfie']);
    expect(selfie.statusCode).toBe(422);
    expect(selfie.json().errors['signers.0.authentication']).toContain('Fotografía (selfie)');

    await db.insert(companyFeatures).values([
      { companyId: ids.andina, feature: 'otp_sms', enabled: true },
      { companyId: ids.andina, feature: 'selfie', enabled: true },
    ]);
    const noPhone = await single(['sms_otp']);
    expect(noPhone.statusCode).toBe(422);
    expect(noPhone.json().errors['signers.0.phone']).toMatch(/celular/);

    const bulk = await call('POST', 'sign_pdf_multiple', {
      expires_at: inAMonth(),
      items: [
        {
          pdf_template_id: pdfTemplateId,
          title: 'Sin WhatsApp',
          signers: [{ ...signer, phone: '3001234567', authentication: ['whatsapp_otp'] }],
        },
      ],
    });
    expect(bulk.statusCode).toBe(422);
    expect(bulk.json().errors).toEqual({
      'items.0.signers.0.authentication': 'La empresa no tiene habilitado «Código OTP por WhatsApp»',
    });
    expect(await db.select().from(signatureRequests)).toHaveLength(before.length);

    const allowed = await single(['sms_otp', 'selfie'], '3001234567');
    expect(allowed.statusCode, allowed.body).toBe(200);
    const [stored] = await db
      .select()
      .from(signatureRequestSigners)
      .where(eq(signatureRequestSigners.requestId, allowed.json().data.request_id));
    expect(stored).toMatchObject({ authentication: ['sms_otp', 'selfie'], phone: '3001234567' });
  });

  it('keeps each bulk file signer’s checks for the request its job creates', async () => {
    const pdfTemplateId = await uploadedPdf('lote-codigo.pdf');
    const sent = await call('POST', 'sign_pdf_multiple', {
      expires_at: inAMonth(),
      items: [
        {
          pdf_template_id: pdfTemplateId,
          title: 'Lote con código',
          signers: [
            { number: 1, name: 'Karen Lote', email: 'karen.lote@correo.test', authentication: ['email_otp'] },
          ],
        },
      ],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.deps.queue.drain();
    const { db } = t.deps.database;
    const [row] = await db
      .select()
      .from(signatureRequestBatchRows)
      .where(eq(signatureRequestBatchRows.batchId, sent.json().data.batch_id));
    expect(row).toMatchObject({ status: 'sent' });
    const [stored] = await db
      .select()
      .from(signatureRequestSigners)
      .where(eq(signatureRequestSigners.requestId, row!.requestId!));
    expect(stored!.authentication).toEqual(['email_otp']);
  });
});
