import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfWords, qpdfCheck, run, withPdfFile } from '../../tests/support/documents/tools.js';
import {
  REFERENCE_BOX_PAGES,
  REFERENCE_FIELDS,
  REFERENCE_PAGE_COUNT,
  REFERENCE_VALUES,
  referenceTemplate,
} from './fixtures/reference-template.js';
import { DocumentRenderer, type RenderedDocument } from './renderer.js';

const normalise = (text: string) => text.replace(/\s+/g, ' ');

describe('DocumentRenderer on the reference template', () => {
  let renderer: DocumentRenderer;
  let rendered: RenderedDocument;

  beforeAll(async () => {
    renderer = DocumentRenderer.create();
    rendered = await renderer.render({ ...referenceTemplate(), svgPages: true });
  });

  it('returns the PDF with its SHA-256 and page count, the same bytes for the same input', async () => {
    expect(rendered.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(rendered.sha256).toBe(createHash('sha256').update(rendered.pdf).digest('hex'));
    expect(rendered.pageCount).toBe(REFERENCE_PAGE_COUNT);
    expect(rendered.pageSize).toEqual({ width: 612, height: 792 });
    expect(rendered.missingFields).toEqual([]);
    const again = await renderer.render(referenceTemplate());
    expect(again.sha256).toBe(rendered.sha256);
  });

  it('embeds every font (pdffonts) and passes qpdf --check', () => {
    withPdfFile(rendered.pdf, (path) => {
      const fonts = run('pdffonts', [path]).trim().split('\n').slice(2);
      expect(fonts.length).toBeGreaterThan(0);
      for (const font of fonts) {
        // Columns: name, type, encoding, emb, sub, uni, object id, generation.
        const columns = font.trim().split(/\s+/);
        expect(columns.at(-5), font).toBe('yes');
      }
      expect(fonts.some((font) => font.includes('LiberationSans'))).toBe(true);
      // Only fonts that ship with the project (or inside the compiler), never the machine's own.
      for (const font of fonts)
        expect(font).toMatch(/^[A-Z]{6}\+(Liberation|Libertinus|NewCM|DejaVuSansMono)/);
      const check = qpdfCheck(path);
      expect(check.status, check.output).toBe(0);
      expect(check.output).toContain('No syntax or stream encoding errors');
      const info = run('pdfinfo', [path]);
      expect(info).toMatch(/Pages:\s+10\n/);
      expect(info).toMatch(/Page size:\s+612 x 792 pts/);
      expect(info).toMatch(/Title:\s+Contrato de referencia/);
    });
  });

  it('prints all 50 merged values with their accents and symbols, and "Página X de Y" on every page', () => {
    withPdfFile(rendered.pdf, (path) => {
      const text = normalise(run('pdftotext', [path, '-']));
      for (const [name, value] of Object.entries(REFERENCE_VALUES)) {
        expect(text, name).toContain(normalise(value));
      }
      expect(text).toContain('¿Acepta? ¡Sí!');
      expect(text).toContain('€');
      expect(text).toContain('°C');
      for (let page = 1; page <= REFERENCE_PAGE_COUNT; page++) {
        expect(text).toContain(`Página ${page} de ${REFERENCE_PAGE_COUNT}`);
      }
      // The header repeats the first merged value on every page.
      expect(text.split(`Contrato N.º 2026-001 · ${REFERENCE_VALUES.campo_01}`).length - 1).toBe(10);
    });
  });

  it('returns each signature, initials and date box on its page, inside the page, above its caption', () => {
    const boxes = rendered.fieldBoxes;
    expect(boxes.map((box) => box.field).sort()).toEqual(Object.keys(REFERENCE_BOX_PAGES).sort());
    withPdfFile(rendered.pdf, (path) => {
      const words = pdfWords(path);
      for (const box of boxes) {
        const definition = REFERENCE_FIELDS[box.field]!;
        expect(box.page, box.field).toBe(REFERENCE_BOX_PAGES[box.field]);
        expect(box.kind).toBe(definition.kind);
        expect(box.signer).toBe(definition.signer);
        // Inside the text area (25 mm margins, 70.87 pt) of a letter page.
        expect(box.x).toBeGreaterThanOrEqual(70);
        expect(box.y).toBeGreaterThanOrEqual(70);
        expect(box.x + box.width).toBeLessThanOrEqual(612 - 70);
        expect(box.y + box.height).toBeLessThanOrEqual(792 - 70);
        // The caption is printed right under the rectangle, left-aligned with it.
        const bottomFromTop = 792 - box.y;
        const caption = words.find(
          (word) =>
            word.page === box.page &&
            Math.abs(word.xMin - box.x) < 1.5 &&
            word.yMin > bottomFromTop - 1 &&
            word.yMin < bottomFromTop + 8,
        );
        expect(caption?.text, box.field).toBe(
          { signature: 'Firma', initials: 'Iniciales', signing_date: 'Fecha' }[box.kind],
        );
      }
      // The two signature boxes sit side by side in one table row.
      const [first, second] = ['firma_1', 'firma_2'].map((name) => boxes.find((box) => box.field === name)!);
      expect(first!.y).toBe(second!.y);
      expect(second!.x).toBeGreaterThan(first!.x + first!.width);
    });
  });

  it('renders every page as a standalone SVG carrying only the glyphs it uses', () => {
    const pages = rendered.svgPages!;
    expect(pages).toHaveLength(REFERENCE_PAGE_COUNT);
    for (const svg of pages) {
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
      expect(svg).toContain('viewBox="0 0 612 79');
      const used = new Set([...svg.matchAll(/href="#([^"]+)"/g)].map((match) => match[1]));
      const defined = new Set([...svg.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]));
      expect(used.size).toBeGreaterThan(10);
      expect(defined).toEqual(used);
    }
    expect(new Set(pages).size).toBe(REFERENCE_PAGE_COUNT);
  });
});

describe('merge values in the document', () => {
  it('prints dates and numbers the Colombian way and other values as given (pdftotext)', async () => {
    const renderer = DocumentRenderer.create();
    const rendered = await renderer.render({
      html:
        '<p>Inicio: <span data-field="inicio">inicio</span>. Corte: <span data-field="corte">corte</span>.</p>' +
        '<p>Por un valor de <span data-field="valor">valor</span> pesos, cuota de <span data-field="cuota">cuota</span>.</p>' +
        '<p>Radicado <span data-field="radicado">radicado</span>, identificación <span data-field="cedula">cedula</span>.</p>',
      fields: {
        inicio: { kind: 'value', format: { type: 'date' } },
        corte: { kind: 'value', format: { type: 'date', date_format: 'numeric' } },
        valor: { kind: 'value', format: { type: 'number' } },
        cuota: { kind: 'value', format: { type: 'number' } },
        radicado: { kind: 'value', format: { type: 'text' } },
        cedula: { kind: 'value', format: { type: 'identification' } },
      },
      values: {
        inicio: '2026-12-01',
        corte: '2027-01-31',
        valor: '12000000',
        cuota: '1250000,75',
        radicado: '2026-12-01',
        cedula: 'CC 1020304050',
      },
    });
    withPdfFile(rendered.pdf, (path) => {
      const text = normalise(run('pdftotext', [path, '-']));
      expect(text).toContain('Inicio: 1 de diciembre de 2026. Corte: 31/01/2027.');
      expect(text).toContain('Por un valor de 12.000.000 pesos, cuota de 1.250.000,75.');
      // A text field keeps what was typed, even when it looks like a date.
      expect(text).toContain('Radicado 2026-12-01, identificación CC 1020304050.');
      expect(text).not.toContain('12000000');
    });
  });
});
