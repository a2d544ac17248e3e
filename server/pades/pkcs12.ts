import * as pkijs from 'pkijs';
import type { SigningIdentity } from './cms.js';
import {
  certificatePublicKey,
  EC_ALGORITHM,
  OID,
  parseCertificate,
  parseDer,
  RSA_ALGORITHM,
  signDer,
  subtle,
  toArrayBuffer,
  verifyDer,
} from './crypto.js';

export class Pkcs12Error extends Error {}

type ShroudedDecrypt = { parseInternalValues(parameters: { password: ArrayBuffer }): Promise<void> };

const BAG = {
  key: '1.2.840.113549.1.12.10.1.1',
  shroudedKey: '1.2.840.113549.1.12.10.1.2',
  certificate: '1.2.840.113549.1.12.10.1.3',
} as const;
const ENCRYPTED_DATA = '1.2.840.113549.1.7.6';

async function importPrivateKey(info: pkijs.PrivateKeyInfo): Promise<CryptoKey> {
  const der = info.toSchema().toBER(false);
  const algorithm = info.privateKeyAlgorithm.algorithmId;
  if (algorithm === OID.rsaEncryption) return subtle.importKey('pkcs8', der, RSA_ALGORITHM, false, ['sign']);
  if (algorithm === OID.ecPublicKey) return subtle.importKey('pkcs8', der, EC_ALGORITHM, false, ['sign']);
  throw new Pkcs12Error('el certificado usa un tipo de clave no soportado (se admiten RSA y ECDSA P-256)');
}

/**
 * Opens a password-protected PKCS#12 (.p12/.pfx) as a signing identity: its private key, the
 * certificate that matches that key, and the other certificates as its chain.
 */
export async function loadPkcs12(bytes: Uint8Array, password: string): Promise<SigningIdentity> {
  const secret = toArrayBuffer(new TextEncoder().encode(password));
  let pfx: pkijs.PFX;
  try {
    pfx = new pkijs.PFX({ schema: parseDer(bytes) });
  } catch {
    throw new Pkcs12Error('el archivo no es un certificado PKCS#12 (.p12 o .pfx)');
  }
  const certificates: pkijs.Certificate[] = [];
  const keys: pkijs.PrivateKeyInfo[] = [];
  try {
    await pfx.parseInternalValues({ password: secret, checkIntegrity: true });
    const authenticatedSafe = pfx.parsedValue?.authenticatedSafe;
    if (!authenticatedSafe) throw new Pkcs12Error('el PKCS#12 está vacío');
    await authenticatedSafe.parseInternalValues({
      safeContents: authenticatedSafe.safeContents.map((content) =>
        content.contentType === ENCRYPTED_DATA ? { password: secret } : {},
      ),
    });
    for (const { value } of authenticatedSafe.parsedValue.safeContents as { value: pkijs.SafeContents }[]) {
      for (const bag of value.safeBags) {
        if (bag.bagId === BAG.shroudedKey) {
          const shrouded = bag.bagValue as pkijs.PKCS8ShroudedKeyBag;
          // Declared protected in pkijs's types, yet it is the documented way to decrypt the bag.
          await (shrouded as unknown as ShroudedDecrypt).parseInternalValues({ password: secret });
          if (shrouded.parsedValue) keys.push(shrouded.parsedValue);
        } else if (bag.bagId === BAG.key) {
          keys.push(bag.bagValue as pkijs.PrivateKeyInfo);
        } else if (bag.bagId === BAG.certificate) {
          const value = (bag.bagValue as pkijs.CertBag).parsedValue;
          if (value instanceof pkijs.Certificate)
            certificates.push(parseCertificate(new Uint8Array(value.toSchema(true).toBER(false))));
        }
      }
    }
  } catch (error) {
    if (error instanceof Pkcs12Error) throw error;
    throw new Pkcs12Error('la contraseña del certificado no es correcta o el archivo está dañado');
  }
  const [keyInfo] = keys;
  if (!keyInfo) throw new Pkcs12Error('el PKCS#12 no contiene una clave privada');
  const privateKey = await importPrivateKey(keyInfo);
  const publicKeyOf = (certificate: pkijs.Certificate) =>
    Buffer.from(certificate.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView).toString('hex');
  // The signer is the certificate whose public key signs like the private key does.
  const probe = new TextEncoder().encode('rubrica');
  for (const certificate of certificates) {
    const publicKey = await certificatePublicKey(certificate);
    if (!publicKey || publicKey.algorithm.name !== privateKey.algorithm.name) continue;
    if (await verifyDer(publicKey, await signDer(privateKey, probe), probe)) {
      return {
        certificate,
        privateKey,
        chain: certificates.filter((other) => publicKeyOf(other) !== publicKeyOf(certificate)),
      };
    }
  }
  throw new Pkcs12Error('el PKCS#12 no contiene el certificado de su clave privada');
}
