import { describe, expect, it } from 'vitest';
import { htmlToPlainText, sanitizeRichText } from './sanitize.js';

describe('sanitizeRichText', () => {
  it('removes scripts, iframes, styles and event handlers', () => {
    const dirty =
      '<h2 onclick="x()">Título</h2><script>alert(1)</script><iframe src="https://e.test"></iframe>' +
      '<style>p{}</style><p style="color:red" class="x">Hola <img src="https://cdn.test/a.png" onerror="alert(1)"></p>';
    expect(sanitizeRichText(dirty)).toBe('<h2>Título</h2><p>Hola <img src="https://cdn.test/a.png" /></p>');
  });

  it('keeps headings, lists, emphasis and paragraphs', () => {
    const html =
      '<h1>A</h1><h3>B</h3><ul><li><strong>uno</strong></li></ul><ol><li><em>dos</em></li></ol><p><b>x</b><i>y</i></p>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('marks every link noopener noreferrer and drops javascript: and protocol-relative URLs', () => {
    expect(sanitizeRichText('<a href="https://rubrica.test" target="_self">Ir</a>')).toBe(
      '<a href="https://rubrica.test" target="_blank" rel="noopener noreferrer">Ir</a>',
    );
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe(
      '<a rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<a href="JaVaScRiPt:alert(1)">x</a>')).not.toContain('javascript');
    expect(sanitizeRichText('<a href="//evil.test">x</a>')).not.toContain('evil');
  });

  it('accepts images from https and inline raster data only', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    expect(sanitizeRichText(`<img src="${png}" alt="logo">`)).toBe(`<img src="${png}" alt="logo" />`);
    expect(sanitizeRichText('<img src="http://inseguro.test/a.png">')).toBe('');
    expect(sanitizeRichText('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('');
    expect(sanitizeRichText('<img src="javascript:alert(1)">')).toBe('');
  });
});

describe('htmlToPlainText', () => {
  it('keeps the words and the line breaks of blocks', () => {
    expect(htmlToPlainText('<h2>Título</h2><p>Uno &amp; dos</p><ul><li>a</li><li>b</li></ul>')).toBe(
      'Título\nUno & dos\na\nb',
    );
  });
});
