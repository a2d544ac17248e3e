import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';

export type ExportColumn<T> = {
  header: string;
  width?: number;
  value(row: T): string | number | boolean | Date | null | undefined;
};

/**
 * Text a spreadsheet could read as a formula (=, +, -, @, tab, carriage return first) gets a
 * leading apostrophe, so that an exported value can never run in the user's spreadsheet.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * Writes rows to an .xlsx as they arrive, batch by batch, without holding the workbook in memory
 * (exceljs' streaming writer, no shared strings). The returned stream is the file.
 */
export function streamXlsx<T>(options: {
  sheetName: string;
  columns: readonly ExportColumn<T>[];
  batches: AsyncIterable<readonly T[]>;
  onError?(error: unknown): void;
}): Readable {
  const output = new PassThrough();
  void (async () => {
    try {
      // The first batch is fetched before the workbook exists: the writer emits its zip headers as
      // soon as it starts, and a query that fails before any row must leave the stream empty so
      // that the client still gets a JSON error instead of a cut download.
      const iterator = options.batches[Symbol.asyncIterator]();
      let next = await iterator.next();
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: output,
        useSharedStrings: false,
        useStyles: true,
      });
      workbook.creator = 'Rúbrica';
      const sheet = workbook.addWorksheet(options.sheetName);
      sheet.columns = options.columns.map((column, index) => ({
        header: column.header,
        key: String(index),
        width: column.width ?? 20,
      }));
      sheet.getRow(1).font = { bold: true };
      while (!next.done) {
        for (const row of next.value) {
          sheet
            .addRow(
              options.columns.map((column) => {
                const value = column.value(row);
                return typeof value === 'string' ? neutraliseFormula(value) : (value ?? null);
              }),
            )
            .commit();
        }
        // Backpressure: wait while the client has not read what was already written.
        if (output.writableNeedDrain) await Promise.race([once(output, 'drain'), once(output, 'close')]);
        if (output.destroyed) return;
        next = await iterator.next();
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      options.onError?.(error);
      output.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return output;
}

/**
 * Reads a table in id order, `size` rows at a time (keyset pagination: each batch starts after the
 * last id of the previous one), so exports of any size use constant memory.
 */
export async function* keysetBatches<T extends { id: number }>(
  fetchAfter: (lastId: number, size: number) => Promise<T[]>,
  size = 1000,
): AsyncGenerator<T[]> {
  let lastId = 0;
  for (;;) {
    const rows = await fetchAfter(lastId, size);
    if (rows.length === 0) return;
    yield rows;
    lastId = rows[rows.length - 1]!.id;
    if (rows.length < size) return;
  }
}
