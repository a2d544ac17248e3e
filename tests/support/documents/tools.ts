/**
 * Helpers for the document tests: poppler and qpdf on a rendered PDF, a real PNG made in memory,
 * and watching a render process work.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

export type PdfWord = { page: number; text: string; xMin: number; yMin: number; xMax: number; yMax: number };

/** Writes the PDF to a temporary folder, runs `check` with its path, then removes it. */
export function withPdfFile<T>(pdf: Buffer, check: (path: string) => T): T {
  const folder = mkdtempSync(join(tmpdir(), 'rubrica-pdf-'));
  try {
    const path = join(folder, 'documento.pdf');
    writeFileSync(path, pdf);
    return check(path);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

// poppler warns on stderr about Typst's tagged-PDF /Suspects entry; only stdout matters here.
export const run = (command: string, args: string[]) =>
  execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

export function qpdfCheck(path: string): { status: number | null; output: string } {
  const result = spawnSync('qpdf', ['--check', path], { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Every word with its box (points, origin top-left) from `pdftotext -bbox`. */
export function pdfWords(path: string): PdfWord[] {
  const xml = run('pdftotext', ['-bbox', path, '-']);
  const words: PdfWord[] = [];
  let page = 0;
  for (const line of xml.split('\n')) {
    if (line.includes('<page ')) page++;
    const match = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(
      line,
    );
    if (match) {
      words.push({
        page,
        xMin: Number(match[1]),
        yMin: Number(match[2]),
        xMax: Number(match[3]),
        yMax: Number(match[4]),
        text: match[5]!,
      });
    }
  }
  return words;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid RGB PNG of one colour. */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Clock ticks of CPU (user + system) a process has used so far, from /proc (Linux). */
export function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (2nd field) may hold spaces: the fields are counted after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * Resolves once the process has used `ticks` more clock ticks of CPU (10 ms each, usually) than
 * when called: an idle render process uses almost none, so by then it is compiling.
 */
export async function whenBusy(pid: number, ticks = 5): Promise<void> {
  const start = cpuTicks(pid);
  while (cpuTicks(pid) - start < ticks) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** One page in grey levels at 72 dpi, so a pixel is a point (origin top-left). */
export type Raster = { width: number; height: number; pixels: Buffer };

export async function rasterPage(pdf: Uint8Array, page: number): Promise<Raster> {
  const folder = mkdtempSync(join(tmpdir(), 'rubrica-raster-'));
  try {
    writeFileSync(join(folder, 'doc.pdf'), pdf);
    const range = ['-f', String(page), '-l', String(page)];
    execFileSync(
      'pdftoppm',
      ['-r', '72', ...range, '-png', '-singlefile', join(folder, 'doc.pdf'), join(folder, 'page')],
      {
        stdio: 'ignore',
      },
    );
    const { data, info } = await sharp(readFileSync(join(folder, 'page.png')))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, pixels: data };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * What a box of the renderer's placeholder leaves on a page (`rubrica-box`: fill luma(248),
 * 0.6 pt border luma(90)): the pixels of the box's inside that have the fill's grey, and the
 * points along its outline where a line darkens the pixels that straddle it. A box stamped as a
 * signed paper has neither.
 */
export function placeholderPixels(
  raster: Raster,
  box: { x: number; y: number; width: number; height: number },
): { fill: number; border: number; inside: number; outline: number } {
  const level = (x: number, y: number) => raster.pixels[y * raster.width + x] ?? 255;
  const edges = {
    left: box.x,
    right: box.x + box.width,
    top: raster.height - box.y - box.height,
    bottom: raster.height - box.y,
  };
  let fill = 0;
  let inside = 0;
  for (let y = Math.ceil(edges.top) + 2; y < Math.floor(edges.bottom) - 2; y++)
    for (let x = Math.ceil(edges.left) + 2; x < Math.floor(edges.right) - 2; x++) {
      inside++;
      if (Math.abs(level(x, y) - 248) <= 2) fill++;
    }
  /** The darkest of the three pixels across an edge at `edge` (a row or a column). */
  const across = (edge: number, at: (offset: number) => number) =>
    Math.min(...[-1, 0, 1].map((offset) => at(Math.floor(edge) + offset)));
  let border = 0;
  let outline = 0;
  for (let x = Math.ceil(edges.left) + 1; x < Math.floor(edges.right) - 1; x++)
    for (const edge of [edges.top, edges.bottom]) {
      outline++;
      if (across(edge, (y) => level(x, y)) < 200) border++;
    }
  for (let y = Math.ceil(edges.top) + 1; y < Math.floor(edges.bottom) - 1; y++)
    for (const edge of [edges.left, edges.right]) {
      outline++;
      if (across(edge, (x) => level(x, y)) < 200) border++;
    }
  return { fill, border, inside, outline };
}
