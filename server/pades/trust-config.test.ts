import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { trustConfigFrom } from './trust-config.js';

describe('trustConfigFrom', () => {
  it('passes the sealing variables through', () => {
    expect(
      trustConfigFrom(
        loadConfig({
          TSA_URL: 'https://tsa.example.co/tsr',
          TSA_TRUSTED_ROOTS_PATH: '/etc/tsa.pem',
          SIGNING_TRUSTED_ROOTS_PATH: '/etc/roots.pem',
        }),
      ),
    ).toMatchObject({
      tsaUrl: 'https://tsa.example.co/tsr',
      tsaTrustedRootsPath: '/etc/tsa.pem',
      trustedRootsPath: '/etc/roots.pem',
    });
    expect(trustConfigFrom(loadConfig({}))).toEqual(
      expect.objectContaining({ tsaUrl: undefined, sealCertificatePath: undefined }),
    );
  });

  it('refuses pairs that only work together', () => {
    expect(() => trustConfigFrom(loadConfig({ SEAL_CERT_PATH: '/a.pem' }))).toThrow(
      'SEAL_CERT_PATH y SEAL_KEY_PATH van juntos',
    );
    expect(() => trustConfigFrom(loadConfig({ TSA_URL: 'https://tsa.example.co' }))).toThrow(
      'TSA_URL requiere TSA_TRUSTED_ROOTS_PATH',
    );
    expect(() =>
      trustConfigFrom(
        loadConfig({ SEAL_CERT_PATH: '/a.pem', SEAL_KEY_PATH: '/a.key', SEAL_P12_PATH: '/a.p12' }),
      ),
    ).toThrow('no ambos');
    expect(() => loadConfig({ TSA_URL: 'ftp://tsa' })).toThrow('TSA_URL');
  });
});
