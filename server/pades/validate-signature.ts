import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { verifyChain } from './chain.js';
import {
  essMatchesCertificate,
  findAttribute,
  parseSignedData,
  readSigningCertificateV2,
  signedAttributesDer,
  signerCertificate,
} from './cms.js';
import {
  certificatePublicKey,
  commonName,
  equalBytes,
  nameAttribute,
  OID,
  sha256,
  verifyDer,
} from './crypto.js';
import { verifyTimestampToken } from './timestamp-client.js';
import type { ValidationTrust } from './trust.js';

export type ByteRange = [number, number, number, number];

export type SignatureFacts = {
  signer?: string;
  organization?: string;
  timestamp?: { time: Date; authority: string; serial: string };
  problems: string[];
};

/** The DER object at the start of `bytes`, and whether everything after it is zero padding. */
export function splitDer(bytes: Uint8Array): { der: Uint8Array; cleanPadding: boolean } | null {
  const parsed = asn1js.fromBER(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  if (parsed.offset === -1) return null;
  const der = bytes.subarray(0, parsed.offset);
  return { der, cleanPadding: bytes.subarray(parsed.offset).every((byte) => byte === 0) };
}

/**
 * Checks one CMS against the bytes it claims to sign: PAdES profile (ESS signing-certificate-v2,
 * no signingTime, id-data), message digest, signature, the RFC 3161 token over the signature
 * value, and the signer's chain to the pinned roots at the timestamp's time.
 */
export async function checkCms(
  cms: Uint8Array,
  pdf: Uint8Array,
  range: ByteRange,
  trust: ValidationTrust,
): Promise<SignatureFacts> {
  const problems: string[] = [];
  let signedData: pkijs.SignedData;
  try {
    signedData = parseSignedData(cms);
  } catch {
    return { problems: ['la firma no es un CMS legible'] };
  }
  const signerInfo = signedData.signerInfos[0];
  if (!signerInfo || signedData.signerInfos.length !== 1)
    return { problems: ['la firma debe tener exactamente un firmante'] };
  if (signedData.encapContentInfo.eContent) problems.push('la firma no es separada (detached)');
  const certificate = signerCertificate(signedData, signerInfo);
  if (!certificate) return { problems: ['la firma no incluye el certificado de quien firmó'] };
  const facts: SignatureFacts = {
    signer: commonName(certificate.subject),
    organization: nameAttribute(certificate.subject, '2.5.4.10'),
    problems,
  };
  if (signerInfo.digestAlgorithm.algorithmId !== OID.sha256) problems.push('la firma no usa SHA-256');
  const contentType = findAttribute(signerInfo.signedAttrs, OID.contentType)?.values[0];
  if (!(contentType instanceof asn1js.ObjectIdentifier) || contentType.valueBlock.toString() !== OID.data) {
    problems.push('el tipo de contenido firmado no es el de PAdES');
  }
  if (findAttribute(signerInfo.signedAttrs, OID.signingTime)) {
    problems.push('la firma incluye signingTime, que el perfil PAdES prohíbe');
  }
  const essAttribute = findAttribute(signerInfo.signedAttrs, OID.signingCertificateV2);
  const ess = essAttribute ? readSigningCertificateV2(essAttribute) : null;
  if (!ess) problems.push('la firma no identifica su certificado (ESS signing-certificate-v2)');
  else if (!(await essMatchesCertificate(ess, certificate)))
    problems.push('el certificado de la firma fue sustituido');
  const digest = createHash('sha256')
    .update(pdf.subarray(range[0], range[0] + range[1]))
    .update(pdf.subarray(range[2], range[2] + range[3]))
    .digest();
  const messageDigest = findAttribute(signerInfo.signedAttrs, OID.messageDigest)?.values[0];
  if (
    !(messageDigest instanceof asn1js.OctetString) ||
    !equalBytes(messageDigest.valueBlock.valueHexView, digest)
  ) {
    problems.push('el contenido firmado fue modificado (el resumen no coincide)');
  }
  const publicKey = await certificatePublicKey(certificate);
  const toBeSigned = signedAttributesDer(signerInfo);
  const signatureValue = signerInfo.signature.valueBlock.valueHexView;
  if (!publicKey || !toBeSigned || !(await verifyDer(publicKey, signatureValue, toBeSigned))) {
    problems.push('la firma criptográfica no es válida');
  }
  const tokens =
    signerInfo.unsignedAttrs?.attributes.filter((attribute) => attribute.type === OID.timeStampToken) ?? [];
  let checkedAt = new Date();
  if (tokens.length !== 1 || tokens[0]!.values.length !== 1) {
    problems.push('la firma no tiene un sello de tiempo');
  } else {
    const token = new Uint8Array(tokens[0]!.values[0]!.toBER(false));
    const check = await verifyTimestampToken(token, await sha256(signatureValue), trust.tsaRoots);
    if (!check.valid) problems.push(`sello de tiempo inválido: ${check.reason}`);
    else {
      facts.timestamp = { time: check.genTime, authority: check.authority, serial: check.serial };
      checkedAt = check.genTime;
    }
  }
  const others = (signedData.certificates ?? []).filter(
    (item): item is pkijs.Certificate => item instanceof pkijs.Certificate,
  );
  const chain = await verifyChain(certificate, others, trust.signerRoots, checkedAt);
  if (!chain.trusted) problems.push(`certificado de firma no confiable: ${chain.reason}`);
  return facts;
}
