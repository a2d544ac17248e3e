import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { signatureRequestSigners } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { HttpProblem } from '../../errors.js';
import { renderCompanyEmail } from '../../modules/companies/emailTemplates.service.js';
import { messageSendersFrom, otpMessageBody } from '../../notify/index.js';
import type { OtpChannel } from '../../security/masking.js';
import { OTP_RULES, OtpService, otpSecretFrom } from '../../security/otp.js';
import { appendRequestEvent } from '../core/events.js';
import { DatabaseOtpStore, isCodeLocked, otpSubject } from './otpStore.js';
import {
  isTheirTurn,
  type LinkedSigner,
  openSigner,
  otpChannelsOf,
  SIGNING_MESSAGES,
  signerPhone,
} from './signer.js';

/**
 * The signer's authentication: a one-time code by e-mail, SMS or WhatsApp bound to the browser
 * session that asked for it. A validated code authenticates that session for `AUTH_WINDOW_MS`,
 * until it signs or `updated_code_as_used` closes it.
 */

export const AUTH_WINDOW_MS = 30 * 60_000;

export const AUTH_MESSAGES = {
  channelNotAsked: 'Este medio de verificación no está habilitado para usted',
  channelUnavailable: 'Este medio de verificación no está disponible por ahora; elija otro',
  noPhone: 'La solicitud no tiene un número de celular para enviarle el código',
  noCodeNeeded: 'Esta solicitud no pide código de verificación',
  sent: (to: string) => `Enviamos un código a ${to}`,
  validated: 'Identidad verificada',
  closed: 'Verificación cerrada',
} as const;

type Context = { ip: string; userAgent: string | undefined };

/** `db`: the caller's transaction when there is one (PGlite has a single connection). */
export function otpServiceOf(deps: Deps, db: Db = deps.database.db) {
  const store = new DatabaseOtpStore(db, deps.config.SMS_DEFAULT_COUNTRY_CODE);
  const secret = otpSecretFrom(deps.secrets.sessionSecret);
  return { store, secret, service: new OtpService({ store, secret, now: () => deps.clock.now() }) };
}

const sessionHmac = (secret: Uint8Array, sessionId: string) =>
  createHmac('sha256', secret).update(['session', sessionId].join('\n')).digest('hex');

/** Whether this browser session passed the signer's required authentication (codes and selfie). */
export async function isAuthenticated(
  deps: Deps,
  db: Db,
  signer: LinkedSigner['signer'],
  sessionId: string | null,
) {
  if (signer.authentication.includes('selfie') && !signer.selfieKey) return false;
  if (otpChannelsOf(signer).length === 0) return true;
  if (!sessionId) return false;
  // Five wrong codes in this round lock the link, even for a session that passed before.
  if (isCodeLocked(signer)) return false;
  const { store, secret } = otpServiceOf(deps, db);
  const code = await store.latest(signer);
  if (!code?.usedAt) return false;
  if (code.sessionHash !== sessionHmac(secret, sessionId)) return false;
  // `updated_code_as_used` closes an authentication by moving the code's expiry to its use.
  if (code.expiresAt.getTime() <= code.usedAt.getTime()) return false;
  return deps.clock.now().getTime() < code.usedAt.getTime() + AUTH_WINDOW_MS;
}

/** Refuses a signature (or rejection) that lacks the required authentication in this session. */
export async function assertAuthenticated(
  deps: Deps,
  db: Db,
  signer: LinkedSigner['signer'],
  sessionId: string,
) {
  if (await isAuthenticated(deps, db, signer, sessionId)) return;
  if (signer.authentication.includes('selfie') && !signer.selfieKey) {
    throw new HttpProblem(403, SIGNING_MESSAGES.selfieRequired);
  }
  throw new HttpProblem(403, SIGNING_MESSAGES.authenticationRequired);
}

async function deliver(deps: Deps, linked: LinkedSigner, channel: OtpChannel, code: string) {
  const { signer, request } = linked;
  if (channel === 'email') {
    const message = await renderCompanyEmail(deps, request.companyId, 'otp_code', {
      signer_name: signer.name,
      document_name: request.title,
      code,
    });
    // The signer waits on the signing page for it: ahead of any backlog of invitations and notices.
    await deps.mailer.send(
      { to: signer.email, subject: message.subject, text: message.text, html: message.html },
      { urgent: true },
    );
    return;
  }
  const sender = messageSendersFrom(deps.config)[channel];
  if (!sender) throw new HttpProblem(503, AUTH_MESSAGES.channelUnavailable);
  await sender({ to: signer.phone!, code, body: otpMessageBody(code) });
}

/** send_code / resend_code: a fresh code to the chosen channel, bound to this browser session. */
export async function sendSignerCode(
  deps: Deps,
  input: { token: string; channel: OtpChannel; sessionId: string } & Context,
) {
  const linked = await openSigner(deps, deps.database.db, input.token);
  const { signer, request } = linked;
  if (!(await isTheirTurn(deps.database.db, signer)))
    throw new HttpProblem(409, SIGNING_MESSAGES.notYourTurn);
  const channels = otpChannelsOf(signer);
  if (channels.length === 0) throw new HttpProblem(409, AUTH_MESSAGES.noCodeNeeded);
  if (!channels.includes(input.channel)) throw new HttpProblem(422, AUTH_MESSAGES.channelNotAsked);
  if (input.channel !== 'email') {
    if (!signer.phone) throw new HttpProblem(422, AUTH_MESSAGES.noPhone);
    if (!messageSendersFrom(deps.config)[input.channel]) {
      throw new HttpProblem(503, AUTH_MESSAGES.channelUnavailable);
    }
  }
  const { service } = otpServiceOf(deps);
  const issued = await service.issue({
    subject: otpSubject(signer),
    sessionId: input.sessionId,
    channel: input.channel,
    destination:
      input.channel === 'email'
        ? signer.email
        : signerPhone(deps.config.SMS_DEFAULT_COUNTRY_CODE, signer.phone!),
  });
  await deliver(deps, linked, input.channel, issued.code);
  await deps.database.db.transaction((tx) =>
    appendRequestEvent(tx, {
      requestId: request.id,
      signerId: signer.id,
      action: 'otp_sent',
      details: { channel: issued.channel, destination: issued.maskedDestination },
      ip: input.ip,
      userAgent: input.userAgent ?? null,
    }),
  );
  return {
    channel: issued.channel,
    sent_to: issued.maskedDestination,
    expires_in_seconds: OTP_RULES.validityMs / 1000,
  };
}

/** validate_code: the code typed in the session that asked for it; the channel goes into the evidence. */
export async function validateSignerCode(
  deps: Deps,
  input: { token: string; code: string; sessionId: string } & Context,
) {
  const { db } = deps.database;
  const { signer, request } = await openSigner(deps, db, input.token);
  const { service } = otpServiceOf(deps);
  const event = {
    requestId: request.id,
    signerId: signer.id,
    ip: input.ip,
    userAgent: input.userAgent ?? null,
  };
  let verified: Awaited<ReturnType<OtpService['verify']>>;
  try {
    verified = await service.verify({
      subject: otpSubject(signer),
      sessionId: input.sessionId,
      code: input.code,
    });
  } catch (error) {
    if (error instanceof HttpProblem) {
      await db.transaction((tx) =>
        appendRequestEvent(tx, { ...event, action: 'otp_failed', details: { status: error.statusCode } }),
      );
    }
    throw error;
  }
  await db.transaction(async (tx) => {
    await tx
      .update(signatureRequestSigners)
      .set({ otpChannel: verified.channel, otpDestination: verified.maskedDestination })
      .where(eq(signatureRequestSigners.id, signer.id));
    await appendRequestEvent(tx, {
      ...event,
      action: 'otp_validated',
      details: { channel: verified.channel, destination: verified.maskedDestination },
    });
  });
  return { channel: verified.channel, sent_to: verified.maskedDestination };
}

/** updated_code_as_used: this session's authentication ends (the validated code is spent). */
export async function closeSignerAuthentication(deps: Deps, input: { token: string; sessionId: string }) {
  const { db } = deps.database;
  const { signer } = await openSigner(deps, db, input.token);
  const { store, secret } = otpServiceOf(deps);
  const code = await store.latest(signer);
  if (!code?.usedAt || code.sessionHash !== sessionHmac(secret, input.sessionId)) {
    throw new HttpProblem(409, SIGNING_MESSAGES.authenticationRequired);
  }
  await store.closeAuthentication(code.id, code.usedAt);
}
