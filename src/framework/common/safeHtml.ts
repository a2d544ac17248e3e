/**
 * A browser-side safety net for rich text: the server already sanitises what it stores, but the
 * editor's preview shows text that was never saved, and defence in depth costs little. Drops
 * active elements, event handlers, inline styles and script-like links; keeps formatting.
 */
const DROPPED_ELEMENTS =
  'script,style,iframe,object,embed,link,meta,form,input,button,textarea,select,svg,math';
const URL_ATTRIBUTES = new Set(['href', 'src']);
const SAFE_URL = /^(https?:|mailto:|tel:|#|\/|data:image\/(png|jpe?g|gif|webp);)/i;

export function sanitizeHtml(html: string): string {
  if (typeof DOMParser === 'undefined') return '';
  const document = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  for (const element of document.body.querySelectorAll(DROPPED_ELEMENTS)) element.remove();
  for (const element of document.body.querySelectorAll('*')) {
    for (const attribute of [...element.attributes]) {
      const name = attribute.name.toLowerCase();
      const unsafeUrl = URL_ATTRIBUTES.has(name) && !SAFE_URL.test(attribute.value.trim());
      if (name.startsWith('on') || name === 'style' || name === 'srcdoc' || unsafeUrl) {
        element.removeAttribute(attribute.name);
      }
    }
    // Links open outside the app without giving the new page a handle on it.
    if (element.tagName === 'A' && element.getAttribute('href')?.match(/^https?:/i)) {
      element.setAttribute('target', '_blank');
      element.setAttribute('rel', 'noopener noreferrer');
    }
  }
  return document.body.innerHTML;
}

/** The text of an HTML fragment (for one-line previews in tables). */
export function htmlToText(html: string): string {
  if (typeof DOMParser === 'undefined') return html;
  return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}
