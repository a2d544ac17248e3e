import { posix } from 'node:path';
import { HttpProblem } from '../errors.js';
import { OFFICE_ZIP_LIMITS, type ZipLimits } from './limits.js';
import { FILE_MESSAGES } from './messages.js';
import { openOfficeFile, readRelationships, xmlElements } from './office.js';
import { listZipEntryNames, openSafeZip, type SafeZip } from './zip.js';

const refuse = (message: string) => new HttpProblem(422, message);

const WORKBOOK = 'xl/workbook.xml';
/** Parts that pull data from elsewhere when the workbook is opened. */
const DATA_CONNECTION = /^xl\/(connections\.xml|externalLinks\/|queryTables\/)/i;
/** A cell start tag or a formula start tag (any prefix); `<cols>`, `<col>` or `<formula1>` do not match. */
const CELL_OR_FORMULA = /<(?:[\w.-]+:)?(c|f)(?=[\s/>])([^>]*)>/g;
const CELL_REFERENCE = /\br\s*=\s*["']([A-Z]{1,3}\d{1,7})["']/;

/**
 * The last entry of a repacked workbook. exceljs's streaming reader (through unzipper 0.10) ends its
 * walk through the ZIP as soon as the parser reads the last record, dropping the entries the
 * reader has not taken yet — now and then the workbook or the shared strings, when the reader was
 * still writing a sheet to its temporary file: a sound sheet was refused for lacking its «Datos»
 * sheet or its columns. An entry larger than the parser's buffers holds the parser until the
 * reader drains it, which it does after every earlier entry. 1 MiB of zeros: ~1 KB deflated.
 */
export const READER_BARRIER = { name: 'rubrica/fin-de-lectura.bin', data: Buffer.alloc(1024 * 1024) };

/**
 * A workbook the streaming reader can take whole: as it is when its last entry is the barrier (a
 * workbook `inspectXlsx` returned), otherwise repacked under the ZIP limits with the barrier last.
 */
export async function withReaderBarrier(bytes: Buffer, limits = OFFICE_ZIP_LIMITS): Promise<Buffer> {
  if ([...(await listZipEntryNames(bytes))].at(-1) === READER_BARRIER.name) return bytes;
  const zip = await openSafeZip(bytes, limits);
  try {
    return await zip.repack([READER_BARRIER]);
  } finally {
    zip.close();
  }
}

/** Sheet part name → the name the user gave the sheet. */
async function sheetNames(zip: SafeZip): Promise<Map<string, string>> {
  const targets = new Map(
    (await readRelationships(zip, 'xl/_rels/workbook.xml.rels')).map((relationship) => {
      const target = relationship.target.startsWith('/')
        ? relationship.target.slice(1)
        : posix.normalize(posix.join('xl', relationship.target));
      return [relationship.id, target];
    }),
  );
  const names = new Map<string, string>();
  for (const sheet of xmlElements(await zip.readText(WORKBOOK), 'sheet')) {
    const part = targets.get(sheet.id ?? '');
    if (part && sheet.name) names.set(part, sheet.name);
  }
  return names;
}

/** The reference of the first cell holding a formula (`<f>`) in a worksheet, or null. */
export function firstFormulaCell(sheetXml: string): string | null {
  let cell = '';
  for (const [, tag, attributes] of sheetXml.matchAll(CELL_OR_FORMULA)) {
    if (tag === 'c') cell = CELL_REFERENCE.exec(attributes ?? '')?.[1] ?? '?';
    else return cell || '?';
  }
  return null;
}

/**
 * Checks an uploaded XLSX: a sound container within limits (zip bombs refused), no macros
 * (xlsm, xlsb, VBA, Excel 4 macro sheets), no external data connections or unsafe links, and no
 * formula in any sheet — the message names the sheet and the first cell holding one. Returns the
 * workbook repacked from the checked parts only, for the spreadsheet reader (with its barrier last).
 */
export async function inspectXlsx(bytes: Uint8Array, limits?: ZipLimits): Promise<Buffer> {
  const zip = await openOfficeFile(bytes, { mainPart: WORKBOOK, kindLabel: 'Excel', limits });
  try {
    if ([...zip.names].some((name) => DATA_CONNECTION.test(name)))
      throw refuse(FILE_MESSAGES.officeDataConnection);
    const names = await sheetNames(zip);
    const sheets = [...zip.names].filter((name) => /^xl\/worksheets\/[^/]+\.xml$/.test(name)).sort();
    // Report the first sheet in the workbook's own order.
    const ordered = [
      ...[...names.keys()].filter((part) => sheets.includes(part)),
      ...sheets.filter((part) => !names.has(part)),
    ];
    for (const part of ordered) {
      const cell = firstFormulaCell(await zip.readText(part));
      if (cell)
        throw refuse(FILE_MESSAGES.xlsxFormula(names.get(part) ?? posix.basename(part, '.xml'), cell));
    }
    return await zip.repack([READER_BARRIER]);
  } finally {
    zip.close();
  }
}
