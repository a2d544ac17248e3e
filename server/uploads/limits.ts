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

/**
 * What a stored image may be: `maxInputPixels` (width × height) is checked from the header and
 * again by the decoder (sharp's `limitInputPixels`), so a "pixel bomb" is never expanded; the
 * re-encoded picture fits in `maxWidth` × `maxHeight` and `maxBytes`.
 */
export type ImageRules = { maxInputPixels: number; maxWidth: number; maxHeight: number; maxBytes: number };

/** Drawn graphics: 4,096 px a side is more than any screen or page shows of them. */
const GRAPHIC_PIXELS = 4096 * 4096;
/** Pictures from a camera: phones take up to about 40 megapixels. */
const CAMERA_PIXELS = 40_000_000;

export const IMAGE_LIMITS = {
  logo: { maxInputPixels: GRAPHIC_PIXELS, maxWidth: 4096, maxHeight: 4096, maxBytes: MB },
  banner: { maxInputPixels: GRAPHIC_PIXELS, maxWidth: 4096, maxHeight: 4096, maxBytes: MB },
  /** Drawn on the signer's page (600 × 200) or uploaded: a scan or a photo of a signature on paper. */
  signature: { maxInputPixels: CAMERA_PIXELS, maxWidth: 1200, maxHeight: 600, maxBytes: 512 * 1024 },
  photo: { maxInputPixels: CAMERA_PIXELS, maxWidth: 1280, maxHeight: 1280, maxBytes: MB },
  /** Pictures embedded in an imported DOCX. */
  documentImage: { maxInputPixels: CAMERA_PIXELS, maxWidth: 1600, maxHeight: 1600, maxBytes: MB },
} as const satisfies Record<string, ImageRules>;

export const formatMegabytes = (bytes: number) =>
  `${(bytes / MB).toLocaleString('es-CO', { maximumFractionDigits: 1 })} MB`;

export const formatMegapixels = (pixels: number) =>
  `${(pixels / 1_000_000).toLocaleString('es-CO', { maximumFractionDigits: 1 })} megapíxeles`;
