import { randomBytes } from 'node:crypto';
import { CONSENT } from '../../../server/requests/core/consent.js';
import { TINY_PNG_BASE64 } from './signing.js';
import type { CapturedMail } from './smtpCapture.js';

/**
 * Calls to a deployment over real HTTP (through nginx in the cluster test), as the web app and
 * the signing page make them.
 */

// biome-ignore lint/suspicious/noExplicitAny: the assertions check the replies, not the types
export type Reply = { status: number; json: { data: any; message?: string } };

export function httpCaller(base: string) {
  return async (
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply> => {
    const response = await fetch(`${base}/api/${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let json: Reply['json'];
    try {
      json = JSON.parse(text);
    } catch {
      json = { data: null, message: text.slice(0, 300) };
    }
    return { status: response.status, json };
  };
}

export type HttpCaller = ReturnType<typeof httpCaller>;

/** Throws with the reply's message unless it is a 200. */
export function ok(label: string, reply: Reply): Reply {
  if (reply.status !== 200) throw new Error(`${label}: ${reply.status} ${reply.json.message ?? ''}`);
  return reply;
}

/** Waits for `condition` to hold (re-checking every `everyMs`), failing with `label` at the deadline. */
export async function until<T>(
  label: string | (() => string | Promise<string>),
  condition: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  timeoutMs = 120_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() > deadline)
      throw new Error(`No se cumplió a tiempo: ${typeof label === 'string' ? label : await label()}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** The signer token in an invitation's link `<PUBLIC_URL>/signature-request/<token>`. */
export const invitationLink = (mail: CapturedMail) =>
  mail.text.match(/(https?:\/\/[^\s"<>]+)\/signature-request\/([A-Za-z0-9_-]+)/);

/** The six-digit code in a signer's code e-mail. */
export const mailedCode = (mail: CapturedMail) => mail.subject.match(/código de verificación: (\d{6})/)?.[1];

/**
 * The signer of `token` on the signing page: opens the link, has a code mailed and proves it,
 * draws a signature and signs. `mailsTo` reads the signer's mailbox.
 */
export async function signThroughPage(
  call: HttpCaller,
  token: string,
  mailsTo: () => CapturedMail[],
): Promise<void> {
  const session = { 'x-signing-session': randomBytes(24).toString('base64url') };
  ok('abrir el enlace', await call('POST', 'verify_token_sign_request', { token }));
  const codesBefore = mailsTo().filter(mailedCode).length;
  ok('pedir el código', await call('POST', 'send_code', { token, channel: 'email' }, session));
  const code = await until(
    'el código llega por correo',
    () => mailsTo().filter(mailedCode)[codesBefore] ?? null,
    60_000,
    50,
  );
  ok('validar el código', await call('POST', 'validate_code', { token, code: mailedCode(code) }, session));
  ok(
    'subir la firma',
    await call('POST', 'upload_sign_images', { token, image: TINY_PNG_BASE64, kind: 'drawn' }, session),
  );
  ok(
    'firmar',
    await call(
      'POST',
      'do_sign_request',
      { token, consent_version: CONSENT.version, signature: { kind: 'drawn' } },
      session,
    ),
  );
}
