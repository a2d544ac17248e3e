import { readFile } from 'node:fs/promises';
import * as asn1js from 'asn1js';
import { PDFArray, type PDFDict, PDFDocument, PDFName, PDFRef } from 'pdf-lib';
import * as pkijs from 'pkijs';
import {
  contentInfoDer,
  createSignedData,
  parseSignedData,
  signedAttributesDer,
  signingCertificateV2,
} from '../../../server/pades/cms.js';
import { OID, parseDer, sha256, signDer } from '../../../server/pades/crypto.js';
import {
  appendIncrementalUpdate,
  readLastTrailer,
  type UpdatedObject,
} from '../../../server/pades/pdf-incremental.js';
import { readRevisions } from '../../../server/pades/pdf-structure.js';
import { sealPdf } from '../../../server/pades/seal-pdf.js';
import { localTimestamper } from '../../../server/pades/timestamp-client.js';
import type { PlatformTrust } from '../../../server/pades/trust.js';
import { foreignIdentity, run, signatureGaps, signedBytes, writeTemp } from './tools.js';

/** Tampered copies of a sealed PDF, each one a way to fool a naive validator. Test-only. */

export type Mutation = { name: string; bytes: Uint8Array; trust?: PlatformTrust };

const ascii = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

function flip(bytes: Uint8Array, position: number): Uint8Array {
  const copy = bytes.slice();
  copy[position] = (copy[position] ?? 0) ^ (copy[position] === 0x20 ? 0x01 : 0x04);
  return copy;
}

function replaceAt(bytes: Uint8Array, position: number, text: string): Uint8Array {
  const copy = bytes.slice();
  copy.set(ascii(text), position);
  return copy;
}

/** Writes a new CMS (hex, zero-padded) into the existing gap of signature `index`. */
function withCms(pdf: Uint8Array, der: Uint8Array, index = 0): Uint8Array {
  const gap = signatureGaps(pdf)[index]!;
  const hex = Buffer.from(der)
    .toString('hex')
    .padEnd(gap.end - gap.start - 2, '0');
  return replaceAt(pdf, gap.start + 1, hex);
}

async function structure(pdf: Uint8Array) {
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  const context = document.context;
  const trailer = readLastTrailer(pdf);
  const catalog = context.lookup(trailer.root) as PDFDict;
  const acroFormRef = catalog.get(PDFName.of('AcroForm')) as PDFRef;
  const acroForm = context.lookup(acroFormRef) as PDFDict;
  const widgetRef = (acroForm.get(PDFName.of('Fields')) as PDFArray).get(0) as PDFRef;
  const widget = context.lookup(widgetRef) as PDFDict;
  const signatureRef = widget.get(PDFName.of('V')) as PDFRef;
  const page = document.getPages()[0]!;
  return {
    document,
    context,
    trailer,
    catalog,
    acroFormRef,
    acroForm,
    widgetRef,
    widget,
    signatureRef,
    page,
  };
}

function update(pdf: Uint8Array, objects: UpdatedObject[]): Uint8Array {
  return appendIncrementalUpdate(pdf, readLastTrailer(pdf), objects);
}

/** An update adding one note on page 1: what a reader's "add comment" does. */
export async function annotationUpdate(pdf: Uint8Array, text = 'Revisado'): Promise<Uint8Array> {
  const { context, trailer, page } = await structure(pdf);
  const note = PDFRef.of(trailer.size, 0);
  const pageCopy = page.node.clone(context);
  const annots = (page.node.lookup(PDFName.of('Annots'), PDFArray) as PDFArray).clone(context);
  annots.push(note);
  pageCopy.set(PDFName.of('Annots'), annots);
  return update(pdf, [
    {
      ref: note,
      body: context.obj({
        Type: 'Annot',
        Subtype: 'Text',
        Rect: [50, 50, 70, 70],
        Contents: text,
        P: page.ref,
      }),
    },
    { ref: page.ref, body: pageCopy },
  ]);
}

/** An update adding long-term validation data (DSS) only. */
export async function dssUpdate(pdf: Uint8Array, certificateDer: Uint8Array): Promise<Uint8Array> {
  const { context, trailer, catalog } = await structure(pdf);
  const dss = PDFRef.of(trailer.size, 0);
  const certificate = PDFRef.of(trailer.size + 1, 0);
  const catalogCopy = catalog.clone(context);
  catalogCopy.set(PDFName.of('DSS'), dss);
  return update(pdf, [
    { ref: dss, body: context.obj({ Type: 'DSS', Certs: [certificate] }) },
    { ref: certificate, body: context.stream(certificateDer) },
    { ref: trailer.root, body: catalogCopy },
  ]);
}

async function resignedCms(
  pdf: Uint8Array,
  trust: PlatformTrust,
  adjust: (signerInfo: pkijs.SignerInfo) => Promise<void>,
): Promise<Uint8Array> {
  const gap = signatureGaps(pdf)[0]!;
  const digest = await sha256(signedBytes(pdf, gap.range));
  const signedData = await createSignedData({
    contentType: OID.data,
    contentDigest: digest,
    identity: trust.seal,
  });
  const signerInfo = signedData.signerInfos[0]!;
  await adjust(signerInfo);
  signerInfo.signature = new asn1js.OctetString({
    valueHex: await signDer(trust.seal.privateKey, signedAttributesDer(signerInfo)!),
  });
  const token = await localTimestamper(trust.tsa!)(
    await sha256(signerInfo.signature.valueBlock.valueHexView),
  );
  signerInfo.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
    type: 1,
    attributes: [new pkijs.Attribute({ type: OID.timeStampToken, values: [parseDer(token)] })],
  });
  return contentInfoDer(signedData);
}

function withToken(der: Uint8Array, token: Uint8Array | null): Uint8Array {
  const signedData = parseSignedData(der);
  const signerInfo = signedData.signerInfos[0]!;
  signerInfo.unsignedAttrs = token
    ? new pkijs.SignedAndUnsignedAttributes({
        type: 1,
        attributes: [new pkijs.Attribute({ type: OID.timeStampToken, values: [parseDer(token)] })],
      })
    : undefined;
  return contentInfoDer(signedData);
}

export async function buildMutations(input: {
  original: Uint8Array;
  sealed: Uint8Array;
  trust: PlatformTrust;
  dir: string;
}): Promise<Mutation[]> {
  const { original, sealed, trust, dir } = input;
  const gap = signatureGaps(sealed)[0]!;
  const [, firstLength, gapEnd, secondLength] = gap.range as [number, number, number, number];
  const token = signatureGaps(sealed)[0]!.der;
  const signerInfo = parseSignedData(token).signerInfos[0]!;
  const tokenDer = new Uint8Array(signerInfo.unsignedAttrs!.attributes[0]!.values[0]!.toBER(false));
  const s = await structure(sealed);
  const text = Buffer.from(sealed).toString('latin1');
  const mutations: Mutation[] = [];
  const add = (name: string, bytes: Uint8Array, trust?: PlatformTrust) =>
    mutations.push({ name, bytes, trust });

  for (const fraction of [0.1, 0.5, 0.9])
    add(
      `byte flipped at ${fraction * 100}% of the first range`,
      flip(sealed, Math.floor(firstLength * fraction)),
    );
  add('byte flipped at the start of the second range', flip(sealed, gapEnd + 1));
  add('byte flipped in the middle of the second range', flip(sealed, gapEnd + Math.floor(secondLength / 2)));
  add('byte flipped near the end of the second range', flip(sealed, gapEnd + secondLength - 20));
  add('byte flipped in the CMS certificates', flip(sealed, gap.start + 1 + 2 * 300));
  add('byte flipped in the CMS signature', flip(sealed, gap.start + 1 + 2 * (gap.der.length - 8)));
  add('timestamp token stripped', withCms(sealed, withToken(gap.der, null)));
  add(
    'timestamp token swapped for one over another value',
    withCms(sealed, withToken(gap.der, await localTimestamper(trust.tsa!)(await sha256(ascii('otro'))))),
  );
  const flippedToken = tokenDer.slice();
  flippedToken[flippedToken.length - 3]! ^= 0x01;
  add('timestamp token signature flipped', withCms(sealed, withToken(gap.der, flippedToken)));
  const flippedInfo = tokenDer.slice();
  flippedInfo[80]! ^= 0x01;
  add('timestamp token content flipped', withCms(sealed, withToken(gap.der, flippedInfo)));
  const fakeTsa = await foreignIdentity('Rúbrica Sellado de Tiempo', {
    rootName: 'Rúbrica Autoridad Raíz',
    profile: 'tsa',
  });
  add(
    'timestamp from a look-alike authority',
    withCms(
      sealed,
      withToken(
        gap.der,
        await localTimestamper(fakeTsa.identity)(await sha256(signerInfo.signature.valueBlock.valueHexView)),
      ),
    ),
  );
  const lookAlike = await foreignIdentity('Rúbrica Sello de Documentos', {
    rootName: 'Rúbrica Autoridad Raíz',
  });
  add(
    're-signed by a look-alike key with the seal subject name',
    await sealPdf({ pdf: original, identity: lookAlike.identity, timestamper: localTimestamper(trust.tsa!) }),
  );
  add(
    'genuine certificate with another key',
    await sealPdf({
      pdf: original,
      identity: { ...trust.seal, privateKey: lookAlike.identity.privateKey },
      timestamper: localTimestamper(trust.tsa!),
    }),
  );
  add(
    'signingTime among the signed attributes',
    withCms(
      sealed,
      await resignedCms(sealed, trust, async (info) => {
        info.signedAttrs!.attributes.push(
          new pkijs.Attribute({
            type: OID.signingTime,
            values: [new asn1js.UTCTime({ valueDate: new Date() })],
          }),
        );
      }),
    ),
  );
  add(
    'ESS signing-certificate-v2 naming another certificate',
    withCms(
      sealed,
      await resignedCms(sealed, trust, async (info) => {
        const attributes = info.signedAttrs!.attributes.filter(
          (attribute) => attribute.type !== OID.signingCertificateV2,
        );
        info.signedAttrs!.attributes = [...attributes, await signingCertificateV2(trust.tsa!.certificate)];
      }),
    ),
  );
  add('non-zero padding in /Contents', replaceAt(sealed, gap.end - 3, '1'));
  const hex = Buffer.from(gap.der).toString('hex');
  const reason = `<${hex}> /Reason (Alterado) /X <`;
  add(
    'an unsigned /Reason in the gap',
    replaceAt(sealed, gap.start, reason.padEnd(gap.end - gap.start - 1, '0')),
  );
  add('garbage after %%EOF', new Uint8Array(Buffer.concat([sealed, ascii('basura al final\n')])));
  add(
    'an HTML page after %%EOF',
    new Uint8Array(Buffer.concat([sealed, ascii('\n<html><script>x()</script></html>\n')])),
  );
  add(
    'an HTML page before %PDF',
    new Uint8Array(Buffer.concat([ascii('<html><script>x()</script></html>\n'), sealed])),
  );
  add('truncated file', sealed.subarray(0, sealed.length - 30));
  const emptied = s.acroForm.clone(s.context);
  emptied.set(PDFName.of('Fields'), s.context.obj([]));
  add('AcroForm fields emptied by an update', update(sealed, [{ ref: s.acroFormRef, body: emptied }]));
  const sigDict = text.slice(
    readRevisions(sealed).revisions.at(-1)!.offsets.get(s.signatureRef.objectNumber)!.offset,
  );
  const redefined = sigDict
    .slice(sigDict.indexOf('<<'), sigDict.indexOf('endobj'))
    .replace('/Type /Sig', '/Type /Sig /Location (Otra)');
  add(
    'signature dictionary redefined by an update',
    update(sealed, [{ ref: s.signatureRef, body: redefined }]),
  );
  const content = PDFRef.of(s.trailer.size, 0);
  const pageCopy = s.page.node.clone(s.context);
  pageCopy.set(PDFName.of('Contents'), content);
  add(
    'an update that changes a page',
    update(sealed, [
      { ref: content, body: s.context.stream('BT /F1 30 Tf 50 400 Td (PAGADO) Tj ET') },
      { ref: s.page.ref, body: pageCopy },
    ]),
  );
  const shadow = s.widget.clone(s.context);
  shadow.set(PDFName.of('Rect'), s.context.obj([0, 0, 595, 842]));
  add(
    'shadowed annotation: the seal widget redefined over the page',
    update(sealed, [{ ref: s.widgetRef, body: shadow }]),
  );
  const sealedFile = await writeTemp(dir, 'to-resave.pdf', sealed);
  for (const [label, extra] of [
    ['qpdf re-save', []],
    ['qpdf re-save with object streams', ['--object-streams=generate']],
  ] as const) {
    const out = `${sealedFile}.${extra.length}.pdf`;
    await run('qpdf', [...extra, sealedFile, out]).catch(() => undefined);
    add(label, new Uint8Array(await readFile(out)));
  }
  const withNote = await annotationUpdate(sealed);
  add(
    'an object hidden outside the cross-reference',
    hideObject(withNote, `${s.trailer.size + 5} 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n`),
  );
  const redirected = Buffer.from(withNote).toString('latin1');
  const pageEntry = new RegExp(`\\n${s.page.ref.objectNumber} 1\\n(\\d{10})`).exec(
    redirected.slice(sealed.length),
  );
  const catalogOffset = readRevisions(sealed)
    .revisions.at(-1)!
    .offsets.get(s.trailer.root.objectNumber)!.offset;
  add(
    'a cross-reference entry redirected into the signed bytes',
    pageEntry
      ? replaceAt(
          withNote,
          sealed.length + pageEntry.index + pageEntry[0].length - 10,
          String(catalogOffset).padStart(10, '0'),
        )
      : flip(withNote, sealed.length + 5),
  );
  const freedUpdate = `xref\n${s.page.ref.objectNumber} 1\n0000000000 00001 f\r\ntrailer\n<< /Size ${s.trailer.size} /Root ${s.trailer.root} /Prev ${s.trailer.startxref} >>\nstartxref\n${sealed.length}\n%%EOF\n`;
  add('a page deleted by an update', new Uint8Array(Buffer.concat([sealed, ascii(freedUpdate)])));
  const catalogCopy = s.catalog.clone(s.context);
  catalogCopy.set(PDFName.of('OpenAction'), s.context.obj({ S: 'JavaScript', JS: 'app.alert(1)' }));
  add('an OpenAction added to the catalog', update(sealed, [{ ref: s.trailer.root, body: catalogCopy }]));
  const field = PDFRef.of(s.trailer.size, 0);
  const annots = (s.page.node.lookup(PDFName.of('Annots'), PDFArray) as PDFArray).clone(s.context);
  annots.push(field);
  const pageWithField = s.page.node.clone(s.context);
  pageWithField.set(PDFName.of('Annots'), annots);
  add(
    'a text form field added by an update',
    update(sealed, [
      {
        ref: field,
        body: s.context.obj({
          Type: 'Annot',
          Subtype: 'Widget',
          FT: 'Tx',
          T: 'total',
          V: '0',
          Rect: [50, 50, 200, 70],
        }),
      },
      { ref: s.page.ref, body: pageWithField },
    ]),
  );
  const pagesRef = s.catalog.get(PDFName.of('Pages')) as PDFRef;
  const pages = (s.context.lookup(pagesRef) as PDFDict).clone(s.context);
  const newPage = PDFRef.of(s.trailer.size, 0);
  (pages.get(PDFName.of('Kids')) as PDFArray).push(newPage);
  pages.set(PDFName.of('Count'), s.context.obj(s.document.getPageCount() + 1));
  add(
    'a page added by an update',
    update(sealed, [
      { ref: newPage, body: s.context.obj({ Type: 'Page', Parent: pagesRef, MediaBox: [0, 0, 595, 842] }) },
      { ref: pagesRef, body: pages },
    ]),
  );
  const byteRangeAt = text.indexOf('/ByteRange [') + '/ByteRange ['.length;
  add(
    'ByteRange rewritten in place',
    replaceAt(sealed, byteRangeAt, `0 ${firstLength - 10}`.padEnd(String(`0 ${firstLength}`).length, ' ')),
  );
  add(
    'SubFilter changed in place',
    replaceAt(sealed, text.indexOf('/ETSI.CAdES.detached'), '/adbe.pkcs7.detached'),
  );
  const stranger = await foreignIdentity('Firmante Desconocido');
  add(
    'a second signature by an untrusted certificate',
    await sealPdf({ pdf: sealed, identity: stranger.identity, timestamper: localTimestamper(trust.tsa!) }),
  );
  add(
    'first revision flipped under a second signature',
    flip(
      await sealPdf({ pdf: sealed, identity: trust.seal, timestamper: localTimestamper(trust.tsa!) }),
      Math.floor(firstLength / 3),
    ),
  );
  return mutations;
}

/** Inserts an object just before the last cross-reference table and fixes startxref. */
function hideObject(bytes: Uint8Array, object: string): Uint8Array {
  const text = Buffer.from(bytes).toString('latin1');
  const xrefAt = text.lastIndexOf('\nxref\n') + 1;
  const patched = `${text.slice(0, xrefAt)}${object}${text.slice(xrefAt)}`.replace(
    /startxref\n\d+\n%%EOF\n$/,
    `startxref\n${xrefAt + object.length}\n%%EOF\n`,
  );
  return ascii(patched);
}
