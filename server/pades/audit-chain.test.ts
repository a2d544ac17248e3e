import { describe, expect, it } from 'vitest';
import {
  type AuditEntry,
  type AuditInput,
  canonicalJson,
  chainEntry,
  GENESIS_HASH,
  verifyAuditChain,
} from './audit-chain.js';

function sampleLog(): AuditEntry[] {
  const inputs: AuditInput[] = [
    {
      at: '2026-11-23T14:00:00.000Z',
      actor: 'operador@demo.rubrica.test',
      action: 'request.created',
      data: { requestId: 41 },
    },
    {
      at: '2026-11-23T14:05:00.000Z',
      actor: null,
      action: 'document.viewed',
      data: { signerId: 7, ip: '10.0.0.8' },
    },
    {
      at: '2026-11-23T14:06:00.000Z',
      actor: null,
      action: 'otp.validated',
      data: { channel: 'email', to: 'm***@correo.co' },
    },
    {
      at: '2026-11-23T14:07:00.000Z',
      actor: null,
      action: 'document.signed',
      data: { signerId: 7, consent: 'v1' },
    },
    {
      at: '2026-11-23T14:08:00.000Z',
      actor: 'sistema',
      action: 'document.sealed',
      data: { sha256: 'ab'.repeat(32) },
    },
  ];
  const log: AuditEntry[] = [];
  for (const input of inputs) log.push(chainEntry(log[log.length - 1], input));
  return log;
}

describe('hash-chained audit log', () => {
  it('encodes values canonically, whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: [true, null, 'x'], c: { z: 1, y: 2 } })).toBe(
      '{"a":[true,null,"x"],"b":1,"c":{"y":2,"z":1}}',
    );
    expect(canonicalJson({ b: 1, a: 2 })).toBe(canonicalJson({ a: 2, b: 1 }));
    expect(() => canonicalJson({ n: Number.NaN })).toThrow(/no finitos/);
  });

  it('links each entry to the previous one and verifies an untouched log', () => {
    const log = sampleLog();
    expect(log[0]!.previousHash).toBe(GENESIS_HASH);
    expect(log[1]!.previousHash).toBe(log[0]!.hash);
    const result = verifyAuditChain(log, { count: 5, lastHash: log[4]!.hash });
    expect(result).toEqual({ valid: true, count: 5, lastHash: log[4]!.hash });
  });

  it('detects an edited entry, even one whose stored hash was recomputed', () => {
    const edited = sampleLog();
    edited[2] = { ...edited[2]!, data: { channel: 'sms', to: 'm***@correo.co' } };
    expect(verifyAuditChain(edited)).toMatchObject({
      valid: false,
      position: 3,
      reason: 'la entrada 3 fue modificada',
    });
    const rehashed = sampleLog();
    rehashed[1] = chainEntry(rehashed[0], { ...rehashed[1]!, actor: 'intruso' });
    expect(verifyAuditChain(rehashed)).toMatchObject({ valid: false, position: 3 });
  });

  it('detects an inserted entry and a deleted one', () => {
    const log = sampleLog();
    const inserted = [
      ...log.slice(0, 2),
      chainEntry(log[1], { at: log[1]!.at, actor: null, action: 'x', data: {} }),
      ...log.slice(2),
    ];
    expect(verifyAuditChain(inserted)).toMatchObject({ valid: false, position: 4 });
    const deleted = [...log.slice(0, 2), ...log.slice(3)];
    expect(verifyAuditChain(deleted)).toMatchObject({ valid: false, position: 3 });
    const reordered = [log[0]!, log[2]!, log[1]!, log[3]!, log[4]!];
    expect(verifyAuditChain(reordered).valid).toBe(false);
  });

  it('detects a truncated tail against the anchor kept with the sealed document', () => {
    const log = sampleLog();
    const anchor = { count: log.length, lastHash: log[log.length - 1]!.hash };
    expect(verifyAuditChain(log.slice(0, 4)).valid).toBe(true);
    expect(verifyAuditChain(log.slice(0, 4), anchor)).toMatchObject({
      valid: false,
      reason: 'faltan entradas al final del registro',
    });
  });
});
