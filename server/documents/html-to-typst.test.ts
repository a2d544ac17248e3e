import { describe, expect, it } from 'vitest';
import { convertHtmlToTypst } from './html-to-typst.js';
import type { ResolvedImage } from './images.js';

const typst = (html: string, options: Parameters<typeof convertHtmlToTypst>[1] = {}) =>
  convertHtmlToTypst(html, options).typst;

describe('HTML → Typst (golden)', () => {
  it('maps headings h1–h4 with their alignment', () => {
    expect(
      typst(
        '<h1 style="text-align: center">Título</h1><h2>Sub</h2><h3 style="text-align:right">Tres</h3>' +
          '<h4 style="text-align: justify">Cuatro</h4>',
      ),
    ).toBe(
      '#align(center)[#heading(level: 1)[Título]]\n\n#heading(level: 2)[Sub]\n\n' +
        '#align(right)[#heading(level: 3)[Tres]]\n\n#par(justify: true)[#heading(level: 4)[Cuatro]]',
    );
  });

  it('maps bold, italic, underline, strike, sub/superscript and hard line breaks', () => {
    expect(
      typst(
        '<p>Hola <strong>negrita</strong>, <em>cursiva</em>, <u>subrayado</u>, <s>tachado</s>, ' +
          '<b><i>ambas</i></b>, H<sub>2</sub>O, m<sup>2</sup><br>nueva línea</p>',
      ),
    ).toBe(
      'Hola #strong[negrita]\\, #emph[cursiva]\\, #underline[subrayado]\\, #strike[tachado]\\, ' +
        '#strong[#emph[ambas]]\\, H#sub[2]O\\, m#super[2]#linebreak()nueva línea',
    );
  });

  it('maps paragraph alignment, empty paragraphs and loose text', () => {
    expect(
      typst(
        '<p style="text-align: justify">Justificado</p><p></p><p style="text-align: left">Izquierda</p>' +
          '<p style="text-align: center">Centro</p><p style="text-align: right">Derecha</p>texto suelto',
      ),
    ).toBe(
      '#par(justify: true)[Justificado]\n\n#v(1.1em)\n\nIzquierda\n\n#align(center)[Centro]\n\n' +
        '#align(right)[Derecha]\n\ntexto suelto',
    );
  });

  it('prints a list item outside any list as a one-item bulleted list', () => {
    expect(typst('<li>suelto</li>')).toBe('#list([suelto])');
  });

  it('maps nested ordered and unordered lists, with the start number', () => {
    expect(
      typst(
        '<ul><li><p>Uno</p><ul><li>Uno.a</li></ul></li><li>Dos</li></ul>' +
          '<ol start="3"><li>Tres</li><li><ol><li>Anidado</li></ol></li></ol>',
      ),
    ).toBe('#list([Uno\n\n#list([Uno\\.a])], [Dos])\n\n#enum(start: 3, [Tres], [#enum([Anidado])])');
  });

  it('maps tables with a repeated header row, column widths, colspan, rowspan and cell alignment', () => {
    expect(
      typst(
        '<table><colgroup><col></colgroup><tbody><tr><th colwidth="200">A</th><th colspan="2" colwidth="100,100">B</th></tr>' +
          '<tr><td rowspan="2"><p>1</p></td><td>2</td><td style="text-align:center">3</td></tr>' +
          '<tr><td colspan="2">4</td></tr></tbody></table>',
      ),
    ).toBe(
      '#table(columns: (150pt, 75pt, 75pt,), table.header(table.cell(fill: luma(235))[#strong[A]], ' +
        'table.cell(colspan: 2, fill: luma(235))[#strong[B]]), table.cell(rowspan: 2)[1], [2], ' +
        'table.cell(align: center)[3], table.cell(colspan: 2)[4])',
    );
  });

  it('counts columns taken by rowspans and shares the width equally without colwidth', () => {
    expect(
      typst('<table><tr><td rowspan="2">a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>'),
    ).toBe('#table(columns: (1fr, 1fr, 1fr,), table.cell(rowspan: 2)[a], [b], [c], [d])');
  });

  it('scales fixed column widths down to the text width', () => {
    expect(
      typst('<table><tr><td colwidth="400">a</td><td colwidth="400">b</td></tr></table>', { maxWidth: 300 }),
    ).toBe('#table(columns: (150pt, 150pt,), [a], [b])');
  });

  it('maps page breaks at the top level only (Typst refuses them inside containers)', () => {
    expect(
      typst(
        '<p>Antes</p><div data-page-break="true"></div><p style="page-break-before: always">Después</p>' +
          '<ul><li><p style="break-before: page">En lista</p></li></ul>',
      ),
    ).toBe('Antes\n\n#pagebreak(weak: true)\n\n#pagebreak(weak: true)\n\nDespués\n\n#list([En lista])');
  });

  it('keeps https links and prints any other link as its text', () => {
    expect(
      typst(
        '<p><a href="https://rubrica.test/a?b=1&amp;c=&quot;2&quot;">seguro</a> <a href="http://inseguro.test">http</a> ' +
          '<a href="javascript:alert(1)">js</a> <a href="https://u:p@x.test">cred</a> <a href="/relativo">rel</a></p>',
      ),
    ).toBe('#link("https://rubrica.test/a?b=1&c=%222%22")[seguro] http js cred rel');
  });

  it('maps block quotes and horizontal rules', () => {
    expect(typst('<blockquote><p>Cita</p><p>Segunda</p></blockquote><hr>')).toBe(
      '#quote(block: true)[Cita\n\nSegunda]\n\n#line(length: 100%, stroke: 0.5pt + luma(120))',
    );
  });

  it('drops scripts, styles and frames and keeps the text of unknown elements', () => {
    expect(
      typst(
        '<script>alert(1)</script><style>p{}</style><p onclick="x()">Visible<iframe>oculto</iframe>' +
          '<custom>adentro</custom></p>',
      ),
    ).toBe('Visibleadentro');
  });

  it('maps images with their size in points, capped to the text width', () => {
    const images = new Map<string, ResolvedImage>([
      [
        '/archivos/logo.png',
        { path: '/imagenes/abc.png', bytes: Buffer.alloc(0), format: 'png', widthPx: 800, heightPx: 400 },
      ],
    ]);
    expect(
      typst(
        '<p><img src="/archivos/logo.png" alt="Logo"> <img src="/archivos/logo.png" width="100"> ' +
          '<img src="/archivos/logo.png" height="40"> <img src="/falta.png" alt="sin imagen"></p>',
        { images, maxWidth: 400 },
      ),
    ).toBe(
      '#box(image("/imagenes/abc.png", width: 400pt, alt: "Logo")) #box(image("/imagenes/abc.png", width: 75pt)) ' +
        '#box(image("/imagenes/abc.png", width: 60pt)) \\[sin imagen\\]',
    );
  });
});

describe('merge fields', () => {
  const fields = {
    firma: { kind: 'signature', signer: 2 },
    iniciales: { kind: 'initials' },
    fecha: { kind: 'signing_date', signer: 1 },
  } as const;

  it('prints values as text, keeps their line breaks, marks missing ones and boxes signature fields', () => {
    const result = convertHtmlToTypst(
      '<p>Sr. <span data-field="nombre">Nombre</span> (<span data-field="nota"></span>) <span data-field="falta"></span> ' +
        '<span data-field="firma"></span> <span data-field="iniciales"></span> <span data-field="fecha"></span> ' +
        '<span data-field="mal nombre"></span></p>',
      { fields, values: { nombre: 'Ana #x', nota: 'línea 1\nlínea 2' } },
    );
    expect(result.typst).toBe(
      'Sr\\. Ana \\#x \\(línea 1#linebreak()línea 2\\) #highlight(fill: rgb("#fff1a8"))[«falta»] ' +
        '#rubrica-box("firma", "signature", 2, "Firma · Firmante 2", (180pt, 56pt)) ' +
        '#rubrica-box("iniciales", "initials", 1, "Iniciales · Firmante 1", (72pt, 36pt)) ' +
        '#rubrica-box("fecha", "signing_date", 1, "Fecha de firma · Firmante 1", (130pt, 22pt))',
    );
    expect(result.missingFields).toEqual(['falta']);
  });

  it('never lets a value become Typst code, markup or a URL', () => {
    const values = {
      a: '#read("/etc/passwd")',
      b: '#import "@preview/x:0.1.0": *',
      c: '$x$ *negrita* _cursiva_ @ref <label> ] [ #{ } \\ // comentario',
      d: 'https://evil.test = - + 1. `raw` ~ \' "',
      e: 'valor con "comillas"',
    };
    const html = Object.keys(values)
      .map((name) => `<p><span data-field="${name}"></span></p>`)
      .join('');
    const markup = typst(html, { values });
    expect(markup).toBe(
      [
        '\\#read\\(\\"\\/etc\\/passwd\\"\\)',
        '\\#import \\"\\@preview\\/x\\:0\\.1\\.0\\"\\: \\*',
        '\\$x\\$ \\*negrita\\* \\_cursiva\\_ \\@ref \\<label\\> \\] \\[ \\#\\{ \\} \\\\ \\/\\/ comentario',
        'https\\:\\/\\/evil\\.test \\= \\- \\+ 1\\. \\`raw\\` \\~ \\\' \\"',
        'valor con \\"comillas\\"',
      ].join('\n\n'),
    );
    // Outside the escapes, no Typst syntax character is left.
    expect(markup.replace(/\\[\s\S]/g, '')).not.toMatch(/[#$*_@<>[\]{}`~=+\\/]/);
  });

  it('puts field names in boxes as string literals only', () => {
    const markup = typst('<span data-field="x&quot;)#read(&quot;y"></span><span data-field="ok.1"></span>', {
      fields: { 'ok.1': { kind: 'signature', signer: 1 } },
    });
    expect(markup).toBe('#rubrica-box("ok.1", "signature", 1, "Firma · Firmante 1", (180pt, 56pt))');
  });
});
