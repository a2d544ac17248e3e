import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { keysetBatches, neutraliseFormula, streamXlsx } from './xlsx.js';

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
});
