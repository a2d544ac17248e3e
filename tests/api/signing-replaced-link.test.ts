import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureRequestSigners } from '../../server/db/schema/index.js';
import { createTestRequest } from '../../server/requests/core/factories.js';
import { hashSignerToken, signerToken } from '../../server/requests/core/tokens.js';
import { testDatabaseKind } from './support/database.js';
import { endpointCaller } from './support/endpointCall.js';
import { mailsTo } from './support/mailbox.js';
import { newBrowserSession, signingCaller } from './support/signing.js';
import { createTenants, type TenantIds, type TenantTokens } from './support/tenants.js';
import { createTestApp, type TestApp } from './support/testApp.js';

const REPLACED = 'Este enlace fue reemplazado por uno más reciente; use el del último correo que recibió';
const UNKNOWN = 'El enlace de firma no existe. Revise que lo copió completo';
const LINK = /\/signature-request\/([A-Za-z0-9_-]{43})/;

describe(`a signer's replaced link on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let ids: TenantIds;
  let tokens: TenantTokens;
  let call: ReturnType<typeof endpointCaller>;
  beforeAll(async () => {
    t = await createTestApp();
    ({ ids, tokens } = await createTenants(t, { password: 'Clave-Segura-2026' }));
    call = endpointCaller(t.app);
  });
  afterAll(() => t.close());

  const resend = async (signerId: number, email: string) => {
    const resent = await call(tokens.oscar, 'resendSignatureRequest', { body: { signer_id: signerId } });
    expect(resent.status).toBe(200);
    const [newest] = await mailsTo(t, email);
    const token = newest!.text.match(LINK)?.[1];
    if (!token) throw new Error(`El reenvío a ${email} no trae enlace`);
    return token;
  };

  it('answers 410 to the links of earlier rounds, with only a Spanish message, on every signing call', async () => {
    const email = 'renata.reenvio@correo.test';
    const request = await createTestRequest(t.deps, {
      companyId: ids.andina,
      createdBy: ids.elena,
      title: 'Contrato Reemplazado',
      signers: [{ name: 'Renata Reenvío', email }],
    });
    const first = request.signers[0]!.token;
    const second = await resend(request.signers[0]!.id, email);
    const current = await resend(request.signers[0]!.id, email);
    expect(new Set([first, second, current]).size).toBe(3);

    const signing = signingCaller(t, '10.40.0.1');
    expect((await signing('verify_token_sign_request', { token: current })).status).toBe(200);
    for (const token of [first, second]) {
      const replaced = await signing('verify_token_sign_request', { token });
      expect(replaced).toEqual({ status: 410, json: { message: REPLACED } });
      const session = newBrowserSession();
      for (const [path, body] of [
        ['verify_token_user', { token }],
        ['send_code', { token, channel: 'email' }],
        [
          'do_sign_request',
          {
            token,
            consent_version: 'consentimiento-2026-01',
            signature: { kind: 'typed', text: 'Renata R' },
          },
        ],
      ] as const) {
        const answer = await signing(path, body, session);
        expect(answer.status).toBe(410);
        expect(answer.json.message).toBe(REPLACED);
        expect(JSON.stringify(answer.json)).not.toMatch(/Renata|Reemplazado|correo\.test/);
      }
    }
    // The current link still works after the old ones were tried.
    const view = await signing('verify_token_sign_request', { token: current });
    expect(view.status).toBe(200);
    expect(view.json.data.title).toBe('Contrato Reemplazado');
  });

  it('keeps 404 for links that were never issued: guessed, altered, future rounds, other secrets', async () => {
    const email = 'nadia.nunca@correo.test';
    const request = await createTestRequest(t.deps, {
      companyId: ids.andina,
      createdBy: ids.elena,
      signers: [{ name: 'Nadia Nunca', email }],
    });
    const signer = request.signers[0]!;
    const current = await resend(signer.id, email);
    const secret = t.deps.secrets.sessionSecret;
    const altered = `${current.slice(0, 10)}${current[10] === 'A' ? 'B' : 'A'}${current.slice(11)}`;
    const neverIssued = [
      'A'.repeat(43),
      altered,
      signerToken(secret, signer.id, 3),
      signerToken(secret, 2_000_000_000, 1),
      signerToken('otro-secreto-de-al-menos-treinta-y-dos-caracteres', signer.id, 1),
    ];
    const signing = signingCaller(t, '10.40.0.2');
    for (const token of neverIssued) {
      expect(await signing('verify_token_sign_request', { token })).toEqual({
        status: 404,
        json: { message: UNKNOWN },
      });
    }
    expect((await signing('verify_token_sign_request', { token: signer.token })).status).toBe(410);
  });

  it('still opens a request sent with the previous link format, by its old link and by the new one', async () => {
    const email = 'lucia.legado@correo.test';
    const request = await createTestRequest(t.deps, {
      companyId: ids.andina,
      createdBy: ids.elena,
      signers: [{ name: 'Lucía Legado', email }],
    });
    const signer = request.signers[0]!;
    const secret = t.deps.secrets.sessionSecret;
    // What such a request holds: the hash of the HMAC of signer and round, written out here.
    const legacy = createHmac('sha256', secret).update(`signer-link:${signer.id}:1`).digest('base64url');
    await t.deps.database.db
      .update(signatureRequestSigners)
      .set({ tokenHash: hashSignerToken(legacy) })
      .where(eq(signatureRequestSigners.id, signer.id));
    const signing = signingCaller(t, '10.40.0.3');
    // The link first mailed, and the one its reminders mail now.
    expect((await signing('verify_token_sign_request', { token: legacy })).status).toBe(200);
    expect((await signing('verify_token_sign_request', { token: signer.token })).status).toBe(200);
    // A resend moves it to the current format: the new-format link of round 1 is known as replaced.
    const current = await resend(signer.id, email);
    expect((await signing('verify_token_sign_request', { token: current })).status).toBe(200);
    expect((await signing('verify_token_sign_request', { token: signer.token })).status).toBe(410);
    expect((await signing('verify_token_sign_request', { token: legacy })).status).toBe(404);
  });
});
