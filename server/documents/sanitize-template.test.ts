import { describe, expect, it } from 'vitest';
import { TEMPLATE_HTML_ALLOWLIST } from './allowlist.js';
import { convertHtmlToTypst } from './html-to-typst.js';
import type { ResolvedImage } from './images.js';
import { sanitizeTemplateHtml } from './sanitize-template.js';

const PNG_SRC = 'data:image/png;base64,iVBORw0KGgo=';

/** One sample per allow-listed element and the Typst it must produce: nothing allowed goes unmapped. */
const SAMPLES: Record<(typeof TEMPLATE_HTML_ALLOWLIST.elements)[number], [string, string]> = {
  h1: ['<h1>a</h1>', '#heading(level: 1)[a]'],
  h2: ['<h2>a</h2>', '#heading(level: 2)[a]'],
  h3: ['<h3>a</h3>', '#heading(level: 3)[a]'],
  h4: ['<h4>a</h4>', '#heading(level: 4)[a]'],
  p: ['<p style="text-align: center">a</p>', '#align(center)[a]'],
  br: ['<p>a<br>b</p>', 'a#linebreak()b'],
  hr: ['<hr>', '#line('],
  strong: ['<strong>a</strong>', '#strong[a]'],
  b: ['<b>a</b>', '#strong[a]'],
  em: ['<em>a</em>', '#emph[a]'],
  i: ['<i>a</i>', '#emph[a]'],
  u: ['<u>a</u>', '#underline[a]'],
  s: ['<s>a</s>', '#strike[a]'],
  strike: ['<strike>a</strike>', '#strike[a]'],
  del: ['<del>a</del>', '#strike[a]'],
  sub: ['<sub>a</sub>', '#sub[a]'],
  sup: ['<sup>a</sup>', '#super[a]'],
  ul: ['<ul><li>a</li></ul>', '#list([a])'],
  ol: ['<ol start="2"><li>a</li></ol>', '#enum(start: 2, [a])'],
  li: ['<ol><li>a</li><li>b</li></ol>', '#enum([a], [b])'],
  blockquote: ['<blockquote>a</blockquote>', '#quote(block: true)[a]'],
  table: ['<table><tr><td>a</td></tr></table>', '#table(columns: (1fr,), [a])'],
  colgroup: ['<table><colgroup><col></colgroup><tr><td>a</td></tr></table>', '#table(columns: (1fr,), [a])'],
  col: ['<table><colgroup><col></colgroup><tr><td>a</td></tr></table>', '#table(columns: (1fr,), [a])'],
  thead: ['<table><thead><tr><td>h</td></tr></thead><tr><td>a</td></tr></table>', 'table.header([h])'],
  tbody: ['<table><tbody><tr><td>a</td></tr></tbody></table>', '#table(columns: (1fr,), [a])'],
  tfoot: ['<table><tfoot><tr><td>a</td></tr></tfoot></table>', '#table(columns: (1fr,), [a])'],
  tr: ['<table><tr><td>a</td></tr><tr><td>b</td></tr></table>', '[a], [b]'],
  th: [
    '<table><tr><th>h</th></tr><tr><td>a</td></tr></table>',
    'table.header(table.cell(fill: luma(235))[#strong[h]])',
  ],
  td: [
    '<table><tr><td colspan="2">a</td></tr><tr><td>b</td><td>c</td></tr></table>',
    'table.cell(colspan: 2)[a]',
  ],
  img: [`<img src="${PNG_SRC}" width="40">`, '#box(image("/imagenes/x.png", width: 30pt))'],
  a: ['<a href="https://rubrica.test/">a</a>', '#link("https://rubrica.test/")[a]'],
  span: ['<span data-field="nombre">x</span>', 'Ana'],
  div: ['<p>a</p><div data-page-break="true"></div><p>b</p>', 'a\n\n#pagebreak(weak: true)\n\nb'],
};

describe('sanitizeTemplateHtml', () => {
  it('keeps every allow-listed element, attribute and style, and the converter maps each one', () => {
    const images = new Map<string, ResolvedImage>([
      [
        PNG_SRC,
        { path: '/imagenes/x.png', bytes: Buffer.alloc(0), format: 'png', widthPx: 10, heightPx: 10 },
      ],
    ]);
    for (const element of TEMPLATE_HTML_ALLOWLIST.elements) {
      const [html, expected] = SAMPLES[element];
      const kept = sanitizeTemplateHtml(html);
      expect(kept, element).toContain(`<${element}`);
      expect(convertHtmlToTypst(kept, { images, values: { nombre: 'Ana' } }).typst, element).toContain(
        expected,
      );
    }
  });

  it('removes everything else: scripts, handlers, other styles, classes, unsafe links and images', () => {
    const dirty =
      '<h5 class="x" onclick="a()">T</h5><script>alert(1)</script><p style="color: red; text-align: right; ' +
      'text-align: evil">a</p><a href="javascript:alert(1)">j</a><a href="http://x.test">h</a>' +
      '<img src="data:image/svg+xml;base64,PHN2Zz4="><img src="https://cdn.test/a.png"><img src="//cdn.test/a.png">' +
      '<span data-field="n" data-x="y" style="font-size: 40px">n</span><iframe src="https://x.test"></iframe>' +
      '<td colspan="2">fuera de tabla</td><div data-page-break="true" id="z"></div><img src="/archivos/logo.png">';
    expect(sanitizeTemplateHtml(dirty)).toBe(
      'T<p style="text-align:right">a</p><a>j</a><a>h</a><span data-field="n">n</span><td colspan="2">fuera de tabla</td>' +
        '<div data-page-break="true"></div><img src="/archivos/logo.png" />',
    );
  });
});
