import sanitizeHtml from 'sanitize-html';
import { escapeHtml } from '../../contract/html.js';

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
const MARKER_AND_PERIOD = new RegExp(`${PLACEHOLDER.source}(\\.)?`, 'g');

/** Plain-text part of an e-mail from its HTML. */
function toPlainText(html: string): string {
  // A link keeps its address in the text part: text-only readers must still reach it.
  const linked = html.replace(
    /<a\s[^>]*?href="(https?:[^"]+)"[^>]*>([\s\S]*?)<\/a>/gi,
    (_, url: string, label: string) => `${label}: ${url}`,
  );
  const marked = linked.replace(/<\/(p|h[1-4]|li|tr|div|blockquote)>|<br\s*\/?>/gi, '$&\n');
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

/** Schemes a URL attribute may end up with once its markers are filled (as EMAIL_HTML allows). */
const URL_SCHEMES: Record<string, readonly string[]> = { href: ['http', 'https', 'mailto'], src: ['https'] };
/** A URL attribute as the sanitiser writes it (always double-quoted). */
const URL_ATTRIBUTE = /\s(href|src)="([^"]*)"/gi;

/** Attribute text as a browser reads it: character references decoded. */
function decodeAttribute(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(
      /&(quot|apos|lt|gt|amp);/g,
      (_, name: string) => ({ quot: '"', apos: "'", lt: '<', gt: '>', amp: '&' })[name] ?? '',
    );
}

/** Browsers skip whitespace and control characters anywhere in a scheme (`java\tscript:`). */
function urlIsAllowed(attribute: string, value: string): boolean {
  const url = [...decodeAttribute(value)].filter((character) => character.charCodeAt(0) > 0x20).join('');
  if (/^[/\\]{2}/.test(url)) return false;
  const scheme = url.match(/^([^/?#]*?):/)?.[1]?.toLowerCase();
  return scheme === undefined || (URL_SCHEMES[attribute.toLowerCase()] ?? []).includes(scheme);
}

/**
 * Fills a template's markers with values and returns the e-mail to send or preview. Values are
 * escaped; a value inside a URL attribute (`<a href="{{company_name}}">`) must also leave an
 * allowed URL (http, https, mailto; images https), otherwise the attribute is dropped: the
 * template was sanitised before its values arrived, so a `javascript:` or `data:` value would
 * otherwise pass. Every e-mail built from a template with values goes through here. A marker
 * without a value stays empty.
 */
export function fillEmailTemplate(
  template: { subject: string; bodyHtml: string },
  values: Readonly<Record<string, string | undefined>>,
): RenderedEmail {
  const value = (name: string) => values[name] ?? '';
  const escapedFill = (text: string) =>
    text.replace(PLACEHOLDER, (_, name: string) => escapeHtml(value(name)));
  // A value that ends a sentence with its own period («11:59 p. m.», «Acme S.A.S.») takes the place
  // of the template's period after it, as an abbreviation does at the end of a sentence.
  const sentenceFill = (text: string, encode: (text: string) => string) =>
    text.replace(MARKER_AND_PERIOD, (_, name: string, period: string | undefined) => {
      const filled = value(name);
      return encode(filled) + (period && !filled.endsWith('.') ? period : '');
    });
  const linked = template.bodyHtml.replace(URL_ATTRIBUTE, (whole, attribute: string, url: string) => {
    if (!PLACEHOLDER.test(url)) return whole;
    PLACEHOLDER.lastIndex = 0;
    const filled = escapedFill(url);
    return urlIsAllowed(attribute, filled) ? ` ${attribute}="${filled}"` : '';
  });
  const html = sentenceFill(linked, escapeHtml);
  return {
    subject: oneLine(sentenceFill(template.subject, (text) => text)).trim(),
    html,
    text: toPlainText(html),
  };
}
