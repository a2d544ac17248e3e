import {
  EncryptedPDFError,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFObject,
  PDFStream,
} from 'pdf-lib';
import { HttpProblem } from '../errors.js';
import { MAX_PDF_PAGES } from './limits.js';
import { FILE_MESSAGES } from './messages.js';

const refuse = (message: string) => new HttpProblem(422, message);

/** Action types that run code or other programs when the file is opened or clicked. */
const ACTIVE_ACTIONS = new Set(['/JavaScript', '/Launch', '/ImportData', '/Rendition']);
const SCRIPT_KEYS = new Set(['/JS', '/JavaScript']);
/** Direct objects nest; a hostile file could nest them deeply enough to exhaust the stack. */
const MAX_NESTING = 32;
/** The header is the file's first line (ISO 32000-1, 7.5.2): `%PDF-` and a version. */
const HEADER = /^%PDF-\d\.\d/;
/** The last %%EOF follows the offset of the last cross-reference (ISO 32000-1, 7.5.5). */
const LAST_LINES = /startxref[\0\t\n\f\r ]+\d+[\0\t\n\f\r ]+$/;
const EOF_MARKER = '%%EOF';
/** PDF white-space characters (ISO 32000-1, 7.2.2): NUL, TAB, LF, FF, CR, SPACE. */
const isPdfWhiteSpace = (byte: number) =>
  byte === 0x00 || byte === 0x09 || byte === 0x0a || byte === 0x0c || byte === 0x0d || byte === 0x20;

/**
 * A PDF begins with its header at byte 0 and ends with `startxref n %%EOF` followed at most by
 * white-space. Readers forgive bytes on either side, so a file can be a PDF and, say, an HTML page
 * at once; an upload that will become a document must be nothing but the PDF.
 */
function checkFraming(buffer: Buffer): void {
  if (!HEADER.test(buffer.subarray(0, 8).toString('latin1'))) throw refuse(FILE_MESSAGES.pdfBeforeHeader);
  const eof = buffer.lastIndexOf(EOF_MARKER);
  // Every complete PDF ends with %%EOF; a cut upload does not, whatever a lenient parser recovers.
  if (eof === -1) throw refuse(FILE_MESSAGES.pdfMalformed);
  for (let index = eof + EOF_MARKER.length; index < buffer.length; index++) {
    if (!isPdfWhiteSpace(buffer[index]!)) throw refuse(FILE_MESSAGES.pdfAfterEnd);
  }
  if (!LAST_LINES.test(buffer.subarray(Math.max(0, eof - 64), eof).toString('latin1')))
    throw refuse(FILE_MESSAGES.pdfMalformed);
}

function holdsActiveContent(object: PDFObject | undefined, depth = 0): boolean {
  if (!object || depth > MAX_NESTING) return false;
  if (object instanceof PDFStream) return holdsActiveContent(object.dict, depth + 1);
  if (object instanceof PDFArray) return object.asArray().some((item) => holdsActiveContent(item, depth + 1));
  if (!(object instanceof PDFDict)) return false;
  for (const [key, value] of object.entries()) {
    if (SCRIPT_KEYS.has(key.asString())) return true;
    if (key === PDFName.of('S') && value instanceof PDFName && ACTIVE_ACTIONS.has(value.asString()))
      return true;
    // Indirect references are visited on their own by the caller; only direct values nest here.
    if (holdsActiveContent(value, depth + 1)) return true;
  }
  return false;
}

export type PdfReport = { pageCount: number };

/**
 * Checks an uploaded PDF (already sniffed as one) and counts its pages. Refused with 422: bytes
 * before the header or after the last %%EOF, any
 * encryption (an owner password alone too, since it still governs what may be done with the
 * file), a truncated or unparseable file, no pages, more than `maxPages` pages, and JavaScript or
 * launch actions anywhere in the file, object streams included.
 */
export async function inspectPdf(bytes: Uint8Array, options: { maxPages?: number } = {}): Promise<PdfReport> {
  const maxPages = options.maxPages ?? MAX_PDF_PAGES;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  checkFraming(buffer);
  // The trailer (or cross-reference stream) that names the encryption is never compressed.
  if (buffer.includes('/Encrypt')) throw refuse(FILE_MESSAGES.pdfEncrypted);

  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, { throwOnInvalidObject: true, updateMetadata: false });
  } catch (error) {
    throw refuse(
      error instanceof EncryptedPDFError ? FILE_MESSAGES.pdfEncrypted : FILE_MESSAGES.pdfMalformed,
    );
  }

  let pageCount: number;
  try {
    pageCount = document.getPageCount();
  } catch {
    throw refuse(FILE_MESSAGES.pdfMalformed);
  }
  if (pageCount === 0) throw refuse(FILE_MESSAGES.pdfNoPages);
  if (pageCount > maxPages) throw refuse(FILE_MESSAGES.pdfTooManyPages(pageCount, maxPages));

  const objects = document.context.enumerateIndirectObjects().map(([, object]) => object);
  if ([...objects, document.context.trailerInfo.Root].some((object) => holdsActiveContent(object))) {
    throw refuse(FILE_MESSAGES.pdfActiveContent);
  }
  return { pageCount };
}
