import sanitizeHtml from 'sanitize-html';

/** Raster images inline as base64; anything else (SVG, remote URLs, file paths) is dropped. */
const INLINE_RASTER = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=]+$/i;

/**
 * What an imported document may keep in a template: structure (headings, paragraphs, lists,
 * tables with merged cells), emphasis, web and e-mail links, and inline raster images. No
 * class, style, id or event handler; no script, frame, form or object.
 */
const TEMPLATE_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'blockquote',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'rel'],
    img: ['src', 'alt'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }),
  },
  exclusiveFilter: (frame) =>
    (frame.tag === 'img' && !INLINE_RASTER.test(frame.attribs.src ?? '')) ||
    // Bookmarks and footnote anchors lose their target here; an empty link is noise.
    (frame.tag === 'a' && !frame.attribs.href),
};

/** HTML for a document template, as imported from DOCX or saved from the editor, made safe. */
export function sanitizeTemplateHtml(html: string): string {
  return sanitizeHtml(html, TEMPLATE_HTML).trim();
}
