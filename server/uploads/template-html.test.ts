import { describe, expect, it } from 'vitest';
import { sanitizeTemplateHtml } from './template-html.js';

describe('sanitizeTemplateHtml', () => {
  it('keeps tables with merged cells, lists and emphasis, without classes, styles or ids', () => {
    expect(
      sanitizeTemplateHtml(
        '<table class="t" style="width:100%"><tbody><tr><th colspan="2" id="x">Partes</th></tr>' +
          '<tr><td rowspan="2" onclick="x()">A</td><td><s>B</s><sub>1</sub><sup>2</sup></td></tr></tbody></table>',
      ),
    ).toBe(
      '<table><tbody><tr><th colspan="2">Partes</th></tr><tr><td rowspan="2">A</td><td><s>B</s><sub>1</sub><sup>2</sup></td></tr></tbody></table>',
    );
  });

  it('removes scripts, frames, forms and event handlers', () => {
    expect(
      sanitizeTemplateHtml(
        '<p onmouseover="x()">Hola</p><script>alert(1)</script><iframe src="https://e.test"></iframe><form><input></form><object data="x"></object>',
      ),
    ).toBe('<p>Hola</p>');
  });

  it('keeps only web and e-mail links, marked noopener noreferrer, and drops empty anchors', () => {
    expect(sanitizeTemplateHtml('<a href="mailto:ana@rubrica.test">Ana</a>')).toBe(
      '<a href="mailto:ana@rubrica.test" rel="noopener noreferrer">Ana</a>',
    );
    expect(sanitizeTemplateHtml('<a href="javascript:alert(1)">x</a>')).toBe('');
    expect(sanitizeTemplateHtml('<p><a id="_bookmark"></a>Texto</p>')).toBe('<p>Texto</p>');
  });

  it('keeps inline raster images only: no remote, file or SVG sources', () => {
    const png = '<img src="data:image/png;base64,iVBORw0KGgo=" alt="Logo" />';
    expect(sanitizeTemplateHtml(png)).toBe(png);
    for (const src of [
      'https://rastreo.test/pixel.png',
      'file:///etc/passwd',
      'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
      'data:text/html;base64,PHNjcmlwdD4=',
    ]) {
      expect(sanitizeTemplateHtml(`<p><img src="${src}">x</p>`)).toBe('<p>x</p>');
    }
  });
});
