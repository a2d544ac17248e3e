import { createHash } from 'node:crypto';
import {
  PDFArray,
  type PDFContext,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRef,
} from 'pdf-lib';
import { type SigningIdentity, withUnsignedAttribute } from './cms.js';
import { signedDataDer } from './cms-der.js';
import { OID, sha256 } from './crypto.js';
import { appendIncrementalUpdate, readLastTrailer, type UpdatedObject } from './pdf-incremental.js';
import { latin1 } from './pdf-structure.js';
import type { Timestamper } from './timestamp-client.js';

export class SealError extends Error {}

export type SealInput = {
  pdf: Uint8Array;
  identity: SigningIdentity;
  timestamper: Timestamper;
  reason?: string;
  /** Bytes reserved for the CMS in /Contents. */
  contentsSize?: number;
  now?: () => Date;
  /**
   * The input was just written by pdf-lib with a classic cross-reference table (as the sealing
   * pipeline does): it is appended to as it is, saving a second rewrite.
   */
  classicXref?: boolean;
  /** `pdf` already loaded by pdf-lib (its context holds exactly the file's objects), saving a parse. */
  document?: PDFDocument;
};

const BYTE_RANGE_WIDTH = 48;
const DEFAULT_CONTENTS_SIZE = 12 * 1024;

function pdfDate(date: Date): string {
  const iso = date.toISOString();
  return `D:${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

export function hasSignature(pdf: Uint8Array): boolean {
  return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).includes('/ByteRange');
}

function lookupDict(context: PDFContext, value: unknown): PDFDict | undefined {
  const resolved = value instanceof PDFRef ? context.lookup(value) : value;
  return resolved instanceof PDFDict ? resolved : undefined;
}

/** Adds `item` to the array at `key` of `holder`, updating in place an indirect array if there is one. */
function appendToArray(
  context: PDFContext,
  holder: PDFDict,
  key: string,
  item: PDFRef,
  updates: UpdatedObject[],
): PDFDict | null {
  const current = holder.get(PDFName.of(key));
  if (current instanceof PDFRef) {
    const array = context.lookup(current);
    if (!(array instanceof PDFArray)) throw new SealError(`/${key} no es un arreglo`);
    const copy = array.clone(context);
    copy.push(item);
    updates.push({ ref: current, body: copy });
    return null;
  }
  const copy = holder.clone(context);
  const array = current instanceof PDFArray ? current.clone(context) : context.obj([]);
  array.push(item);
  copy.set(PDFName.of(key), array);
  return copy;
}

type Prepared = {
  base: Uint8Array;
  update: Uint8Array;
  contentsStart: number;
  contentsEnd: number;
  byteRangeAt: number;
};

async function prepareUpdate(input: SealInput, contentsSize: number): Promise<Prepared> {
  const appendOnly = hasSignature(input.pdf) || input.classicXref === true;
  let document: PDFDocument;
  try {
    document = input.document ?? (await PDFDocument.load(input.pdf, { updateMetadata: false }));
  } catch {
    throw new SealError('el documento no es un PDF legible');
  }
  // A fresh document is rewritten once with a classic cross-reference table; a signed one is
  // never rewritten, only appended to.
  const base = appendOnly
    ? input.pdf
    : await document.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false });
  const trailer = readLastTrailer(base);
  const context = document.context;
  const catalog = lookupDict(context, trailer.root);
  const firstPage = document.getPages()[0];
  if (!catalog || !firstPage) throw new SealError('el documento no tiene catálogo o páginas');
  const signatureRef = PDFRef.of(trailer.size, 0);
  const widgetRef = PDFRef.of(trailer.size + 1, 0);
  const updates: UpdatedObject[] = [];
  const existingFields = countSignatureFields(context, catalog);
  const now = input.now?.() ?? new Date();
  const signatureDictionary = [
    '<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached',
    `/ByteRange [${' '.repeat(BYTE_RANGE_WIDTH - 2)}]`,
    `/Contents <${'0'.repeat(contentsSize * 2)}>`,
    `/M (${pdfDate(now)})`,
    `/Reason ${PDFHexString.fromText(input.reason ?? 'Documento sellado por Rúbrica').toString()} >>`,
  ].join('\n');
  updates.push({ ref: signatureRef, body: signatureDictionary });
  updates.push({
    ref: widgetRef,
    body: context.obj({
      Type: 'Annot',
      Subtype: 'Widget',
      FT: 'Sig',
      T: PDFHexString.fromText(`Sello ${existingFields + 1}`),
      F: 132,
      Rect: [0, 0, 0, 0],
      V: signatureRef,
      P: firstPage.ref,
    }),
  });
  const pageCopy = appendToArray(context, firstPage.node, 'Annots', widgetRef, updates);
  if (pageCopy) updates.push({ ref: firstPage.ref, body: pageCopy });
  const acroFormValue = catalog.get(PDFName.of('AcroForm'));
  if (acroFormValue instanceof PDFRef) {
    const acroForm = lookupDict(context, acroFormValue);
    if (!acroForm) throw new SealError('/AcroForm no es un diccionario');
    const acroCopy =
      appendToArray(context, acroForm, 'Fields', widgetRef, updates) ?? acroForm.clone(context);
    acroCopy.set(PDFName.of('SigFlags'), PDFNumber.of(3));
    updates.push({ ref: acroFormValue, body: acroCopy });
  } else {
    const acroFormRef = PDFRef.of(trailer.size + 2, 0);
    const acroForm = acroFormValue instanceof PDFDict ? acroFormValue.clone(context) : context.obj({});
    const fields = acroForm.get(PDFName.of('Fields'));
    const fieldArray = fields instanceof PDFArray ? fields.clone(context) : context.obj([]);
    fieldArray.push(widgetRef);
    acroForm.set(PDFName.of('Fields'), fieldArray);
    acroForm.set(PDFName.of('SigFlags'), PDFNumber.of(3));
    updates.push({ ref: acroFormRef, body: acroForm });
    const catalogCopy = catalog.clone(context);
    catalogCopy.set(PDFName.of('AcroForm'), acroFormRef);
    updates.push({ ref: trailer.root, body: catalogCopy });
  }
  const update = appendIncrementalUpdate(base, trailer, updates);
  const text = latin1(update, base.length);
  const byteRangeAt = base.length + text.indexOf('/ByteRange [') + '/ByteRange '.length;
  const contentsStart = base.length + text.indexOf('/Contents <') + '/Contents '.length;
  const contentsEnd = contentsStart + contentsSize * 2 + 2;
  return { base, update, contentsStart, contentsEnd, byteRangeAt };
}

function countSignatureFields(context: PDFContext, catalog: PDFDict): number {
  const acroForm = lookupDict(context, catalog.get(PDFName.of('AcroForm')));
  const fieldsValue = acroForm?.get(PDFName.of('Fields'));
  const fields = fieldsValue instanceof PDFRef ? context.lookup(fieldsValue) : fieldsValue;
  if (!(fields instanceof PDFArray)) return 0;
  return fields
    .asArray()
    .filter((field) => lookupDict(context, field)?.get(PDFName.of('FT'))?.toString() === '/Sig').length;
}

/**
 * Seals a PDF with a PAdES B-T signature: CMS detached (ETSI.CAdES.detached) with content-type,
 * message-digest and ESS signing-certificate-v2 (no signingTime), and an RFC 3161 token over the
 * signature value as unsigned attribute. Throws (SealError or the timestamper's error) rather
 * than produce a seal without its timestamp.
 */
export async function sealPdf(input: SealInput): Promise<Uint8Array> {
  const contentsSize = input.contentsSize ?? DEFAULT_CONTENTS_SIZE;
  const { update, contentsStart, contentsEnd, byteRangeAt } = await prepareUpdate(input, contentsSize);
  const byteRange = `[0 ${contentsStart} ${contentsEnd} ${update.length - contentsEnd}]`.padEnd(
    BYTE_RANGE_WIDTH,
    ' ',
  );
  update.set(new TextEncoder().encode(byteRange), byteRangeAt);
  const digest = createHash('sha256')
    .update(update.subarray(0, contentsStart))
    .update(update.subarray(contentsEnd))
    .digest();
  const signed = await signedDataDer({
    contentType: OID.data,
    contentDigest: new Uint8Array(digest),
    identity: input.identity,
  });
  const token = await input.timestamper(await sha256(signed.signature));
  const der = withUnsignedAttribute(signed.der, OID.timeStampToken, token);
  if (der.length > contentsSize) throw new SealError('la firma no cabe en el espacio reservado');
  update.set(new TextEncoder().encode(Buffer.from(der).toString('hex')), contentsStart + 1);
  return update;
}
