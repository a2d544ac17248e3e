/**
 * File names of documents as readers download them (server downloads, ZIP entries, the web's
 * fallback names). A document's name may already be a file name — a PDF request is named after
 * its upload, «contrato.pdf» — and must not become «contrato.pdf.pdf».
 */

const PDF_EXTENSION = /\.pdf$/i;

/** The name without a final `.pdf` (any case), for adding a suffix before the extension. */
export const withoutPdfExtension = (name: string): string => name.trim().replace(PDF_EXTENSION, '').trim();

/** `name.pdf`, with exactly one extension: «Contrato» and «Contrato.pdf» both give «Contrato.pdf». */
export const pdfFileName = (name: string): string => `${withoutPdfExtension(name) || 'documento'}.pdf`;
