import { describe, expect, it } from 'vitest';
import { fillBulkSheet } from './factories.js';
import { readBulkSheetRuns, type SheetRow } from './sheetFile.js';

const headers = ['cliente', 'valor'];
const sheetOf = (count: number) =>
  fillBulkSheet(
    headers,
    Array.from({ length: count }, (_, index) => ({
      cliente: `Cliente ${index + 1}`,
      valor: String(index + 1),
    })),
  );

describe('reading a bulk sheet in runs', () => {
  it('hands the rows over in runs of the given size, in order, the last one shorter', async () => {
    const runs: SheetRow[][] = [];
    await readBulkSheetRuns(await sheetOf(5), headers, 2, async (rows) => {
      runs.push(rows);
    });
    expect(runs.map((run) => run.map((row) => row.rowNumber))).toEqual([[2, 3], [4, 5], [6]]);
    expect(runs[2]![0]!.values).toEqual({ cliente: 'Cliente 5', valor: '5' });
  });

  it("passes the caller's own failure through instead of calling the sheet unreadable", async () => {
    const failure = new Error('la base de datos no respondió');
    await expect(
      readBulkSheetRuns(await sheetOf(3), headers, 2, async () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
  });

  it('refuses a sheet without data rows after reading it', async () => {
    await expect(readBulkSheetRuns(await sheetOf(0), headers, 2, async () => {})).rejects.toMatchObject({
      statusCode: 422,
      message: 'La hoja no tiene filas con datos',
    });
  });
});
