import { createHmac, hkdfSync, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { HttpProblem } from '../errors.js';
import { maskDestination, type OtpChannel } from './masking.js';

/**
 * One-time codes for signers: 6 digits from a CSPRNG, kept only as an HMAC under a server secret
 * (bound to the code's id and the browser session that asked), valid 10 minutes, single use.
 * Wrong codes are counted per subject (a signer in one round of their link), summed over every
 * code sent to it: after 5 the subject is locked, and only a new round (the sender re-issues the
 * request) has a clean count.
 */

export const OTP_RULES = {
  digits: 6,
  validityMs: 10 * 60_000,
  /** Wrong codes a subject may type, over all its codes, before it is locked. */
  maxAttempts: 5,
  /** A signer may ask for a new code this long after the last one. */
  resendAfterMs: 30_000,
} as const;

/** What the database keeps for the current code of one subject (a signer in one round). */
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
  usedAt: Date | null;
};

/** What `takeTry` answers when no try was counted. */
export const NO_TRY = {
  /** The subject already holds `limit` wrong tries: it is locked. */
  locked: 'locked',
  /** The subject no longer exists as such (its round is over: the link was replaced). */
  gone: 'gone',
} as const;

export type TakenTry = number | (typeof NO_TRY)[keyof typeof NO_TRY];

/**
 * Storage the endpoints implement on the database, shared by every server process. A try is
 * counted before its code is compared (`takeTry`, an atomic `UPDATE … SET n = n + 1 WHERE n <
 * limit RETURNING n`), so concurrent guesses can never compare more than `limit` wrong codes;
 * a right code gives its try back. `markUsed` is atomic too (`UPDATE … WHERE used_at IS NULL`),
 * so a code cannot be used twice.
 */
export type OtpStore = {
  current(subject: string): Promise<OtpRecord | undefined>;
  /** Replaces the subject's current code. */
  replace(record: OtpRecord): Promise<void>;
  /** The wrong tries counted for the subject, over all its codes. */
  failures(subject: string): Promise<number>;
  /** Counts one try unless the subject already holds `limit`: the new count, or why not. */
  takeTry(subject: string, limit: number): Promise<TakenTry>;
  /** Gives back a try taken by `takeTry` (its code was right: it is no wrong try). */
  returnTry(subject: string): Promise<void>;
  /** Marks the code used; false when it already was or is no longer current. */
  markUsed(subject: string, codeId: string, at: Date): Promise<boolean>;
  /** Forgets the subject's code and its count (the sender re-issued the request). */
  clear(subject: string): Promise<void>;
};

/** The in-process store: the tests' store and a model of the database implementation. */
export class MemoryOtpStore implements OtpStore {
  private readonly records = new Map<string, OtpRecord>();
  private readonly counts = new Map<string, number>();

  async current(subject: string) {
    const record = this.records.get(subject);
    return record ? { ...record } : undefined;
  }

  async replace(record: OtpRecord) {
    this.records.set(record.subject, { ...record });
  }

  async failures(subject: string) {
    return this.counts.get(subject) ?? 0;
  }

  async takeTry(subject: string, limit: number): Promise<TakenTry> {
    const count = this.counts.get(subject) ?? 0;
    if (count >= limit) return NO_TRY.locked;
    this.counts.set(subject, count + 1);
    return count + 1;
  }

  async returnTry(subject: string) {
    const count = this.counts.get(subject) ?? 0;
    if (count > 0) this.counts.set(subject, count - 1);
  }

  async markUsed(subject: string, codeId: string, at: Date) {
    const record = this.records.get(subject);
    if (!record || record.codeId !== codeId || record.usedAt) return false;
    record.usedAt = at;
    return true;
  }

  async clear(subject: string) {
    this.records.delete(subject);
    this.counts.delete(subject);
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
    const { store } = this.options;
    if (await this.isLocked(input.subject)) throw new HttpProblem(429, OTP_MESSAGES.locked);
    const previous = await store.current(input.subject);
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
      usedAt: null,
    };
    await store.replace(record);
    return {
      code,
      expiresAt: record.expiresAt,
      channel: record.channel,
      maskedDestination: record.maskedDestination,
    };
  }

  /** Whether the subject typed its last allowed wrong code: nothing but a new round unlocks it. */
  async isLocked(subject: string): Promise<boolean> {
    return (await this.options.store.failures(subject)) >= OTP_RULES.maxAttempts;
  }

  /**
   * Checks a code typed by the signer; every refusal is an HttpProblem with a Spanish message.
   * A wrong code, or the right one from another browser session, counts against the subject.
   */
  async verify(input: { subject: string; sessionId: string; code: string }): Promise<VerifiedOtp> {
    const now = this.now();
    const code = input.code.trim();
    if (!/^\d{6}$/.test(code)) throw new HttpProblem(422, OTP_MESSAGES.malformed);
    const { store } = this.options;
    if (await this.isLocked(input.subject)) throw new HttpProblem(429, OTP_MESSAGES.locked);
    const record = await store.current(input.subject);
    if (!record) throw new HttpProblem(409, OTP_MESSAGES.noCode);
    if (record.usedAt) throw new HttpProblem(409, OTP_MESSAGES.used);
    if (now.getTime() >= record.expiresAt.getTime()) throw new HttpProblem(410, OTP_MESSAGES.expired);
    // The try is counted before the code is compared: of any number of concurrent guesses, only
    // those that got one of the subject's tries are compared at all.
    const taken = await store.takeTry(input.subject, OTP_RULES.maxAttempts);
    if (taken === NO_TRY.locked) throw new HttpProblem(429, OTP_MESSAGES.locked);
    if (taken === NO_TRY.gone) throw new HttpProblem(409, OTP_MESSAGES.noCode);
    const sameSession = sameHex(record.sessionHmac, this.hmac('session', input.sessionId));
    const expected = this.hmac('code', input.subject, record.codeId, input.sessionId, code);
    const matches = sameHex(record.codeHmac, expected);
    if (!matches || !sameSession) {
      const left = OTP_RULES.maxAttempts - taken;
      if (left <= 0) throw new HttpProblem(429, OTP_MESSAGES.locked);
      if (!sameSession) throw new HttpProblem(403, OTP_MESSAGES.otherSession);
      throw new HttpProblem(422, OTP_MESSAGES.wrong(left));
    }
    // The right code is no wrong try, whether it is used now or was used a moment ago.
    await store.returnTry(input.subject);
    if (!(await store.markUsed(input.subject, record.codeId, now)))
      throw new HttpProblem(409, OTP_MESSAGES.used);
    return { channel: record.channel, maskedDestination: record.maskedDestination, verifiedAt: now };
  }

  /** The sender re-issued the request: the count, the lock and the old code are gone. */
  async reset(subject: string): Promise<void> {
    await this.options.store.clear(subject);
  }
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
