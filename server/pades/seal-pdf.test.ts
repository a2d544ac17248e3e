import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  foreignIdentity,
  nssTrustingPlatformCa,
  openPlatformTrust,
  pdfsig,
  run,
  samplePdf,
  signatureGaps,
  signedBytes,
  writeTemp,
} from '../../tests/support/pades/tools.js';
import { sealPdf } from './seal-pdf.js';
import { httpTimestamper, localTimestamper, TimestampError } from './timestamp-client.js';
import type { PlatformTrust } from './trust.js';
import { validateSealedPdf } from './validate-pdf.js';

let dir: string;
let close: () => Promise<void>;
let trust: PlatformTrust;
let tsaUrl: string;
let sealed: Uint8Array;

beforeAll(async () => {
  ({ dir, trust, tsaUrl, close } = await openPlatformTrust('rubrica-seal-', { timestampServer: true }));
  sealed = await sealPdf({
    pdf: await samplePdf(3),
    identity: trust.seal,
    timestamper: httpTimestamper({ url: tsaUrl, tsaRoots: trust.tsaRoots }),
  });
});
afterAll(() => close());

function expectPdfsigValid(report: string, signatures: number) {
  expect(report.match(/Signature is Valid/g)).toHaveLength(signatures);
  expect(report.match(/ETSI\.CAdES\.detached/g)).toHaveLength(signatures);
  expect(report).toContain('Total document signed');
}

describe('sealPdf', () => {
  it('produces a PAdES seal that pdfsig and qpdf accept', async () => {
    const file = await writeTemp(dir, 'sealed.pdf', sealed);
    expectPdfsigValid(await pdfsig(file), 1);
    const check = await run('qpdf', ['--check', file]);
    expect(check.stdout).toContain('No syntax or stream encoding errors');
    expect((await PDFDocument.load(sealed)).getPageCount()).toBe(3);
  });

  it('carries signing-certificate-v2 and the timestamp token, no signingTime, and verifies with openssl', async () => {
    const [gap] = signatureGaps(sealed);
    const cmsFile = await writeTemp(dir, 'seal.p7s', gap!.der);
    const { stdout } = await run('openssl', ['asn1parse', '-inform', 'DER', '-in', cmsFile]);
    expect(stdout).toContain('id-smime-aa-signingCertificateV2');
    expect(stdout).toContain('id-smime-aa-timeStampToken');
    expect(stdout).toContain('id-smime-ct-TSTInfo');
    expect(stdout).not.toContain('signingTime');
    const contentFile = await writeTemp(dir, 'signed.bin', signedBytes(sealed, gap!.range));
    const verify = await run('openssl', [
      'cms',
      '-verify',
      '-binary',
      '-inform',
      'DER',
      '-in',
      cmsFile,
      '-content',
      contentFile,
      '-CAfile',
      path.join(dir, 'signing', 'root-ca.crt.pem'),
      '-purpose',
      'any',
      '-out',
      '/dev/null',
    ]);
    expect(verify.stderr).toContain('Verification successful');
  });

  it('is trusted by pdfsig once the platform CA is in its NSS database', async () => {
    const nss = await nssTrustingPlatformCa(dir);
    const report = await pdfsig(await writeTemp(dir, 'trusted.pdf', sealed), nss);
    expect(report).toContain('Certificate is Trusted');
    expectPdfsigValid(report, 1);
  });

  it('adds a second signature with a user certificate as an incremental update that keeps the first valid', async () => {
    const user = await foreignIdentity('María Fernanda Ríos');
    const twice = await sealPdf({
      pdf: sealed,
      identity: user.identity,
      timestamper: localTimestamper(trust.tsa!),
    });
    expect(Buffer.from(twice.subarray(0, sealed.length)).equals(Buffer.from(sealed))).toBe(true);
    const report = await pdfsig(await writeTemp(dir, 'twice.pdf', twice));
    expect(report.match(/Signature is Valid/g)).toHaveLength(2);
    expect(report).toContain('María Fernanda Ríos');
    expect((await run('qpdf', ['--check', await writeTemp(dir, 'twice-check.pdf', twice)])).stdout).toContain(
      'No syntax or stream encoding errors',
    );
    const verdict = await validateSealedPdf(twice, {
      ...trust,
      signerRoots: [...trust.signerRoots, user.root],
    });
    expect(verdict.status).toBe('intact');
    expect(verdict.signatures.map((signature) => signature.signer)).toEqual([
      'Rúbrica Sello de Documentos',
      'María Fernanda Ríos',
    ]);
  });

  it('adds a second signature with an RSA user certificate that pdfsig and the validator accept', async () => {
    const user = await foreignIdentity('Carlos Andrés Peña', { rsa: true });
    const twice = await sealPdf({
      pdf: sealed,
      identity: user.identity,
      timestamper: localTimestamper(trust.tsa!),
    });
    const report = await pdfsig(await writeTemp(dir, 'rsa.pdf', twice));
    expect(report.match(/Signature is Valid/g)).toHaveLength(2);
    expect(report).toContain('Carlos Andrés Peña');
    const verdict = await validateSealedPdf(twice, {
      ...trust,
      signerRoots: [...trust.signerRoots, user.root],
    });
    expect(verdict).toMatchObject({ status: 'intact', problems: [] });
    const untrusted = await validateSealedPdf(twice, trust);
    expect(untrusted.status).toBe('altered');
  });

  it('seals a source written with object streams after rewriting it once', async () => {
    const result = await sealPdf({
      pdf: await samplePdf(2, { objectStreams: true }),
      identity: trust.seal,
      timestamper: localTimestamper(trust.tsa!),
    });
    expectPdfsigValid(await pdfsig(await writeTemp(dir, 'xref-stream.pdf', result)), 1);
    expect((await validateSealedPdf(result, trust)).status).toBe('intact');
  });

  it('never seals without a timestamp: a failing authority fails the seal', async () => {
    const failing = async () => {
      throw new TimestampError('la autoridad de sellado de tiempo no responde');
    };
    await expect(
      sealPdf({ pdf: await samplePdf(1), identity: trust.seal, timestamper: failing }),
    ).rejects.toThrow(TimestampError);
    const unreachable = httpTimestamper({
      url: 'http://127.0.0.1:9/tsa',
      tsaRoots: trust.tsaRoots,
      timeoutMs: 2000,
    });
    await expect(
      sealPdf({ pdf: await samplePdf(1), identity: trust.seal, timestamper: unreachable }),
    ).rejects.toThrow(TimestampError);
  });

  it('refuses what is not a PDF with a Spanish message', async () => {
    await expect(
      sealPdf({
        pdf: new TextEncoder().encode('hola'),
        identity: trust.seal,
        timestamper: localTimestamper(trust.tsa!),
      }),
    ).rejects.toThrow('el documento no es un PDF legible');
  });
});
