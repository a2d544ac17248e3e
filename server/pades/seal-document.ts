import { createHash } from 'node:crypto';
import { PDFDocument, PDFPageTree } from 'pdf-lib';
import type { DocumentCompiler } from '../documents/renderer.js';
import type { SigningIdentity } from './cms.js';
import { type CompletionCertificateInput, renderCompletionCertificate } from './completion-certificate.js';
import { appendIncrementalUpdate, readLastTrailer, type UpdatedObject } from './pdf-incremental.js';
import { sealPdf } from './seal-pdf.js';
import { OBJECTS_PER_TICK, type Stamp, type StampBox, stampDocument } from './stamp.js';
import type { Timestamper } from './timestamp-client.js';

/**
 * The timestamp authority failed: the document was not sealed and stays "pending seal" until a
 * retry succeeds. Never a seal without its timestamp.
 */
export class PendingSealError extends Error {
  readonly code = 'pending_seal';

  constructor(cause: unknown) {
    super(
      'El documento quedó pendiente de sello: la autoridad de sellado de tiempo no respondió correctamente. Se reintentará',
      { cause },
    );
    this.name = 'PendingSealError';
  }
}

export type SealDocumentInput = {
  renderer: DocumentCompiler;
  /** The document exactly as rendered and shown to the signers. */
  pdf: Uint8Array;
  stamps: readonly Stamp[];
  /** The rendered template's boxes: their grey placeholders and captions give way to the stamps. */
  placeholders?: readonly StampBox[];
  certificate: Omit<
    CompletionCertificateInput,
    'originalSha256' | 'signedSha256' | 'issuedAt' | 'clearedPlaceholders'
  >;
  identity: SigningIdentity;
  timestamper: Timestamper;
  now?: () => Date;
};

export type SealedDocument = {
  pdf: Uint8Array;
  /** Hex SHA-256 of the sealed file. */
  sha256: string;
  /** Hex SHA-256 of the rendered document and of the stamped one, as the certificate states them. */
  originalSha256: string;
  signedSha256: string;
  certificatePages: number;
};

const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const SAVE_OPTIONS = {
  useObjectStreams: false,
  addDefaultPage: false,
  updateFieldAppearances: false,
  // pdf-lib otherwise waits for a timer every 50 objects: milliseconds of idle time per seal.
  objectsPerTick: OBJECTS_PER_TICK,
} as const;

/**
 * Stamp → certificate of completion → PAdES seal with an RFC 3161 timestamp. The rendered PDF is
 * never rendered again: signatures are stamped into it, the certificate's pages appended, and the
 * whole sealed by the platform. A failing timestamp authority throws PendingSealError.
 */
export async function sealDocument(input: SealDocumentInput): Promise<SealedDocument> {
  const now = input.now ?? (() => new Date());
  const originalSha256 = sha256Hex(input.pdf);
  const { document, clearedPlaceholders } = await stampDocument(input.pdf, input.stamps, {
    placeholders: input.placeholders,
  });
  const stamped = await document.save(SAVE_OPTIONS);
  const signedSha256 = sha256Hex(stamped);
  const certificate = await PDFDocument.load(
    await renderCompletionCertificate(input.renderer, {
      ...input.certificate,
      originalSha256,
      signedSha256,
      clearedPlaceholders: clearedPlaceholders > 0,
      issuedAt: now(),
    }),
    { parseSpeed: OBJECTS_PER_TICK },
  );
  const withCertificate = await appendPages(document, stamped, certificate);
  const timestamper: Timestamper = async (imprint) => {
    try {
      return await input.timestamper(imprint);
    } catch (error) {
      throw new PendingSealError(error);
    }
  };
  const pdf = await sealPdf({
    pdf: withCertificate,
    identity: input.identity,
    timestamper,
    classicXref: true,
    document,
    now,
    reason: `Documento firmado electrónicamente; certificado de finalización ${input.certificate.validationCode}`,
  });
  return {
    pdf,
    sha256: sha256Hex(pdf),
    originalSha256,
    signedSha256,
    certificatePages: certificate.getPageCount(),
  };
}

/**
 * Appends the certificate's pages to the stamped document as an incremental update: the stamped
 * file stays the sealed file's first revision, so anyone can check its SHA-256 (the one the
 * certificate states) by cutting the sealed file at its first end-of-file marker.
 */
async function appendPages(
  document: PDFDocument,
  stamped: Uint8Array,
  source: PDFDocument,
): Promise<Uint8Array> {
  const trailer = readLastTrailer(stamped);
  for (const page of await document.copyPages(source, source.getPageIndices())) document.addPage(page);
  const updates: UpdatedObject[] = [];
  for (const [ref, object] of document.context.enumerateIndirectObjects()) {
    // New objects, and the page-tree nodes that now list the new pages.
    if (ref.objectNumber >= trailer.size || object instanceof PDFPageTree)
      updates.push({ ref, body: object });
  }
  return appendIncrementalUpdate(stamped, trailer, updates);
}
