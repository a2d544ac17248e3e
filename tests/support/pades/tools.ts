import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { distinguishedName, generateKeyPair, issueCertificate } from '../../../server/pades/certificates.js';
import type { SigningIdentity } from '../../../server/pades/cms.js';
import { subtle } from '../../../server/pades/crypto.js';
import { timestampHttpHandler } from '../../../server/pades/timestamp-authority.js';
import { loadOrCreateTrust, type PlatformTrust } from '../../../server/pades/trust.js';

/** Helpers shared by the signing tests and the bench; not used by the server itself. */

export const run = promisify(execFile);

export async function temporaryDirectory(
  prefix: string,
): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export async function samplePdf(
  pages: number,
  options: { objectStreams?: boolean } = {},
): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let page = 1; page <= pages; page++) {
    const leaf = document.addPage([595, 842]);
    leaf.drawText(`Contrato de prestación de servicios — página ${page} de ${pages}`, {
      x: 50,
      y: 780,
      size: 14,
      font,
    });
    for (let line = 0; line < 30; line++) {
      leaf.drawText(`Cláusula ${line + 1}: las partes acuerdan lo aquí escrito.`, {
        x: 50,
        y: 740 - line * 20,
        size: 10,
        font,
      });
    }
  }
  return document.save({ useObjectStreams: options.objectStreams ?? false });
}

/** A separate CA and signer, as a user's own certificate (or an impostor's) would be. */
export async function foreignIdentity(
  commonName: string,
  options: { rootName?: string; profile?: 'seal' | 'tsa'; rsa?: boolean } = {},
): Promise<{
  identity: SigningIdentity;
  root: SigningIdentity['certificate'];
}> {
  const now = Date.now();
  const rootName = options.rootName ?? 'Autoridad Externa de Pruebas';
  const profile = options.profile ?? 'seal';
  const rootKeys = await generateKeyPair();
  const root = await issueCertificate({
    profile: 'root',
    subject: distinguishedName({ commonName: rootName, organization: 'Rúbrica', country: 'CO' }),
    publicKey: rootKeys.publicKey,
    signingKey: rootKeys.privateKey,
    notBefore: new Date(now - 3600_000),
    notAfter: new Date(now + 365 * 24 * 3600_000),
  });
  const keys = options.rsa
    ? ((await subtle.generateKey(
        {
          name: 'RSASSA-PKCS1-v1_5',
          modulusLength: 2048,
          publicExponent: new Uint8Array([1, 0, 1]),
          hash: 'SHA-256',
        },
        true,
        ['sign', 'verify'],
      )) as CryptoKeyPair)
    : await generateKeyPair();
  const certificate = await issueCertificate({
    profile,
    subject: distinguishedName({ commonName, organization: 'Rúbrica', country: 'CO' }),
    publicKey: keys.publicKey,
    issuer: { certificate: root, privateKey: rootKeys.privateKey },
    signingKey: rootKeys.privateKey,
    notBefore: new Date(now - 3600_000),
    notAfter: new Date(now + 365 * 24 * 3600_000),
  });
  return { identity: { certificate, privateKey: keys.privateKey, chain: [root] }, root };
}

export async function startTimestampServer(
  tsa: SigningIdentity,
): Promise<{ url: string; server: Server; close: () => Promise<void> }> {
  const server = createServer(timestampHttpHandler(tsa));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/tsa`,
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function pdfsig(file: string, nssDir?: string): Promise<string> {
  const args = nssDir ? ['-nssdir', `sql:${nssDir}`, file] : [file];
  const { stdout } = await run('pdfsig', args);
  return stdout;
}

/** A fresh NSS database under `dir` that trusts the platform CA created in `dir/signing`. */
export async function nssTrustingPlatformCa(dir: string): Promise<string> {
  const nss = path.join(dir, 'nss');
  await run('mkdir', ['-p', nss]);
  await run('certutil', ['-N', '-d', `sql:${nss}`, '--empty-password']);
  const ca = path.join(dir, 'signing', 'root-ca.crt.pem');
  await run('certutil', ['-A', '-d', `sql:${nss}`, '-n', 'rubrica', '-t', 'CT,C,C', '-i', ca]);
  return nss;
}

export async function writeTemp(dir: string, name: string, bytes: Uint8Array): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return file;
}

/**
 * Length of the DER value at the start of `bytes`, from its header: the padding after it is
 * zeros, but so may be the value's own last bytes, so stripping zeros would cut it.
 */
function derLength(bytes: Uint8Array): number {
  const first = bytes[1] ?? 0;
  if (first < 0x80) return 2 + first;
  const count = first & 0x7f;
  let length = 0;
  for (let i = 0; i < count; i++) length = length * 256 + (bytes[2 + i] ?? 0);
  return Math.min(bytes.length, 2 + count + length);
}

/** The signature gaps of a PDF: where /Contents starts and ends, and the CMS DER inside. */
export function signatureGaps(
  pdf: Uint8Array,
): { start: number; end: number; der: Uint8Array; range: number[] }[] {
  const text = Buffer.from(pdf).toString('latin1');
  return [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].map((match) => {
    const range = match.slice(1, 5).map(Number);
    const start = range[1]!;
    const end = range[2]!;
    const bytes = new Uint8Array(Buffer.from(text.slice(start + 1, end - 1), 'hex'));
    return { start, end, der: bytes.subarray(0, derLength(bytes)), range };
  });
}

export function signedBytes(pdf: Uint8Array, range: number[]): Uint8Array {
  const [a, b, c, d] = range as [number, number, number, number];
  return new Uint8Array(Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]));
}

/** A platform trust in a throwaway directory, optionally with its timestamp authority served over HTTP. */
export async function openPlatformTrust(
  prefix: string,
  options: { timestampServer?: boolean } = {},
): Promise<{ dir: string; trust: PlatformTrust; tsaUrl: string; close: () => Promise<void> }> {
  const { dir, remove } = await temporaryDirectory(prefix);
  const trust = await loadOrCreateTrust(dir);
  const server = options.timestampServer ? await startTimestampServer(trust.tsa!) : undefined;
  return {
    dir,
    trust,
    tsaUrl: server?.url ?? '',
    close: async () => {
      await server?.close();
      await remove();
    },
  };
}
