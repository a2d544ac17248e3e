import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { EC_ALGORITHM, OID, randomSerialNumber, subtle } from './crypto.js';

export type CertificateProfile = 'root' | 'seal' | 'tsa';

export type NameParts = { commonName: string; organization: string; country: string };

/** One attribute per RDN (C, O, CN), as CAs do; pkijs alone would put them all in one set. */
export function distinguishedName(parts: NameParts): pkijs.RelativeDistinguishedNames {
  const attributes = [
    new pkijs.AttributeTypeAndValue({
      type: '2.5.4.6',
      value: new asn1js.PrintableString({ value: parts.country }),
    }),
    new pkijs.AttributeTypeAndValue({
      type: '2.5.4.10',
      value: new asn1js.Utf8String({ value: parts.organization }),
    }),
    new pkijs.AttributeTypeAndValue({
      type: '2.5.4.3',
      value: new asn1js.Utf8String({ value: parts.commonName }),
    }),
  ];
  const encoded = new asn1js.Sequence({
    value: attributes.map((attribute) => new asn1js.Set({ value: [attribute.toSchema()] })),
  }).toBER(false);
  // Parsed back from DER so the name keeps these exact bytes wherever it is copied.
  return pkijs.RelativeDistinguishedNames.fromBER(encoded);
}

export async function generateKeyPair(): Promise<CryptoKeyPair> {
  return (await subtle.generateKey(EC_ALGORITHM, true, ['sign', 'verify'])) as CryptoKeyPair;
}

function keyUsage(bits: number, unusedBits: number): pkijs.Extension {
  return new pkijs.Extension({
    extnID: OID.keyUsage,
    critical: true,
    extnValue: new asn1js.BitString({ valueHex: new Uint8Array([bits]).buffer, unusedBits }).toBER(false),
  });
}

function extendedKeyUsage(oids: string[], critical: boolean): pkijs.Extension {
  return new pkijs.Extension({
    extnID: OID.extKeyUsage,
    critical,
    extnValue: new pkijs.ExtKeyUsage({ keyPurposes: oids }).toSchema().toBER(false),
  });
}

function basicConstraints(ca: boolean): pkijs.Extension {
  return new pkijs.Extension({
    extnID: OID.basicConstraints,
    critical: true,
    extnValue: new pkijs.BasicConstraints({ cA: ca }).toSchema().toBER(false),
  });
}

async function keyIdentifier(certificate: pkijs.Certificate): Promise<ArrayBuffer> {
  return subtle.digest('SHA-1', certificate.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView);
}

function profileExtensions(profile: CertificateProfile): pkijs.Extension[] {
  switch (profile) {
    case 'root':
      return [basicConstraints(true), keyUsage(0x06, 1)];
    case 'seal':
      // emailProtection keeps NSS (pdfsig) content when it checks the signer usage.
      return [
        basicConstraints(false),
        keyUsage(0xc0, 6),
        extendedKeyUsage([OID.emailProtection, OID.documentSigning], false),
      ];
    case 'tsa':
      // RFC 3161 §2.3: the only purpose, and critical.
      return [basicConstraints(false), keyUsage(0xc0, 6), extendedKeyUsage([OID.timeStamping], true)];
  }
}

export type IssueInput = {
  profile: CertificateProfile;
  subject: pkijs.RelativeDistinguishedNames;
  publicKey: CryptoKey;
  /** The issuing CA; absent for a self-signed root. */
  issuer?: { certificate: pkijs.Certificate; privateKey: CryptoKey };
  signingKey: CryptoKey;
  notBefore: Date;
  notAfter: Date;
};

export async function issueCertificate(input: IssueInput): Promise<pkijs.Certificate> {
  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  certificate.serialNumber = randomSerialNumber();
  certificate.subject = input.subject;
  // The issuer is copied from the CA certificate as parsed, so its exact encoding is kept.
  certificate.issuer = input.issuer ? input.issuer.certificate.subject : input.subject;
  certificate.notBefore.value = input.notBefore;
  certificate.notAfter.value = input.notAfter;
  await certificate.subjectPublicKeyInfo.importKey(input.publicKey);
  const subjectKeyId = await keyIdentifier(certificate);
  const authorityKeyId = input.issuer ? await keyIdentifier(input.issuer.certificate) : subjectKeyId;
  certificate.extensions = [
    ...profileExtensions(input.profile),
    new pkijs.Extension({
      extnID: OID.subjectKeyIdentifier,
      extnValue: new asn1js.OctetString({ valueHex: subjectKeyId }).toBER(false),
    }),
    new pkijs.Extension({
      extnID: OID.authorityKeyIdentifier,
      extnValue: new pkijs.AuthorityKeyIdentifier({
        keyIdentifier: new asn1js.OctetString({ valueHex: authorityKeyId }),
      })
        .toSchema()
        .toBER(false),
    }),
  ];
  await certificate.sign(input.signingKey, 'SHA-256');
  // Round-trip so every part (issuer included) carries its encoded bytes from now on.
  return pkijs.Certificate.fromBER(certificate.toSchema(true).toBER(false));
}

export function hasExtendedKeyUsage(
  certificate: pkijs.Certificate,
  oid: string,
  critical?: boolean,
): boolean {
  const extension = certificate.extensions?.find((item) => item.extnID === OID.extKeyUsage);
  if (!extension) return false;
  if (critical !== undefined && extension.critical !== critical) return false;
  const usage = extension.parsedValue;
  return usage instanceof pkijs.ExtKeyUsage && usage.keyPurposes.includes(oid);
}

export function isCertificateAuthority(certificate: pkijs.Certificate): boolean {
  const extension = certificate.extensions?.find((item) => item.extnID === OID.basicConstraints);
  const constraints = extension?.parsedValue;
  return constraints instanceof pkijs.BasicConstraints && constraints.cA === true;
}
