import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignPlan, createPlan } from '../../server/db/factories.js';
import { signatureRequests } from '../../server/db/schema/index.js';
import { makePdf } from '../../server/uploads/testing/files.js';
import { testDatabaseKind } from './support/database.js';
import { endpointCaller } from './support/endpointCall.js';
import { mailsTo, manualClock } from './support/mailbox.js';
import { createSendingGroup, type SendingGroup, sendingBody } from './support/sendingGroup.js';
import { createTenants, type TenantTokens } from './support/tenants.js';
import { bearer, createTestApp, type TestApp } from './support/testApp.js';

/**
 * «Último día para firmar» 27/12/2037 means until 23:59:59 COT of that day, whichever screen sent
 * the request: what is stored, what the history and the signer's page answer, what the e-mails
 * say, when the expiry sweep closes it and what a new last day given to «Ampliar vencimiento» means.
 */

const LAST_DAY = '2037-12-27';
/** 23:59:59.999 on 27/12/2037 in Bogotá (UTC−5). */
const END_OF_LAST_DAY = '2037-12-28T04:59:59.999Z';
const SHOWN = '27/12/2037, 11:59 p. m.';

const clock = manualClock(new Date('2037-12-20T15:00:00Z'));
let t: TestApp;
let tokens: TenantTokens;
let group: SendingGroup;
let call: ReturnType<typeof endpointCaller>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  const tenants = await createTenants(t, { password: 'Plazos-Clave-2037' });
  tokens = tenants.tokens;
  call = endpointCaller(t.app);
  const plan = await createPlan(t.deps.database.db, { name: 'Plazos', signatures: 50 });
  await assignPlan(t.deps.database.db, {
    companyId: tenants.ids.andina,
    planId: plan,
    startsAt: new Date('2037-11-01T05:00:00Z'),
    expiredAt: new Date('2038-11-01T05:00:00Z'),
    unitsTotal: 50,
  });
  group = await createSendingGroup(t, { companyId: tenants.ids.andina, adminToken: tokens.elena });
});
afterAll(() => t.close());

const storedExpiry = async (requestId: number) => {
  const [row] = await t.deps.database.db
    .select({ expiresAt: signatureRequests.expiresAt, status: signatureRequests.status })
    .from(signatureRequests)
    .where(eq(signatureRequests.id, requestId));
  return { expiresAt: row!.expiresAt.toISOString(), status: row!.status };
};

async function sendSingle(tag: string, overrides: Record<string, unknown> = {}) {
  const email = `firmante.${tag}@plazos.test`;
  const body = sendingBody(group.packageId, {
    signers: [
      { number: 1, name: 'Ana Plazo', email },
      { number: 2, name: 'Germán Gerente', email: `gerente.${tag}@plazos.test` },
    ],
    ...overrides,
  });
  const sent = await call(tokens.oscar, 'processSignatureRequest', { body });
  expect(sent.status, sent.message).toBe(200);
  return { requestId: sent.data.request_id, email };
}

describe(`the last day to sign on ${testDatabaseKind}`, () => {
  it('stores the same end of day for a single request and for a PDF request with the same last day', async () => {
    const single = await sendSingle('uno', { expires_at: LAST_DAY });
    expect((await storedExpiry(single.requestId)).expiresAt).toBe(END_OF_LAST_DAY);

    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/upload_pdf_template',
      headers: bearer(tokens.oscar),
      payload: { filename: 'contrato.pdf', content_base64: (await makePdf(1)).toString('base64') },
    });
    const pdfTemplateId = uploaded.json().data.id as number;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/update_pdf_content',
      headers: bearer(tokens.oscar),
      payload: {
        pdf_template_id: pdfTemplateId,
        fields: [
          { field: 'firma_1', kind: 'signature', signer: 1, page: 1, x: 60, y: 180, width: 160, height: 40 },
        ],
        signers: [{ number: 1, label: 'Firmante 1' }],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const pdf = await t.app.inject({
      method: 'POST',
      url: '/api/sign_pdf',
      headers: bearer(tokens.oscar),
      payload: {
        pdf_template_id: pdfTemplateId,
        title: 'Contrato en PDF',
        expires_at: LAST_DAY,
        signers: [{ number: 1, name: 'Pedro Pdf', email: 'pedro.pdf@plazos.test' }],
      },
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect((await storedExpiry(pdf.json().data.request_id)).expiresAt).toBe(END_OF_LAST_DAY);
  });

  it('answers that instant to the history and the signer, and the e-mails read the last minute of that day', async () => {
    const { requestId, email } = await sendSingle('dos', { expires_at: LAST_DAY, reminder_days: 1 });
    const detail = await call(tokens.oscar, 'viewSignatureRequestHistory', {
      body: { request_id: requestId },
    });
    expect(detail.data.expires_at).toBe(END_OF_LAST_DAY);

    const [invitation] = await mailsTo(t, email);
    expect(invitation!.text).toContain(`hasta el ${SHOWN}`);
    expect(invitation!.html).toContain(`hasta el ${SHOWN}`);
    expect(invitation!.text).not.toMatch(/28 de diciembre|28\/12\/2037|00:00|m\.\./);
    const token = invitation!.text.match(/\/signature-request\/([A-Za-z0-9_-]+)/)![1]!;
    const view = await call(null, 'verifyTokenSignRequest', { body: { token } });
    expect(view.status, view.message).toBe(200);
    expect(view.data.expires_at).toBe(END_OF_LAST_DAY);

    // The reminder a day later says the same.
    clock.advance(86_400_000 + 3_600_000);
    await t.deps.scheduler.tick();
    const [reminder] = await mailsTo(t, email);
    expect(reminder!.id).not.toBe(invitation!.id);
    expect(reminder!.text).toContain(`hasta el ${SHOWN}`);
  });

  it('counts a group’s expiry days to the end of that day in Bogotá', async () => {
    clock.set(new Date('2037-12-21T03:30:00Z')); // 22:30 on the 20th in Bogotá
    const { requestId } = await sendSingle('tres');
    // The group gives 10 days: the last day is 30/12/2037.
    expect((await storedExpiry(requestId)).expiresAt).toBe('2037-12-31T04:59:59.999Z');
  });

  it('keeps the request open through 23:59 of the last day, expires it after, and extends it to a new last day', async () => {
    clock.set(new Date('2037-12-21T15:00:00Z'));
    const { requestId } = await sendSingle('cuatro', { expires_at: LAST_DAY });
    clock.set(new Date('2037-12-27T23:59:00-05:00'));
    await t.deps.scheduler.tick();
    await t.deps.queue.drain();
    expect((await storedExpiry(requestId)).status).toBe('in_progress');

    clock.set(new Date('2037-12-28T00:00:00-05:00'));
    await t.deps.scheduler.tick();
    await t.deps.queue.drain();
    expect((await storedExpiry(requestId)).status).toBe('expired');

    const extended = await call(tokens.oscar, 'extendTimeLimit', {
      body: { request_id: requestId, expires_at: '2038-01-10' },
    });
    expect(extended.status, extended.message).toBe(200);
    expect(extended.data).toMatchObject({ status: 'in_progress', expires_at: '2038-01-11T04:59:59.999Z' });
  });
});
