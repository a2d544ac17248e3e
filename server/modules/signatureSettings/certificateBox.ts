import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Users' PKCS#12 files and their passwords, stored encrypted: AES-256-GCM with a key derived
 * (HKDF) from the server's session secret, as webhook secrets are. Rotating SESSION_SECRET means
 * uploading the certificates again.
 */
export type StoredCertificate = { pkcs12: Uint8Array; password: string };

const keyOf = (serverSecret: string) =>
  Buffer.from(hkdfSync('sha256', serverSecret, 'rubrica', 'user-signing-certificates', 32));

export function sealCertificate(serverSecret: string, certificate: StoredCertificate): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret), iv);
  const plain = Buffer.from(
    JSON.stringify({
      pkcs12: Buffer.from(certificate.pkcs12).toString('base64'),
      password: certificate.password,
    }),
  );
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([Buffer.from('v1'), iv, cipher.getAuthTag(), sealed]);
}

export function openCertificate(serverSecret: string, sealed: Buffer): StoredCertificate {
  if (sealed.subarray(0, 2).toString() !== 'v1') throw new Error('Certificado guardado ilegible');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(serverSecret), sealed.subarray(2, 14));
  decipher.setAuthTag(sealed.subarray(14, 30));
  const plain = Buffer.concat([decipher.update(sealed.subarray(30)), decipher.final()]);
  const parsed = JSON.parse(plain.toString()) as { pkcs12: string; password: string };
  return { pkcs12: new Uint8Array(Buffer.from(parsed.pkcs12, 'base64')), password: parsed.password };
}
