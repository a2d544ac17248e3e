import * as pkijs from 'pkijs';
import { describe, expect, it } from 'vitest';
import { foreignIdentity } from '../../tests/support/pades/tools.js';
import {
  contentInfoDer,
  createSignedData,
  parseSignedData,
  parseSignedDataWithKnownCertificates,
  withUnsignedAttribute,
} from './cms.js';
import { OID, parseDer, sha256 } from './crypto.js';
import { derChildren, derTlv, readDerElement } from './der.js';

/** What pkijs itself writes for a ContentInfo(SignedData). */
function pkijsEncoding(signedData: pkijs.SignedData): Uint8Array {
  const contentInfo = new pkijs.ContentInfo({
    contentType: OID.signedData,
    content: signedData.toSchema(true),
  });
  return new Uint8Array(contentInfo.toSchema().toBER(false));
}

describe('contentInfoDer', () => {
  it('writes the bytes pkijs writes, with the certificates copied as they were encoded', async () => {
    const { identity, root } = await foreignIdentity('Sello de prueba');
    const content = new TextEncoder().encode('contenido');
    const signedData = await createSignedData({
      contentType: OID.data,
      contentDigest: await sha256(content),
      identity: { ...identity, chain: [root] },
    });
    const der = contentInfoDer(signedData);
    expect(Buffer.from(der).equals(Buffer.from(pkijsEncoding(signedData)))).toBe(true);
    // Parsed certificates (their own bytes kept) and no certificates at all give the same too.
    const parsed = parseSignedData(der);
    expect(Buffer.from(contentInfoDer(parsed)).equals(Buffer.from(der))).toBe(true);
    parsed.certificates = undefined;
    expect(Buffer.from(contentInfoDer(parsed)).equals(Buffer.from(pkijsEncoding(parsed)))).toBe(true);
  });
});

describe('withUnsignedAttribute', () => {
  it('gives the bytes pkijs gives for the same unsigned attribute, and refuses a second one', async () => {
    const { identity, root } = await foreignIdentity('Sello con atributo');
    const signedData = await createSignedData({
      contentType: OID.data,
      contentDigest: await sha256(new TextEncoder().encode('x')),
      identity: { ...identity, chain: [root] },
    });
    const value = new Uint8Array(root.toSchema().toBER(false));
    const spliced = withUnsignedAttribute(contentInfoDer(signedData), OID.timeStampToken, value);
    signedData.signerInfos[0]!.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
      type: 1,
      attributes: [new pkijs.Attribute({ type: OID.timeStampToken, values: [parseDer(value)] })],
    });
    expect(Buffer.from(spliced).equals(Buffer.from(pkijsEncoding(signedData)))).toBe(true);
    expect(() => withUnsignedAttribute(spliced, OID.timeStampToken, value)).toThrow(
      'el firmante ya tiene atributos no firmados',
    );
  });
});

describe('parseSignedDataWithKnownCertificates', () => {
  it('reads what parseSignedData reads, and the same certificate bytes give the same instance', async () => {
    const { identity, root } = await foreignIdentity('Autoridad de sellos repetidos');
    const sign = async (text: string) =>
      contentInfoDer(
        await createSignedData({
          contentType: OID.data,
          contentDigest: await sha256(new TextEncoder().encode(text)),
          identity: { ...identity, chain: [root] },
        }),
      );
    const first = await sign('uno');
    const second = await sign('dos');
    const parsedFirst = parseSignedDataWithKnownCertificates(first);
    const parsedSecond = parseSignedDataWithKnownCertificates(second);
    expect(Buffer.from(contentInfoDer(parsedFirst)).equals(Buffer.from(first))).toBe(true);
    expect(Buffer.from(contentInfoDer(parsedSecond)).equals(Buffer.from(second))).toBe(true);
    expect(parsedSecond.certificates).toHaveLength(2);
    expect(parsedSecond.certificates?.[0]).toBe(parsedFirst.certificates?.[0]);
    expect(parsedSecond.certificates?.[1]).toBe(parsedFirst.certificates?.[1]);
    // Without certificates, or not DER at all, it behaves as parseSignedData.
    const bare = parseSignedData(first);
    bare.certificates = undefined;
    expect(parseSignedDataWithKnownCertificates(contentInfoDer(bare)).certificates).toBeUndefined();
    expect(() => parseSignedDataWithKnownCertificates(Uint8Array.of(1, 2, 3))).toThrow();
  });
});

describe('der', () => {
  it('writes short and long lengths and reads back the elements it wrote', () => {
    const short = derTlv(0x04, [new Uint8Array(3)]);
    expect([...short]).toEqual([0x04, 0x03, 0, 0, 0]);
    const long = derTlv(0x30, [derTlv(0x04, [new Uint8Array(300)]), short]);
    expect([...long.subarray(0, 4)]).toEqual([0x30, 0x82, 0x01, 0x35]);
    const outer = readDerElement(long, 0);
    expect(outer.end).toBe(long.length);
    const children = derChildren(long, outer);
    expect(children.map((child) => [child.tag, child.end - child.contentStart])).toEqual([
      [0x04, 300],
      [0x04, 3],
    ]);
  });

  it('refuses truncated input, indefinite lengths and multi-byte tags', () => {
    expect(() => readDerElement(Uint8Array.of(0x30, 0x05, 0x00), 0)).toThrow('DER inválido');
    expect(() => readDerElement(Uint8Array.of(0x30, 0x80, 0x00, 0x00), 0)).toThrow('DER inválido');
    expect(() => readDerElement(Uint8Array.of(0x1f, 0x01, 0x00), 0)).toThrow('DER inválido');
    expect(() => readDerElement(Uint8Array.of(0x30), 0)).toThrow('DER inválido');
  });
});
