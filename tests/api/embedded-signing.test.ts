import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRAME_ORIGIN_MESSAGES, MAX_FRAME_ORIGINS } from '../../contract/frameOrigins.js';
import { assignPlan, createPlan } from '../../server/db/factories.js';
import {
  companyFeatures,
  idempotencyKeys,
  signatureRequestEvents,
  signatureRequestSigners,
  signatureRequests,
} from '../../server/db/schema/index.js';
import { insertApiKey } from '../../server/modules/apiKeys/apiKeys.service.js';
import { createBulkGroup, sampleBulkRow } from '../../server/requests/bulk/factories.js';
import { sendDueReminders } from '../../server/requests/history/schedule.js';
import { makePdf } from '../../server/uploads/testing/files.js';
import { testDatabaseKind } from './support/database.js';
import { freshIp, mailsTo } from './support/mailbox.js';
import { createSendingGroup, type SendingGroup, sendingBody } from './support/sendingGroup.js';
import { createTenants, type TenantIds, type TenantTokens } from './support/tenants.js';
import { bearer, createTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Embebida-2026';
const PORTAL = 'https://portal.andina.example.co';
const LOCAL = 'http://127.0.0.1:5173';

let t: TestApp;
let ids: TenantIds;
let tokens: TenantTokens;
let groups: { andina: SendingGroup; caribe: SendingGroup };
const keys = { andina: '', caribe: '', revoked: '' };
const webRoot = mkdtempSync(join(tmpdir(), 'rubrica-embed-web-'));

beforeAll(async () => {
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Rúbrica</title><div id="root"></div>');
  t = await createTestApp({ webRoot });
  ({ ids, tokens } = await createTenants(t, { password: PASSWORD }));
  const db = t.deps.database.db;
  const plan = await createPlan(db, { name: 'Embebida', signatures: 100 });
  const carla = await t.signin('carla@caribe.test', PASSWORD);
  for (const companyId of [ids.andina, ids.caribe]) {
    await assignPlan(db, { companyId, planId: plan, startsAt: new Date(Date.now() - 86_400_000) });
    await db.insert(companyFeatures).values({ companyId, feature: 'api_access', enabled: true });
  }
  groups = {
    andina: await createSendingGroup(t, { companyId: ids.andina, adminToken: tokens.elena }),
    caribe: await createSendingGroup(t, { companyId: ids.caribe, adminToken: carla }),
  };
  const issue = async (companyId: number, name: string) =>
    (await insertApiKey(db, { companyId, name, createdBy: null, now: new Date() })).key;
  keys.andina = await issue(ids.andina, 'Portal');
  keys.caribe = await issue(ids.caribe, 'Portal');
  keys.revoked = await issue(ids.andina, 'Revocada');
  const revoked = await t.app.inject({
    method: 'GET',
    url: `/api/company_api_keys/${ids.andina}`,
    headers: bearer(tokens.elena),
  });
  const revokedId = (revoked.json().data as { id: number; name: string }[]).find(
    (key) => key.name === 'Revocada',
  )!.id;
  const revoke = await t.app.inject({
    method: 'POST',
    url: `/api/company_api_keys/revoke/${revokedId}`,
    headers: bearer(tokens.elena),
  });
  expect(revoke.statusCode).toBe(200);
});
afterAll(() => t.close());

type Call = {
  method?: 'GET' | 'PUT' | 'POST';
  url: string;
  payload?: object;
  headers: Record<string, string>;
};
const api = async ({ method = 'GET', url, payload, headers }: Call) => {
  const response = await t.app.inject({
    method,
    url: `/api/${url}`,
    payload,
    headers,
    remoteAddress: freshIp(),
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
};
const withKey = (key: string) => ({ 'x-api-key': key });
const putEmbedding = (
  headers: Record<string, string>,
  companyId: number,
  frameOrigins: unknown[],
  inReply = true,
) =>
  api({
    method: 'PUT',
    url: `company_embedding/${companyId}`,
    payload: { frame_origins: frameOrigins, signer_links_in_reply: inReply },
    headers,
  });
const tokenOf = (url: string) => url.split('/signature-request/')[1]!;
const nextMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

describe(`embedded signing settings on ${testDatabaseKind}`, () => {
  it.each([
    ['an RTL override (U+202E)', `https://portal\u202E.example.co`, FRAME_ORIGIN_MESSAGES.characters],
    ['4,000 characters', `https://${'a'.repeat(3992)}`, FRAME_ORIGIN_MESSAGES.tooLong],
    ['plain http to a public host', 'http://portal.example.co', FRAME_ORIGIN_MESSAGES.https],
    ['a wildcard', 'https://*.example.co', FRAME_ORIGIN_MESSAGES.wildcard],
    ['a path', 'https://portal.example.co/firmas', FRAME_ORIGIN_MESSAGES.shape],
    ['a user', 'https://ana@portal.example.co', FRAME_ORIGIN_MESSAGES.shape],
    ['a query', 'https://portal.example.co?x=1', FRAME_ORIGIN_MESSAGES.shape],
    ['another scheme', 'ftp://portal.example.co', FRAME_ORIGIN_MESSAGES.https],
    ['no host', 'https://', FRAME_ORIGIN_MESSAGES.shape],
    ['an empty line', '  ', FRAME_ORIGIN_MESSAGES.empty],
    ['a bare word', 'portal', FRAME_ORIGIN_MESSAGES.shape],
  ])('refuses %s with 422 and a Spanish reason by the field', async (_, origin, message) => {
    const refused = await putEmbedding(withKey(keys.andina), ids.andina, [PORTAL, origin]);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ 'frame_origins.1': message });
  });

  it('refuses more than ten origins, and anything but a list of texts', async () => {
    const many = Array.from({ length: MAX_FRAME_ORIGINS + 1 }, (_, index) => `https://p${index}.example.co`);
    const tooMany = await putEmbedding(withKey(keys.andina), ids.andina, many);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toEqual({ frame_origins: FRAME_ORIGIN_MESSAGES.tooMany });
    expect((await putEmbedding(withKey(keys.andina), ids.andina, [42])).status).toBe(422);
  });

  it('saves the origins as browsers write them, without repeats, through the key or the session', async () => {
    const saved = await putEmbedding(withKey(keys.andina), ids.andina, [
      'HTTPS://Portal.Andina.Example.CO:443/',
      PORTAL,
      'http://LOCALHOST:8080',
      'http://[::1]:3000',
      LOCAL,
    ]);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({
      frame_origins: [PORTAL, 'http://localhost:8080', 'http://[::1]:3000', LOCAL],
      signer_links_in_reply: true,
    });
    const bySession = await putEmbedding(bearer(tokens.elena), ids.andina, [PORTAL, LOCAL]);
    expect(bySession.status).toBe(200);
    const read = await api({ url: `company_embedding/${ids.andina}`, headers: withKey(keys.andina) });
    expect(read.body.data).toEqual({ frame_origins: [PORTAL, LOCAL], signer_links_in_reply: true });
  });

  it("answers 404 for another company's settings, 403 to a revoked key and to a user without the permission", async () => {
    expect(
      (await api({ url: `company_embedding/${ids.caribe}`, headers: withKey(keys.andina) })).status,
    ).toBe(404);
    expect((await putEmbedding(withKey(keys.andina), ids.caribe, [PORTAL])).status).toBe(404);
    expect(
      (await api({ url: `company_embedding/${ids.andina}`, headers: withKey(keys.revoked) })).status,
    ).toBe(403);
    expect((await putEmbedding(withKey(keys.revoked), ids.andina, [PORTAL])).status).toBe(403);
    expect((await putEmbedding(bearer(tokens.oscar), ids.andina, [PORTAL])).status).toBe(403);
  });
});

describe(`signer links in the API reply and framing on ${testDatabaseKind}`, () => {
  let andinaLink = '';
  let caribeLink = '';
  let ireneLink: { signerId: number; url: string } = { signerId: 0, url: '' };

  beforeAll(async () => {
    expect((await putEmbedding(withKey(keys.andina), ids.andina, [PORTAL, LOCAL])).status).toBe(200);
    expect((await putEmbedding(withKey(keys.caribe), ids.caribe, [], false)).status).toBe(200);
  });

  it('answers a send by the key with each signer link and e-mails no invitation', async () => {
    const sent = await api({
      method: 'POST',
      url: 'process_signature_request',
      payload: sendingBody(groups.andina.packageId, {
        signers: [
          { number: 1, name: 'Ana Embebida', email: 'ana.embebida@correo.test' },
          { number: 2, name: 'Germán Embebido', email: 'german.embebido@correo.test' },
        ],
        reminder_days: 1,
      }),
      headers: withKey(keys.andina),
    });
    expect(sent.status).toBe(200);
    const requestId = sent.body.data.request_id as number;
    const signers = await t.deps.database.db
      .select()
      .from(signatureRequestSigners)
      .where(eq(signatureRequestSigners.requestId, requestId));
    const idOf = (email: string) => signers.find((signer) => signer.email === email)!.id;
    expect(sent.body.data.signerLinks).toEqual([
      {
        signerId: idOf('ana.embebida@correo.test'),
        email: 'ana.embebida@correo.test',
        name: 'Ana Embebida',
        url: expect.stringMatching(/^http:\/\/.+\/signature-request\/[A-Za-z0-9_-]{43}$/),
      },
      {
        signerId: idOf('german.embebido@correo.test'),
        email: 'german.embebido@correo.test',
        name: 'Germán Embebido',
        url: expect.stringMatching(/\/signature-request\/[A-Za-z0-9_-]{43}$/),
      },
    ]);
    andinaLink = sent.body.data.signerLinks[0].url;
    expect(await mailsTo(t, 'ana.embebida@correo.test')).toEqual([]);
    // The first signer is invited (status and event) without an e-mail; no reminder goes out either.
    const [invited] = await t.deps.database.db
      .select()
      .from(signatureRequestEvents)
      .where(
        and(eq(signatureRequestEvents.requestId, requestId), eq(signatureRequestEvents.action, 'invited')),
      );
    expect(invited?.details).toMatchObject({ delivered_by: 'company' });
    await t.deps.database.db
      .update(signatureRequests)
      .set({ createdAt: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(signatureRequests.id, requestId));
    await sendDueReminders(t.deps);
    expect(await mailsTo(t, 'ana.embebida@correo.test')).toEqual([]);

    // The link opens the signer's view, which names the origins that may frame it.
    const view = await api({
      method: 'POST',
      url: 'verify_token_sign_request',
      payload: { token: tokenOf(andinaLink) },
      headers: {},
    });
    expect(view.status).toBe(200);
    expect(view.body.data.embedding).toEqual({
      origins: [PORTAL, LOCAL],
      signer_id: idOf('ana.embebida@correo.test'),
    });
  });

  it('replays an idempotent send with its links, keeping none of them stored', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/process_signature_request',
        payload: sendingBody(groups.andina.packageId, {
          signers: [
            { number: 1, name: 'Irene Idempotente', email: 'irene.idem@correo.test' },
            { number: 2, name: 'Germán Gerente', email: 'german.gerente@correo.test' },
          ],
        }),
        headers: { ...withKey(keys.andina), 'idempotency-key': 'embebida-idempotente-0001' },
      });
    const first = await send();
    const again = await send();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.signerLinks).toEqual(first.json().data.signerLinks);
    ireneLink = first.json().data.signerLinks[0];
    const [kept] = await t.deps.database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, 'embebida-idempotente-0001'));
    const stored = JSON.stringify(kept?.responseBody);
    expect(stored).toContain('irene.idem@correo.test');
    expect(stored).not.toContain('/signature-request/');
  });

  it('keeps e-mail and no links for a session send, and for a company that did not ask', async () => {
    const bySession = await api({
      method: 'POST',
      url: 'process_signature_request',
      payload: sendingBody(groups.andina.packageId, {
        signers: [
          { number: 1, name: 'Sara Sesión', email: 'sara.sesion@correo.test' },
          { number: 2, name: 'Germán Gerente', email: 'german.gerente@correo.test' },
        ],
      }),
      headers: bearer(tokens.elena),
    });
    expect(bySession.status).toBe(200);
    expect(bySession.body.data.signerLinks).toBeUndefined();
    expect(await mailsTo(t, 'sara.sesion@correo.test')).toHaveLength(1);

    const caribe = await api({
      method: 'POST',
      url: 'process_signature_request',
      payload: sendingBody(groups.caribe.packageId, {
        signers: [
          { number: 1, name: 'Cata Caribe', email: 'cata.caribe@correo.test' },
          { number: 2, name: 'Germán Gerente', email: 'german.gerente@correo.test' },
        ],
      }),
      headers: withKey(keys.caribe),
    });
    expect(caribe.status).toBe(200);
    expect(caribe.body.data.signerLinks).toBeUndefined();
    const [invitation] = await mailsTo(t, 'cata.caribe@correo.test');
    caribeLink = invitation!.text.match(/http\S+\/signature-request\/[A-Za-z0-9_-]{43}/)![0];
  });

  it("lets the company's origins frame its signer's page, and no one else's", async () => {
    const page = (url: string) => t.app.inject({ url, headers: { accept: 'text/html' } });
    const embedded = await page(new URL(andinaLink).pathname);
    expect(embedded.statusCode).toBe(200);
    expect(embedded.headers['content-security-policy']).toContain(
      `frame-ancestors 'self' ${PORTAL} ${LOCAL}`,
    );
    expect(embedded.headers['x-frame-options']).toBeUndefined();
    expect(embedded.headers['permissions-policy']).toBe(
      `camera=(self "${PORTAL}" "${LOCAL}"), microphone=(), geolocation=()`,
    );

    for (const url of [
      new URL(caribeLink).pathname,
      `/signature-request/${'A'.repeat(43)}`,
      '/signature-request/no-es-un-enlace',
      '/session/login',
      `/list-documents/${tokenOf(andinaLink)}`,
    ]) {
      const response = await page(url);
      expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['permissions-policy'], url).toBe(
        'camera=(self), microphone=(), geolocation=()',
      );
    }
    // The API replies the page reads are never framed (JSON), and keep 'none' too.
    const view = await api({
      method: 'POST',
      url: 'verify_token_sign_request',
      payload: { token: tokenOf(andinaLink) },
      headers: {},
    });
    expect(view.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('answers a PDF sent by the key with its signer link', async () => {
    const db = t.deps.database.db;
    await db.insert(companyFeatures).values({ companyId: ids.andina, feature: 'pdf_to_sign', enabled: true });
    const key = withKey(keys.andina);
    const uploaded = await api({
      method: 'POST',
      url: 'upload_pdf_template',
      payload: { filename: 'contrato.pdf', content_base64: (await makePdf(1)).toString('base64') },
      headers: key,
    });
    expect(uploaded.status).toBe(200);
    const placed = await api({
      method: 'PUT',
      url: 'update_pdf_content',
      payload: {
        pdf_template_id: uploaded.body.data.id,
        fields: [
          { field: 'firma_1', kind: 'signature', signer: 1, page: 1, x: 60, y: 180, width: 160, height: 40 },
        ],
        signers: [{ number: 1, label: 'Firmante 1' }],
      },
      headers: key,
    });
    expect(placed.status).toBe(200);
    const sent = await api({
      method: 'POST',
      url: 'sign_pdf',
      payload: {
        pdf_template_id: uploaded.body.data.id,
        title: 'PDF embebido',
        expires_at: nextMonth(),
        signers: [{ number: 1, name: 'Pía Pdf', email: 'pia.pdf@correo.test' }],
      },
      headers: key,
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data.signerLinks).toEqual([
      expect.objectContaining({ email: 'pia.pdf@correo.test', name: 'Pía Pdf' }),
    ]);
    expect(await mailsTo(t, 'pia.pdf@correo.test')).toEqual([]);
  });

  it("gives a bulk batch's links to the key that sent it, as its requests are made, and e-mails none", async () => {
    const db = t.deps.database.db;
    const group = await createBulkGroup(db, { companyId: ids.andina, name: 'Embebido' });
    const key = withKey(keys.andina);
    const rows = [sampleBulkRow(1, 'embebido.test'), sampleBulkRow(2, 'embebido.test')];
    const imported = await api({
      method: 'POST',
      url: 'import_documents_packages_rows',
      payload: { document_package_id: group.packageId, rows },
      headers: key,
    });
    expect(imported.status).toBe(200);
    const batchId = imported.body.data.id as number;
    const sent = await api({
      method: 'POST',
      url: 'process_signature_request_multiple',
      payload: { batch_id: batchId },
      headers: key,
    });
    expect(sent.status).toBe(200);
    await t.deps.queue.drain();
    const progress = await api({
      method: 'POST',
      url: 'generate_multiple_sign_request',
      payload: { batch_id: batchId },
      headers: key,
    });
    expect(progress.status).toBe(200);
    const requests = await db
      .select({ id: signatureRequests.id })
      .from(signatureRequests)
      .where(eq(signatureRequests.batchId, batchId));
    expect(requests).toHaveLength(2);
    expect(progress.body.data.signerLinks).toEqual(
      ['firmante1@embebido.test', 'firmante2@embebido.test'].map((email) =>
        expect.objectContaining({
          requestId: expect.any(Number),
          email,
          url: expect.stringMatching(/\/signature-request\/[A-Za-z0-9_-]{43}$/),
        }),
      ),
    );
    expect(await mailsTo(t, 'firmante1@embebido.test')).toEqual([]);
    // The company's staff following the batch on screen never sees the links.
    const bySession = await api({
      method: 'POST',
      url: 'generate_multiple_sign_request',
      payload: { batch_id: batchId },
      headers: bearer(tokens.elena),
    });
    expect(bySession.status).toBe(200);
    expect(bySession.body.data.signerLinks).toBeUndefined();
  });

  it("answers a resend by the key with the signer's new link, and e-mails nothing", async () => {
    const resent = await api({
      method: 'POST',
      url: 'resend_signature_request',
      payload: { signer_id: ireneLink.signerId },
      headers: withKey(keys.andina),
    });
    expect(resent.status).toBe(200);
    const [link] = resent.body.data.signerLinks;
    expect(link).toMatchObject({ signerId: ireneLink.signerId, email: 'irene.idem@correo.test' });
    expect(link.url).not.toBe(ireneLink.url);
    expect(await mailsTo(t, 'irene.idem@correo.test')).toEqual([]);
    const old = await api({
      method: 'POST',
      url: 'verify_token_sign_request',
      payload: { token: tokenOf(ireneLink.url) },
      headers: {},
    });
    expect(old.status).toBe(410);
  });
});
