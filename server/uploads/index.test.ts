import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../errors.js';
import { checkPdfUpload, checkSpreadsheetUpload, convertAndCountPages } from './index.js';
import { makePdf, qpdf } from './testing/files.js';
import { makeSampleDocx } from './testing/sample-docx.js';

const status = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpProblem);
  return (error as HttpProblem).statusCode;
};

const png = () =>
  sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
    .png()
    .toBuffer();

describe('convertAndCountPages', () => {
  it('counts the pages of a PDF', async () => {
    expect(await convertAndCountPages(await makePdf(4))).toEqual({ kind: 'pdf', pageCount: 4 });
  });

  it('turns a DOCX into template HTML', async () => {
    const imported = await convertAndCountPages(await makeSampleDocx(await png()));
    expect(imported.kind).toBe('docx');
    expect(imported.kind === 'docx' && imported.html).toContain(
      '<h1>Contrato de prestación de servicios</h1>',
    );
  });

  it('answers 415 for other kinds, 413 when too large and 422 for an encrypted PDF', async () => {
    expect(await status(convertAndCountPages(await png()))).toBe(415);
    expect(await status(convertAndCountPages(Buffer.alloc(21 * 1024 * 1024)))).toBe(413);
    const encrypted = qpdf(await makePdf(1), ['--encrypt', '', 'dueno', '256', '--']);
    expect(await status(convertAndCountPages(encrypted))).toBe(422);
  });
});

describe('checkPdfUpload and checkSpreadsheetUpload', () => {
  it('accept their own kind only', async () => {
    expect(await checkPdfUpload(await makePdf(2))).toEqual({ pageCount: 2 });
    expect(await status(checkPdfUpload(await makeSampleDocx(await png())))).toBe(415);
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Datos').addRow(['Nombre']);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    expect((await checkSpreadsheetUpload(xlsx)).length).toBeGreaterThan(0);
    expect(await status(checkSpreadsheetUpload(await makePdf(1)))).toBe(415);
  });
});
