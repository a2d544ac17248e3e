import sanitizeHtml from 'sanitize-html';

/** Raster images an article may embed inline; SVG is left out because it can carry scripts. */
const INLINE_IMAGE = /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]+$/i;

const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
  },
  // No class, style or on* attribute anywhere; no javascript:, vbscript: or protocol-relative URL.
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link never hands the opened page a handle on ours, nor our address.
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...attribs,
        rel: 'noopener noreferrer',
        ...(attribs.target ? { target: '_blank' } : {}),
      },
    }),
  },
  exclusiveFilter: (frame) =>
    frame.tag === 'img' &&
    (!frame.attribs.src || (frame.attribs.src.startsWith('data:') && !INLINE_IMAGE.test(frame.attribs.src))),
};

/**
 * Rich text as administrators write it (help articles, notifications), reduced to what is safe
 * to show in any user's browser: headings, paragraphs, lists, emphasis, links (rel="noopener
 * noreferrer") and images from https or inline raster data. Scripts, iframes, styles, event
 * handlers and javascript: URLs are removed.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT).trim();
}

/** The words of some HTML without any markup (e-mail text parts, search snippets). */
export function htmlToPlainText(html: string): string {
  return (
    sanitizeHtml(html.replace(/<\/(p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/gi, '$&\n'), {
      allowedTags: [],
      allowedAttributes: {},
    })
      .replace(/&nbsp;/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      // Last, so that an escaped entity typed by the author stays as typed.
      .replace(/&amp;/g, '&')
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}
