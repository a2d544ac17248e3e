import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  foreignIdentity,
  openPlatformTrust,
  pdfsig,
  run,
  samplePdf,
  writeTemp,
} from '../../tests/support/pades/tools.js';
import { certificateDer, equalBytes, pemEncode, subtle } from './crypto.js';
import { loadPkcs12, Pkcs12Error } from './pkcs12.js';
import { sealPdf } from './seal-pdf.js';
import { localTimestamper } from './timestamp-client.js';
import { loadOrCreateTrust, type PlatformTrust } from './trust.js';
import { validateSealedPdf } from './validate-pdf.js';

let dir: string;
let close: () => Promise<void>;
let trust: PlatformTrust;

beforeAll(async () => {
  ({ dir, trust, close } = await openPlatformTrust('rubrica-p12-'));
});
afterAll(() => close());

/** A .p12 written by openssl, as a user would bring from a commercial CA. */
async function opensslPkcs12(rsa: boolean, password: string) {
  const user = await foreignIdentity(rsa ? 'Usuaria RSA' : 'Usuario EC', { rsa });
  const keyFile = await writeTemp(
    dir,
    'user.key',
    new TextEncoder().encode(
      pemEncode('PRIVATE KEY', await subtle.exportKey('pkcs8', user.identity.privateKey)),
    ),
  );
  const certFile = await writeTemp(
    dir,
    'user.crt',
    new TextEncoder().encode(pemEncode('CERTIFICATE', certificateDer(user.identity.certificate))),
  );
  const chainFile = await writeTemp(
    dir,
    'chain.crt',
    new TextEncoder().encode(pemEncode('CERTIFICATE', certificateDer(user.root))),
  );
  const out = path.join(dir, `user-${rsa ? 'rsa' : 'ec'}.p12`);
  await run('openssl', [
    'pkcs12',
    '-export',
    '-inkey',
    keyFile,
    '-in',
    certFile,
    '-certfile',
    chainFile,
    '-passout',
    `pass:${password}`,
    '-out',
    out,
  ]);
  return { user, file: out, bytes: new Uint8Array(await readFile(out)) };
}

describe('loadPkcs12', () => {
  it.each([true, false])(
    'opens an openssl PKCS#12 (RSA: %s) and signs with it after the platform seal',
    async (rsa) => {
      const { user, bytes } = await opensslPkcs12(rsa, 'Clave-Segura-2026');
      const identity = await loadPkcs12(bytes, 'Clave-Segura-2026');
      expect(
        equalBytes(certificateDer(identity.certificate), certificateDer(user.identity.certificate)),
      ).toBe(true);
      expect(identity.chain).toHaveLength(1);
      const sealed = await sealPdf({
        pdf: await samplePdf(1),
        identity: trust.seal,
        timestamper: localTimestamper(trust.tsa!),
      });
      const signed = await sealPdf({ pdf: sealed, identity, timestamper: localTimestamper(trust.tsa!) });
      expect(
        (await pdfsig(await writeTemp(dir, 'p12.pdf', signed))).match(/Signature is Valid/g),
      ).toHaveLength(2);
      const verdict = await validateSealedPdf(signed, {
        ...trust,
        signerRoots: [...trust.signerRoots, user.root],
      });
      expect(verdict.status).toBe('intact');
    },
  );

  it('is accepted as the platform seal through SEAL_P12_PATH and SEAL_P12_PASSWORD', async () => {
    const { user, file } = await opensslPkcs12(false, 'sello');
    const configured = await loadOrCreateTrust(dir, { sealPkcs12Path: file, sealPkcs12Password: 'sello' });
    expect(
      equalBytes(certificateDer(configured.seal.certificate), certificateDer(user.identity.certificate)),
    ).toBe(true);
    expect(
      configured.signerRoots.some((root) => equalBytes(certificateDer(root), certificateDer(user.root))),
    ).toBe(true);
  });

  it('refuses a wrong password and a file that is not PKCS#12, in Spanish', async () => {
    const { bytes } = await opensslPkcs12(false, 'correcta');
    await expect(loadPkcs12(bytes, 'equivocada')).rejects.toThrow(
      new Pkcs12Error('la contraseña del certificado no es correcta o el archivo está dañado'),
    );
    await expect(loadPkcs12(new TextEncoder().encode('no soy un p12'), 'x')).rejects.toThrow(Pkcs12Error);
  });
});
