import { sanitizeTemplateHtml } from '../documents/sanitize-template.js';
import { HttpProblem } from '../errors.js';
import { reencodeImage } from './images.js';
import { IMAGE_LIMITS } from './limits.js';
import { FILE_MESSAGES } from './messages.js';
import { inspectDocx } from './office.js';

/** Beyond these, further pictures are left out of the HTML (the text is kept). */
const MAX_IMAGES = 40;
const MAX_IMAGE_BYTES_TOTAL = 8 * 1024 * 1024;

/** Word's character formats that mammoth drops unless told; headings, lists and tables it maps itself. */
const STYLE_MAP = ['u => u', 'strike => s'];

export type DocxHtml = {
  html: string;
  /** Pictures embedded as data: URLs, re-encoded. */
  imageCount: number;
  /** Pictures left out: unreadable (EMF, WMF…), or past the count or size budget. */
  droppedImages: number;
};

/**
 * An uploaded DOCX as editable template HTML (`convert_and_count_pages`): the file is first
 * checked (zip bomb, macros, external links), mammoth converts the checked copy with no access
 * to files outside it, every picture is re-encoded by sharp into a bounded data: URL, and the
 * result goes through the template sanitiser.
 */
/** Only named if a refusal escaped: a picture that fails is left out of the document. */
const DOCUMENT_IMAGE = { name: 'content_base64', of: 'del documento' };

export async function convertDocxToHtml(bytes: Uint8Array): Promise<DocxHtml> {
  const checked = await inspectDocx(bytes);
  // Loaded with the first Word file, not with the server.
  const { default: mammoth } = await import('mammoth');
  let imageCount = 0;
  let droppedImages = 0;
  let imageBytes = 0;
  const convertImage = mammoth.images.imgElement(async (image) => {
    if (imageCount >= MAX_IMAGES) {
      droppedImages++;
      return { src: '' };
    }
    try {
      const original = await image.readAsBuffer();
      const format = image.contentType === 'image/jpeg' ? 'jpeg' : 'png';
      const stored = await reencodeImage(original, {
        format,
        rules: IMAGE_LIMITS.documentImage,
        field: DOCUMENT_IMAGE,
      });
      if (imageBytes + stored.bytes.length > MAX_IMAGE_BYTES_TOTAL) throw new Error('image budget spent');
      imageBytes += stored.bytes.length;
      imageCount++;
      return { src: `data:${stored.mimeType};base64,${stored.bytes.toString('base64')}` };
    } catch {
      droppedImages++;
      // The sanitiser removes an image without a source.
      return { src: '' };
    }
  });
  let converted: { value: string };
  try {
    converted = await mammoth.convertToHtml(
      { buffer: checked },
      { styleMap: STYLE_MAP, convertImage, externalFileAccess: false },
    );
  } catch {
    throw new HttpProblem(422, FILE_MESSAGES.docxUnreadable);
  }
  return { html: sanitizeTemplateHtml(converted.value), imageCount, droppedImages };
}
