import sanitizeHtml from 'sanitize-html';
import { TEMPLATE_HTML_ALLOWLIST } from './allowlist.js';

const IMAGE_DATA_URL = new RegExp(
  `^data:(${TEMPLATE_HTML_ALLOWLIST.imageDataTypes.map((type) => type.replace('/', '\\/')).join('|')});base64,[a-z0-9+/=\\s]+$`,
  'i',
);
/** A stored file, by site-relative path (resolved by the renderer's image loader). */
const STORED_IMAGE = /^\/(?!\/)[^\s"'<>\\]+$/;

const exactly = (values: readonly string[]) => [new RegExp(`^(${values.join('|')})$`, 'i')];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...TEMPLATE_HTML_ALLOWLIST.elements],
  allowedAttributes: Object.fromEntries(
    TEMPLATE_HTML_ALLOWLIST.elements.map((element) => [
      element,
      [
        'style',
        ...((TEMPLATE_HTML_ALLOWLIST.attributes as Record<string, readonly string[]>)[element] ?? []),
      ],
    ]),
  ),
  allowedStyles: {
    '*': Object.fromEntries(
      Object.entries(TEMPLATE_HTML_ALLOWLIST.styles['*']).map(([property, values]) => [
        property,
        exactly(values),
      ]),
    ),
  },
  allowedSchemes: [...TEMPLATE_HTML_ALLOWLIST.linkSchemes],
  allowedSchemesByTag: { img: ['data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) =>
    (frame.tag === 'img' &&
      !(IMAGE_DATA_URL.test(frame.attribs.src ?? '') || STORED_IMAGE.test(frame.attribs.src ?? ''))) ||
    // Bookmarks and footnote anchors of imported documents lose their target; an empty link is noise.
    (frame.tag === 'a' && !frame.attribs.href && !frame.text.trim()),
};

/**
 * Keeps exactly what the renderer maps (TEMPLATE_HTML_ALLOWLIST): run it when a template is
 * saved and again before it is rendered.
 */
export function sanitizeTemplateHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
