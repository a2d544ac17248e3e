import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnLetters, keysetBatches, neutraliseFormula, streamXlsx } from './xlsx.js';

async function read(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

describe('xlsx export', () => {
  it.each([
    ['=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'],
    ['+57 300', "'+57 300"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['Acme S.A.S.', 'Acme S.A.S.'],
  ])('neutralises %s', (input, expected) => {
    expect(neutraliseFormula(input)).toBe(expected);
  });

  it('streams every batch into a sheet with headers and neutralised text', async () => {
    const rows = Array.from({ length: 2500 }, (_, index) => ({
      id: index + 1,
      name: index === 0 ? '=1+1' : `N${index}`,
    }));
    const batches = keysetBatches(
      async (lastId, size) => rows.filter((row) => row.id > lastId).slice(0, size),
      1000,
    );
    const sheet = await read(
      streamXlsx({
        sheetName: 'Usuarios',
        columns: [
          { header: 'ID', value: (row) => row.id },
          { header: 'Nombre', value: (row) => row.name },
        ],
        batches,
      }),
    );
    expect(sheet.name).toBe('Usuarios');
    expect(sheet.getRow(1).values).toEqual([undefined, 'ID', 'Nombre']);
    expect(sheet.rowCount).toBe(2501);
    expect(sheet.getRow(2).values).toEqual([undefined, 1, "'=1+1"]);
    expect(sheet.getRow(2501).getCell(1).value).toBe(2500);
  });

  it('keeps every character XML can carry, in order, and drops the ones it cannot', async () => {
    const hostile = [
      'Contrato \u202Efdp.exe\u202C de Ñandú <b>&</b> "comillas"',
      'Firma 🖋️ — 日本語 \u200F\u2066aislado\u2069',
      'control\u0000\u0007\u001Ffin',
      'par roto \uD800 y \uDFFF solos',
      'línea\nnueva\ttab',
    ];
    const sheet = await read(
      streamXlsx({
        sheetName: 'Hostil: [a/b]*?',
        columns: [{ header: 'Texto', value: (row: string) => row }],
        batches: (async function* () {
          yield hostile;
        })(),
      }),
    );
    expect(sheet.getColumn(1).values.slice(2)).toEqual([
      'Contrato \u202Efdp.exe\u202C de Ñandú <b>&</b> "comillas"',
      'Firma 🖋️ — 日本語 \u200F\u2066aislado\u2069',
      'controlfin',
      'par roto  y  solos',
      'línea\nnueva\ttab',
    ]);
  });

  it("writes numbers, booleans, dates (on Bogotá's clock) and empty cells as their types, under a bold header", async () => {
    const moment = new Date('2026-11-27T15:04:05.000Z');
    const sheet = await read(
      streamXlsx({
        sheetName: 'Tipos',
        columns: [
          { header: 'Número', width: 12, value: () => 12.5 },
          { header: 'Sí/No', value: () => true },
          { header: 'Fecha', value: () => moment },
          { header: 'Vacío', value: () => null },
          { header: 'Texto', value: () => 'hola' },
        ],
        batches: (async function* () {
          yield [1];
        })(),
      }),
    );
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getColumn(1).width).toBe(12);
    const [number, yes, date, empty, text] = [1, 2, 3, 4, 5].map(
      (column) => sheet.getRow(2).getCell(column).value,
    );
    expect([number, yes, empty, text]).toEqual([12.5, true, null, 'hola']);
    // Read back as the wall time it shows: 10:04:05 in Bogotá (UTC−5).
    expect((date as Date).toISOString()).toBe('2026-11-27T10:04:05.000Z');
  });

  it('names columns past Z as spreadsheets do', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnLetters)).toEqual([
      'A',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });

  it('leaves the stream empty and errored when the first batch fails', async () => {
    const stream = streamXlsx({
      sheetName: 'Falla',
      columns: [{ header: 'A', value: (row: number) => row }],
      batches: {
        [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error('consulta fallida')) }),
      },
    });
    const chunks: Buffer[] = [];
    await expect(
      (async () => {
        for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
      })(),
    ).rejects.toThrow('consulta fallida');
    expect(chunks).toEqual([]);
  });
});
