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
 * Checks an uploaded PDF (already sniffed as one) and counts its pages. Refused with 422: any
 * encryption (an owner password alone too, since it still governs what may be done with the
 * file), a truncated or unparseable file, no pages, more than `maxPages` pages, and JavaScript or
 * launch actions anywhere in the file, object streams included.
 */
export async function inspectPdf(bytes: Uint8Array, options: { maxPages?: number } = {}): Promise<PdfReport> {
  const maxPages = options.maxPages ?? MAX_PDF_PAGES;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  // The trailer (or cross-reference stream) that names the encryption is never compressed.
  if (buffer.includes('/Encrypt')) throw refuse(FILE_MESSAGES.pdfEncrypted);
  // Every complete PDF ends with %%EOF; a cut upload does not, whatever a lenient parser recovers.
  if (!buffer.subarray(Math.max(0, buffer.length - 1024)).includes('%%EOF'))
    throw refuse(FILE_MESSAGES.pdfMalformed);

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
