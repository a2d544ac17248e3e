import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import {
  certificateDer,
  equalBytes,
  isRsaKey,
  OID,
  parseCertificate,
  parseDer,
  sha256,
  signDer,
  toArrayBuffer,
} from './crypto.js';
import { type DerElement, derChildren, derTlv, readDerElement } from './der.js';

export type SigningIdentity = {
  certificate: pkijs.Certificate;
  privateKey: CryptoKey;
  /** Intermediate and root certificates shipped inside the CMS so verifiers can build the chain. */
  chain: pkijs.Certificate[];
};

/** ESS signing-certificate-v2 (RFC 5035) naming the signer's certificate by SHA-256 and issuer/serial. */
const essCache = new WeakMap<pkijs.Certificate, Promise<pkijs.Attribute>>();

export function signingCertificateV2(certificate: pkijs.Certificate): Promise<pkijs.Attribute> {
  let attribute = essCache.get(certificate);
  if (!attribute) {
    attribute = buildSigningCertificateV2(certificate);
    essCache.set(certificate, attribute);
  }
  return attribute;
}

async function buildSigningCertificateV2(certificate: pkijs.Certificate): Promise<pkijs.Attribute> {
  const certHash = await sha256(certificateDer(certificate));
  const directoryName = new asn1js.Constructed({
    idBlock: { tagClass: 3, tagNumber: 4 },
    value: [certificate.issuer.toSchema()],
  });
  const issuerSerial = new asn1js.Sequence({
    value: [
      new asn1js.Sequence({ value: [directoryName] }),
      new asn1js.Integer({ valueHex: toArrayBuffer(certificate.serialNumber.valueBlock.valueHexView) }),
    ],
  });
  // hashAlgorithm is omitted: its DEFAULT is SHA-256, and DER forbids encoding a default value.
  const essCertId = new asn1js.Sequence({
    value: [new asn1js.OctetString({ valueHex: toArrayBuffer(certHash) }), issuerSerial],
  });
  return new pkijs.Attribute({
    type: OID.signingCertificateV2,
    values: [new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertId] })] })],
  });
}

export type EssCertId = { hashOid: string; certHash: Uint8Array };

export function readSigningCertificateV2(attribute: pkijs.Attribute): EssCertId | null {
  const value = attribute.values[0];
  if (!(value instanceof asn1js.Sequence)) return null;
  const certs = value.valueBlock.value[0];
  if (!(certs instanceof asn1js.Sequence)) return null;
  const first = certs.valueBlock.value[0];
  if (!(first instanceof asn1js.Sequence)) return null;
  const [head, next] = first.valueBlock.value;
  if (head instanceof asn1js.OctetString)
    return { hashOid: OID.sha256, certHash: head.valueBlock.valueHexView };
  if (head instanceof asn1js.Sequence && next instanceof asn1js.OctetString) {
    const algorithm = new pkijs.AlgorithmIdentifier({ schema: head });
    return { hashOid: algorithm.algorithmId, certHash: next.valueBlock.valueHexView };
  }
  return null;
}

export async function essMatchesCertificate(
  ess: EssCertId,
  certificate: pkijs.Certificate,
): Promise<boolean> {
  if (ess.hashOid !== OID.sha256) return false;
  return equalBytes(ess.certHash, await sha256(certificateDer(certificate)));
}

function attributeDer(attribute: pkijs.Attribute): Uint8Array {
  return new Uint8Array(attribute.toSchema().toBER(false));
}

/** DER orders SET OF by encoding; verifiers that re-encode (NSS) would otherwise see another hash. */
function sortForDer(attributes: pkijs.Attribute[]): pkijs.Attribute[] {
  const encoded = attributes.map((attribute) => ({ attribute, der: attributeDer(attribute) }));
  encoded.sort((a, b) => {
    const length = Math.min(a.der.length, b.der.length);
    for (let i = 0; i < length; i++) if (a.der[i] !== b.der[i]) return (a.der[i] ?? 0) - (b.der[i] ?? 0);
    return a.der.length - b.der.length;
  });
  return encoded.map((item) => item.attribute);
}

/** The bytes a CMS signature covers: the signed attributes re-tagged as a SET (RFC 5652 §5.4). */
export function signedAttributesDer(signerInfo: pkijs.SignerInfo): ArrayBuffer | null {
  const signedAttrs = signerInfo.signedAttrs;
  if (!signedAttrs) return null;
  const source =
    signedAttrs.encodedValue.byteLength > 0 ? signedAttrs.encodedValue : signedAttrs.toSchema().toBER(false);
  const copy = new Uint8Array(source.slice(0));
  copy[0] = 0x31;
  return toArrayBuffer(copy);
}

export type SignedDataInput = {
  contentType: string;
  /** The encapsulated content; absent for a detached signature (PAdES). */
  content?: Uint8Array;
  contentDigest: Uint8Array;
  identity: SigningIdentity;
  extraSignedAttributes?: pkijs.Attribute[];
};

/** The SignerInfo before its signature, and the bytes that signature covers. */
export async function signerInfoToSign(
  input: SignedDataInput,
): Promise<{ signerInfo: pkijs.SignerInfo; toBeSigned: ArrayBuffer }> {
  const { certificate, privateKey } = input.identity;
  const attributes = sortForDer([
    new pkijs.Attribute({
      type: OID.contentType,
      values: [new asn1js.ObjectIdentifier({ value: input.contentType })],
    }),
    new pkijs.Attribute({
      type: OID.messageDigest,
      values: [new asn1js.OctetString({ valueHex: toArrayBuffer(input.contentDigest) })],
    }),
    await signingCertificateV2(certificate),
    ...(input.extraSignedAttributes ?? []),
  ]);
  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({
      issuer: certificate.issuer,
      serialNumber: certificate.serialNumber,
    }),
    digestAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
    signedAttrs: new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes }),
    signatureAlgorithm: isRsaKey(privateKey)
      ? new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256WithRsa, algorithmParams: new asn1js.Null() })
      : new pkijs.AlgorithmIdentifier({ algorithmId: OID.ecdsaWithSha256 }),
  });
  const toBeSigned = signedAttributesDer(signerInfo);
  if (!toBeSigned) throw new Error('faltan los atributos firmados');
  return { signerInfo, toBeSigned };
}

export async function createSignedData(input: SignedDataInput): Promise<pkijs.SignedData> {
  const { certificate, privateKey, chain } = input.identity;
  const { signerInfo, toBeSigned } = await signerInfoToSign(input);
  signerInfo.signature = new asn1js.OctetString({ valueHex: await signDer(privateKey, toBeSigned) });
  return new pkijs.SignedData({
    // RFC 5652 §5.1: version 3 whenever the content is not id-data (a TSTInfo, for instance).
    version: input.contentType === OID.data ? 1 : 3,
    digestAlgorithms: [new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 })],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType: input.contentType,
      ...(input.content
        ? { eContent: new asn1js.OctetString({ valueHex: toArrayBuffer(input.content) }) }
        : {}),
    }),
    certificates: [certificate, ...chain],
    signerInfos: [signerInfo],
  });
}

/** A certificate's own bytes (as parsed or as signed), which pkijs would re-parse on every encoding. */
const encodedCertificates = new WeakMap<pkijs.Certificate, Uint8Array>();

export function encodedCertificate(certificate: pkijs.Certificate): Uint8Array {
  let der = encodedCertificates.get(certificate);
  if (!der) {
    der = new Uint8Array(certificate.toSchema().toBER(false));
    encodedCertificates.set(certificate, der);
  }
  return der;
}

export const SIGNED_DATA_OID_DER = new Uint8Array(
  new asn1js.ObjectIdentifier({ value: OID.signedData }).toBER(false),
);

/**
 * ContentInfo(SignedData) in DER, the same bytes pkijs writes, but with the certificates copied
 * from their encoding instead of re-encoded (most of the time a seal's CMS took).
 */
export function contentInfoDer(signedData: pkijs.SignedData): Uint8Array {
  const certificates = signedData.certificates;
  if (certificates?.some((item) => !(item instanceof pkijs.Certificate))) {
    const contentInfo = new pkijs.ContentInfo({
      contentType: OID.signedData,
      content: signedData.toSchema(true),
    });
    return new Uint8Array(contentInfo.toSchema().toBER(false));
  }
  let fields: asn1js.AsnType[];
  signedData.certificates = undefined;
  try {
    fields = (signedData.toSchema(true) as asn1js.Sequence).valueBlock.value;
  } finally {
    signedData.certificates = certificates;
  }
  // version, digestAlgorithms, encapContentInfo, [certificates], signerInfos
  const [version, digestAlgorithms, encapContentInfo, signerInfos] = fields.map(
    (field) => new Uint8Array(field.toBER(false)),
  );
  if (!version || !digestAlgorithms || !encapContentInfo || !signerInfos)
    throw new Error('SignedData incompleto');
  const certificateSet = certificates
    ? [derTlv(0xa0, (certificates as pkijs.Certificate[]).map(encodedCertificate))]
    : [];
  const content = derTlv(0x30, [version, digestAlgorithms, encapContentInfo, ...certificateSet, signerInfos]);
  return derTlv(0x30, [SIGNED_DATA_OID_DER, derTlv(0xa0, [content])]);
}

export function parseSignedData(der: Uint8Array): pkijs.SignedData {
  const contentInfo = new pkijs.ContentInfo({ schema: parseDer(der) });
  if (contentInfo.contentType !== OID.signedData) throw new Error('no es un SignedData de CMS');
  return new pkijs.SignedData({ schema: contentInfo.content });
}

/**
 * Adds one unsigned attribute (RFC 5652 §5.3) to the only SignerInfo of an encoded
 * ContentInfo(SignedData), whose value is already DER (a timestamp token): the attribute's bytes
 * are spliced in and the enclosing lengths rewritten, instead of parsing the token into asn1js
 * objects and encoding it back. The signature does not cover unsigned attributes.
 */
export function withUnsignedAttribute(der: Uint8Array, type: string, valueDer: Uint8Array): Uint8Array {
  const slice = (element: DerElement) => der.subarray(element.start, element.end);
  const contentInfo = readDerElement(der, 0);
  const [contentType, explicit] = derChildren(der, contentInfo);
  const [signedData] = explicit ? derChildren(der, explicit) : [];
  const fields = signedData ? derChildren(der, signedData) : [];
  const signerInfos = fields.at(-1);
  const [signerInfo, ...others] = signerInfos ? derChildren(der, signerInfos) : [];
  if (
    !contentType ||
    !signedData ||
    signerInfos?.tag !== 0x31 ||
    signerInfo?.tag !== 0x30 ||
    others.length > 0
  )
    throw new Error('no es un SignedData con un firmante');
  const signerFields = derChildren(der, signerInfo);
  if (signerFields.some((field) => field.tag === 0xa1))
    throw new Error('el firmante ya tiene atributos no firmados');
  const oid = new Uint8Array(new asn1js.ObjectIdentifier({ value: type }).toBER(false));
  const attribute = derTlv(0x30, [oid, derTlv(0x31, [valueDer])]);
  const newSignerInfo = derTlv(0x30, [...signerFields.map(slice), derTlv(0xa1, [attribute])]);
  const newSignedData = derTlv(0x30, [...fields.slice(0, -1).map(slice), derTlv(0x31, [newSignerInfo])]);
  return derTlv(0x30, [slice(contentType), derTlv(0xa0, [newSignedData])]);
}

/** Certificates already parsed, by their exact bytes (bounded: they come from outside). */
const parsedCertificates = new Map<string, pkijs.Certificate>();
const MAX_PARSED_CERTIFICATES = 256;

function certificateFromDer(der: Uint8Array): pkijs.Certificate {
  const key = Buffer.from(der).toString('base64');
  let certificate = parsedCertificates.get(key);
  if (!certificate) {
    certificate = parseCertificate(der);
    if (parsedCertificates.size >= MAX_PARSED_CERTIFICATES) parsedCertificates.clear();
    parsedCertificates.set(key, certificate);
  }
  return certificate;
}

/**
 * parseSignedData for CMS that keep arriving with the same certificates (a TSA sends its own with
 * every token): the certificates are cut out by their DER framing and each distinct one is
 * parsed once, then the same instance is returned, so its encoding, public key and verified
 * chain are cached with it. Anything it cannot frame is parsed the ordinary way.
 */
export function parseSignedDataWithKnownCertificates(der: Uint8Array): pkijs.SignedData {
  let framed: { stripped: Uint8Array; certificates: Uint8Array[] } | null;
  try {
    framed = withoutCertificates(der);
  } catch {
    framed = null;
  }
  if (!framed) return parseSignedData(der);
  const signedData = parseSignedData(framed.stripped);
  signedData.certificates = framed.certificates.map(certificateFromDer);
  return signedData;
}

/** ContentInfo(SignedData) rewritten without its [0] certificates, and those certificates' bytes. */
function withoutCertificates(der: Uint8Array): { stripped: Uint8Array; certificates: Uint8Array[] } | null {
  const contentInfo = readDerElement(der, 0);
  const [contentType, explicit] = derChildren(der, contentInfo);
  if (contentInfo.end !== der.length || contentType?.tag !== 0x06 || explicit?.tag !== 0xa0) return null;
  const [signedData, ...extra] = derChildren(der, explicit);
  if (signedData?.tag !== 0x30 || extra.length > 0) return null;
  const fields = derChildren(der, signedData);
  const certificateSet = fields.find((field) => field.tag === 0xa0);
  if (!certificateSet) return null;
  const certificates = derChildren(der, certificateSet);
  // Only plain X.509 certificates (SEQUENCE); other choices go through pkijs as they are.
  if (certificates.some((certificate) => certificate.tag !== 0x30)) return null;
  const slice = (element: DerElement) => der.subarray(element.start, element.end);
  const stripped = derTlv(0x30, [
    slice(contentType),
    derTlv(0xa0, [derTlv(0x30, fields.filter((field) => field !== certificateSet).map(slice))]),
  ]);
  return {
    stripped,
    certificates: certificates.map((certificate) => der.slice(certificate.start, certificate.end)),
  };
}

export function findAttribute(
  attributes: pkijs.SignedAndUnsignedAttributes | undefined,
  oid: string,
): pkijs.Attribute | undefined {
  return attributes?.attributes.find((attribute) => attribute.type === oid);
}

/** The certificate a SignerInfo names by issuer and serial, among the ones the CMS carries. */
export function signerCertificate(
  signedData: pkijs.SignedData,
  signerInfo: pkijs.SignerInfo,
): pkijs.Certificate | null {
  const sid = signerInfo.sid;
  if (!(sid instanceof pkijs.IssuerAndSerialNumber)) return null;
  for (const candidate of signedData.certificates ?? []) {
    if (!(candidate instanceof pkijs.Certificate)) continue;
    if (candidate.issuer.isEqual(sid.issuer) && candidate.serialNumber.isEqual(sid.serialNumber))
      return candidate;
  }
  return null;
}
