import { PassThrough, type Readable } from 'node:stream';
import { ZipStream } from './zipStream.js';

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

/** Characters XML 1.0 cannot hold (controls but tab and line breaks, lone surrogates, U+FFFE/F). */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it removes.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Text as XML character data: escaped, and without what XML cannot carry. */
export const xmlText = (value: string) =>
  value.replace(NOT_XML, '').replace(/[&<>"]/g, (character) => XML_ESCAPES[character] ?? character);

/** A = 0, B = 1, …, Z, AA, AB, …: the column letters of a cell reference. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}

/** Colombia keeps UTC−5 all year (no daylight saving time). */
const BOGOTA_OFFSET_MS = 5 * 3_600_000;

/**
 * Days since 1899-12-30, the spreadsheet's serial date, on Bogotá's clock: a spreadsheet cell has
 * no time zone, and the people who open these files read Colombian hours everywhere else.
 */
const serialDate = (moment: Date) => (moment.getTime() - BOGOTA_OFFSET_MS) / 86_400_000 + 25_569;

/** Style indexes of styles.xml below: plain, the header's bold, a date with its time. */
const STYLE = { plain: 0, header: 1, date: 2 } as const;

/** One cell: inline text, a number, a boolean or a date; nothing for an empty value. */
function cellXml(reference: string, value: unknown, style: number): string {
  const styled = style === STYLE.plain ? '' : ` s="${style}"`;
  if (value === null || value === undefined || value === '') return '';
  if (value instanceof Date) {
    return Number.isNaN(value.getTime())
      ? ''
      : `<c r="${reference}" s="${STYLE.date}"><v>${serialDate(value)}</v></c>`;
  }
  if (typeof value === 'number')
    return Number.isFinite(value) ? `<c r="${reference}"${styled}><v>${value}</v></c>` : '';
  if (typeof value === 'boolean') return `<c r="${reference}"${styled} t="b"><v>${value ? 1 : 0}</v></c>`;
  const text = neutraliseFormula(String(value));
  return `<c r="${reference}"${styled} t="inlineStr"><is><t xml:space="preserve">${xmlText(text)}</t></is></c>`;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** The parts of a workbook of one sheet besides the sheet itself. */
function workbookParts(sheetName: string): [string, string][] {
  const name = xmlText(sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31));
  return [
    [
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
        '</Types>',
    ],
    [
      '_rels/.rels',
      `${XML_HEAD}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
        `<Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/>` +
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
        '</Relationships>',
    ],
    [
      'docProps/core.xml',
      `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
        'xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Rúbrica</dc:creator></cp:coreProperties>',
    ],
    [
      'xl/workbook.xml',
      `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets>` +
        `<sheet name="${name}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML_HEAD}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
        `<Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/>` +
        '</Relationships>',
    ],
    [
      'xl/styles.xml',
      `${XML_HEAD}<styleSheet xmlns="${MAIN}">` +
        '<numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy hh:mm"/></numFmts>' +
        '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
        '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
        '<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
        '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
        '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
        '</styleSheet>',
    ],
  ];
}

/** Rows are handed to the zip in pieces of about this many characters. */
const PIECE_CHARACTERS = 16 * 1024;

/**
 * Writes rows to an .xlsx as they arrive, batch by batch, without holding the workbook in memory:
 * inline strings, one sheet, deflated as it is written (server/export/zipStream.ts). The next
 * batch is fetched while the current one is written. The returned stream is the file.
 */
export function streamXlsx<T>(options: {
  sheetName: string;
  columns: readonly ExportColumn<T>[];
  /** Arrays of rows, or iterables that make each row as it is written (short-lived garbage). */
  batches: AsyncIterable<Iterable<T>>;
  onError?(error: unknown): void;
}): Readable {
  const output = new PassThrough();
  const letters = options.columns.map((_, index) => columnLetters(index));
  void (async () => {
    try {
      // The first batch is fetched before anything is written: a query that fails before any row
      // must leave the stream empty so that the client still gets a JSON error instead of a cut
      // download.
      const iterator = options.batches[Symbol.asyncIterator]();
      let next = await iterator.next();
      const zip = new ZipStream(output);
      for (const [name, content] of workbookParts(options.sheetName)) {
        await zip.entry(name, (put) => put(content));
      }
      await zip.entry('xl/worksheets/sheet1.xml', async (put) => {
        const widths = options.columns
          .map(
            (column, index) =>
              `<col min="${index + 1}" max="${index + 1}" width="${column.width ?? 20}" customWidth="1"/>`,
          )
          .join('');
        const header = options.columns.map((column, index) =>
          cellXml(`${letters[index]}1`, column.header, STYLE.header),
        );
        let piece = `${XML_HEAD}<worksheet xmlns="${MAIN}"><cols>${widths}</cols><sheetData><row r="1">${header.join('')}</row>`;
        let rowNumber = 1;
        while (!next.done) {
          const following = iterator.next();
          // Read before the batch is written: a rejection is handled when awaited below.
          following.catch(() => {});
          for (const row of next.value) {
            rowNumber += 1;
            let cells = '';
            for (let index = 0; index < options.columns.length; index += 1) {
              cells += cellXml(
                `${letters[index]}${rowNumber}`,
                options.columns[index]!.value(row),
                STYLE.plain,
              );
            }
            piece += `<row r="${rowNumber}">${cells}</row>`;
            if (piece.length >= PIECE_CHARACTERS) {
              // `put` takes the text before its first wait: emptied here, no frame keeps it.
              const written = put(piece);
              piece = '';
              await written;
            }
          }
          next = await following;
        }
        await put(`${piece}</sheetData></worksheet>`);
      });
      await zip.finish();
      output.end();
    } catch (error) {
      if (!output.destroyed) options.onError?.(error);
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
