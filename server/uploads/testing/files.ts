import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { OFFICE_ZIP_LIMITS } from '../limits.js';
import { openSafeZip } from '../zip.js';
import { writeZip } from '../zip-format.js';

/** A real PDF of `pages` pages with a line of Spanish text on each. */
export async function makePdf(pages: number, edit?: (document: PDFDocument) => void): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let index = 1; index <= pages; index++) {
    document
      .addPage([595, 842])
      .drawText(`Contrato de prueba, página ${index}`, { x: 50, y: 780, size: 14, font });
  }
  edit?.(document);
  return Buffer.from(await document.save());
}

/** Runs qpdf on `input` with `args` placed before the file names; returns the output file. */
export function qpdf(input: Buffer, args: string[]): Buffer {
  const folder = mkdtempSync(join(tmpdir(), 'rubrica-qpdf-'));
  try {
    writeFileSync(join(folder, 'in.pdf'), input);
    execFileSync('qpdf', [...args, join(folder, 'in.pdf'), join(folder, 'out.pdf')]);
    return readFileSync(join(folder, 'out.pdf'));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The entries of a ZIP, edited by `edit` (add, replace, delete), written back as a new ZIP. */
export async function rewriteZip(
  bytes: Buffer,
  edit: (entries: Map<string, Buffer>) => void,
): Promise<Buffer> {
  const zip = await openSafeZip(bytes, OFFICE_ZIP_LIMITS);
  const entries = new Map<string, Buffer>();
  for (const name of zip.names) if (!name.endsWith('/')) entries.set(name, await zip.read(name));
  zip.close();
  edit(entries);
  return writeZip([...entries].map(([name, data]) => ({ name, data })));
}

/** Adds `<Override>` or replaces text in [Content_Types].xml. */
export function editText(entries: Map<string, Buffer>, name: string, change: (text: string) => string): void {
  entries.set(name, Buffer.from(change(entries.get(name)?.toString('utf8') ?? '')));
}
