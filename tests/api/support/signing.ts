import { randomBytes } from 'node:crypto';
import { CONSENT } from '../../../server/requests/core/consent.js';
import { createTestRequest } from '../../../server/requests/core/factories.js';
import { sealRequest } from '../../../server/requests/sealing/seal.js';
import { mailsTo } from './mailbox.js';
import type { TestApp } from './testApp.js';

/** A browser session id as the signer's page keeps it. */
export const newBrowserSession = () => randomBytes(24).toString('base64url');

/** A 1×1 red PNG: the smallest signature image the server accepts and re-encodes. */
export const TINY_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

/** Calls a public signing endpoint like the signer's page: POST, JSON, the session header. */
export function signingCaller(t: TestApp, ip = '10.20.0.1') {
  return async (
    path: string,
    body: Record<string, unknown>,
    session?: string,
    headers: Record<string, string> = {},
  ) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/${path}`,
      payload: body,
      headers: { ...(session ? { 'x-signing-session': session } : {}), ...headers },
      remoteAddress: ip,
    });
    // biome-ignore lint/suspicious/noExplicitAny: the assertions check the replies, not the types
    return { status: response.statusCode, json: response.json() as { data: any; message?: string } };
  };
}

/** The six-digit code of the newest e-mail to `to` (the company's `otp_code` template). */
export async function signerCodeFrom(t: TestApp, to: string): Promise<string> {
  // Newest first; the invitation's job may have mailed after the code.
  const mails = await mailsTo(t, to);
  const code = mails.map((mail) => mail.subject.match(/código de verificación: (\d{6})/)?.[1]).find(Boolean);
  if (!code) throw new Error(`No hay código en el último correo a ${to}`);
  return code;
}

/**
 * A request whose only signer, on the signing page, proves the code mailed to them, draws a
 * signature and signs; then it is sealed. Its files are what a signed request stores.
 */
export async function signOnThePage(
  t: TestApp,
  request: { companyId: number; createdBy: number; email: string; ip?: string },
): Promise<number> {
  const { email } = request;
  const created = await createTestRequest(t.deps, {
    companyId: request.companyId,
    createdBy: request.createdBy,
    signers: [{ name: 'Firmante Código', email, authentication: ['email_otp'] }],
  });
  const call = signingCaller(t, request.ip);
  const token = created.signers[0]!.token;
  const session = newBrowserSession();
  const expectOk = async (reply: Promise<{ status: number; json: { message?: string } }>) => {
    const { status, json } = await reply;
    if (status !== 200) throw new Error(`La firma en la página falló (${status}): ${json.message}`);
  };
  await expectOk(call('send_code', { token, channel: 'email' }, session));
  const code = await signerCodeFrom(t, email);
  await expectOk(call('validate_code', { token, code }, session));
  await expectOk(call('upload_sign_images', { token, image: TINY_PNG_BASE64, kind: 'drawn' }, session));
  const signature = { token, consent_version: CONSENT.version, signature: { kind: 'drawn' } };
  await expectOk(call('do_sign_request', signature, session));
  const sealed = await sealRequest(t.deps, created.requestId);
  if (sealed !== 'sealed') throw new Error(`La solicitud ${created.requestId} no se selló: ${sealed}`);
  return created.requestId;
}
