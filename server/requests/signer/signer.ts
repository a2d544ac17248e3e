import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, signatureRequestSigners, signatureRequests } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { HttpProblem } from '../../errors.js';
import { toE164 } from '../../notify/phone.js';
import {
  hashSignerToken,
  legacySignerTokenHash,
  readSignerToken,
  SIGNER_TOKEN_PATTERN,
} from '../core/tokens.js';

/** The signer a link names, with their request; every public signing call starts here. */

export const SIGNING_MESSAGES = {
  unknown: 'El enlace de firma no existe. Revise que lo copió completo',
  replaced: 'Este enlace fue reemplazado por uno más reciente; use el del último correo que recibió',
  cancelled: 'La solicitud de firma fue cancelada; el enlace ya no sirve',
  expired: 'La solicitud de firma venció; el enlace ya no sirve',
  finished: 'La solicitud de firma ya terminó; no hay nada pendiente',
  rejected: 'La solicitud de firma fue rechazada; el enlace ya no sirve',
  alreadySigned: 'Usted ya firmó esta solicitud',
  notYourTurn: 'Aún no es su turno de firmar; le avisaremos por correo cuando lo sea',
  copyOnly: 'Usted recibe una copia de esta solicitud; no necesita firmarla',
  authenticationRequired: 'Primero verifique su identidad con el código enviado',
  selfieRequired: 'Primero tome la foto de verificación',
  noSession: 'Falta la sesión del navegador; recargue la página',
  signatureMissing: 'Primero dibuje o cargue su firma',
  consentOutdated: 'El texto del consentimiento cambió; recargue la página y acéptelo de nuevo',
  signed: 'Firma registrada',
  rejectedDone: 'Rechazo registrado; avisamos al remitente',
} as const;

/** The consent of the signing page (its versions live with the request's evidence). */
export { CONSENT } from '../core/consent.js';

export type SignerRow = typeof signatureRequestSigners.$inferSelect;
export type RequestRow = typeof signatureRequests.$inferSelect;
export type LinkedSigner = { signer: SignerRow; request: RequestRow; company: string };

/**
 * The signer of a token, or 404. `lock` takes a row lock on the signer (inside a transaction),
 * so two concurrent signatures of one signer run one after the other.
 */
export async function signerOfToken(
  deps: Pick<Deps, 'secrets'>,
  db: Db,
  token: string,
  options: { lock?: boolean } = {},
) {
  if (!SIGNER_TOKEN_PATTERN.test(token)) throw new HttpProblem(404, SIGNING_MESSAGES.unknown);
  const query = db
    .select()
    .from(signatureRequestSigners)
    .where(eq(signatureRequestSigners.tokenHash, hashSignerToken(token)));
  const [found] = options.lock ? await query.for('update') : await query;
  const signer = found ?? (await signerOfUnmatchedToken(deps, db, token, options));
  const [row] = await db
    .select({ request: signatureRequests, company: companies.fiscalName })
    .from(signatureRequests)
    .innerJoin(companies, eq(companies.id, signatureRequests.companyId))
    .where(eq(signatureRequests.id, signer.requestId));
  if (!row) throw new HttpProblem(404, SIGNING_MESSAGES.unknown);
  return { signer, request: row.request, company: row.company } satisfies LinkedSigner;
}

/**
 * A token whose hash no signer holds. Issued by the server to a signer in an earlier round (a
 * resend replaced it): 410. The current round's link of a signer whose stored hash is of the
 * previous link format (a request sent before links carried their signer; its reminders now mail
 * the new format): that signer. Anything else: 404. The refusals say nothing about the request.
 */
async function signerOfUnmatchedToken(
  deps: Pick<Deps, 'secrets'>,
  db: Db,
  token: string,
  options: { lock?: boolean },
): Promise<SignerRow> {
  const secret = deps.secrets.sessionSecret;
  const issued = readSignerToken(secret, token);
  if (issued) {
    const query = db
      .select()
      .from(signatureRequestSigners)
      .where(eq(signatureRequestSigners.id, issued.signerId));
    const [signer] = options.lock ? await query.for('update') : await query;
    if (signer && issued.round < signer.tokenRound) throw new HttpProblem(410, SIGNING_MESSAGES.replaced);
    if (
      signer &&
      issued.round === signer.tokenRound &&
      signer.tokenHash === legacySignerTokenHash(secret, signer.id, signer.tokenRound)
    )
      return signer;
  }
  throw new HttpProblem(404, SIGNING_MESSAGES.unknown);
}

/** 410 when the request no longer takes signatures (or the signer is done), in Spanish. */
export function assertOpen(deps: Pick<Deps, 'clock'>, { request, signer }: LinkedSigner): void {
  if (request.status === 'cancelled') throw new HttpProblem(410, SIGNING_MESSAGES.cancelled);
  if (request.status === 'rejected') throw new HttpProblem(410, SIGNING_MESSAGES.rejected);
  if (request.status === 'expired' || request.expiresAt.getTime() <= deps.clock.now().getTime()) {
    throw new HttpProblem(410, SIGNING_MESSAGES.expired);
  }
  if (request.status !== 'in_progress') throw new HttpProblem(410, SIGNING_MESSAGES.finished);
  if (signer.status === 'signed') throw new HttpProblem(410, SIGNING_MESSAGES.alreadySigned);
  if (signer.status === 'rejected') throw new HttpProblem(410, SIGNING_MESSAGES.rejected);
}

/** Opens a link that may still act: found, open, the signer's own link. */
export async function openSigner(deps: Deps, db: Db, token: string, options: { lock?: boolean } = {}) {
  const linked = await signerOfToken(deps, db, token, options);
  assertOpen(deps, linked);
  return linked;
}

/**
 * The signer's turn has come: every signer (of kind signer/approver) of an earlier turn signed.
 * A parallel request gives everyone turn 1.
 */
export async function isTheirTurn(db: Db, signer: SignerRow): Promise<boolean> {
  if (signer.kind === 'copy') return false;
  const [row] = await db
    .select({ pending: sql<number>`count(*)::int` })
    .from(signatureRequestSigners)
    .where(
      and(
        eq(signatureRequestSigners.requestId, signer.requestId),
        sql`${signatureRequestSigners.turn} < ${signer.turn}`,
        sql`${signatureRequestSigners.kind} <> 'copy'`,
        sql`${signatureRequestSigners.status} <> 'signed'`,
      ),
    );
  return (row?.pending ?? 0) === 0;
}

/** The OTP channels a signer's authentication asks for (email_otp → email, …). */
export function otpChannelsOf(signer: SignerRow): ('email' | 'sms' | 'whatsapp')[] {
  const channels: ('email' | 'sms' | 'whatsapp')[] = [];
  if (signer.authentication.includes('email_otp')) channels.push('email');
  if (signer.authentication.includes('sms_otp')) channels.push('sms');
  if (signer.authentication.includes('whatsapp_otp')) channels.push('whatsapp');
  return channels;
}

/** The browser session of the `x-signing-session` header (a random id the page keeps). */
export function browserSession(headers: Record<string, string | string[] | undefined>): string {
  const value = headers['x-signing-session'];
  const session = Array.isArray(value) ? value[0] : value;
  if (!session || !/^[A-Za-z0-9_-]{32,128}$/.test(session)) {
    throw new HttpProblem(400, SIGNING_MESSAGES.noSession);
  }
  return session;
}

/** The signer's phone in E.164 (as it is texted and masked), or as typed when it cannot be read. */
export function signerPhone(defaultCountryCode: string, phone: string): string {
  try {
    return toE164(phone, defaultCountryCode);
  } catch {
    return phone;
  }
}
