import { randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { hasExtendedKeyUsage } from './certificates.js';
import { verifyChain } from './chain.js';
import {
  essMatchesCertificate,
  findAttribute,
  parseSignedDataWithKnownCertificates,
  readSigningCertificateV2,
  type SigningIdentity,
  signedAttributesDer,
  signerCertificate,
} from './cms.js';
import {
  certificatePublicKey,
  commonName,
  equalBytes,
  OID,
  parseDer,
  sha256,
  toArrayBuffer,
  verifyDer,
} from './crypto.js';
import { derChildren, readDerElement } from './der.js';
import { issueTimestampToken } from './timestamp-authority.js';

/** Returns an RFC 3161 token over a SHA-256 imprint, or throws: a seal is never made without one. */
export type Timestamper = (imprint: Uint8Array) => Promise<Uint8Array>;

export class TimestampError extends Error {}

export type TimestampCheck =
  | { valid: true; genTime: Date; authority: string; serial: string; certificate: pkijs.Certificate }
  | { valid: false; reason: string };

function invalid(reason: string): TimestampCheck {
  return { valid: false, reason };
}

/**
 * Verifies a timestamp token completely: the imprint against the expected digest, the TSTInfo
 * digest and signature, ESS signing-certificate, the TSA's critical timeStamping purpose and its
 * chain to one of the pinned TSA roots at the time it claims.
 */
export async function verifyTimestampToken(
  tokenDer: Uint8Array,
  expectedImprint: Uint8Array,
  tsaRoots: pkijs.Certificate[],
  expectedNonce?: asn1js.Integer,
): Promise<TimestampCheck> {
  let signedData: pkijs.SignedData;
  let tstInfo: pkijs.TSTInfo;
  try {
    signedData = parseSignedDataWithKnownCertificates(tokenDer);
    if (signedData.encapContentInfo.eContentType !== OID.tstInfo)
      return invalid('el sello de tiempo no contiene un TSTInfo');
    const content = signedData.encapContentInfo.eContent;
    if (!content) return invalid('el sello de tiempo no contiene datos');
    tstInfo = new pkijs.TSTInfo({ schema: parseDer(content.getValue()) });
  } catch {
    return invalid('el sello de tiempo está mal formado');
  }
  const imprint = tstInfo.messageImprint;
  if (imprint.hashAlgorithm.algorithmId !== OID.sha256) return invalid('el sello de tiempo no usa SHA-256');
  if (!equalBytes(imprint.hashedMessage.valueBlock.valueHexView, expectedImprint)) {
    return invalid('el sello de tiempo no corresponde a esta firma');
  }
  if (expectedNonce && !tstInfo.nonce?.isEqual(expectedNonce)) {
    return invalid('la autoridad de sellado de tiempo no devolvió el nonce enviado');
  }
  const signerInfo = signedData.signerInfos[0];
  if (!signerInfo || signedData.signerInfos.length !== 1)
    return invalid('el sello de tiempo debe tener un firmante');
  const certificate = signerCertificate(signedData, signerInfo);
  if (!certificate) return invalid('el sello de tiempo no incluye el certificado de su autoridad');
  const contentDigest = findAttribute(signerInfo.signedAttrs, OID.messageDigest)?.values[0];
  const eContent = signedData.encapContentInfo.eContent?.getValue() ?? new ArrayBuffer(0);
  if (
    !(contentDigest instanceof asn1js.OctetString) ||
    !equalBytes(contentDigest.valueBlock.valueHexView, await sha256(eContent))
  ) {
    return invalid('el resumen del sello de tiempo no coincide');
  }
  const contentType = findAttribute(signerInfo.signedAttrs, OID.contentType)?.values[0];
  if (
    !(contentType instanceof asn1js.ObjectIdentifier) ||
    contentType.valueBlock.toString() !== OID.tstInfo
  ) {
    return invalid('el tipo de contenido del sello de tiempo no es TSTInfo');
  }
  const essAttribute = findAttribute(signerInfo.signedAttrs, OID.signingCertificateV2);
  const ess = essAttribute ? readSigningCertificateV2(essAttribute) : null;
  if (!ess || !(await essMatchesCertificate(ess, certificate))) {
    return invalid('el sello de tiempo no identifica correctamente el certificado de su autoridad');
  }
  const publicKey = await certificatePublicKey(certificate);
  const toBeSigned = signedAttributesDer(signerInfo);
  if (
    !publicKey ||
    !toBeSigned ||
    !(await verifyDer(publicKey, signerInfo.signature.valueBlock.valueHexView, toBeSigned))
  ) {
    return invalid('la firma del sello de tiempo no es válida');
  }
  if (!hasExtendedKeyUsage(certificate, OID.timeStamping, true)) {
    return invalid('el certificado del sello de tiempo no es de una autoridad de sellado de tiempo');
  }
  const others = (signedData.certificates ?? []).filter(
    (item): item is pkijs.Certificate => item instanceof pkijs.Certificate,
  );
  const chain = await verifyChain(certificate, others, tsaRoots, tstInfo.genTime);
  if (!chain.trusted) return invalid(`autoridad de sellado de tiempo no confiable: ${chain.reason}`);
  return {
    valid: true,
    genTime: tstInfo.genTime,
    authority: commonName(certificate.subject),
    serial: Buffer.from(tstInfo.serialNumber.valueBlock.valueHexView).toString('hex'),
    certificate,
  };
}

/** The platform's own TSA, called in-process. */
export function localTimestamper(tsa: SigningIdentity, now?: () => Date): Timestamper {
  return (imprint) => issueTimestampToken(tsa, imprint, { now });
}

export type HttpTimestamperOptions = { url: string; tsaRoots: pkijs.Certificate[]; timeoutMs?: number };

/** RFC 3161 over HTTP (TSA_URL): every answer is verified before it is used. */
export function httpTimestamper(options: HttpTimestamperOptions): Timestamper {
  return async (imprint) => {
    const nonce = new asn1js.Integer({ valueHex: toArrayBuffer(Uint8Array.of(0x01, ...randomBytes(8))) });
    const request = new pkijs.TimeStampReq({
      version: 1,
      messageImprint: new pkijs.MessageImprint({
        hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
        hashedMessage: new asn1js.OctetString({ valueHex: toArrayBuffer(imprint) }),
      }),
      nonce,
      certReq: true,
    });
    let body: Uint8Array;
    try {
      const reply = await fetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/timestamp-query' },
        body: new Uint8Array(request.toSchema().toBER(false)),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
      if (!reply.ok)
        throw new TimestampError(`la autoridad de sellado de tiempo respondió HTTP ${reply.status}`);
      body = new Uint8Array(await reply.arrayBuffer());
    } catch (error) {
      if (error instanceof TimestampError) throw error;
      throw new TimestampError('no se pudo contactar la autoridad de sellado de tiempo');
    }
    let response: { status: pkijs.PKIStatusInfo; token?: Uint8Array };
    try {
      response = splitTimestampResponse(body);
    } catch {
      throw new TimestampError('la autoridad de sellado de tiempo devolvió una respuesta ilegible');
    }
    const status = response.status.status;
    const token = response.token;
    if ((status !== pkijs.PKIStatus.granted && status !== pkijs.PKIStatus.grantedWithMods) || !token) {
      throw new TimestampError('la autoridad de sellado de tiempo rechazó la solicitud');
    }
    const check = await verifyTimestampToken(token, imprint, options.tsaRoots, nonce);
    if (!check.valid) throw new TimestampError(check.reason);
    return token;
  };
}

/**
 * TimeStampResp ::= SEQUENCE { status PKIStatusInfo, timeStampToken ContentInfo OPTIONAL }: the
 * status parsed, the token's bytes cut out as they came (verifyTimestampToken parses them once).
 */
function splitTimestampResponse(body: Uint8Array): { status: pkijs.PKIStatusInfo; token?: Uint8Array } {
  const outer = readDerElement(body, 0);
  if (outer.tag !== 0x30 || outer.end !== body.length) throw new Error('no es un TimeStampResp');
  const [status, token, ...rest] = derChildren(body, outer);
  if (status?.tag !== 0x30 || rest.length > 0 || (token && token.tag !== 0x30))
    throw new Error('no es un TimeStampResp');
  return {
    status: new pkijs.PKIStatusInfo({ schema: parseDer(body.subarray(status.start, status.end)) }),
    token: token ? body.slice(token.start, token.end) : undefined,
  };
}

export function timestamperFor(trust: {
  tsa?: SigningIdentity;
  tsaUrl?: string;
  tsaRoots: pkijs.Certificate[];
}): Timestamper {
  if (trust.tsaUrl) return httpTimestamper({ url: trust.tsaUrl, tsaRoots: trust.tsaRoots });
  if (!trust.tsa) throw new Error('no hay autoridad de sellado de tiempo configurada');
  return localTimestamper(trust.tsa);
}
