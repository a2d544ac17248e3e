import { createHash, KeyObject, sign as nodeSign, randomBytes, webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/** pkijs runs on Node's own WebCrypto: no polyfill, no native add-on. */
pkijs.setEngine('node', new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as unknown as Crypto }));

export const subtle = webcrypto.subtle;

export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  timeStampToken: '1.2.840.113549.1.9.16.2.14',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  sha256: '2.16.840.1.101.3.4.2.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  ecPublicKey: '1.2.840.10045.2.1',
  prime256v1: '1.2.840.10045.3.1.7',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  extKeyUsage: '2.5.29.37',
  subjectKeyIdentifier: '2.5.29.14',
  authorityKeyIdentifier: '2.5.29.35',
  timeStamping: '1.3.6.1.5.5.7.3.8',
  emailProtection: '1.3.6.1.5.5.7.3.4',
  documentSigning: '1.3.6.1.5.5.7.3.36',
} as const;

export const EC_ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const;
export const SIGN_ALGORITHM = { name: 'ECDSA', hash: 'SHA-256' } as const;
/** Users' own certificates (PKCS#12 from a commercial CA) are usually RSA. */
export const RSA_ALGORITHM = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;

export function isRsaKey(key: CryptoKey): boolean {
  return key.algorithm.name === RSA_ALGORITHM.name;
}

export function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/**
 * A random positive serial number (certificates, timestamp tokens) in minimal DER: the first byte
 * is 0x40–0x7f, never a leading 0x00 (non-minimal INTEGER, which OpenSSL 3 and NSS refuse to load)
 * nor a set high bit (a negative number).
 */
export function randomSerialNumber(): asn1js.Integer {
  const serial = randomBytes(16);
  serial[0] = ((serial[0] ?? 0) & 0x3f) | 0x40;
  return new asn1js.Integer({ valueHex: toArrayBuffer(serial) });
}

/**
 * Node's hash, not WebCrypto's: subtle.digest runs each small digest as a thread-pool job and
 * comes back through the event loop, which on a busy machine costs more than the hashing.
 */
export async function sha256(data: Uint8Array | ArrayBuffer): Promise<Uint8Array> {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  return new Uint8Array(createHash('sha256').update(bytes).digest());
}

export function equalBytes(a: Uint8Array | ArrayBuffer, b: Uint8Array | ArrayBuffer): boolean {
  const left = a instanceof Uint8Array ? a : new Uint8Array(a);
  const right = b instanceof Uint8Array ? b : new Uint8Array(b);
  if (left.byteLength !== right.byteLength) return false;
  for (let i = 0; i < left.byteLength; i++) if (left[i] !== right[i]) return false;
  return true;
}

export function parseDer(bytes: Uint8Array | ArrayBuffer): asn1js.AsnType {
  const parsed = asn1js.fromBER(bytes instanceof Uint8Array ? toArrayBuffer(bytes) : bytes);
  if (parsed.offset === -1) throw new Error('ASN.1 inválido');
  return parsed.result;
}

const signingKeys = new WeakMap<CryptoKey, KeyObject>();

/**
 * ECDSA P-256 (or RSA PKCS#1 v1.5) over SHA-256; for ECDSA the result is the DER Ecdsa-Sig-Value
 * that CMS and X.509 carry. Signed with node:crypto on the same key: one signature is quicker
 * than WebCrypto's thread-pool round trip.
 */
export async function signDer(key: CryptoKey, data: ArrayBuffer | Uint8Array): Promise<ArrayBuffer> {
  let keyObject = signingKeys.get(key);
  if (!keyObject) {
    keyObject = KeyObject.from(key);
    signingKeys.set(key, keyObject);
  }
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  const signature = isRsaKey(key)
    ? nodeSign('sha256', bytes, keyObject)
    : nodeSign('sha256', bytes, { key: keyObject, dsaEncoding: 'der' });
  return toArrayBuffer(signature);
}

export async function verifyDer(
  publicKey: CryptoKey,
  derSignature: ArrayBuffer | Uint8Array,
  data: ArrayBuffer | Uint8Array,
): Promise<boolean> {
  try {
    if (isRsaKey(publicKey)) return await subtle.verify(RSA_ALGORITHM, publicKey, derSignature, data);
    const raw = pkijs.createECDSASignatureFromCMS(parseDer(derSignature), 32);
    return await subtle.verify(SIGN_ALGORITHM, publicKey, raw, data);
  } catch {
    return false;
  }
}

// Certificates are never changed once built or parsed, and encoding one with asn1js costs about
// a millisecond: every seal and every validation needs the same few, so they are kept.
const derCache = new WeakMap<pkijs.Certificate, Uint8Array>();
const keyCache = new WeakMap<pkijs.Certificate, Promise<CryptoKey | null>>();

export function certificateDer(certificate: pkijs.Certificate): Uint8Array {
  let der = derCache.get(certificate);
  if (!der) {
    der = new Uint8Array(certificate.toSchema(true).toBER(false));
    derCache.set(certificate, der);
  }
  return der;
}

async function importPublicKey(certificate: pkijs.Certificate): Promise<CryptoKey | null> {
  const info = certificate.subjectPublicKeyInfo;
  const algorithm = info.algorithm.algorithmId;
  if (algorithm !== OID.ecPublicKey && algorithm !== OID.rsaEncryption) return null;
  try {
    const spki = info.toSchema().toBER(false);
    return await subtle.importKey(
      'spki',
      spki,
      algorithm === OID.rsaEncryption ? RSA_ALGORITHM : EC_ALGORITHM,
      true,
      ['verify'],
    );
  } catch {
    return null;
  }
}

export function certificatePublicKey(certificate: pkijs.Certificate): Promise<CryptoKey | null> {
  let key = keyCache.get(certificate);
  if (!key) {
    key = importPublicKey(certificate);
    keyCache.set(certificate, key);
  }
  return key;
}

export function pemEncode(label: string, der: ArrayBuffer | Uint8Array): string {
  const base64 = Buffer.from(der instanceof Uint8Array ? der : new Uint8Array(der)).toString('base64');
  const lines = base64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

export function pemDecodeAll(pem: string, label: string): Uint8Array[] {
  const pattern = new RegExp(`-----BEGIN ${label}-----([\\s\\S]*?)-----END ${label}-----`, 'g');
  return [...pem.matchAll(pattern)].map((match) => new Uint8Array(Buffer.from(match[1] ?? '', 'base64')));
}

export function parseCertificate(der: Uint8Array): pkijs.Certificate {
  return pkijs.Certificate.fromBER(toArrayBuffer(der));
}

/** The CN (or, failing that, the whole DN) of a name, for messages in Spanish. */
export function commonName(name: pkijs.RelativeDistinguishedNames): string {
  const cn = name.typesAndValues.find((item) => item.type === '2.5.4.3');
  if (cn) return String(cn.value.valueBlock.value);
  return name.typesAndValues.map((item) => String(item.value.valueBlock.value)).join(', ');
}

export function nameAttribute(name: pkijs.RelativeDistinguishedNames, oid: string): string | undefined {
  const item = name.typesAndValues.find((entry) => entry.type === oid);
  return item ? String(item.value.valueBlock.value) : undefined;
}
