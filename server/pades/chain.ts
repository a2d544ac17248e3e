import type * as pkijs from 'pkijs';
import { isCertificateAuthority } from './certificates.js';
import { certificateDer, equalBytes } from './crypto.js';

export type ChainResult = { trusted: true; path: pkijs.Certificate[] } | { trusted: false; reason: string };

function validAt(certificate: pkijs.Certificate, at: Date): boolean {
  return certificate.notBefore.value <= at && at <= certificate.notAfter.value;
}

// Certificates are never changed once built or parsed: whether one signed another is checked
// once per pair of instances (the TSA's certificate arrives with every timestamp token).
const verifiedSignatures = new WeakMap<pkijs.Certificate, WeakMap<pkijs.Certificate, Promise<boolean>>>();

async function verifySignature(certificate: pkijs.Certificate, issuer: pkijs.Certificate): Promise<boolean> {
  try {
    return await certificate.verify(issuer);
  } catch {
    return false;
  }
}

function signedBy(certificate: pkijs.Certificate, issuer: pkijs.Certificate): Promise<boolean> {
  if (!certificate.issuer.isEqual(issuer.subject)) return Promise.resolve(false);
  let byIssuer = verifiedSignatures.get(certificate);
  if (!byIssuer) {
    byIssuer = new WeakMap();
    verifiedSignatures.set(certificate, byIssuer);
  }
  let verdict = byIssuer.get(issuer);
  if (!verdict) {
    verdict = verifySignature(certificate, issuer);
    byIssuer.set(issuer, verdict);
  }
  return verdict;
}

/**
 * Builds a path from the leaf to one of the pinned roots, checking every signature and validity
 * period at `at`. Only the pinned roots are anchors: a look-alike CA with the same name fails here.
 */
export async function verifyChain(
  leaf: pkijs.Certificate,
  intermediates: pkijs.Certificate[],
  roots: pkijs.Certificate[],
  at: Date,
): Promise<ChainResult> {
  const path: pkijs.Certificate[] = [leaf];
  let current = leaf;
  for (let depth = 0; depth < 6; depth++) {
    if (!validAt(current, at))
      return { trusted: false, reason: 'un certificado no estaba vigente en la fecha de firma' };
    const currentDer = certificateDer(current);
    if (roots.some((root) => equalBytes(certificateDer(root), currentDer))) return { trusted: true, path };
    for (const root of roots) {
      if (await signedBy(current, root)) {
        if (!validAt(root, at)) return { trusted: false, reason: 'la autoridad raíz no estaba vigente' };
        return { trusted: true, path: [...path, root] };
      }
    }
    let next: pkijs.Certificate | undefined;
    for (const candidate of intermediates) {
      if (candidate === current || !isCertificateAuthority(candidate)) continue;
      if (await signedBy(current, candidate)) {
        next = candidate;
        break;
      }
    }
    if (!next)
      return { trusted: false, reason: 'el certificado no fue emitido por una autoridad de confianza' };
    path.push(next);
    current = next;
  }
  return { trusted: false, reason: 'la cadena de certificados es demasiado larga' };
}
