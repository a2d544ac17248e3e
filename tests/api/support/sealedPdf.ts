import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Config } from '../../../server/config.js';
import { certificateDer, pemEncode } from '../../../server/pades/crypto.js';
import { platformTrust } from '../../../server/pades/platform-trust.js';
import { nssTrustingPlatformCa, pdfsig, run, signatureGaps, writeTemp } from '../../support/pades/tools.js';

/**
 * The checks every sealed PDF of the tests passes: pdfsig (valid, whole document, PAdES
 * SubFilter, trusted once the platform CA the app of `config` uses is in NSS — from DATA_DIR or,
 * on PostgreSQL, the database), qpdf's structure check, and a CMS that carries ESS
 * signing-certificate-v2 and the timestamp token.
 */
export async function expectSealedPdfPasses(pdf: Uint8Array, config: Config): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'rubrica-sealed-check-'));
  try {
    const file = await writeTemp(dir, 'sealed.pdf', pdf);
    const nss = await nssTrustingPlatformCa(await withPlatformCa(dir, config));
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

/** A directory whose `signing/root-ca.crt.pem` is the app's platform CA, with room for the NSS database beside it. */
async function withPlatformCa(dir: string, config: Config): Promise<string> {
  const { root } = await platformTrust(config);
  await mkdir(join(dir, 'nss-home', 'signing'), { recursive: true });
  await writeFile(
    join(dir, 'nss-home', 'signing', 'root-ca.crt.pem'),
    pemEncode('CERTIFICATE', certificateDer(root)),
  );
  return join(dir, 'nss-home');
}
