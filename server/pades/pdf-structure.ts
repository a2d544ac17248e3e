import {
  PDFContext,
  PDFDict,
  type PDFObject,
  PDFObjectParser,
  PDFRawStream,
  PDFRef,
  PDFXRefStreamParser,
} from 'pdf-lib';

/** One revision of a PDF: the bytes from the previous %%EOF to its own, and its cross-reference. */
export type Revision = {
  start: number;
  end: number;
  xrefOffset: number;
  /** Object number → offset of in-use entries declared in this revision's cross-reference. */
  offsets: Map<number, { offset: number; generation: number }>;
  /** Objects this revision marks free or stores inside object streams. */
  freed: Set<number>;
  compressed: Set<number>;
  trailer: PDFDict;
};

export class PdfStructureError extends Error {}

const decoder = new TextDecoder('latin1');

export function latin1(bytes: Uint8Array, start = 0, end = bytes.length): string {
  return decoder.decode(bytes.subarray(start, end));
}

function isWhitespace(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;
}

/** The end offsets of every `startxref n %%EOF` marker, each one closing a revision. */
function findRevisionEnds(bytes: Uint8Array): { end: number; xrefOffset: number }[] {
  // Searching the bytes natively and decoding only around each keyword: a whole-file string and
  // a regular expression over it cost milliseconds per sealed file.
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ends: { end: number; xrefOffset: number }[] = [];
  const pattern = /^startxref[ \t\r\n\f]+(\d+)[ \t\r\n\f]+%%EOF/;
  for (let at = buffer.indexOf('startxref'); at !== -1; at = buffer.indexOf('startxref', at + 9)) {
    const match = pattern.exec(latin1(bytes, at, Math.min(bytes.length, at + 256)));
    if (!match) continue;
    let end = at + match[0].length;
    if (bytes[end] === 0x0d) end++;
    if (bytes[end] === 0x0a) end++;
    ends.push({ end, xrefOffset: Number(match[1]) });
  }
  return ends;
}

export function parseObjectAt(
  bytes: Uint8Array,
  offset: number,
  limit: number,
  context: PDFContext,
): { objectNumber: number; generation: number; object: PDFObject; bodyStart: number; end: number } {
  const head = /^(\d+)[ \t\r\n\f]+(\d+)[ \t\r\n\f]+obj/.exec(
    latin1(bytes, offset, Math.min(limit, offset + 40)),
  );
  if (!head) throw new PdfStructureError(`no hay un objeto en la posición ${offset}`);
  const bodyStart = offset + head[0].length;
  const parser = PDFObjectParser.forBytes(bytes.subarray(bodyStart, limit), context);
  const object = parser.parseObject();
  const tail = latin1(bytes, bodyStart, Math.min(limit, bodyStart + object.sizeInBytes() + 4096));
  const close = tail.indexOf('endobj');
  if (close === -1) throw new PdfStructureError(`el objeto ${head[1]} no termina`);
  return {
    objectNumber: Number(head[1]),
    generation: Number(head[2]),
    object,
    bodyStart,
    end: bodyStart + close + 6,
  };
}

function parseClassicXref(bytes: Uint8Array, offset: number, limit: number, context: PDFContext) {
  const offsets = new Map<number, { offset: number; generation: number }>();
  const freed = new Set<number>();
  const text = latin1(bytes, offset, limit);
  const tokens = /^xref[ \t\r\n\f]+/.exec(text);
  if (!tokens) throw new PdfStructureError('la tabla de referencias cruzadas no está donde dice startxref');
  let position = tokens[0].length;
  for (;;) {
    const trailerAt = /^trailer/.exec(text.slice(position));
    if (trailerAt) break;
    const head = /^(\d+)[ \t]+(\d+)[ \t\r\n]*/.exec(text.slice(position));
    if (!head) throw new PdfStructureError('tabla de referencias cruzadas ilegible');
    position += head[0].length;
    const first = Number(head[1]);
    const count = Number(head[2]);
    for (let i = 0; i < count; i++) {
      const row = /^(\d{10}) (\d{5}) ([nf])[ \t\r\n]*/.exec(text.slice(position, position + 24));
      if (!row) throw new PdfStructureError('entrada de referencias cruzadas ilegible');
      position += row[0].length;
      if (row[3] === 'n') offsets.set(first + i, { offset: Number(row[1]), generation: Number(row[2]) });
      else if (first + i !== 0) freed.add(first + i);
    }
  }
  const trailerStart = offset + position + 'trailer'.length;
  const trailer = PDFObjectParser.forBytes(bytes.subarray(trailerStart, limit), context).parseObject();
  if (!(trailer instanceof PDFDict)) throw new PdfStructureError('el trailer no es un diccionario');
  return { offsets, freed, compressed: new Set<number>(), trailer };
}

function parseXrefStream(bytes: Uint8Array, offset: number, limit: number, context: PDFContext) {
  const { object } = parseObjectAt(bytes, offset, limit, context);
  if (!(object instanceof PDFRawStream)) throw new PdfStructureError('startxref no apunta a una tabla');
  const offsets = new Map<number, { offset: number; generation: number }>();
  const freed = new Set<number>();
  const compressed = new Set<number>();
  for (const entry of PDFXRefStreamParser.forStream(object).parseIntoContext()) {
    if (entry.deleted) freed.add(entry.ref.objectNumber);
    else if (entry.inObjectStream) compressed.add(entry.ref.objectNumber);
    else
      offsets.set(entry.ref.objectNumber, { offset: entry.offset, generation: entry.ref.generationNumber });
  }
  freed.delete(0);
  return { offsets, freed, compressed, trailer: object.dict };
}

/**
 * Splits a PDF into its revisions following the markers and cross-references as they are
 * written. Bytes after the last %%EOF other than line ends are reported through `trailingBytes`.
 */
export function readRevisions(bytes: Uint8Array): { revisions: Revision[]; trailingBytes: number } {
  const context = PDFContext.create();
  const ends = findRevisionEnds(bytes);
  if (ends.length === 0) throw new PdfStructureError('el archivo no termina como un PDF (%%EOF)');
  const revisions: Revision[] = [];
  let start = 0;
  for (const { end, xrefOffset } of ends) {
    if (xrefOffset >= end || (revisions.length > 0 && xrefOffset < start)) {
      throw new PdfStructureError('startxref apunta fuera de su revisión');
    }
    const isClassic = latin1(bytes, xrefOffset, xrefOffset + 4) === 'xref';
    const section = isClassic
      ? parseClassicXref(bytes, xrefOffset, end, context)
      : parseXrefStream(bytes, xrefOffset, end, context);
    revisions.push({ start, end, xrefOffset, ...section });
    start = end;
  }
  let trailingBytes = 0;
  for (let i = start; i < bytes.length; i++) if (!isWhitespace(bytes[i])) trailingBytes++;
  return { revisions, trailingBytes };
}

export function refOf(objectNumber: number, generation = 0): PDFRef {
  return PDFRef.of(objectNumber, generation);
}
