import { describe, expect, it } from 'vitest';
import { OTP_RULES } from '../../security/otp.js';
import { isCodeLocked, otpSubject, roundFailures } from './otpStore.js';

describe("a signer's count of wrong codes", () => {
  const signer = (tokenRound: number, otpFailuresRound: number, otpFailures: number) => ({
    tokenRound,
    otpFailuresRound,
    otpFailures,
  });

  it("counts only in the link's current round: a resend's new round starts clean by itself", () => {
    expect(roundFailures(signer(1, 0, 0))).toBe(0);
    expect(roundFailures(signer(1, 1, 3))).toBe(3);
    expect(roundFailures(signer(2, 1, 5))).toBe(0);
    expect(isCodeLocked(signer(2, 1, 5))).toBe(false);
  });

  it('locks at the fifth wrong code of the round', () => {
    expect(isCodeLocked(signer(3, 3, OTP_RULES.maxAttempts - 1))).toBe(false);
    expect(isCodeLocked(signer(3, 3, OTP_RULES.maxAttempts))).toBe(true);
  });

  it('names the subject by signer and round, so each round has its own codes', () => {
    expect(otpSubject({ id: 7, tokenRound: 1 })).toBe('signer:7:1');
    expect(otpSubject({ id: 7, tokenRound: 2 })).not.toBe(otpSubject({ id: 7, tokenRound: 1 }));
  });
});
