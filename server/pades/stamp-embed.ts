import { deflateSync } from 'node:zlib';
import {
  degrees,
  drawImage,
  type PDFDocument,
  type PDFFont,
  PDFName,
  type PDFPage,
  PDFRawStream,
  type PDFRef,
} from 'pdf-lib';
import { loadSharp } from '../lazyDependencies.js';

/**
 * Embedding the stamps' fonts and images, without the two costs pdf-lib pays on every document:
 * parsing the whole font file (fontkit's tables, ~6 ms for Liberation Sans) and compressing the
 * image with pako (pure JavaScript, ~4 ms for a signature). What is written is the same: a
 * subset of the font, and the picture as 8-bit DeviceRGB with its alpha as a soft mask.
 */

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type FontkitFont = ReturnType<Fontkit['create']>;

/** Parsed once per process (the tables fontkit decodes are read-only once decoded). */
const parsedFonts = new WeakMap<Uint8Array, FontkitFont>();

/**
 * fontkit handing out, for each document, a view of the font parsed once: it shares the decoded
 * tables but has its own glyph cache. The cache must not be shared: a subset's compound glyphs
 * (ñ is n + ~) create their components' glyphs without their characters, and a later document
 * drawing those letters would then write them without a Unicode mapping (text not extractable).
 */
const cachingFontkit = (fontkit: Fontkit): Fontkit => ({
  create(bytes, postscriptName) {
    if (postscriptName !== undefined) return fontkit.create(bytes, postscriptName);
    let font = parsedFonts.get(bytes);
    if (!font) {
      font = fontkit.create(bytes);
      parsedFonts.set(bytes, font);
    }
    return Object.create(font, { _glyphs: { value: {}, writable: true } }) as FontkitFont;
  },
});

/** fontkit (~5 MiB of heap) is loaded with the first stamp, not with the server. */
let sharedFontkit: Promise<Fontkit> | undefined;
const loadFontkit = () => {
  sharedFontkit ??= import('@pdf-lib/fontkit').then(({ default: fontkit }) => cachingFontkit(fontkit));
  return sharedFontkit;
};

export async function embedFontSubset(
  document: PDFDocument,
  bytes: Uint8Array,
  features: Record<string, boolean>,
): Promise<PDFFont> {
  document.registerFontkit(await loadFontkit());
  return document.embedFont(bytes, { subset: true, features });
}

/**
 * pdf-lib compresses embedded fonts (and anything else it writes with flateStream) with pako,
 * pure JavaScript; Node's zlib writes the same FlateDecode stream in a fraction of the time.
 * Only this document's context is changed.
 */
export function compressWithZlib(document: PDFDocument): void {
  const context = document.context;
  context.flateStream = (contents, dict = {}) =>
    context.stream(deflateSync(typeof contents === 'string' ? Buffer.from(contents, 'latin1') : contents), {
      ...dict,
      Filter: 'FlateDecode',
    });
}

/** Thrown for bytes that are not a decodable image. */
export class UnreadableImageError extends Error {}

/** An image XObject written into a document, ready to be drawn on any of its pages. */
export type EmbeddedImage = { ref: PDFRef; width: number; height: number };

function flateImage(
  document: PDFDocument,
  pixels: Uint8Array,
  width: number,
  height: number,
  colorSpace: 'DeviceRGB' | 'DeviceGray',
  extra: Record<string, unknown> = {},
) {
  const dictionary = document.context.obj({
    Type: 'XObject',
    Subtype: 'Image',
    Width: width,
    Height: height,
    BitsPerComponent: 8,
    ColorSpace: colorSpace,
    Filter: 'FlateDecode',
    ...extra,
  });
  const compressed = deflateSync(pixels);
  dictionary.set(PDFName.of('Length'), document.context.obj(compressed.length));
  return document.context.register(PDFRawStream.of(dictionary, compressed));
}

/**
 * A PNG (any colour type sharp reads) as an image XObject, compressed with Node's zlib. The alpha
 * channel becomes an SMask only when some pixel is not opaque, as pdf-lib does.
 */
export async function embedPngImage(document: PDFDocument, png: Uint8Array): Promise<EmbeddedImage> {
  const sharp = await loadSharp();
  let decoded: { data: Buffer; info: { width: number; height: number } };
  try {
    decoded = await sharp(png, { failOn: 'error' })
      .toColourspace('srgb')
      .ensureAlpha()
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new UnreadableImageError('not a readable image');
  }
  const { width, height } = decoded.info;
  const pixelCount = width * height;
  const rgb = new Uint8Array(pixelCount * 3);
  const alpha = new Uint8Array(pixelCount);
  let translucent = false;
  const rgba = decoded.data;
  for (let pixel = 0, source = 0, target = 0; pixel < pixelCount; pixel++) {
    rgb[target++] = rgba[source++]!;
    rgb[target++] = rgba[source++]!;
    rgb[target++] = rgba[source++]!;
    const a = rgba[source++]!;
    alpha[pixel] = a;
    if (a < 255) translucent = true;
  }
  const softMask = translucent
    ? flateImage(document, alpha, width, height, 'DeviceGray', { Decode: [0, 1] })
    : undefined;
  const ref = flateImage(document, rgb, width, height, 'DeviceRGB', softMask ? { SMask: softMask } : {});
  return { ref, width, height };
}

/** What page.drawImage does for a PDFImage: name the XObject in the page's resources and paint it. */
export function drawEmbeddedImage(
  page: PDFPage,
  image: EmbeddedImage,
  placement: { x: number; y: number; width: number; height: number },
): void {
  const name = page.node.newXObject('Image', image.ref);
  page.pushOperators(
    ...drawImage(name, { ...placement, rotate: degrees(0), xSkew: degrees(0), ySkew: degrees(0) }),
  );
}
