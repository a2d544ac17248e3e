import { HttpProblem } from '../errors.js';
import { type FileKind, formatMegabytes, KIND_LABEL, MAX_BYTES } from './limits.js';
import { FILE_MESSAGES } from './messages.js';
import { listZipEntryNames } from './zip.js';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');
const ZIP = ascii('PK\x03\x04');
const PDF_HEADER = '%PDF-';

/**
 * PDF readers accept the header anywhere in the first kilobyte; so does sniffing, so that such a
 * file is known as a PDF and `inspectPdf` refuses it (422) for the bytes before its header.
 */
function hasPdfHeader(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024)).includes(PDF_HEADER);
}

/**
 * What a file is, from its first bytes (and, for ZIP containers, from the names in its central
 * directory, nothing inflated): the extension and the declared content type are never trusted.
 * Null for anything that is none of the kinds users may upload.
 */
export async function sniffFileKind(bytes: Uint8Array): Promise<FileKind | null> {
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'webp';
  if (hasPdfHeader(bytes)) return 'pdf';
  if (startsWith(bytes, ZIP)) {
    const names = await listZipEntryNames(bytes).catch(() => null);
    if (!names) return null;
    if (names.has('word/document.xml')) return 'docx';
    if (names.has('xl/workbook.xml')) return 'xlsx';
  }
  return null;
}

const listKinds = (kinds: readonly FileKind[]) => kinds.map((kind) => KIND_LABEL[kind]).join(', ');

/**
 * Checks an upload against the kinds an endpoint accepts: 422 when empty, 413 when larger than
 * the kind allows, 415 when it is not one of them. Returns the kind found.
 */
export async function checkUploadKind<K extends FileKind>(
  bytes: Uint8Array,
  accepted: readonly K[],
): Promise<K> {
  if (bytes.length === 0) throw new HttpProblem(422, FILE_MESSAGES.empty);
  // Before sniffing, so that nothing large is ever parsed.
  const largest = Math.max(...accepted.map((kind) => MAX_BYTES[kind]));
  if (bytes.length > largest) throw new HttpProblem(413, FILE_MESSAGES.tooLarge(formatMegabytes(largest)));
  const kind = await sniffFileKind(bytes);
  if (!kind || !(accepted as readonly FileKind[]).includes(kind)) {
    throw new HttpProblem(415, FILE_MESSAGES.wrongType(listKinds(accepted)));
  }
  if (bytes.length > MAX_BYTES[kind]) {
    throw new HttpProblem(
      413,
      FILE_MESSAGES.tooLargeForKind(KIND_LABEL[kind], formatMegabytes(MAX_BYTES[kind])),
    );
  }
  return kind as K;
}
