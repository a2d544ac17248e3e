import { randomUUID } from 'node:crypto';
import sanitizeHtml from 'sanitize-html';
import { LOGO_MAX_BYTES, LOGO_MESSAGES } from '../../../contract/endpoints/company.js';
import { unprocessable } from '../../errors.js';
import { normaliseGraphic } from '../../uploads/images.js';

export type LogoUpload = { filename: string; content_base64: string };
export type LogoFile = { bytes: Buffer; extension: 'png' | 'jpg' | 'svg'; contentType: string };

export const LOGO_CONTENT_TYPES = { png: 'image/png', jpg: 'image/jpeg', svg: 'image/svg+xml' } as const;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

const SVG_ELEMENTS = [
  'svg',
  'g',
  'defs',
  'title',
  'desc',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'use',
  'symbol',
];

const SVG_ATTRIBUTES = [
  'id',
  'viewBox',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'd',
  'points',
  'transform',
  'preserveAspectRatio',
  'fill',
  'fill-opacity',
  'fill-rule',
  'clip-rule',
  'clip-path',
  'mask',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
  'opacity',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'clipPathUnits',
  'maskUnits',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'letter-spacing',
  'href',
  'xlink:href',
  'version',
];

/** An attribute value may point only inside the document: `#id` or `url(#id)`, nothing else. */
function pointsOutside(name: string, value: string): boolean {
  if (name === 'href' || name === 'xlink:href') return !value.trim().startsWith('#');
  const urls = value.match(/url\s*\(([^)]*)\)/gi) ?? [];
  if (urls.some((url) => !/^url\s*\(\s*['"]?#/i.test(url))) return true;
  return /(?:javascript|vbscript|data)\s*:/i.test(value);
}

/**
 * Keeps drawing elements and presentation attributes only. Scripts, styles, event handlers,
 * foreignObject, images, links and every reference outside the file (href, url(...)) are removed.
 */
const SVG_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: SVG_ELEMENTS,
  allowedAttributes: {
    svg: [
      ...SVG_ATTRIBUTES,
      { name: 'xmlns', multiple: false, values: ['http://www.w3.org/2000/svg'] },
      { name: 'xmlns:xlink', multiple: false, values: ['http://www.w3.org/1999/xlink'] },
    ],
    '*': SVG_ATTRIBUTES,
  },
  allowedSchemes: [],
  allowProtocolRelative: false,
  disallowedTagsMode: 'completelyDiscard',
  nonTextTags: ['script', 'style', 'foreignObject', 'textarea', 'option', 'xmp'],
  parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false },
  transformTags: {
    '*': (tagName, attribs) => ({
      tagName,
      attribs: Object.fromEntries(
        Object.entries(attribs).filter(([name, value]) => !pointsOutside(name, value)),
      ),
    }),
  },
};

export function sanitizeSvg(svg: string): string {
  return sanitizeHtml(svg, SVG_OPTIONS).trim();
}

const invalid = (message: string) => unprocessable(message, { logo: message });

/** Text that starts (after an XML prolog, comments or a doctype) with an <svg> element. */
function looksLikeSvg(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  const head = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const prolog = /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*/i;
  return /^<svg[\s>]/i.test(head.replace(prolog, ''));
}

/**
 * Decodes an uploaded logo and decides its type from its first bytes (never from the name): PNG
 * or JPEG, decoded within the pixel limit and stored re-encoded (no metadata, no trailing bytes),
 * or SVG, which is sanitised. Too large, unreadable or anything else → 422 on the `logo` field.
 */
export async function readLogo(upload: LogoUpload): Promise<LogoFile> {
  const bytes = Buffer.from(upload.content_base64, 'base64');
  if (bytes.length > LOGO_MAX_BYTES) throw invalid(LOGO_MESSAGES.tooLarge);
  const raster =
    bytes.length >= PNG_SIGNATURE.length && bytes.subarray(0, 8).equals(PNG_SIGNATURE)
      ? 'png'
      : bytes.length > 3 && bytes.subarray(0, 3).equals(JPEG_SIGNATURE)
        ? 'jpeg'
        : null;
  if (raster) {
    const stored = await normaliseGraphic(bytes, { format: raster, kind: 'logo' });
    const extension = raster === 'png' ? 'png' : 'jpg';
    return { bytes: stored.bytes, extension, contentType: LOGO_CONTENT_TYPES[extension] };
  }
  if (looksLikeSvg(bytes)) {
    const clean = sanitizeSvg(bytes.toString('utf8'));
    if (!/^<svg[\s>]/.test(clean)) throw invalid(LOGO_MESSAGES.type);
    return { bytes: Buffer.from(clean, 'utf8'), extension: 'svg', contentType: LOGO_CONTENT_TYPES.svg };
  }
  throw invalid(LOGO_MESSAGES.type);
}

/** A new storage key per upload, so that the logo's URL changes with it (see logoUrl). */
export const newLogoKey = (logo: LogoFile) => `logos/${randomUUID()}.${logo.extension}`;

export const contentTypeOfLogoKey = (key: string) =>
  LOGO_CONTENT_TYPES[(key.split('.').pop() ?? '') as keyof typeof LOGO_CONTENT_TYPES] ??
  'application/octet-stream';
