import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument } from 'pdf-lib';

/**
 * The pages of a stored PDF as standalone SVGs, drawn from the very bytes that will be sealed
 * (poppler's `pdftocairo`), so the signer sees the document exactly as it is signed, without a
 * PDF viewer in the browser. Pages are kept in memory by the PDF's SHA-256 (the same bytes always
 * give the same pages); nothing is written to storage.
 */

const run = promisify(execFile);

export type SvgPage = { width: number; height: number; svg: string };

const CACHE_LIMIT = 64;
const cache = new Map<string, Promise<SvgPage[]>>();

async function render(pdf: Uint8Array): Promise<SvgPage[]> {
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  const sizes = document.getPages().map((page) => page.getSize());
  const directory = await mkdtemp(join(tmpdir(), 'rubrica-paginas-'));
  try {
    const input = join(directory, 'documento.pdf');
    await writeFile(input, pdf);
    const pages: SvgPage[] = [];
    for (const [index, size] of sizes.entries()) {
      const page = String(index + 1);
      const { stdout } = await run('pdftocairo', ['-svg', '-f', page, '-l', page, input, '-'], {
        maxBuffer: 64 * 1024 * 1024,
        timeout: 60_000,
      });
      pages.push({ width: size.width, height: size.height, svg: stdout.replace(/^<\?xml[^>]*>\s*/, '') });
    }
    return pages;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

export function svgPagesOf(sha256: string, pdf: () => Promise<Uint8Array>): Promise<SvgPage[]> {
  const cached = cache.get(sha256);
  if (cached) return cached;
  const pages = pdf().then(render);
  cache.set(sha256, pages);
  pages.catch(() => cache.delete(sha256));
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  return pages;
}
