import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../errors.js';
import { MemoryOtpStore, NO_TRY, OTP_MESSAGES, OTP_RULES, OtpService, otpSecretFrom } from './otp.js';

function setup() {
  let clock = new Date('2026-03-01T15:00:00Z');
  const store = new MemoryOtpStore();
  const secret = randomBytes(32);
  const service = new OtpService({ store, secret, now: () => clock });
  return {
    store,
    secret,
    service,
    advance: (ms: number) => {
      clock = new Date(clock.getTime() + ms);
    },
  };
}

const request = {
  subject: 'solicitud-1/firmante-2',
  sessionId: 'sesion-a',
  channel: 'sms' as const,
  destination: '+573001234567',
};

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpProblem) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('se esperaba un rechazo');
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('OtpService', () => {
  it('issues six random digits and keeps only an HMAC of them', async () => {
    const { service, store } = setup();
    const issued = await service.issue(request);
    expect(issued.code).toMatch(/^\d{6}$/);
    expect(issued.maskedDestination).toBe('+57••••••4567');
    expect(issued.expiresAt.toISOString()).toBe('2026-03-01T15:10:00.000Z');
    const record = await store.current(request.subject);
    expect(record?.codeHmac).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.values(record!).map(String)).not.toContain(issued.code);
    expect(JSON.stringify(record)).not.toContain(request.sessionId);
  });

  it('draws codes uniformly enough that 300 of them are nearly all different', async () => {
    const { service, advance } = setup();
    const codes = new Set<string>();
    for (let i = 0; i < 300; i++) {
      advance(OTP_RULES.resendAfterMs);
      codes.add((await service.issue(request)).code);
    }
    expect(codes.size).toBeGreaterThan(290);
  });

  it('accepts the right code once, from the session that asked for it', async () => {
    const { service } = setup();
    const { code } = await service.issue(request);
    const verified = await service.verify({ subject: request.subject, sessionId: 'sesion-a', code });
    expect(verified).toMatchObject({ channel: 'sms', maskedDestination: '+57••••••4567' });
    expect(await refusal(service.verify({ subject: request.subject, sessionId: 'sesion-a', code }))).toEqual({
      status: 409,
      message: OTP_MESSAGES.used,
    });
  });

  it('refuses the right code from another browser session and counts the try', async () => {
    const { service, store } = setup();
    const { code } = await service.issue(request);
    expect(await refusal(service.verify({ subject: request.subject, sessionId: 'sesion-b', code }))).toEqual({
      status: 403,
      message: OTP_MESSAGES.otherSession,
    });
    expect(await store.failures(request.subject)).toBe(1);
  });

  it('is valid for ten minutes only', async () => {
    const { service, advance } = setup();
    const first = await service.issue(request);
    advance(OTP_RULES.validityMs - 1);
    await expect(service.verify({ ...request, code: first.code })).resolves.toMatchObject({ channel: 'sms' });
    advance(OTP_RULES.resendAfterMs);
    const second = await service.issue(request);
    advance(OTP_RULES.validityMs);
    expect(await refusal(service.verify({ ...request, code: second.code }))).toEqual({
      status: 410,
      message: OTP_MESSAGES.expired,
    });
  });

  it('tells how many tries are left and locks after the fifth wrong one until the sender re-issues', async () => {
    const { service, advance } = setup();
    const { code } = await service.issue(request);
    const wrong = otherCode(code);
    for (let left = 4; left >= 1; left--) {
      expect(await refusal(service.verify({ ...request, code: wrong }))).toEqual({
        status: 422,
        message: OTP_MESSAGES.wrong(left),
      });
    }
    expect(await refusal(service.verify({ ...request, code: wrong }))).toEqual({
      status: 429,
      message: OTP_MESSAGES.locked,
    });
    expect((await refusal(service.verify({ ...request, code }))).status).toBe(429);
    advance(OTP_RULES.validityMs * 2);
    expect((await refusal(service.issue(request))).message).toBe(OTP_MESSAGES.locked);
    await service.reset(request.subject);
    const fresh = await service.issue(request);
    await expect(service.verify({ ...request, code: fresh.code })).resolves.toMatchObject({ channel: 'sms' });
  });

  it('counts wrong codes over every code sent: 12 wrong codes over 3 codes lock after the fifth', async () => {
    const { service, store, advance } = setup();
    const first = await service.issue(request);
    for (let left = 4; left >= 1; left--) {
      expect(await refusal(service.verify({ ...request, code: otherCode(first.code) }))).toEqual({
        status: 422,
        message: OTP_MESSAGES.wrong(left),
      });
    }
    advance(OTP_RULES.resendAfterMs);
    // A new code starts no new count: it brings the one wrong try left, not five.
    const second = await service.issue({ ...request, channel: 'email', destination: 'ana@correo.test' });
    expect(await refusal(service.verify({ ...request, code: otherCode(second.code) }))).toEqual({
      status: 429,
      message: OTP_MESSAGES.locked,
    });
    advance(OTP_RULES.resendAfterMs);
    expect(await refusal(service.issue(request))).toEqual({ status: 429, message: OTP_MESSAGES.locked });
    expect(await refusal(service.verify({ ...request, code: second.code }))).toEqual({
      status: 429,
      message: OTP_MESSAGES.locked,
    });
    expect(await store.failures(request.subject)).toBe(OTP_RULES.maxAttempts);
  });

  it('counts wrong codes only: the right one gives its try back', async () => {
    const { service, store, advance } = setup();
    const first = await service.issue(request);
    for (let i = 0; i < 3; i++) await refusal(service.verify({ ...request, code: otherCode(first.code) }));
    await expect(service.verify({ ...request, code: first.code })).resolves.toMatchObject({ channel: 'sms' });
    expect(await store.failures(request.subject)).toBe(3);
    advance(OTP_RULES.resendAfterMs);
    const second = await service.issue(request);
    expect(await refusal(service.verify({ ...request, code: otherCode(second.code) }))).toEqual({
      status: 422,
      message: OTP_MESSAGES.wrong(1),
    });
    expect(await refusal(service.verify({ ...request, code: otherCode(second.code) }))).toEqual({
      status: 429,
      message: OTP_MESSAGES.locked,
    });
    expect(await refusal(service.verify({ ...request, code: second.code }))).toMatchObject({ status: 429 });
  });

  it('compares five of ten concurrent wrong codes and refuses the rest as locked', async () => {
    const { service, store } = setup();
    const { code } = await service.issue(request);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => refusal(service.verify({ ...request, code: otherCode(code) }))),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([422, 422, 422, 422, 429, 429, 429, 429, 429, 429]);
    expect(await store.failures(request.subject)).toBe(OTP_RULES.maxAttempts);
  });

  it('accepts the right code on the fifth try', async () => {
    const { service } = setup();
    const { code } = await service.issue(request);
    for (let i = 0; i < 4; i++) await refusal(service.verify({ ...request, code: otherCode(code) }));
    await expect(service.verify({ ...request, code })).resolves.toMatchObject({ channel: 'sms' });
  });

  it('does not count malformed input as a try', async () => {
    const { service, store } = setup();
    await service.issue(request);
    expect(await refusal(service.verify({ ...request, code: '12a456' }))).toEqual({
      status: 422,
      message: OTP_MESSAGES.malformed,
    });
    expect(await refusal(service.verify({ ...request, code: '1234567' }))).toEqual({
      status: 422,
      message: OTP_MESSAGES.malformed,
    });
    expect(await store.failures(request.subject)).toBe(0);
  });

  it('holds the limits under concurrent tries: one success, never more than five guesses', async () => {
    const { service, store } = setup();
    const { code } = await service.issue(request);
    const guesses = await Promise.allSettled(
      Array.from({ length: 20 }, () => service.verify({ ...request, code: otherCode(code) })),
    );
    expect(guesses.every((guess) => guess.status === 'rejected')).toBe(true);
    expect(await store.failures(request.subject)).toBe(OTP_RULES.maxAttempts);
    expect(await service.isLocked(request.subject)).toBe(true);

    const other = setup();
    const issued = await other.service.issue(request);
    const tries = await Promise.allSettled(
      Array.from({ length: 5 }, () => other.service.verify({ ...request, code: issued.code })),
    );
    expect(tries.filter((one) => one.status === 'fulfilled')).toHaveLength(1);
  });

  it('makes a new code wait a little and replaces the old one', async () => {
    const { service, advance } = setup();
    const first = await service.issue(request);
    expect(await refusal(service.issue(request))).toEqual({ status: 429, message: OTP_MESSAGES.tooSoon });
    advance(OTP_RULES.resendAfterMs);
    const second = await service.issue(request);
    if (first.code !== second.code)
      expect((await refusal(service.verify({ ...request, code: first.code }))).status).toBe(422);
    await expect(service.verify({ ...request, code: second.code })).resolves.toMatchObject({
      channel: 'sms',
    });
  });

  it('refuses codes checked under another server secret, and a verify with no code issued', async () => {
    const { service, store } = setup();
    const { code } = await service.issue(request);
    const clock = new Date('2026-03-01T15:01:00Z');
    const elsewhere = new OtpService({ store, secret: randomBytes(32), now: () => clock });
    // Both HMACs differ under another secret: the session one is checked first.
    expect((await refusal(elsewhere.verify({ ...request, code }))).status).toBe(403);
    expect(await refusal(service.verify({ ...request, subject: 'otra', code }))).toEqual({
      status: 409,
      message: OTP_MESSAGES.noCode,
    });
    expect(() => new OtpService({ store, secret: randomBytes(8) })).toThrow('al menos 32 bytes');
  });

  it('derives its key from the session secret: stable, 32 bytes, distinct from it', () => {
    const secret = 'x'.repeat(48);
    expect(otpSecretFrom(secret)).toEqual(otpSecretFrom(secret));
    expect(otpSecretFrom(secret)).toHaveLength(32);
    expect(Buffer.from(otpSecretFrom(secret)).toString('latin1')).not.toContain('xxxx');
    expect(otpSecretFrom(secret)).not.toEqual(otpSecretFrom('y'.repeat(48)));
  });
});

describe('MemoryOtpStore tries', () => {
  it('takes tries up to the limit, then answers locked; a given-back try can be taken again', async () => {
    const store = new MemoryOtpStore();
    const taken = [];
    for (let i = 0; i < 6; i++) taken.push(await store.takeTry('a', 5));
    expect(taken).toEqual([1, 2, 3, 4, 5, NO_TRY.locked]);
    expect(await store.failures('a')).toBe(5);
    expect(await store.takeTry('b', 5)).toBe(1);
    await store.returnTry('a');
    expect(await store.takeTry('a', 5)).toBe(5);
    await store.clear('a');
    expect(await store.failures('a')).toBe(0);
    await store.returnTry('a');
    expect(await store.failures('a')).toBe(0);
  });
});
