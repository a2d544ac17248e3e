import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../errors.js';
import { checkUploadKind, sniffFileKind } from './sniff.js';
import { makePdf } from './testing/files.js';
import { buildZip } from './testing/zip-builder.js';

const image = (format: 'png' | 'jpeg' | 'webp') =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
    .toFormat(format)
    .toBuffer();

const problem = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpProblem);
  return error as HttpProblem;
};

const xlsx = async () => {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Datos').addRow(['Nombre', 'Correo']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

const docxLike = () =>
  buildZip([
    { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
    { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
  ]);

describe('sniffFileKind', () => {
  it('tells each accepted kind from its bytes', async () => {
    expect(await sniffFileKind(await makePdf(1))).toBe('pdf');
    expect(await sniffFileKind(await image('png'))).toBe('png');
    expect(await sniffFileKind(await image('jpeg'))).toBe('jpeg');
    expect(await sniffFileKind(await image('webp'))).toBe('webp');
    expect(await sniffFileKind(await xlsx())).toBe('xlsx');
    expect(await sniffFileKind(docxLike())).toBe('docx');
  });

  it('knows nothing else: text, a bare ZIP, GIF, SVG', async () => {
    expect(await sniffFileKind(Buffer.from('Hola, esto es texto renombrado a .pdf'))).toBeNull();
    expect(await sniffFileKind(buildZip([{ name: 'a.txt', data: Buffer.from('a') }]))).toBeNull();
    expect(await sniffFileKind(Buffer.from('GIF89a\x01\x00\x01\x00'))).toBeNull();
    expect(await sniffFileKind(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
  });
});

describe('checkUploadKind', () => {
  it('returns the kind when it is accepted', async () => {
    expect(await checkUploadKind(await makePdf(1), ['pdf', 'docx'])).toBe('pdf');
  });

  it('refuses with 415 a text file named .pdf, and a real file of another accepted kind', async () => {
    const renamed = await problem(checkUploadKind(Buffer.from('no soy un PDF'), ['pdf']));
    expect(renamed.statusCode).toBe(415);
    expect(renamed.message).toBe(
      'Tipo de archivo no permitido: el contenido no corresponde a un formato aceptado (PDF)',
    );
    const png = await problem(checkUploadKind(await image('png'), ['pdf', 'docx']));
    expect(png.statusCode).toBe(415);
    expect(png.message).toContain('PDF, Word (DOCX)');
  });

  it('refuses with 413 files over the limit, before parsing and per kind', async () => {
    const huge = Buffer.alloc(21 * 1024 * 1024);
    const overall = await problem(checkUploadKind(huge, ['pdf', 'png']));
    expect(overall.statusCode).toBe(413);
    expect(overall.message).toBe('El archivo supera el tamaño máximo permitido de 20 MB');
    // A 9 MB PNG fits under the PDF limit of the same endpoint, not under the PNG one.
    const png = Buffer.concat([await image('png'), Buffer.alloc(9 * 1024 * 1024)]);
    const perKind = await problem(checkUploadKind(png, ['pdf', 'png']));
    expect(perKind.statusCode).toBe(413);
    expect(perKind.message).toBe('El archivo PNG supera el tamaño máximo permitido de 8 MB');
  });

  it('refuses an empty file with 422', async () => {
    const empty = await problem(checkUploadKind(Buffer.alloc(0), ['pdf']));
    expect([empty.statusCode, empty.message]).toEqual([422, 'El archivo está vacío']);
  });
});
