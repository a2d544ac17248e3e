import type { IncomingMessage, ServerResponse } from 'node:http';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { SigningIdentity } from './cms.js';
import { signedDataDer } from './cms-der.js';
import { OID, parseDer, randomSerialNumber, sha256, toArrayBuffer } from './crypto.js';
import { derTlv } from './der.js';

/** The platform TSA's policy: a UUID-based OID (X.667), which needs no registration. */
export const TSA_POLICY_OID = '2.25.210960128546563315427497005542717000361';

const MAX_REQUEST_BYTES = 16 * 1024;

/** PKIFailureInfo bits (RFC 3161 §2.4.2). */
const FAILURE = { badAlg: 0, badRequest: 2, badDataFormat: 5 } as const;

function rejection(bit: number, text: string): Uint8Array {
  const bits = new Uint8Array(4);
  bits[Math.floor(bit / 8)] = 0x80 >> (bit % 8);
  const response = new pkijs.TimeStampResp({
    status: new pkijs.PKIStatusInfo({
      status: pkijs.PKIStatus.rejection,
      statusStrings: [new asn1js.Utf8String({ value: text })],
      failInfo: new asn1js.BitString({ valueHex: bits.buffer.slice(0, Math.floor(bit / 8) + 1) }),
    }),
  });
  return new Uint8Array(response.toSchema().toBER(false));
}

export type TimestampOptions = { now?: () => Date };

/** Signs a TSTInfo over `imprint` (a SHA-256 digest) and returns the token (a CMS ContentInfo). */
export async function issueTimestampToken(
  tsa: SigningIdentity,
  imprint: Uint8Array,
  options: TimestampOptions & { nonce?: asn1js.Integer; includeCertificate?: boolean } = {},
): Promise<Uint8Array> {
  const now = options.now?.() ?? new Date();
  // Whole seconds with an accuracy of one second: GeneralizedTime then has no fraction to trim.
  const genTime = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const tstInfo = new pkijs.TSTInfo({
    version: 1,
    policy: TSA_POLICY_OID,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: toArrayBuffer(imprint) }),
    }),
    serialNumber: randomSerialNumber(),
    genTime,
    accuracy: new pkijs.Accuracy({ seconds: 1 }),
    ...(options.nonce ? { nonce: options.nonce } : {}),
    tsa: new pkijs.GeneralName({ type: 4, value: tsa.certificate.subject }),
  });
  const content = new Uint8Array(tstInfo.toSchema().toBER(false));
  const signed = await signedDataDer(
    { contentType: OID.tstInfo, content, contentDigest: await sha256(content), identity: tsa },
    { includeCertificates: options.includeCertificate !== false },
  );
  return signed.der;
}

/** RFC 3161 TimeStampReq (DER) → TimeStampResp (DER); a malformed request gets a rejection, never a throw. */
export async function respondToTimestampRequest(
  tsa: SigningIdentity,
  requestDer: Uint8Array,
  options: TimestampOptions = {},
): Promise<Uint8Array> {
  let request: pkijs.TimeStampReq;
  try {
    request = new pkijs.TimeStampReq({ schema: parseDer(requestDer) });
  } catch {
    return rejection(FAILURE.badDataFormat, 'solicitud de sello de tiempo mal formada');
  }
  if (request.version !== 1) return rejection(FAILURE.badRequest, 'versión de solicitud no soportada');
  const imprint = request.messageImprint;
  if (
    imprint.hashAlgorithm.algorithmId !== OID.sha256 ||
    imprint.hashedMessage.valueBlock.valueHexView.length !== 32
  ) {
    return rejection(FAILURE.badAlg, 'solo se admite SHA-256');
  }
  if (request.reqPolicy && request.reqPolicy !== TSA_POLICY_OID) {
    return rejection(FAILURE.badRequest, 'política no soportada');
  }
  const token = await issueTimestampToken(tsa, imprint.hashedMessage.valueBlock.valueHexView, {
    ...options,
    nonce: request.nonce,
    includeCertificate: request.certReq === true,
  });
  // TimeStampResp ::= SEQUENCE { status, timeStampToken }: the token is copied, not re-parsed.
  return derTlv(0x30, [GRANTED_STATUS_DER, token]);
}

const GRANTED_STATUS_DER = new Uint8Array(
  new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.granted }).toSchema().toBER(false),
);

/** A node:http handler speaking RFC 3161 over HTTP (POST application/timestamp-query). */
export function timestampHttpHandler(tsa: SigningIdentity, options: TimestampOptions = {}) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    const fail = (status: number, message: string) => {
      response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(message);
    };
    if (request.method !== 'POST') {
      fail(405, 'Use POST');
      return;
    }
    if (!request.headers['content-type']?.startsWith('application/timestamp-query')) {
      fail(415, 'Se espera application/timestamp-query');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) {
        fail(413, 'Solicitud demasiado grande');
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => {
      if (size > MAX_REQUEST_BYTES) return;
      respondToTimestampRequest(tsa, new Uint8Array(Buffer.concat(chunks)), options).then(
        (body) => {
          response.writeHead(200, {
            'content-type': 'application/timestamp-reply',
            'content-length': body.length,
          });
          response.end(body);
        },
        () => fail(500, 'Error interno de la autoridad de sellado de tiempo'),
      );
    });
  };
}
