import sanitizeHtml from 'sanitize-html';

/**
 * What a company e-mail may contain: text formatting, lists, tables, links (http, https, mailto
 * or a {{placeholder}}), images over https, and a few inline styles. No scripts, forms, iframes,
 * event handlers, classes or external style sheets.
 */
const EMAIL_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'span',
    'div',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'table',
    'thead',
    'tbody',
    'tr',
    'td',
    'th',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan', 'align'],
    th: ['colspan', 'rowspan', 'align'],
    '*': ['style'],
  },
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/i, /^[a-z]+$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^[a-z]+$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': [/^\d{1,2}(px|pt|em|%)$/],
      'font-weight': [/^(normal|bold|[1-9]00)$/],
      'font-style': [/^(normal|italic)$/],
      'text-decoration': [/^(none|underline|line-through)$/],
      padding: [/^(\d{1,3}(px|em)?\s*){1,4}$/],
      margin: [/^(\d{1,3}(px|em)?\s*){1,4}$/],
    },
  },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

export const sanitizeEmailHtml = (html: string) => sanitizeHtml(html, EMAIL_HTML).trim();

/** A `{{marker}}` of an e-mail template. */
export const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** Plain-text part of an e-mail from its HTML. */
function toPlainText(html: string): string {
  const marked = html.replace(/<\/(p|h[1-4]|li|tr|div|blockquote)>|<br\s*\/?>/gi, '$&\n');
  return sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A subject is one line: no value may add a header or break it. */
const oneLine = (text: string) =>
  [...text]
    .map((character) => (character.charCodeAt(0) < 0x20 || character === '\u007f' ? ' ' : character))
    .join('');

export type RenderedEmail = { subject: string; html: string; text: string };

/**
 * Fills a template's markers with values and returns the e-mail to send or preview. The filled
 * HTML is sanitised again: a value may land inside an attribute (`<a href="{{company_name}}">`),
 * where escaping alone would let a `javascript:` or `data:` URL through. Every e-mail built from
 * a template with values goes through here. A marker without a value stays empty.
 */
export function fillEmailTemplate(
  template: { subject: string; bodyHtml: string },
  values: Readonly<Record<string, string | undefined>>,
): RenderedEmail {
  const value = (name: string) => values[name] ?? '';
  const html = sanitizeEmailHtml(
    template.bodyHtml.replace(PLACEHOLDER, (_, name: string) => escapeHtml(value(name))),
  );
  return {
    subject: oneLine(template.subject.replace(PLACEHOLDER, (_, name: string) => value(name))).trim(),
    html,
    text: toPlainText(html),
  };
}
