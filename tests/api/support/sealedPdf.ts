import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { nssTrustingPlatformCa, pdfsig, run, signatureGaps, writeTemp } from '../../support/pades/tools.js';

/**
 * The checks every sealed PDF of the tests passes: pdfsig (valid, whole document, PAdES
 * SubFilter, trusted once the platform CA of `dataDir` is in NSS), qpdf's structure check, and a
 * CMS that carries ESS signing-certificate-v2 and the timestamp token.
 */
export async function expectSealedPdfPasses(pdf: Uint8Array, dataDir: string): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'rubrica-sealed-check-'));
  try {
    const file = await writeTemp(dir, 'sealed.pdf', pdf);
    const nss = await nssTrustingPlatformCa(await linkedDataDir(dir, dataDir));
    const report = await pdfsig(file, nss);
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Total document signed');
    expect(report).toContain('ETSI.CAdES.detached');
    expect(report).toContain('Certificate is Trusted');
    expect((await run('qpdf', ['--check', file])).stdout).toContain('No syntax or stream encoding errors');
    const gaps = signatureGaps(pdf);
    expect(gaps).toHaveLength(1);
    const { stdout } = await run('openssl', [
      'asn1parse',
      '-inform',
      'DER',
      '-in',
      await writeTemp(dir, 'seal.p7s', gaps[0]!.der),
    ]);
    expect(stdout).toContain('id-smime-aa-signingCertificateV2');
    expect(stdout).toContain('id-smime-aa-timeStampToken');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A directory whose `signing/` is the data directory's, with room for the NSS database beside it. */
async function linkedDataDir(dir: string, dataDir: string): Promise<string> {
  await run('mkdir', ['-p', join(dir, 'nss-home')]);
  await run('ln', ['-s', join(dataDir, 'signing'), join(dir, 'nss-home', 'signing')]);
  return join(dir, 'nss-home');
}
