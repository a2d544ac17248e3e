import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../errors.js';
import { secretBox } from './secretBox.js';
import { signatureHeader, verifySignature } from './signature.js';
import { checkWebhookUrl } from './url.js';

describe('webhook signature', () => {
  const secret = 'whsec_prueba';
  const body = '{"id":"e1","type":"request.signed"}';

  it('is HMAC-SHA256 over "timestamp.body", in hex, with the timestamp beside it', () => {
    const expected = createHmac('sha256', secret).update(`1795000000.${body}`).digest('hex');
    expect(signatureHeader(secret, 1795000000, body)).toBe(`t=1795000000,v1=${expected}`);
  });

  it('verifies a fresh signature and refuses a changed body, another secret or an old timestamp', () => {
    const header = signatureHeader(secret, 1795000000, body);
    expect(verifySignature(header, body, secret, { nowSeconds: 1795000100 })).toBe(true);
    expect(verifySignature(header, `${body} `, secret, { nowSeconds: 1795000100 })).toBe(false);
    expect(verifySignature(header, body, 'otro', { nowSeconds: 1795000100 })).toBe(false);
    expect(verifySignature(header, body, secret, { nowSeconds: 1795000301 })).toBe(false);
    expect(verifySignature('t=1795000000,v1=zz', body, secret, { nowSeconds: 1795000000 })).toBe(false);
    expect(verifySignature(undefined, body, secret)).toBe(false);
  });
});

describe('webhook secret box', () => {
  it('opens what it sealed, with a fresh nonce each time, and refuses tampering or another key', () => {
    const box = secretBox('s'.repeat(48));
    const sealed = box.seal('whsec_abc');
    expect(sealed).not.toContain('whsec_abc');
    expect(box.seal('whsec_abc')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('whsec_abc');
    const parts = sealed.split('.');
    const flipped = `${parts[3]![0] === 'A' ? 'B' : 'A'}${parts[3]!.slice(1)}`;
    expect(() => box.open([...parts.slice(0, 3), flipped].join('.'))).toThrow();
    expect(() => secretBox('t'.repeat(48)).open(sealed)).toThrow();
  });
});

describe('webhook address check', () => {
  const refusal = (url: string) => {
    try {
      checkWebhookUrl(url);
    } catch (error) {
      expect(error).toBeInstanceOf(HttpProblem);
      expect((error as HttpProblem).statusCode).toBe(422);
      return (error as HttpProblem).message;
    }
    throw new Error(`aceptó ${url}`);
  };

  it('accepts http and https addresses', () => {
    expect(checkWebhookUrl(' https://cliente.example.co/hooks?x=1 ')).toBe(
      'https://cliente.example.co/hooks?x=1',
    );
    expect(checkWebhookUrl('http://127.0.0.1:8080/r')).toBe('http://127.0.0.1:8080/r');
  });

  it('refuses other schemes, credentials, garbage and very long addresses, in Spanish', () => {
    expect(refusal('ftp://cliente.example.co/')).toMatch(/debe empezar por http:\/\/ o https:\/\//);
    expect(refusal('javascript:alert(1)')).toMatch(/debe empezar por http/);
    expect(refusal('file:///etc/passwd')).toMatch(/debe empezar por http/);
    expect(refusal('https://usuario:clave@cliente.example.co/')).toMatch(
      /no debe incluir usuario ni contraseña/,
    );
    expect(refusal('https://usuario@cliente.example.co/')).toMatch(/no debe incluir usuario/);
    expect(refusal('no es una url')).toMatch(/no es una URL válida/);
    expect(refusal(`https://cliente.example.co/${'a'.repeat(2000)}`)).toMatch(/demasiado larga/);
  });
});
