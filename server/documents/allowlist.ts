/**
 * Everything the HTML → Typst converter maps, in one place: the template sanitiser keeps exactly
 * this and the rich-text editor offers exactly this, so nothing reaches the renderer that it
 * cannot render faithfully. Attribute and style lists are per element; `*` applies to every one.
 */
export const TEMPLATE_HTML_ALLOWLIST = {
  elements: [
    'h1',
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'del',
    'sub',
    'sup',
    'ul',
    'ol',
    'li',
    'blockquote',
    'table',
    'colgroup',
    'col',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'img',
    'a',
    'span',
    'div',
  ],
  attributes: {
    a: ['href'],
    ol: ['start'],
    th: ['colspan', 'rowspan', 'colwidth'],
    td: ['colspan', 'rowspan', 'colwidth'],
    img: ['src', 'alt', 'width', 'height'],
    /** A merge field: the value (or, for signature fields, a box) replaces the element. */
    span: ['data-field'],
    /** `<div data-page-break="true"></div>` starts a new page. */
    div: ['data-page-break'],
  },
  styles: {
    '*': {
      'text-align': ['left', 'center', 'right', 'justify'],
      'page-break-before': ['always'],
      'break-before': ['page'],
    },
  },
  /** Links print as text unless they point here. */
  linkSchemes: ['https'],
  /** Inline images; any other `src` must be a site-relative path that the image loader resolves. */
  imageDataTypes: ['image/png', 'image/jpeg', 'image/gif'],
} as const;

export type AllowedElement = (typeof TEMPLATE_HTML_ALLOWLIST.elements)[number];

/** Caps on images, so a template cannot make a render slow or huge. */
export const IMAGE_LIMITS = {
  maxBytesPerImage: 5 * 1024 * 1024,
  maxImages: 50,
  maxTotalBytes: 20 * 1024 * 1024,
  /** Decoded size: a small file can still expand to a huge bitmap. */
  maxPixels: 40_000_000,
} as const;
