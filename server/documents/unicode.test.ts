import { beforeAll, describe, expect, it } from 'vitest';
import { undisplayableCharacters } from '../../contract/documentText.js';
import { pdfWords, run, withPdfFile } from '../../tests/support/documents/tools.js';
import { DocumentRenderer } from './renderer.js';
import { BIDI_CONTROL_CHARACTERS, UNICODE_CORPUS, visibleCharacters } from './unicode-corpus.js';

let renderer: DocumentRenderer;
beforeAll(() => {
  renderer = DocumentRenderer.create();
});

const pageText = (pdf: Buffer) => withPdfFile(pdf, (path) => run('pdftotext', [path, '-']));

describe('text from users reaches documents safely', () => {
  const shown = UNICODE_CORPUS.filter((entry) => entry.shown);

  it('renders every bidirectional control (once a crash of the compiler) and shows the text in stored order', async () => {
    for (const control of BIDI_CONTROL_CHARACTERS) {
      const value = `Contrato ${control}fdp.exe${control} fin`;
      const rendered = await renderer.render({
        html: `<p>${control}abc <span data-field="valor"></span></p>`,
        values: { valor: value },
        title: `${control}Título`,
      });
      const text = pageText(rendered.pdf);
      expect(text).toContain('abc Contrato fdp.exe fin');
      expect(text).not.toContain('exe.pdf');
    }
  });

  it('shows every visible character of each displayable case, in order, in paragraphs and table cells', async () => {
    const values = Object.fromEntries(shown.map((entry, index) => [`v${index}`, entry.text]));
    const field = (index: number) => `<span data-field="v${index}"></span>`;
    const rendered = await renderer.render({
      html: shown
        .map(
          (_, index) =>
            `<p>${field(index)}</p><table><tbody><tr><td>${field(index)}</td></tr></tbody></table>`,
        )
        .join(''),
      values,
    });
    const flat = visibleCharacters(pageText(rendered.pdf).replace(/Página \d+ de \d+/g, ''));
    for (const entry of shown) {
      const expected = visibleCharacters(entry.text);
      // Twice: once in the paragraph, once in the table cell.
      expect(flat.split(expected).length - 1, entry.name).toBeGreaterThanOrEqual(2);
    }
  });

  it('wraps a word longer than its line or its table cell inside the page', async () => {
    const word = 'Ancho'.repeat(800);
    const rendered = await renderer.render({
      html: `<p><span data-field="v"></span></p><table><tbody><tr><td>otra</td><td><span data-field="v"></span></td></tr></tbody></table>`,
      values: { v: word },
    });
    const words = withPdfFile(rendered.pdf, pdfWords);
    const width = rendered.pageSize.width;
    expect(words.length).toBeGreaterThan(10);
    for (const each of words) expect(each.xMax).toBeLessThanOrEqual(width);
    const flat = visibleCharacters(pageText(rendered.pdf).replace(/Página \d+ de \d+/g, ''));
    expect(flat.replace('otra', '').split(word).length - 1).toBe(2);
  });

  it('knows in advance which characters the fonts cannot draw', () => {
    for (const entry of UNICODE_CORPUS) {
      expect(undisplayableCharacters(entry.text).length > 0, entry.name).toBe(!entry.shown);
    }
  });
});
