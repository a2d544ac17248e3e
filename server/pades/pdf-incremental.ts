import { PDFArray, PDFDict, PDFName, PDFNumber, type PDFObject, PDFRef } from 'pdf-lib';
import { latin1, PdfStructureError, readRevisions } from './pdf-structure.js';

export type UpdatedObject = { ref: PDFRef; body: PDFObject | string };

export type LastTrailer = {
  startxref: number;
  size: number;
  root: PDFRef;
  info?: PDFRef;
  id?: PDFArray;
};

export function readLastTrailer(bytes: Uint8Array): LastTrailer {
  const { revisions } = readRevisions(bytes);
  const last = revisions[revisions.length - 1]!;
  const size = last.trailer.get(PDFName.of('Size'));
  const root = last.trailer.get(PDFName.of('Root'));
  const info = last.trailer.get(PDFName.of('Info'));
  const id = last.trailer.get(PDFName.of('ID'));
  if (!(size instanceof PDFNumber) || !(root instanceof PDFRef)) {
    throw new PdfStructureError('el trailer no tiene /Size o /Root');
  }
  if (last.trailer.has(PDFName.of('Encrypt')))
    throw new PdfStructureError('los PDF cifrados no se pueden sellar');
  return {
    startxref: last.xrefOffset,
    size: size.asNumber(),
    root,
    info: info instanceof PDFRef ? info : undefined,
    id: id instanceof PDFArray ? id : undefined,
  };
}

function objectBytes(object: PDFObject): Uint8Array {
  const buffer = new Uint8Array(object.sizeInBytes());
  object.copyBytesInto(buffer, 0);
  return buffer;
}

const encoder = new TextEncoder();

/** Latin-1 bytes of a string built by hand (names and numbers only, so ASCII in practice). */
function asciiBytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0xff;
  return out;
}

function xrefTable(entries: { objectNumber: number; offset: number; generation: number }[]): string {
  const sorted = [...entries].sort((a, b) => a.objectNumber - b.objectNumber);
  let text = 'xref\n';
  let index = 0;
  while (index < sorted.length) {
    let runEnd = index;
    while (
      runEnd + 1 < sorted.length &&
      sorted[runEnd + 1]!.objectNumber === sorted[runEnd]!.objectNumber + 1
    )
      runEnd++;
    text += `${sorted[index]!.objectNumber} ${runEnd - index + 1}\n`;
    for (let i = index; i <= runEnd; i++) {
      const entry = sorted[i]!;
      text += `${String(entry.offset).padStart(10, '0')} ${String(entry.generation).padStart(5, '0')} n\r\n`;
    }
    index = runEnd + 1;
  }
  return text;
}

/**
 * Appends one incremental update (ISO 32000-1 §7.5.6): the given objects, a cross-reference table
 * for them only, and a trailer chained to the previous one with /Prev. Earlier bytes are untouched,
 * so earlier signatures stay valid.
 */
export function appendIncrementalUpdate(
  base: Uint8Array,
  trailer: LastTrailer,
  objects: UpdatedObject[],
): Uint8Array {
  const parts: Uint8Array[] = [base];
  let length = base.length;
  if (base[base.length - 1] !== 0x0a) {
    parts.push(Uint8Array.of(0x0a));
    length++;
  }
  const entries: { objectNumber: number; offset: number; generation: number }[] = [];
  let size = trailer.size;
  for (const { ref, body } of objects) {
    entries.push({ objectNumber: ref.objectNumber, offset: length, generation: ref.generationNumber });
    size = Math.max(size, ref.objectNumber + 1);
    const chunk = [
      asciiBytes(`${ref.objectNumber} ${ref.generationNumber} obj\n`),
      typeof body === 'string' ? asciiBytes(body) : objectBytes(body),
      asciiBytes('\nendobj\n'),
    ];
    for (const piece of chunk) {
      parts.push(piece);
      length += piece.length;
    }
  }
  const xrefOffset = length;
  const trailerDict = [
    `/Size ${size}`,
    `/Root ${trailer.root.toString()}`,
    trailer.info ? `/Info ${trailer.info.toString()}` : '',
    trailer.id ? `/ID ${trailer.id.toString()}` : '',
    `/Prev ${trailer.startxref}`,
  ]
    .filter(Boolean)
    .join(' ');
  const tail = `${xrefTable(entries)}trailer\n<< ${trailerDict} >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  parts.push(encoder.encode(tail));
  length += tail.length;
  const out = new Uint8Array(length);
  let position = 0;
  for (const part of parts) {
    out.set(part, position);
    position += part.length;
  }
  return out;
}

export function nextObjectNumber(trailer: LastTrailer, taken: number): PDFRef {
  return PDFRef.of(trailer.size + taken, 0);
}

export function dictOf(object: PDFObject | undefined): PDFDict | undefined {
  return object instanceof PDFDict ? object : undefined;
}

export { latin1 };
