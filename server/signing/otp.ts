import { createHmac, hkdfSync, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { HttpProblem } from '../errors.js';
import { maskDestination, type OtpChannel } from './masking.js';

/**
 * One-time codes for signers: 6 digits from a CSPRNG, kept only as an HMAC under a server secret
 * (bound to the code's id and the browser session that asked), valid 10 minutes, single use,
 * 5 tries and then locked until the sender re-issues the request.
 */

export const OTP_RULES = {
  digits: 6,
  validityMs: 10 * 60_000,
  maxAttempts: 5,
  /** A signer may ask for a new code this long after the last one. */
  resendAfterMs: 30_000,
} as const;

/** What the database keeps for the current code of one subject (a signer of one request). */
export type OtpRecord = {
  subject: string;
  codeId: string;
  /** Hex HMAC-SHA-256 of the code, its id and the session; the code itself is never stored. */
  codeHmac: string;
  /** Hex HMAC of the browser session id, so a database reader cannot replay a session either. */
  sessionHmac: string;
  channel: OtpChannel;
  maskedDestination: string;
  issuedAt: Date;
  expiresAt: Date;
  attempts: number;
  usedAt: Date | null;
  /** Set after the last allowed wrong try; only the sender's re-issue clears it. */
  lockedAt: Date | null;
};

/**
 * Storage the endpoints implement on the database. `recordAttempt` and `markUsed` must be atomic
 * (`UPDATE … SET attempts = attempts + 1 … RETURNING`, `UPDATE … WHERE used_at IS NULL`), so
 * concurrent tries can neither exceed the limit nor use a code twice.
 */
export type OtpStore = {
  current(subject: string): Promise<OtpRecord | undefined>;
  /** Replaces the subject's current code. */
  replace(record: OtpRecord): Promise<void>;
  /** Counts one try on that code; returns the new count (0 when the code is no longer current). */
  recordAttempt(subject: string, codeId: string): Promise<number>;
  /** Marks the code used; false when it already was or is no longer current. */
  markUsed(subject: string, codeId: string, at: Date): Promise<boolean>;
  lock(subject: string, codeId: string, at: Date): Promise<void>;
  /** Forgets the subject's code and its lock (the sender re-issued the request). */
  clear(subject: string): Promise<void>;
};

/** The in-process store: the tests' store and a model of the database implementation. */
export class MemoryOtpStore implements OtpStore {
  private readonly records = new Map<string, OtpRecord>();

  async current(subject: string) {
    const record = this.records.get(subject);
    return record ? { ...record } : undefined;
  }

  async replace(record: OtpRecord) {
    this.records.set(record.subject, { ...record });
  }

  async recordAttempt(subject: string, codeId: string) {
    const record = this.records.get(subject);
    if (!record || record.codeId !== codeId) return 0;
    record.attempts += 1;
    return record.attempts;
  }

  async markUsed(subject: string, codeId: string, at: Date) {
    const record = this.records.get(subject);
    if (!record || record.codeId !== codeId || record.usedAt) return false;
    record.usedAt = at;
    return true;
  }

  async lock(subject: string, codeId: string, at: Date) {
    const record = this.records.get(subject);
    if (record && record.codeId === codeId) record.lockedAt = at;
  }

  async clear(subject: string) {
    this.records.delete(subject);
  }
}

export const OTP_MESSAGES = {
  locked:
    'Se superó el número de intentos permitidos. El enlace quedó bloqueado hasta que el remitente reenvíe la solicitud',
  tooSoon: 'Espere unos segundos antes de solicitar un nuevo código',
  noCode: 'No hay un código vigente; solicite uno nuevo',
  expired: 'El código venció; solicite uno nuevo',
  used: 'El código ya fue usado; solicite uno nuevo',
  otherSession: 'El código se solicitó desde otro navegador; solicite uno nuevo en este',
  malformed: 'El código debe tener 6 dígitos',
  wrong: (left: number) =>
    `El código no es correcto. ${left === 1 ? 'Le queda 1 intento' : `Le quedan ${left} intentos`}`,
} as const;

export type IssuedOtp = {
  /** To send to the signer, never to log or store. */
  code: string;
  expiresAt: Date;
  channel: OtpChannel;
  maskedDestination: string;
};

export type VerifiedOtp = { channel: OtpChannel; maskedDestination: string; verifiedAt: Date };

export type OtpServiceOptions = { store: OtpStore; secret: Uint8Array; now?: () => Date };

/** The codes' HMAC key, derived from the server's session secret (a separate key for a separate use). */
export function otpSecretFrom(sessionSecret: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', sessionSecret, 'rubrica', 'codigos-de-un-solo-uso', 32));
}

export class OtpService {
  private readonly now: () => Date;

  constructor(private readonly options: OtpServiceOptions) {
    if (options.secret.length < 32) throw new Error('el secreto de los códigos debe tener al menos 32 bytes');
    this.now = options.now ?? (() => new Date());
  }

  private hmac(...parts: string[]): string {
    return createHmac('sha256', this.options.secret).update(parts.join('\n')).digest('hex');
  }

  /** A new code for `subject`, replacing any earlier one; refused while locked or right after the last one. */
  async issue(input: {
    subject: string;
    sessionId: string;
    channel: OtpChannel;
    destination: string;
  }): Promise<IssuedOtp> {
    const now = this.now();
    const previous = await this.options.store.current(input.subject);
    if (previous?.lockedAt) throw new HttpProblem(429, OTP_MESSAGES.locked);
    if (
      previous &&
      !previous.usedAt &&
      now.getTime() - previous.issuedAt.getTime() < OTP_RULES.resendAfterMs
    ) {
      throw new HttpProblem(429, OTP_MESSAGES.tooSoon);
    }
    const code = String(randomInt(0, 10 ** OTP_RULES.digits)).padStart(OTP_RULES.digits, '0');
    const codeId = randomUUID();
    const record: OtpRecord = {
      subject: input.subject,
      codeId,
      codeHmac: this.hmac('code', input.subject, codeId, input.sessionId, code),
      sessionHmac: this.hmac('session', input.sessionId),
      channel: input.channel,
      maskedDestination: maskDestination(input.channel, input.destination),
      issuedAt: now,
      expiresAt: new Date(now.getTime() + OTP_RULES.validityMs),
      attempts: 0,
      usedAt: null,
      lockedAt: null,
    };
    await this.options.store.replace(record);
    return {
      code,
      expiresAt: record.expiresAt,
      channel: record.channel,
      maskedDestination: record.maskedDestination,
    };
  }

  /** Checks a code typed by the signer; every refusal is an HttpProblem with a Spanish message. */
  async verify(input: { subject: string; sessionId: string; code: string }): Promise<VerifiedOtp> {
    const now = this.now();
    const code = input.code.trim();
    if (!/^\d{6}$/.test(code)) throw new HttpProblem(422, OTP_MESSAGES.malformed);
    const { store } = this.options;
    const record = await store.current(input.subject);
    if (!record) throw new HttpProblem(409, OTP_MESSAGES.noCode);
    if (record.lockedAt) throw new HttpProblem(429, OTP_MESSAGES.locked);
    if (record.usedAt) throw new HttpProblem(409, OTP_MESSAGES.used);
    if (now.getTime() >= record.expiresAt.getTime()) throw new HttpProblem(410, OTP_MESSAGES.expired);
    const attempts = await store.recordAttempt(input.subject, record.codeId);
    if (attempts === 0) throw new HttpProblem(409, OTP_MESSAGES.noCode);
    if (attempts > OTP_RULES.maxAttempts) {
      await store.lock(input.subject, record.codeId, now);
      throw new HttpProblem(429, OTP_MESSAGES.locked);
    }
    const sameSession = sameHex(record.sessionHmac, this.hmac('session', input.sessionId));
    const expected = this.hmac('code', input.subject, record.codeId, input.sessionId, code);
    const matches = sameHex(record.codeHmac, expected);
    if (!matches || !sameSession) {
      const left = OTP_RULES.maxAttempts - attempts;
      if (left <= 0) {
        await store.lock(input.subject, record.codeId, now);
        throw new HttpProblem(429, OTP_MESSAGES.locked);
      }
      if (!sameSession) throw new HttpProblem(403, OTP_MESSAGES.otherSession);
      throw new HttpProblem(422, OTP_MESSAGES.wrong(left));
    }
    if (!(await store.markUsed(input.subject, record.codeId, now)))
      throw new HttpProblem(409, OTP_MESSAGES.used);
    return { channel: record.channel, maskedDestination: record.maskedDestination, verifiedAt: now };
  }

  /** The sender re-issued the request: the lock and the old code are gone. */
  async reset(subject: string): Promise<void> {
    await this.options.store.clear(subject);
  }
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
