/** The kinds of file users may upload, told apart by their bytes, never by name or declared type. */
export type FileKind = 'pdf' | 'docx' | 'xlsx' | 'png' | 'jpeg' | 'webp';

const MB = 1024 * 1024;

/** Largest upload accepted per kind, in bytes. */
export const MAX_BYTES = {
  pdf: 20 * MB,
  docx: 10 * MB,
  xlsx: 10 * MB,
  png: 8 * MB,
  jpeg: 8 * MB,
  webp: 8 * MB,
} as const satisfies Record<FileKind, number>;

/** How users know each kind. */
export const KIND_LABEL = {
  pdf: 'PDF',
  docx: 'Word (DOCX)',
  xlsx: 'Excel (XLSX)',
  png: 'PNG',
  jpeg: 'JPEG',
  webp: 'WebP',
} as const satisfies Record<FileKind, string>;

/** A PDF to sign or to import: more pages than this is not a contract but a mistake or an attack. */
export const MAX_PDF_PAGES = 500;

/**
 * Limits for the ZIP container of DOCX and XLSX files, checked on the central directory before
 * anything is inflated. A real document stays far below them; a zip bomb does not.
 */
export type ZipLimits = {
  maxEntries: number;
  /** Sum of every entry's declared uncompressed size. */
  maxTotalBytes: number;
  maxEntryBytes: number;
  /** Uncompressed / compressed size of one entry (checked from `minRatioCheckedBytes` up). */
  maxRatio: number;
  minRatioCheckedBytes: number;
};

export const OFFICE_ZIP_LIMITS = {
  maxEntries: 1000,
  maxTotalBytes: 100 * MB,
  maxEntryBytes: 50 * MB,
  maxRatio: 200,
  minRatioCheckedBytes: 64 * 1024,
} as const satisfies ZipLimits;

/** Signature images and selfies after re-encoding. */
export const IMAGE_LIMITS = {
  /** Decoding refuses anything larger (width × height), so a "pixel bomb" is never expanded. */
  maxInputPixels: 40_000_000,
  signature: { maxWidth: 1200, maxHeight: 600, maxBytes: 512 * 1024 },
  photo: { maxWidth: 1280, maxHeight: 1280, maxBytes: 1024 * 1024 },
  /** Pictures embedded in an imported DOCX. */
  documentImage: { maxWidth: 1600, maxHeight: 1600, maxBytes: 1024 * 1024 },
} as const;

export const formatMegabytes = (bytes: number) =>
  `${(bytes / MB).toLocaleString('es-CO', { maximumFractionDigits: 1 })} MB`;
