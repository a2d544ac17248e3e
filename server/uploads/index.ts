import { convertDocxToHtml, type DocxHtml } from './docx-html.js';
import { inspectPdf } from './pdf.js';
import { checkUploadKind } from './sniff.js';
import { inspectXlsx } from './xlsx.js';

export { detectFace, type FaceDetection, requireSingleFace } from './face.js';
export { normalisePhoto, normaliseSignatureImage, type StoredImage } from './images.js';
export { type FileKind, MAX_BYTES, MAX_PDF_PAGES } from './limits.js';
export { checkUploadKind, sniffFileKind } from './sniff.js';

export type ImportedDocument = { kind: 'pdf'; pageCount: number } | ({ kind: 'docx' } & DocxHtml);

/**
 * `convert_and_count_pages`: a PDF is checked and its pages counted; a DOCX is checked and
 * turned into editable template HTML. Anything else: 415; too large: 413; refused content: 422.
 */
export async function convertAndCountPages(bytes: Uint8Array): Promise<ImportedDocument> {
  const kind = await checkUploadKind(bytes, ['pdf', 'docx']);
  if (kind === 'pdf') return { kind, ...(await inspectPdf(bytes)) };
  return { kind, ...(await convertDocxToHtml(bytes)) };
}

/** A PDF to sign (`upload_pdf_template`): checked, with its page count. */
export async function checkPdfUpload(bytes: Uint8Array): Promise<{ pageCount: number }> {
  await checkUploadKind(bytes, ['pdf']);
  return inspectPdf(bytes);
}

/**
 * A filled bulk-request sheet (`import_documents_packages_fields`): checked (zip bomb, macros,
 * external data, formulas), returned repacked from its checked parts for the spreadsheet reader.
 */
export async function checkSpreadsheetUpload(bytes: Uint8Array): Promise<Buffer> {
  await checkUploadKind(bytes, ['xlsx']);
  return inspectXlsx(bytes);
}
