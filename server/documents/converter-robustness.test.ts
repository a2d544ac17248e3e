import { describe, expect, it } from 'vitest';
import { TEMPLATE_HTML_ALLOWLIST } from './allowlist.js';
import { MAX_NESTING_DEPTH, nestingDepth, parseHtml, rawNestingTooDeep } from './html-nodes.js';
import { DocumentRenderer } from './renderer.js';
import { sanitizeTemplateHtml } from './sanitize-template.js';

/** Small deterministic generator (mulberry32), so a failure names a seed that reproduces it. */
function randomFrom(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TEXTS = ['Año', 'ñandú #x', '$ 1.000', '[a]', '*b*', '\\', '<c>', '// d', '= e', '1. f', '"g"', '¿h?'];
const STYLES = [
  '',
  ' style="text-align: center"',
  ' style="text-align: justify"',
  ' style="page-break-before: always"',
];

function randomHtml(random: () => number, depth: number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  if (depth <= 0 || random() < 0.25) return pick(TEXTS);
  const children = () =>
    Array.from({ length: 1 + Math.floor(random() * 3) }, () => randomHtml(random, depth - 1)).join(' ');
  const element = pick(TEMPLATE_HTML_ALLOWLIST.elements);
  switch (element) {
    case 'br':
    case 'hr':
      return `<${element}>`;
    case 'img':
      return '<img src="data:image/png;base64,AAAA" alt="x">';
    case 'span':
      return random() < 0.5
        ? `<span data-field="${pick(['nombre', 'firma', 'fecha', 'falta'])}"></span>`
        : `<span>${children()}</span>`;
    case 'div':
      return random() < 0.3
        ? '<div data-page-break="true"></div>'
        : `<div${pick(STYLES)}>${children()}</div>`;
    case 'a':
      return `<a href="https://rubrica.test/?q=${Math.floor(random() * 9)}">${children()}</a>`;
    case 'td':
    case 'th':
      return `<${element} colspan="${1 + Math.floor(random() * 3)}" rowspan="${1 + Math.floor(random() * 3)}">${children()}</${element}>`;
    case 'ol':
      return `<ol start="${Math.floor(random() * 5)}"><li>${children()}</li><li>${children()}</li></ol>`;
    default:
      return `<${element}${pick(STYLES)}>${children()}</${element}>`;
  }
}

describe('any sanitised template compiles', () => {
  it('renders 150 random nestings of every allowed element without a compiler error', async () => {
    const renderer = DocumentRenderer.create();
    for (let seed = 1; seed <= 150; seed++) {
      const random = randomFrom(seed);
      const html = sanitizeTemplateHtml(Array.from({ length: 4 }, () => randomHtml(random, 4)).join(''));
      // Images are covered elsewhere; here a broken one would only stop the render early.
      const withoutImages = html.replace(/<img[^>]*>/g, '');
      const rendered = await renderer.render({
        html: withoutImages,
        header: withoutImages.slice(0, 200).replace(/<[^>]*$/, ''),
        fields: { firma: { kind: 'signature', signer: 1 }, fecha: { kind: 'signing_date', signer: 2 } },
        values: { nombre: 'José #read("/etc/passwd")' },
      });
      expect(rendered.pageCount, `semilla ${seed}`).toBeGreaterThan(0);
    }
  }, 120_000);

  it('renders random chains of elements nested as deep as allowed, and refuses one level more', async () => {
    const renderer = DocumentRenderer.create();
    const wrappers: [string, string][] = [
      ['<blockquote>', '</blockquote>'],
      ['<ul><li>', '</li></ul>'],
      ['<ol><li>', '</li></ol>'],
      ['<table><tbody><tr><td>', '</td></tr></tbody></table>'],
      ['<strong>', '</strong>'],
      ['<em>', '</em>'],
      ['<u>', '</u>'],
      ['<s>', '</s>'],
      ['<a href="https://rubrica.test">', '</a>'],
      ['<p style="text-align: center">', '</p>'],
      ['<h2>', '</h2>'],
      ['<div>', '</div>'],
    ];
    for (let seed = 1; seed <= 40; seed++) {
      const random = randomFrom(seed);
      let open = '';
      let close = '';
      for (;;) {
        const [start, end] = wrappers[Math.floor(random() * wrappers.length)]!;
        if (nestingDepth(parseHtml(`${open}${start}x${end}${close}`)) > MAX_NESTING_DEPTH) break;
        open += start;
        close = end + close;
      }
      const html = `${open}Año profundo${close}`;
      const rendered = await renderer.render({ html });
      expect(rendered.pageCount, `semilla ${seed}`).toBeGreaterThan(0);
      // The chain stopped within 4 levels of the limit (the widest wrapper): 4 more are too deep.
      await expect(
        renderer.render({ html: `<blockquote><blockquote>${html}</blockquote></blockquote>` }),
      ).rejects.toMatchObject({
        statusCode: 422,
      });
    }
  }, 120_000);

  it('turns away a hostile nesting before any parser reads it, and lets real templates through', () => {
    expect(rawNestingTooDeep(`${'<strong>'.repeat(100_000)}x${'</strong>'.repeat(100_000)}`)).toBe(true);
    const deepest = `${'<ul><li>'.repeat(16)}x${'</li></ul>'.repeat(16)}`;
    expect(rawNestingTooDeep(deepest)).toBe(false);
    expect(rawNestingTooDeep('<p>a<br>b<img src="data:image/png;base64,AAAA"><hr></p>'.repeat(500))).toBe(
      false,
    );
  });
});
