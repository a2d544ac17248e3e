import { describe, expect, it } from 'vitest';
import { codesByChannel, toGigabytes } from './statistics.service.js';

describe('toGigabytes', () => {
  it('writes bytes as GB with at most three decimals and no trailing zeros', () => {
    expect(toGigabytes(0)).toBe('0');
    expect(toGigabytes(1.5 * 1024 ** 3)).toBe('1.5');
    expect(toGigabytes(123_456_789)).toBe('0.115');
    expect(toGigabytes(500 * 1024 ** 3)).toBe('500');
    expect(toGigabytes(1)).toBe('0');
  });
});

describe('codesByChannel', () => {
  it('groups the flat figures of the query by channel', () => {
    expect(
      codesByChannel({
        email_sent: 5,
        email_validated: 3,
        email_failed: 1,
        sms_sent: 2,
        sms_validated: 0,
        sms_failed: 2,
        whatsapp_sent: 0,
        whatsapp_validated: 0,
        whatsapp_failed: 0,
      }),
    ).toEqual({
      email: { sent: 5, validated: 3, failed: 1 },
      sms: { sent: 2, validated: 0, failed: 2 },
      whatsapp: { sent: 0, validated: 0, failed: 0 },
    });
  });
});
