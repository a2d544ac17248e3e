import fs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inspectXlsx } from '../../uploads/xlsx.js';
import { fillBulkSheet } from './factories.js';
import { readBulkSheetRuns, type SheetRow } from './sheetFile.js';

const headers = ['cliente', 'valor'];
const rowsOf = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    cliente: `Cliente ${index + 1}`,
    valor: String(index + 1),
  }));
/** A filled sheet as the reader receives it: checked and repacked by the upload's inspection. */
const sheetOf = async (count: number) => inspectXlsx(await fillBulkSheet(headers, rowsOf(count)));

/**
 * exceljs writes each sheet met before the workbook's shared strings to a temporary file; on a
 * slow disk that write outlasts the ZIP parser's walk to the end. Each write of such a file here
 * waits 30 ms first, as a busy disk would.
 */
function slowTemporaryFiles() {
  const createWriteStream = fs.createWriteStream;
  return vi.spyOn(fs, 'createWriteStream').mockImplementation(((
    ...args: Parameters<typeof createWriteStream>
  ) => {
    const stream = createWriteStream(...args);
    const write = stream._write.bind(stream);
    stream._write = (chunk, encoding, callback) =>
      void setTimeout(() => write(chunk, encoding, callback), 30);
    return stream;
  }) as typeof createWriteStream);
}

describe('reading a bulk sheet in runs', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads the whole workbook however slowly its temporary files are written', async () => {
    const slow = slowTemporaryFiles();
    const rows: SheetRow[] = [];
    await readBulkSheetRuns(await sheetOf(3), headers, 10, async (run) => {
      rows.push(...run);
    });
    // The sheet did go through a temporary file (this writer keeps no shared strings).
    expect(slow).toHaveBeenCalled();
    expect(rows.map((row) => row.values)).toEqual(rowsOf(3));
    // Without its columns, the message names them (and not a missing «Datos» sheet).
    await expect(
      readBulkSheetRuns(await sheetOf(1), [...headers, 'plan'], 10, async () => {}),
    ).rejects.toMatchObject({ statusCode: 422, message: expect.stringMatching(/^Faltan columnas .*plan/) });
  });

  it('reads a workbook that skipped the inspection as safely: it is repacked with the barrier first', async () => {
    const slow = slowTemporaryFiles();
    const rows: SheetRow[] = [];
    await readBulkSheetRuns(await fillBulkSheet(headers, rowsOf(3)), headers, 10, async (run) => {
      rows.push(...run);
    });
    expect(slow).toHaveBeenCalled();
    expect(rows.map((row) => row.values)).toEqual(rowsOf(3));
  });

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
