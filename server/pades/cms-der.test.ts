import * as pkijs from 'pkijs';
import { describe, expect, it } from 'vitest';
import { foreignIdentity } from '../../tests/support/pades/tools.js';
import { parseSignedData, signedAttributesDer } from './cms.js';
import { signedDataDer } from './cms-der.js';
import { certificatePublicKey, OID, sha256, verifyDer } from './crypto.js';

/** pkijs's own encoding of what it parses: equal bytes mean the hand-assembled DER is canonical. */
function reencoded(der: Uint8Array): Uint8Array {
  const contentInfo = new pkijs.ContentInfo({
    contentType: OID.signedData,
    content: parseSignedData(der).toSchema(true),
  });
  return new Uint8Array(contentInfo.toSchema().toBER(false));
}

describe('signedDataDer', () => {
  it.each([
    ['a detached seal (ECDSA)', false, false],
    ['an encapsulated TSTInfo-like content without certificates', true, false],
    ['a detached seal with an RSA key', false, true],
  ])('writes %s as pkijs would, with a valid signature', async (_name, encapsulate, rsa) => {
    const { identity, root } = await foreignIdentity('Firma ensamblada', { rsa });
    const content = new TextEncoder().encode('contenido firmado');
    const { der, signature } = await signedDataDer(
      {
        contentType: encapsulate ? OID.tstInfo : OID.data,
        ...(encapsulate ? { content } : {}),
        contentDigest: await sha256(content),
        identity: { ...identity, chain: [root] },
      },
      { includeCertificates: !encapsulate },
    );
    expect(Buffer.from(reencoded(der)).equals(Buffer.from(der))).toBe(true);
    const signedData = parseSignedData(der);
    expect(signedData.version).toBe(encapsulate ? 3 : 1);
    expect(signedData.certificates?.length ?? 0).toBe(encapsulate ? 0 : 2);
    const signerInfo = signedData.signerInfos[0]!;
    expect(Buffer.from(signerInfo.signature.valueBlock.valueHexView).equals(Buffer.from(signature))).toBe(
      true,
    );
    const publicKey = await certificatePublicKey(identity.certificate);
    expect(await verifyDer(publicKey!, signature, signedAttributesDer(signerInfo)!)).toBe(true);
  });
});
