import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  pdfWords,
  qpdfCheck,
  type Raster,
  rasterPage,
  run,
  solidPng,
  withPdfFile,
} from '../../tests/support/documents/tools.js';
import type { FieldBox } from '../documents/fields.js';
import { referenceTemplate } from '../documents/fixtures/reference-template.js';
import { DocumentRenderer, type RenderedDocument } from '../documents/renderer.js';
import { HttpProblem } from '../errors.js';
import { type Stamp, stampPdf } from './stamp.js';

let rendered: RenderedDocument;
const box = (field: string): FieldBox => {
  const found = rendered.fieldBoxes.find((candidate) => candidate.field === field);
  if (!found) throw new Error(`sin caja ${field}`);
  return found;
};

beforeAll(async () => {
  rendered = await DocumentRenderer.create().render(referenceTemplate());
}, 60_000);

const raster = rasterPage;

/** Bounding box (points, PDF orientation) of the pixels that differ between two rasters. */
function changedArea(before: Raster, after: Raster) {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < before.height; y++) {
    for (let x = 0; x < before.width; x++) {
      const index = y * before.width + x;
      if (Math.abs(before.pixels[index]! - after.pixels[index]!) > 24) {
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
    }
  }
  if (maxX < 0) return undefined;
  return { x: minX, y: before.height - maxY - 1, width: maxX - minX + 1, height: maxY - minY + 1 };
}

function expectInside(
  area: { x: number; y: number; width: number; height: number } | undefined,
  target: FieldBox,
) {
  expect(area).toBeDefined();
  expect(area!.x).toBeGreaterThanOrEqual(Math.floor(target.x));
  expect(area!.y).toBeGreaterThanOrEqual(Math.floor(target.y));
  expect(area!.x + area!.width).toBeLessThanOrEqual(Math.ceil(target.x + target.width));
  expect(area!.y + area!.height).toBeLessThanOrEqual(Math.ceil(target.y + target.height));
}

describe('stampPdf', () => {
  it('draws a wide signature image inside its box with its aspect ratio kept', async () => {
    const target = box('firma_1');
    const png = solidPng(400, 100, [0, 0, 0]);
    const stamped = await stampPdf(rendered.pdf, [{ box: target, value: { kind: 'signature_image', png } }]);
    const area = changedArea(await raster(rendered.pdf, target.page), await raster(stamped, target.page));
    expectInside(area, target);
    expect(area!.width / area!.height).toBeGreaterThan(3.6);
    expect(area!.width / area!.height).toBeLessThan(4.4);
    // Limited by the box's width: it fills it but for the padding.
    expect(area!.width).toBeGreaterThan(target.width - 8);
  });

  it('keeps a tall image tall, centred in the box', async () => {
    const target = box('firma_2');
    const stamped = await stampPdf(rendered.pdf, [
      { box: target, value: { kind: 'signature_image', png: solidPng(50, 100, [0, 0, 0]) } },
    ]);
    const area = changedArea(await raster(rendered.pdf, target.page), await raster(stamped, target.page));
    expectInside(area, target);
    expect(area!.height / area!.width).toBeGreaterThan(1.7);
    expect(area!.height / area!.width).toBeLessThan(2.3);
    expect(Math.abs(area!.x + area!.width / 2 - (target.x + target.width / 2))).toBeLessThan(2);
  });

  it('writes a typed signature in an embedded handwriting face, the name, the date in Bogotá time and the initials', async () => {
    const stamps: Stamp[] = [
      {
        box: box('firma_1'),
        value: { kind: 'typed_signature', text: 'José Núñez', name: 'José Núñez Peña' },
      },
      { box: box('fecha_firma_1'), value: { kind: 'date', at: new Date('2026-03-02T03:30:00Z') } },
      { box: box('iniciales_1'), value: { kind: 'initials', text: 'JN' } },
    ];
    const stamped = await stampPdf(rendered.pdf, stamps);
    withPdfFile(Buffer.from(stamped), (path) => {
      const fonts = run('pdffonts', [path]);
      expect(fonts).toMatch(/DancingScript\S*\s+CID TrueType\s+Identity-H\s+yes/);
      // pdf-lib names its subsets without the six-letter tag; their size shows they are subsets
      // (the two font files weigh about 490 KB).
      expect(stamped.length - rendered.pdf.length).toBeLessThan(60_000);
      const words = pdfWords(path);
      const inBox = (field: string) => {
        const target = box(field);
        const top = rendered.pageSize.height - target.y - target.height;
        return words
          .filter(
            (word) =>
              word.page === target.page &&
              word.xMin >= target.x - 0.5 &&
              word.xMax <= target.x + target.width + 0.5 &&
              word.yMin >= top - 0.5 &&
              word.yMax <= top + target.height + 0.5,
          )
          .map((word) => word.text)
          .join(' ');
      };
      expect(inBox('firma_1')).toBe('José Núñez José Núñez Peña');
      // 03:30 UTC on 2 March is 22:30 of 1 March in Bogotá.
      expect(inBox('fecha_firma_1')).toBe('1 de marzo de 2026, 22:30');
      expect(inBox('iniciales_1')).toBe('JN');
      expect(qpdfCheck(path).status).toBe(0);
    });
  });

  it('shrinks and wraps long text values into their box, cutting only what can never fit', async () => {
    const target = box('fecha_firma_1');
    const long =
      'Acepto las condiciones del contrato de prestación de servicios profesionales en todas sus partes';
    const stamped = await stampPdf(rendered.pdf, [{ box: target, value: { kind: 'text', text: long } }]);
    const area = changedArea(await raster(rendered.pdf, target.page), await raster(stamped, target.page));
    expectInside(area, target);
    withPdfFile(Buffer.from(stamped), (path) => {
      const text = run('pdftotext', [
        '-f',
        String(target.page),
        '-l',
        String(target.page),
        path,
        '-',
      ]).replace(/\s+/g, ' ');
      expect(text).toContain('Acepto las condiciones');
    });
  });

  it('draws a check mark only for a checked box', async () => {
    const target = box('iniciales_2');
    const before = await raster(rendered.pdf, target.page);
    const checked = await stampPdf(rendered.pdf, [
      { box: target, value: { kind: 'checkbox', checked: true } },
    ]);
    expectInside(changedArea(before, await raster(checked, target.page)), target);
    const unchecked = await stampPdf(rendered.pdf, [
      { box: target, value: { kind: 'checkbox', checked: false } },
    ]);
    expect(changedArea(before, await raster(unchecked, target.page))).toBeUndefined();
  });

  it('keeps every page and the rest of the document as rendered', async () => {
    const stamped = await stampPdf(rendered.pdf, [
      { box: box('iniciales_1'), value: { kind: 'text', text: 'AB' } },
    ]);
    const untouchedPage = 5;
    expect(
      changedArea(await raster(rendered.pdf, untouchedPage), await raster(stamped, untouchedPage)),
    ).toBeUndefined();
    withPdfFile(Buffer.from(stamped), (path) => expect(run('pdfinfo', [path])).toMatch(/Pages:\s+10\n/));
  });

  it('keeps every letter extractable in a document stamped after one with accented letters', async () => {
    // The font is parsed once per process; ñ and ú are built from n and u, which must not lose
    // their Unicode mapping in the next document.
    const target = box('fecha_firma_1');
    await stampPdf(rendered.pdf, [{ box: target, value: { kind: 'text', text: 'Núñez' } }]);
    const stamped = await stampPdf(rendered.pdf, [{ box: target, value: { kind: 'text', text: 'nunu' } }]);
    withPdfFile(Buffer.from(stamped), (path) => {
      const text = run('pdftotext', ['-f', String(target.page), '-l', String(target.page), path, '-']);
      expect(text).toContain('nunu');
    });
  });

  it('stores a signature drawn in several boxes once, with its transparency as a soft mask', async () => {
    const png = new Uint8Array(
      await sharp({
        create: { width: 40, height: 20, channels: 4, background: { r: 20, g: 40, b: 110, alpha: 0.5 } },
      })
        .png()
        .toBuffer(),
    );
    const stamped = await stampPdf(rendered.pdf, [
      { box: box('firma_1'), value: { kind: 'signature_image', png } },
      { box: box('iniciales_1'), value: { kind: 'signature_image', png } },
    ]);
    withPdfFile(Buffer.from(stamped), (path) => {
      const ours = run('pdfimages', ['-list', path])
        .split('\n')
        .map((line) => line.trim().split(/\s+/))
        .filter((columns) => columns[3] === '40' && columns[4] === '20');
      // Listed once per box that shows it, with its alpha channel, and always the same object.
      expect(ours.map((columns) => columns[2])).toEqual(['image', 'smask', 'image', 'smask']);
      expect(new Set(ours.map((columns) => columns[10])).size).toBe(1);
    });
  });

  it('refuses a box on a page the document lacks and an unreadable signature image, in Spanish', async () => {
    const outside = { ...box('firma_1'), page: 11 };
    await expect(
      stampPdf(rendered.pdf, [{ box: outside, value: { kind: 'text', text: 'x' } }]),
    ).rejects.toThrow('El campo apunta a la página 11, que el documento no tiene');
    const broken = stampPdf(rendered.pdf, [
      { box: box('firma_1'), value: { kind: 'signature_image', png: new Uint8Array([1, 2, 3]) } },
    ]);
    await expect(broken).rejects.toBeInstanceOf(HttpProblem);
    await expect(broken).rejects.toThrow('La imagen de la firma no es un PNG legible');
  });
});
