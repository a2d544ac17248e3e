import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  placeholderPixels,
  qpdfCheck,
  type Raster,
  rasterPage,
  run,
  solidPng,
  withPdfFile,
} from '../../tests/support/documents/tools.js';
import { DocumentRenderer, type RenderedDocument } from '../documents/renderer.js';
import { contentOperations } from './pdf-content.js';
import { clearPlaceholders } from './placeholders.js';
import { stampPdf } from './stamp.js';

let rendered: RenderedDocument;

/** Boxes inline in a paragraph, in a table cell, in a list item and in the footer of both pages. */
beforeAll(async () => {
  rendered = await DocumentRenderer.create().render({
    html:
      '<h1>Contrato</h1><p>Firma del cliente: <span data-field="firma_1">Firma</span></p>' +
      '<table><tbody><tr><td><span data-field="firma_2">Firma</span></td><td>Fecha: <span data-field="fecha_2">Fecha</span></td></tr></tbody></table>' +
      '<ul><li>Anexo leído <span data-field="iniciales_2">Iniciales</span></li></ul>' +
      '<div data-page-break="true"></div><p>Segunda página sin casillas propias.</p>',
    footer: '<p>Iniciales: <span data-field="iniciales_1">Iniciales</span></p>',
    fields: {
      firma_1: { kind: 'signature', signer: 1 },
      firma_2: { kind: 'signature', signer: 2 },
      fecha_2: { kind: 'signing_date', signer: 2 },
      iniciales_1: { kind: 'initials', signer: 1 },
      iniciales_2: { kind: 'initials', signer: 2 },
    },
  });
}, 60_000);

const text = (pdf: Uint8Array) =>
  withPdfFile(Buffer.from(pdf), (path) => run('pdftotext', [path, '-']).replace(/\s+/g, ' '));

/** Every pixel that differs, outside the given areas (points, PDF orientation). */
function changedOutside(
  before: Raster,
  after: Raster,
  areas: { x: number; y: number; width: number; height: number }[],
) {
  const changed: string[] = [];
  for (let y = 0; y < before.height; y++)
    for (let x = 0; x < before.width; x++) {
      const index = y * before.width + x;
      if (Math.abs(before.pixels[index]! - after.pixels[index]!) <= 24) continue;
      const pdfY = before.height - y;
      const covered = areas.some(
        (area) =>
          x >= area.x - 2 &&
          x <= area.x + area.width + 2 &&
          pdfY >= area.y - 2 &&
          pdfY <= area.y + area.height + 2,
      );
      if (!covered) changed.push(`${x},${y}`);
    }
  return changed;
}

describe('clearPlaceholders', () => {
  it('takes every grey box and its caption out of the pages, wherever the box sits', async () => {
    expect(rendered.fieldBoxes).toHaveLength(6);
    expect(text(rendered.pdf)).toContain('Firma · Firmante 1');
    const cleared = await stampPdf(rendered.pdf, [], { placeholders: rendered.fieldBoxes });
    for (const box of rendered.fieldBoxes) {
      const before = placeholderPixels(await rasterPage(rendered.pdf, box.page), box);
      const after = placeholderPixels(await rasterPage(cleared, box.page), box);
      // The rendered box is grey inside and outlined; the cleared one is blank paper.
      expect(before.fill / before.inside, box.field).toBeGreaterThan(0.9);
      expect(before.border / before.outline, box.field).toBeGreaterThan(0.9);
      expect(after, box.field).toMatchObject({ fill: 0, border: 0 });
    }
    const after = text(cleared);
    expect(after).not.toMatch(/Firmante \d|Fecha de firma ·|Iniciales ·|Firma ·/);
    for (const kept of [
      'Contrato',
      'Firma del cliente:',
      'Fecha:',
      'Anexo leído',
      'Iniciales:',
      'Segunda página',
    ])
      expect(after).toContain(kept);
    withPdfFile(Buffer.from(cleared), (path) => expect(qpdfCheck(path).status).toBe(0));
  });

  it('changes nothing but the boxes and the captions under them', async () => {
    const cleared = await stampPdf(rendered.pdf, [], { placeholders: rendered.fieldBoxes });
    for (const page of [1, 2]) {
      // A caption is at most 12 pt under its box and a little wider than an initials box.
      const areas = rendered.fieldBoxes
        .filter((box) => box.page === page)
        .map((box) => ({
          x: box.x,
          y: box.y - 12,
          width: Math.max(box.width, 110),
          height: box.height + 12,
        }));
      expect(
        changedOutside(await rasterPage(rendered.pdf, page), await rasterPage(cleared, page), areas),
      ).toEqual([]);
    }
  });

  it('keeps a page as it is when no placeholder is drawn at a box (uploaded PDFs, other rectangles)', async () => {
    const shifted = rendered.fieldBoxes.map((box) => ({ ...box, x: box.x + 1 }));
    const document = await PDFDocument.load(rendered.pdf);
    const contents = document.getPages().map((page) => page.node.Contents());
    expect(clearPlaceholders(document, shifted)).toBe(0);
    expect(document.getPages().map((page) => page.node.Contents())).toEqual(contents);
    const blank = await PDFDocument.create();
    blank.addPage().drawRectangle({ x: 10, y: 10, width: 50, height: 20 });
    expect(clearPlaceholders(blank, [{ page: 1, x: 10, y: 10, width: 50, height: 20 }])).toBe(0);
  });

  it('stamps into the cleared boxes: the signature over a line, the name and the date under it', async () => {
    const signature = rendered.fieldBoxes.find((box) => box.field === 'firma_1')!;
    const stamped = await stampPdf(
      rendered.pdf,
      [
        {
          box: signature,
          value: {
            kind: 'signature_image',
            png: solidPng(300, 90, [20, 30, 90]),
            name: 'Ana Núñez Peña',
            signedAt: new Date('2026-03-02T03:30:00Z'),
          },
        },
      ],
      { placeholders: rendered.fieldBoxes },
    );
    // No grey area (a few anti-aliased pixels of the marks may share its level) and no outline.
    const left = placeholderPixels(await rasterPage(stamped, 1), signature);
    expect(left.fill / left.inside).toBeLessThan(0.02);
    expect(left.border).toBe(0);
    expect(text(stamped)).toContain('Ana Núñez Peña 1 de marzo de 2026, 22:30');
  });
});

describe('contentOperations', () => {
  it('reads operators with their numbers and byte ranges past strings, comments and inline images', () => {
    const source =
      '% comentario\nq 1 0 0 1 5 6 cm (a\\) (b) c) Tj [<00ff> -20 (x)] TJ BI /W 2 /H 1 ID \x00EI\xff EI Q';
    const bytes = Buffer.from(source, 'latin1');
    const operations = contentOperations(bytes);
    expect(operations.map((operation) => operation.operator)).toEqual(['q', 'cm', 'Tj', 'TJ', 'BI', 'Q']);
    expect(operations[1]!.numbers).toEqual([1, 0, 0, 1, 5, 6]);
    const inline = operations[4]!;
    expect(bytes.subarray(inline.start, inline.end).toString('latin1')).toBe('BI /W 2 /H 1 ID \x00EI\xff EI');
    expect(bytes.subarray(operations[2]!.start, operations[2]!.end).toString('latin1')).toBe(
      '(a\\) (b) c) Tj',
    );
  });
});
