import { randomUUID } from 'node:crypto';
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type * as pkijs from 'pkijs';
import { distinguishedName, generateKeyPair, issueCertificate } from './certificates.js';
import type { SigningIdentity } from './cms.js';
import { certificateDer, EC_ALGORITHM, parseCertificate, pemDecodeAll, pemEncode, subtle } from './crypto.js';
import { loadPkcs12 } from './pkcs12.js';

/** Certificates a validator accepts as anchors: document signers and timestamp authorities apart. */
export type ValidationTrust = { signerRoots: pkijs.Certificate[]; tsaRoots: pkijs.Certificate[] };

export type PlatformTrust = ValidationTrust & {
  root: pkijs.Certificate;
  seal: SigningIdentity;
  /** The in-process timestamp authority; absent when the seal uses an external TSA_URL only. */
  tsa?: SigningIdentity;
  tsaUrl?: string;
};

export type TrustConfig = {
  /** PEM: the seal certificate first, then its chain (SEAL_CERT_PATH). */
  sealCertificatePath?: string;
  /** PEM PKCS#8 ECDSA P-256 key of the seal (SEAL_KEY_PATH). */
  sealKeyPath?: string;
  /** Or the seal as PKCS#12 (SEAL_P12_PATH) and its password (SEAL_P12_PASSWORD). */
  sealPkcs12Path?: string;
  sealPkcs12Password?: string;
  /** PEM bundle of root CAs accepted for document signatures (SIGNING_TRUSTED_ROOTS_PATH). */
  trustedRootsPath?: string;
  /** External RFC 3161 authority (TSA_URL) and the roots it chains to (TSA_TRUSTED_ROOTS_PATH). */
  tsaUrl?: string;
  tsaTrustedRootsPath?: string;
  /** Clock, for tests. */
  now?: () => Date;
};

const FILES = {
  rootCertificate: 'root-ca.crt.pem',
  rootKey: 'root-ca.key.pem',
  sealCertificate: 'seal.crt.pem',
  sealKey: 'seal.key.pem',
  tsaCertificate: 'tsa.crt.pem',
  tsaKey: 'tsa.key.pem',
} as const;

const YEAR_MS = 365 * 24 * 3600 * 1000;

async function exportKeyPem(key: CryptoKey): Promise<string> {
  return pemEncode('PRIVATE KEY', await subtle.exportKey('pkcs8', key));
}

async function importKeyPem(pem: string, source: string): Promise<CryptoKey> {
  const [der] = pemDecodeAll(pem, 'PRIVATE KEY');
  if (!der) throw new Error(`${source}: no contiene una clave privada PKCS#8 (BEGIN PRIVATE KEY)`);
  try {
    return await subtle.importKey('pkcs8', der, EC_ALGORITHM, false, ['sign']);
  } catch {
    throw new Error(`${source}: la clave debe ser ECDSA P-256`);
  }
}

function certificatesFromPem(pem: string, source: string): pkijs.Certificate[] {
  const certificates = pemDecodeAll(pem, 'CERTIFICATE').map(parseCertificate);
  if (certificates.length === 0) throw new Error(`${source}: no contiene certificados PEM`);
  return certificates;
}

async function readCertificates(file: string): Promise<pkijs.Certificate[]> {
  return certificatesFromPem(await readFile(file, 'utf8'), file);
}

/** The platform's generated PKI as PEM texts: the root CA, the seal and the timestamp authority. */
export type PkiPart = keyof typeof FILES;
export type PlatformPki = Record<PkiPart, string>;

export const PLATFORM_PKI_PARTS = Object.keys(FILES) as PkiPart[];

/** Whether a part is a private key (kept encrypted or in a 0600 file), not a certificate. */
export const isPrivateKeyPart = (part: PkiPart) => part.endsWith('Key');

/** A new root CA (20 years) and the seal and timestamp certificates it issues (10 years). */
export async function createPlatformPki(now: Date): Promise<PlatformPki> {
  const notBefore = new Date(now.getTime() - 3600 * 1000);
  const rootKeys = await generateKeyPair();
  const root = await issueCertificate({
    profile: 'root',
    subject: distinguishedName({
      commonName: 'Rúbrica Autoridad Raíz',
      organization: 'Rúbrica',
      country: 'CO',
    }),
    publicKey: rootKeys.publicKey,
    signingKey: rootKeys.privateKey,
    notBefore,
    notAfter: new Date(now.getTime() + 20 * YEAR_MS),
  });
  const issuer = { certificate: root, privateKey: rootKeys.privateKey };
  const leaf = async (profile: 'seal' | 'tsa', commonName: string) => {
    const keys = await generateKeyPair();
    const certificate = await issueCertificate({
      profile,
      subject: distinguishedName({ commonName, organization: 'Rúbrica', country: 'CO' }),
      publicKey: keys.publicKey,
      issuer,
      signingKey: rootKeys.privateKey,
      notBefore,
      notAfter: new Date(now.getTime() + 10 * YEAR_MS),
    });
    return {
      certificate: pemEncode('CERTIFICATE', certificateDer(certificate)),
      key: await exportKeyPem(keys.privateKey),
    };
  };
  const seal = await leaf('seal', 'Rúbrica Sello de Documentos');
  const tsa = await leaf('tsa', 'Rúbrica Sellado de Tiempo');
  return {
    rootCertificate: pemEncode('CERTIFICATE', certificateDer(root)),
    rootKey: await exportKeyPem(rootKeys.privateKey),
    sealCertificate: seal.certificate,
    sealKey: seal.key,
    tsaCertificate: tsa.certificate,
    tsaKey: tsa.key,
  };
}

async function createPlatformFiles(directory: string, now: Date): Promise<void> {
  const pki = await createPlatformPki(now);
  const staging = `${directory}.tmp-${randomUUID()}`;
  await mkdir(staging, { recursive: true, mode: 0o700 });
  for (const part of PLATFORM_PKI_PARTS) {
    const file = path.join(staging, FILES[part]);
    if (!isPrivateKeyPart(part)) await writeFile(file, pki[part]);
    else {
      await writeFile(file, pki[part], { mode: 0o600 });
      await chmod(file, 0o600);
    }
  }
  try {
    // One rename publishes the whole set: two processes starting at once never mix their keys.
    await rename(staging, directory);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    if (
      (error as NodeJS.ErrnoException).code !== 'ENOTEMPTY' &&
      (error as NodeJS.ErrnoException).code !== 'EEXIST'
    ) {
      throw error;
    }
  }
}

async function fileExists(file: string): Promise<boolean> {
  try {
    await readFile(file);
    return true;
  } catch {
    return false;
  }
}

async function identityFromPki(
  pki: PlatformPki,
  parts: { certificate: PkiPart; key: PkiPart },
  root: pkijs.Certificate,
  source: (part: PkiPart) => string,
): Promise<SigningIdentity> {
  const [certificate] = certificatesFromPem(pki[parts.certificate], source(parts.certificate));
  const privateKey = await importKeyPem(pki[parts.key], source(parts.key));
  return { certificate: certificate!, privateKey, chain: [root] };
}

/** The PKI generated earlier in DATA_DIR/signing, or null when there is none. */
export async function readPlatformFiles(dataDir: string): Promise<PlatformPki | null> {
  const directory = path.join(dataDir, 'signing');
  if (!(await fileExists(path.join(directory, FILES.rootCertificate)))) return null;
  const pki = {} as PlatformPki;
  for (const part of PLATFORM_PKI_PARTS)
    pki[part] = await readFile(path.join(directory, FILES[part]), 'utf8');
  return pki;
}

/**
 * The platform's PKI: at first start a root CA, a seal certificate and a timestamp authority are
 * created in DATA_DIR/signing (keys 0600); later starts load them. A configured seal certificate
 * and key, trusted roots or an external TSA replace the generated parts.
 */
export async function loadOrCreateTrust(dataDir: string, config: TrustConfig = {}): Promise<PlatformTrust> {
  const directory = path.join(dataDir, 'signing');
  await mkdir(dataDir, { recursive: true });
  if (!(await fileExists(path.join(directory, FILES.rootCertificate)))) {
    await createPlatformFiles(directory, config.now?.() ?? new Date());
  }
  const pki = await readPlatformFiles(dataDir);
  if (!pki) throw new Error(`${directory}: no se pudo crear la PKI de la plataforma`);
  return trustFromPki(pki, config, (part) => path.join(directory, FILES[part]));
}

/**
 * The trust built on a generated PKI (from DATA_DIR/signing or, on PostgreSQL, from the database);
 * `source` names where a part came from in errors.
 */
export async function trustFromPki(
  pki: PlatformPki,
  config: TrustConfig,
  source: (part: PkiPart) => string,
): Promise<PlatformTrust> {
  const [root] = certificatesFromPem(pki.rootCertificate, source('rootCertificate'));
  const platformRoot = root!;
  const tsa = await identityFromPki(
    pki,
    { certificate: 'tsaCertificate', key: 'tsaKey' },
    platformRoot,
    source,
  );
  let seal = await identityFromPki(
    pki,
    { certificate: 'sealCertificate', key: 'sealKey' },
    platformRoot,
    source,
  );
  let signerRoots = [platformRoot];
  if (config.sealCertificatePath || config.sealKeyPath) {
    if (!config.sealCertificatePath || !config.sealKeyPath) {
      throw new Error('SEAL_CERT_PATH y SEAL_KEY_PATH deben configurarse juntos');
    }
    const [certificate, ...chain] = await readCertificates(config.sealCertificatePath);
    const privateKey = await importKeyPem(await readFile(config.sealKeyPath, 'utf8'), config.sealKeyPath);
    seal = { certificate: certificate!, privateKey, chain };
    signerRoots = chain.length > 0 ? [chain[chain.length - 1]!] : [certificate!];
  }
  if (config.sealPkcs12Path) {
    seal = await loadPkcs12(
      new Uint8Array(await readFile(config.sealPkcs12Path)),
      config.sealPkcs12Password ?? '',
    );
    signerRoots = seal.chain.length > 0 ? [seal.chain[seal.chain.length - 1]!] : [seal.certificate];
  }
  if (config.trustedRootsPath)
    signerRoots = [...signerRoots, ...(await readCertificates(config.trustedRootsPath))];
  const tsaRoots = config.tsaTrustedRootsPath ? await readCertificates(config.tsaTrustedRootsPath) : [];
  if (config.tsaUrl && tsaRoots.length === 0) {
    throw new Error(
      'TSA_URL requiere TSA_TRUSTED_ROOTS_PATH con la raíz de la autoridad de sellado de tiempo',
    );
  }
  return {
    root: platformRoot,
    seal,
    tsa: config.tsaUrl ? undefined : tsa,
    tsaUrl: config.tsaUrl,
    signerRoots,
    tsaRoots: config.tsaUrl ? tsaRoots : [platformRoot, ...tsaRoots],
  };
}
