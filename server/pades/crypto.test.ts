import { describe, expect, it } from 'vitest';
import { randomSerialNumber } from './crypto.js';

describe('randomSerialNumber', () => {
  it('is always a positive INTEGER in minimal DER, which OpenSSL 3 and NSS accept', () => {
    // One in 256 draws used to start with 0x00 (non-minimal DER: `openssl verify` could not load
    // the certificate); 2,000 draws make missing that case vanishingly unlikely.
    for (let draw = 0; draw < 2000; draw += 1) {
      const content = new Uint8Array(randomSerialNumber().valueBlock.valueHexView);
      expect(content).toHaveLength(16);
      const first = content[0]!;
      expect(first & 0x80).toBe(0);
      expect(first).not.toBe(0);
    }
  });
});
