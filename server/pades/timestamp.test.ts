import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignIdentity, openPlatformTrust, run, writeTemp } from '../../tests/support/pades/tools.js';
import { OID, parseDer, sha256, toArrayBuffer } from './crypto.js';
import { respondToTimestampRequest } from './timestamp-authority.js';
import {
  httpTimestamper,
  localTimestamper,
  TimestampError,
  verifyTimestampToken,
} from './timestamp-client.js';
import type { PlatformTrust } from './trust.js';

let dir: string;
let close: () => Promise<void>;
let trust: PlatformTrust;
let tsaUrl: string;

beforeAll(async () => {
  ({ dir, trust, tsaUrl, close } = await openPlatformTrust('rubrica-tsa-', { timestampServer: true }));
});
afterAll(() => close());

function request(imprint: Uint8Array, algorithm: string = OID.sha256): Uint8Array {
  return new Uint8Array(
    new pkijs.TimeStampReq({
      version: 1,
      messageImprint: new pkijs.MessageImprint({
        hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: algorithm }),
        hashedMessage: new asn1js.OctetString({ valueHex: toArrayBuffer(imprint) }),
      }),
      nonce: new asn1js.Integer({ value: 987654321 }),
      certReq: true,
    })
      .toSchema()
      .toBER(false),
  );
}

describe('timestamp authority', () => {
  it('answers a request with a granted token that echoes the nonce and that openssl verifies', async () => {
    const imprint = await sha256(new TextEncoder().encode('documento'));
    const reply = await respondToTimestampRequest(trust.tsa!, request(imprint));
    const response = new pkijs.TimeStampResp({ schema: parseDer(reply) });
    expect(response.status.status).toBe(pkijs.PKIStatus.granted);
    const token = new Uint8Array(response.timeStampToken!.toSchema().toBER(false));
    const check = await verifyTimestampToken(
      token,
      imprint,
      trust.tsaRoots,
      new asn1js.Integer({ value: 987654321 }),
    );
    expect(check.valid).toBe(true);
    const replyFile = await writeTemp(dir, 'reply.tsr', reply);
    const { stdout } = await run('openssl', [
      'ts',
      '-verify',
      '-digest',
      Buffer.from(imprint).toString('hex'),
      '-in',
      replyFile,
      '-CAfile',
      path.join(dir, 'signing', 'root-ca.crt.pem'),
    ]);
    expect(stdout).toContain('Verification: OK');
    const text = await run('openssl', ['ts', '-reply', '-in', replyFile, '-text']);
    expect(text.stdout).toMatch(/Nonce: 0x3ADE68B1/i);
  });

  it('rejects malformed requests and other hash algorithms with an RFC 3161 rejection', async () => {
    for (const body of [new Uint8Array([1, 2, 3]), request(new Uint8Array(20), '1.3.14.3.2.26')]) {
      const response = new pkijs.TimeStampResp({
        schema: parseDer(await respondToTimestampRequest(trust.tsa!, body)),
      });
      expect(response.status.status).toBe(pkijs.PKIStatus.rejection);
      expect(response.timeStampToken).toBeUndefined();
    }
  });

  it('serves RFC 3161 over loopback HTTP to the verifying client', async () => {
    const imprint = await sha256(new TextEncoder().encode('firma'));
    const token = await httpTimestamper({ url: tsaUrl, tsaRoots: trust.tsaRoots })(imprint);
    const check = await verifyTimestampToken(token, imprint, trust.tsaRoots);
    expect(check).toMatchObject({ valid: true, authority: 'Rúbrica Sellado de Tiempo' });
    const wrongMethod = await fetch(tsaUrl);
    expect(wrongMethod.status).toBe(405);
    const wrongType = await fetch(tsaUrl, {
      method: 'POST',
      body: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(wrongType.status).toBe(415);
  });
});

describe('timestamp client', () => {
  it('fails when the authority is down, answers an error, or is not the pinned one', async () => {
    const imprint = await sha256(new TextEncoder().encode('x'));
    const down = createServer();
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    const port = (down.address() as AddressInfo).port;
    await new Promise<void>((resolve) => down.close(() => resolve()));
    await expect(
      httpTimestamper({ url: `http://127.0.0.1:${port}/`, tsaRoots: trust.tsaRoots })(imprint),
    ).rejects.toThrow(TimestampError);
    const failing = createServer((_request, response) => response.writeHead(500).end());
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    const failingUrl = `http://127.0.0.1:${(failing.address() as AddressInfo).port}/`;
    await expect(httpTimestamper({ url: failingUrl, tsaRoots: trust.tsaRoots })(imprint)).rejects.toThrow(
      /HTTP 500/,
    );
    await new Promise<void>((resolve) => failing.close(() => resolve()));
    const impostor = await foreignIdentity('Rúbrica Sellado de Tiempo');
    await expect(httpTimestamper({ url: tsaUrl, tsaRoots: [impostor.root] })(imprint)).rejects.toThrow(
      /no confiable/,
    );
  });

  it('refuses a token over another imprint, a tampered token and a look-alike authority', async () => {
    const imprint = await sha256(new TextEncoder().encode('a'));
    const token = await localTimestamper(trust.tsa!)(imprint);
    expect(
      (await verifyTimestampToken(token, await sha256(new TextEncoder().encode('b')), trust.tsaRoots)).valid,
    ).toBe(false);
    const tampered = token.slice();
    tampered[tampered.length - 5]! ^= 0xff;
    expect((await verifyTimestampToken(tampered, imprint, trust.tsaRoots)).valid).toBe(false);
    const lookAlike = await foreignIdentity('Rúbrica Sellado de Tiempo', {
      rootName: 'Rúbrica Autoridad Raíz',
      profile: 'tsa',
    });
    const forged = await localTimestamper(lookAlike.identity)(imprint);
    const check = await verifyTimestampToken(forged, imprint, [...trust.tsaRoots]);
    expect(check).toMatchObject({ valid: false, reason: expect.stringMatching(/no confiable/) });
  });
});
