import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { encodedCertificate, SIGNED_DATA_OID_DER, type SignedDataInput, signerInfoToSign } from './cms.js';
import { isRsaKey, OID, signDer, toArrayBuffer } from './crypto.js';
import { derTlv } from './der.js';

/**
 * createSignedData + contentInfoDer in one, for the two CMS made on every seal (the seal's and
 * the timestamp token's): the same bytes, but written around parts encoded once (algorithm
 * identifiers, the signer's issuer and serial, the certificates, the signed attributes already
 * encoded for signing) instead of building the whole asn1js tree and encoding it again.
 */

const encoded = (schema: { toBER(sizeOnly?: boolean): ArrayBuffer }) => new Uint8Array(schema.toBER(false));
const INTEGER_1 = encoded(new asn1js.Integer({ value: 1 }));
const INTEGER_3 = encoded(new asn1js.Integer({ value: 3 }));
const SHA256 = encoded(new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }).toSchema());
const ECDSA_WITH_SHA256 = encoded(
  new pkijs.AlgorithmIdentifier({ algorithmId: OID.ecdsaWithSha256 }).toSchema(),
);
const SHA256_WITH_RSA = encoded(
  new pkijs.AlgorithmIdentifier({
    algorithmId: OID.sha256WithRsa,
    algorithmParams: new asn1js.Null(),
  }).toSchema(),
);

const signerIds = new WeakMap<pkijs.Certificate, Uint8Array>();

function signerIdentifier(certificate: pkijs.Certificate): Uint8Array {
  let der = signerIds.get(certificate);
  if (!der) {
    der = encoded(
      new pkijs.IssuerAndSerialNumber({
        issuer: certificate.issuer,
        serialNumber: certificate.serialNumber,
      }).toSchema(),
    );
    signerIds.set(certificate, der);
  }
  return der;
}

export type EncodedSignedData = {
  /** ContentInfo(SignedData), DER. */
  der: Uint8Array;
  /** The SignerInfo's signature value (a timestamp token is requested over its hash). */
  signature: Uint8Array;
};

export async function signedDataDer(
  input: SignedDataInput,
  options: { includeCertificates?: boolean } = {},
): Promise<EncodedSignedData> {
  const { certificate, privateKey, chain } = input.identity;
  const { toBeSigned } = await signerInfoToSign(input);
  const signature = new Uint8Array(await signDer(privateKey, toBeSigned));
  // The signed attributes as the SignerInfo carries them: [0] IMPLICIT instead of SET.
  const signedAttributes = new Uint8Array(toBeSigned.slice(0));
  signedAttributes[0] = 0xa0;
  const signerInfo = derTlv(0x30, [
    INTEGER_1,
    signerIdentifier(certificate),
    SHA256,
    signedAttributes,
    isRsaKey(privateKey) ? SHA256_WITH_RSA : ECDSA_WITH_SHA256,
    derTlv(0x04, [signature]),
  ]);
  const encapsulated = encoded(
    new pkijs.EncapsulatedContentInfo({
      eContentType: input.contentType,
      ...(input.content
        ? { eContent: new asn1js.OctetString({ valueHex: toArrayBuffer(input.content) }) }
        : {}),
    }).toSchema(),
  );
  const certificates =
    options.includeCertificates === false
      ? []
      : [derTlv(0xa0, [certificate, ...chain].map(encodedCertificate))];
  const signedData = derTlv(0x30, [
    // RFC 5652 §5.1: version 3 whenever the content is not id-data (a TSTInfo, for instance).
    input.contentType === OID.data ? INTEGER_1 : INTEGER_3,
    derTlv(0x31, [SHA256]),
    encapsulated,
    ...certificates,
    derTlv(0x31, [signerInfo]),
  ]);
  return { der: derTlv(0x30, [SIGNED_DATA_OID_DER, derTlv(0xa0, [signedData])]), signature };
}
