import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignIdentity, run, temporaryDirectory } from '../../tests/support/pades/tools.js';
import { hasExtendedKeyUsage } from './certificates.js';
import { certificateDer, equalBytes, OID, pemEncode, subtle } from './crypto.js';
import { loadOrCreateTrust } from './trust.js';

let dir: string;
let remove: () => Promise<void>;

beforeAll(async () => {
  ({ dir, remove } = await temporaryDirectory('rubrica-trust-'));
});
afterAll(() => remove());

describe('loadOrCreateTrust', () => {
  it('creates a root CA, a seal and a TSA certificate with private keys readable by the owner only', async () => {
    const trust = await loadOrCreateTrust(dir);
    const signing = path.join(dir, 'signing');
    for (const key of ['root-ca.key.pem', 'seal.key.pem', 'tsa.key.pem']) {
      expect((await stat(path.join(signing, key))).mode & 0o777).toBe(0o600);
    }
    expect(hasExtendedKeyUsage(trust.tsa!.certificate, OID.timeStamping, true)).toBe(true);
    // Issued from the CA's encoded name: the issuer bytes are the root's subject bytes.
    const rootSubject = new Uint8Array(trust.root.subject.toSchema().toBER(false));
    for (const leaf of [trust.seal.certificate, trust.tsa!.certificate]) {
      expect(equalBytes(new Uint8Array(leaf.issuer.toSchema().toBER(false)), rootSubject)).toBe(true);
    }
    const { stdout } = await run('openssl', [
      'verify',
      '-CAfile',
      path.join(signing, 'root-ca.crt.pem'),
      '-purpose',
      'smimesign',
      path.join(signing, 'seal.crt.pem'),
    ]);
    expect(stdout).toContain('OK');
    const tsa = await run('openssl', [
      'verify',
      '-CAfile',
      path.join(signing, 'root-ca.crt.pem'),
      '-purpose',
      'timestampsign',
      path.join(signing, 'tsa.crt.pem'),
    ]);
    expect(tsa.stdout).toContain('OK');
  });

  it('gives two processes starting at once on an empty DATA_DIR the same authority', async () => {
    const fresh = await temporaryDirectory('rubrica-trust-race-');
    try {
      const [first, second] = await Promise.all([loadOrCreateTrust(fresh.dir), loadOrCreateTrust(fresh.dir)]);
      expect(equalBytes(certificateDer(first.root), certificateDer(second.root))).toBe(true);
      expect(
        equalBytes(certificateDer(first.seal.certificate), certificateDer(second.seal.certificate)),
      ).toBe(true);
    } finally {
      await fresh.remove();
    }
  });

  it('loads the same certificates on the next start', async () => {
    const first = await loadOrCreateTrust(dir);
    const second = await loadOrCreateTrust(dir);
    expect(equalBytes(certificateDer(first.root), certificateDer(second.root))).toBe(true);
    expect(equalBytes(certificateDer(first.seal.certificate), certificateDer(second.seal.certificate))).toBe(
      true,
    );
  });

  it('uses a configured seal certificate and key, trusting the root of its chain', async () => {
    const { identity, root } = await foreignIdentity('Sello Configurado');
    const certificateFile = path.join(dir, 'configured.crt.pem');
    const keyFile = path.join(dir, 'configured.key.pem');
    await writeFile(
      certificateFile,
      pemEncode('CERTIFICATE', certificateDer(identity.certificate)) +
        pemEncode('CERTIFICATE', certificateDer(root)),
    );
    await writeFile(keyFile, pemEncode('PRIVATE KEY', await subtle.exportKey('pkcs8', identity.privateKey)));
    const trust = await loadOrCreateTrust(dir, {
      sealCertificatePath: certificateFile,
      sealKeyPath: keyFile,
    });
    expect(equalBytes(certificateDer(trust.seal.certificate), certificateDer(identity.certificate))).toBe(
      true,
    );
    expect(trust.signerRoots.map(certificateDer).some((der) => equalBytes(der, certificateDer(root)))).toBe(
      true,
    );
  });

  it('refuses half a configuration and an external TSA without its roots, naming the variables', async () => {
    await expect(loadOrCreateTrust(dir, { sealCertificatePath: '/nonexistent.pem' })).rejects.toThrow(
      /SEAL_KEY_PATH/,
    );
    await expect(loadOrCreateTrust(dir, { tsaUrl: 'http://127.0.0.1:9/tsa' })).rejects.toThrow(
      /TSA_TRUSTED_ROOTS_PATH/,
    );
  });

  it('stores keys as PKCS#8 PEM that openssl reads as P-256', async () => {
    const pem = await readFile(path.join(dir, 'signing', 'seal.key.pem'), 'utf8');
    expect(pem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    const { stdout } = await run('openssl', [
      'pkey',
      '-in',
      path.join(dir, 'signing', 'seal.key.pem'),
      '-noout',
      '-text_pub',
    ]);
    expect(stdout).toMatch(/P-256|prime256v1/);
  });
});
