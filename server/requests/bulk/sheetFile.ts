import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { BULK_MAX_ROWS, BULK_MESSAGES } from '../../../contract/endpoints/bulkRequests.js';
import { FIELD_TYPE_LABELS } from '../../../contract/endpoints/templateFields.js';
import { HttpProblem, unprocessable } from '../../errors.js';
import { loadExcel } from '../../lazyDependencies.js';
import { withReaderBarrier } from '../../uploads/xlsx.js';
import type { SheetColumn } from './sheetColumns.js';

/** Sheet names users see (and the import looks for). */
export const DATA_SHEET = 'Datos';
const INSTRUCTIONS_SHEET = 'Instrucciones';
const LISTS_SHEET = 'Listas';

type DataValidationTarget = {
  dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void };
};

const columnLetter = (index: number) => {
  let letters = '';
  for (let number = index + 1; number > 0; number = Math.floor((number - 1) / 26))
    letters = String.fromCharCode(65 + ((number - 1) % 26)) + letters;
  return letters;
};

function describe(column: SheetColumn, identificationCodes: readonly string[]): string {
  if (column.kind === 'signer') {
    if (column.attribute === 'id_type') return `Uno de: ${identificationCodes.join(', ')}`;
    if (column.attribute === 'email') return 'Correo electrónico, por ejemplo nombre@empresa.co';
    if (column.attribute === 'phone')
      return 'De 7 a 15 dígitos, con + opcional, por ejemplo +57 300 123 4567';
    if (column.attribute === 'id_number') return 'Letras, números y «-», de 3 a 20';
    return 'Nombre y apellidos';
  }
  const field = column.field;
  switch (field.type) {
    case 'select':
      return `Uno de: ${field.options.join(', ')}`;
    case 'checkbox':
      return 'Sí o No';
    case 'date':
      return 'Fecha AAAA-MM-DD';
    case 'number':
      return field.integer ? 'Número entero' : 'Número (decimales con punto o coma)';
    case 'identification':
      return 'Tipo y número separados por un espacio, por ejemplo CC 1020304050';
    default:
      return FIELD_TYPE_LABELS[field.type];
  }
}

/**
 * The group's sheet: "Datos" with one column per header (row 1; data from row 2), lists of allowed
 * values for choices, Sí/No and identification types (kept on a hidden sheet, so long lists fit),
 * and "Instrucciones" in Spanish describing every column.
 */
export async function buildBulkSheet(options: {
  packageName: string;
  columns: readonly SheetColumn[];
  identificationCodes: readonly string[];
}): Promise<Readable> {
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  workbook.creator = 'Rúbrica';
  const data = workbook.addWorksheet(DATA_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  const instructions = workbook.addWorksheet(INSTRUCTIONS_SHEET);
  const lists = workbook.addWorksheet(LISTS_SHEET, { state: 'hidden' });
  data.columns = options.columns.map((column) => ({
    header: column.header,
    key: column.header,
    width: Math.max(18, column.header.length + 4),
  }));
  data.getRow(1).font = { bold: true };
  // Every value is text, so that leading zeros, phone numbers and dates stay as typed.
  options.columns.forEach((_, index) => {
    data.getColumn(index + 1).numFmt = '@';
  });

  let listCount = 0;
  const addList = (values: readonly string[]) => {
    const letter = columnLetter(listCount++);
    values.forEach((value, row) => {
      lists.getCell(`${letter}${row + 1}`).value = value;
    });
    return `${LISTS_SHEET}!$${letter}$1:$${letter}$${Math.max(1, values.length)}`;
  };
  const identificationList = addList(options.identificationCodes);
  options.columns.forEach((column, index) => {
    let range: string | null = null;
    if (column.kind === 'signer' && column.attribute === 'id_type') range = identificationList;
    else if (column.kind === 'field' && column.field.type === 'select') range = addList(column.field.options);
    else if (column.kind === 'field' && column.field.type === 'checkbox') range = addList(['Sí', 'No']);
    if (!range) return;
    const letter = columnLetter(index);
    (data as unknown as DataValidationTarget).dataValidations.add(
      `${letter}2:${letter}${BULK_MAX_ROWS + 1}`,
      {
        type: 'list',
        allowBlank: true,
        formulae: [range],
        showErrorMessage: true,
        errorTitle: 'Valor no permitido',
        error: 'Elija un valor de la lista',
      },
    );
  });

  instructions.columns = [
    { header: 'Columna', key: 'header', width: 34 },
    { header: 'Qué contiene', key: 'label', width: 44 },
    { header: 'Obligatoria', key: 'required', width: 12 },
    { header: 'Formato', key: 'format', width: 60 },
  ];
  instructions.getRow(1).font = { bold: true };
  for (const column of options.columns) {
    const required = column.kind === 'field' ? column.field.required : column.required;
    instructions.addRow({
      header: column.header,
      label: column.label,
      required: required ? 'Sí' : 'No',
      format: describe(column, options.identificationCodes),
    });
  }
  instructions.addRow({});
  for (const line of [
    `Envío masivo del grupo «${options.packageName}».`,
    `Llene una fila de la hoja «${DATA_SHEET}» por cada solicitud (hasta ${BULK_MAX_ROWS} filas). No cambie los encabezados.`,
    'Escriba solo valores: las fórmulas no se admiten. Las fechas van como AAAA-MM-DD.',
    'Al cargar el archivo verá, por fila y columna, lo que haya que corregir; puede corregirlo en pantalla antes de enviar.',
  ])
    instructions.addRow({ header: line });

  const output = new Readable({ read() {} });
  workbook.xlsx
    .writeBuffer()
    .then((buffer) => {
      output.push(Buffer.from(buffer as ArrayBuffer));
      output.push(null);
    })
    .catch((error: unknown) => output.destroy(error as Error));
  return output;
}

/** A cell as the text the user typed: numbers and dates as written, hyperlinks and rich text as text. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return cellText(value.text as ExcelJS.CellValue);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
  }
  return '';
}

export type SheetRow = { rowNumber: number; values: Record<string, string> };

/** A failure of the caller's `onRun`, passed through as it is. */
class CallerFailure extends Error {
  constructor(readonly failure: unknown) {
    super('bulk sheet reader caller failure');
  }
}

const handOver = (onRun: (rows: SheetRow[]) => Promise<void>, rows: SheetRow[]) =>
  onRun(rows).catch((error: unknown) => {
    throw new CallerFailure(error);
  });

/**
 * Reads the "Datos" sheet of a workbook (as `checkSpreadsheetUpload` returns it: checked, and
 * repacked with the reader's barrier last; any other is repacked so first: `withReaderBarrier` in
 * server/uploads/xlsx.ts), streaming:
 * headers from row 1, one record per non-empty row after it, handed over in runs of `runSize` as
 * they are read, so that a caller storing them never holds the whole sheet. 422 when the sheet or a
 * column of the group is missing, or the sheet has more rows than allowed; the checks that need
 * the whole sheet (no data rows) come after the last run.
 */
export async function readBulkSheetRuns(
  workbookBytes: Buffer,
  expectedHeaders: readonly string[],
  runSize: number,
  onRun: (rows: SheetRow[]) => Promise<void>,
): Promise<void> {
  const Excel = await loadExcel();
  let found = false;
  let sawHeader = false;
  const expected = new Set(expectedHeaders);
  let rows: SheetRow[] = [];
  let count = 0;
  try {
    const reader = new Excel.stream.xlsx.WorkbookReader(
      Readable.from([await withReaderBarrier(workbookBytes)]),
      {
        sharedStrings: 'cache',
        hyperlinks: 'ignore',
        styles: 'ignore',
        worksheets: 'emit',
        entries: 'ignore',
      },
    );
    for await (const worksheet of reader) {
      const name = (worksheet as unknown as { name?: string }).name;
      if (name !== DATA_SHEET) {
        // Drain sheets we do not read so that the reader moves on.
        for await (const _ of worksheet) void _;
        continue;
      }
      found = true;
      let headers: (string | null)[] = [];
      for await (const row of worksheet) {
        const cells = (row.values as ExcelJS.CellValue[]).slice(1).map(cellText);
        if (!sawHeader) {
          sawHeader = true;
          headers = row.number === 1 ? cells.map((text) => text.trim() || null) : [];
          const missing = expectedHeaders.filter((header) => !headers.includes(header));
          if (missing.length > 0) throw unprocessable(BULK_MESSAGES.missingColumns(missing));
          continue;
        }
        if (cells.every((text) => text.trim() === '')) continue;
        if (count >= BULK_MAX_ROWS) throw unprocessable(BULK_MESSAGES.tooManyRows(BULK_MAX_ROWS));
        count += 1;
        const values: Record<string, string> = {};
        headers.forEach((header, index) => {
          if (header && expected.has(header)) values[header] = cells[index] ?? '';
        });
        rows.push({ rowNumber: row.number, values });
        if (rows.length >= runSize) {
          await handOver(onRun, rows);
          rows = [];
        }
      }
    }
    if (rows.length > 0) await handOver(onRun, rows);
  } catch (error) {
    if (error instanceof HttpProblem) throw error;
    // The caller's own failures (its database) are not the sheet's fault.
    if (error instanceof CallerFailure) throw error.failure;
    throw unprocessable(BULK_MESSAGES.unreadable);
  }
  if (!found) throw unprocessable(BULK_MESSAGES.missingSheet);
  if (!sawHeader) throw unprocessable(BULK_MESSAGES.missingColumns([...expectedHeaders]));
  if (count === 0) throw unprocessable(BULK_MESSAGES.noRows);
}
