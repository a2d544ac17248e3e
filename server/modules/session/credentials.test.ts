import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import type { Deps } from '../../deps.js';
import { maskEmail, sameDigest, secretDigest } from './credentials.js';
import { resetLink } from './password.service.js';

const deps = (env: Record<string, string> = {}) =>
  ({
    config: loadConfig(env),
    secrets: { sessionSecret: 's'.repeat(48) },
  }) as unknown as Deps;

describe('one-time secrets', () => {
  it('digests depend on the purpose and the server secret, and compare in constant time', () => {
    const code = secretDigest(deps(), 'login-code', 'abc:123456');
    expect(code).not.toContain('123456');
    expect(secretDigest(deps(), 'password-reset', 'abc:123456')).not.toBe(code);
    const otherSecret = { ...deps(), secrets: { sessionSecret: 't'.repeat(48) } } as Deps;
    expect(secretDigest(otherSecret, 'login-code', 'abc:123456')).not.toBe(code);
    expect(sameDigest(code, secretDigest(deps(), 'login-code', 'abc:123456'))).toBe(true);
    expect(sameDigest(code, `${code}x`)).toBe(false);
  });

  it('masks the e-mail a code went to', () => {
    expect(maskEmail('ana.perez@empresa.co')).toBe('a***@empresa.co');
  });

  it('builds the reset link from PUBLIC_URL, else from HOST and PORT', () => {
    expect(resetLink(deps({ PUBLIC_URL: 'https://firma.example.co/' }), 'abc')).toBe(
      'https://firma.example.co/session/recover-password?token=abc',
    );
    expect(resetLink(deps({ HOST: '0.0.0.0', PORT: '8080' }), 'a+b')).toBe(
      'http://0.0.0.0:8080/session/recover-password?token=a%2Bb',
    );
  });
});
