import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { HttpProblem } from '../../errors.js';
import { readAll } from '../../storage/storage.js';
import { documentsOfRequest } from './records.js';

/**
 * The pages of a stored PDF as standalone SVGs, drawn from the very bytes that will be sealed
 * (poppler's `pdftocairo`), so the signer sees the document exactly as it is signed, without a
 * PDF viewer in the browser.
 *
 * Drawing costs 20–50 ms of CPU a page, too much for the moment a signer opens the link (50
 * signers at once each opening their own new document held every other call back). So a request's
 * pages are drawn once, after it is sent, by a background job (`request.pages`, behind every other
 * job) and stored beside the document, keyed by its SHA-256: a later render of the same document
 * (an edit) has other pages. Opening the link reads them; a link opened before the job ran (or on
 * a host without poppler) draws them on the spot as before. Each process also keeps the last
 * pages it read in memory.
 */

export const PAGES_QUEUE = 'request.pages';

const run = promisify(execFile);

export type SvgPage = { width: number; height: number; svg: string };
type StoredDocument = { renderedKey: string; renderedSha256: string };

const storedPagesSchema = z.array(z.object({ width: z.number(), height: z.number(), svg: z.string() }));

/** Where a document's drawn pages are kept: beside it, named by the bytes they were drawn from. */
export const pagesKeyOf = (document: StoredDocument) =>
  `${document.renderedKey.replace(/\.pdf$/, '')}.paginas-${document.renderedSha256.slice(0, 32)}.json`;

async function draw(pdf: Uint8Array): Promise<SvgPage[]> {
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

async function readStoredPages(deps: Pick<Deps, 'storage'>, document: StoredDocument) {
  const stored = await readAll(deps.storage, pagesKeyOf(document));
  if (!stored) return null;
  // A file cut short or overwritten is drawn again, like one of the wrong shape.
  let json: unknown;
  try {
    json = JSON.parse(stored.toString('utf8'));
  } catch {
    return null;
  }
  const parsed = storedPagesSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

async function drawAndStore(deps: Pick<Deps, 'storage'>, document: StoredDocument): Promise<SvgPage[]> {
  const pdf = await readAll(deps.storage, document.renderedKey);
  if (!pdf) throw new HttpProblem(404, 'El documento ya no está disponible');
  const pages = await draw(pdf);
  await deps.storage.put(pagesKeyOf(document), Buffer.from(JSON.stringify(pages)));
  return pages;
}

const CACHE_LIMIT = 64;
const cache = new Map<string, Promise<SvgPage[]>>();

/** The document's pages: from memory, from storage, or drawn now (and stored for the next one). */
export function svgPagesOf(deps: Pick<Deps, 'storage'>, document: StoredDocument): Promise<SvgPage[]> {
  const sha256 = document.renderedSha256;
  const cached = cache.get(sha256);
  if (cached) return cached;
  const pages = readStoredPages(deps, document).then((stored) => stored ?? drawAndStore(deps, document));
  cache.set(sha256, pages);
  pages.catch(() => cache.delete(sha256));
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  return pages;
}

/** Draws and stores the pages of a request's documents that have none stored yet. */
export async function drawRequestPages(deps: Pick<Deps, 'storage' | 'database'>, requestId: number) {
  for (const document of await documentsOfRequest(deps.database.db, requestId)) {
    const stored = await deps.storage.get(pagesKeyOf(document));
    if (stored) {
      stored.destroy();
      continue;
    }
    await drawAndStore(deps, document);
  }
}

/**
 * Queues the drawing of these requests' pages, in the caller's transaction, in one statement
 * (a bulk send's rows come in hundreds). Background priority: invitations, codes and seals first.
 */
export async function queueRequestPages(tx: Db, requestIds: readonly number[]): Promise<void> {
  if (requestIds.length === 0) return;
  await tx.execute(sql`
    INSERT INTO jobs (queue, payload, max_attempts, priority)
    SELECT ${PAGES_QUEUE}, jsonb_build_object('requestId', id), 1, -1
    FROM unnest(${`{${requestIds.join(',')}}`}::int[]) AS id`);
}

const payloadSchema = z.object({ requestId: z.number().int().positive() });

/**
 * The `request.pages` job. Drawing ahead is only a head start: a failure (no poppler on the host,
 * a document gone) is logged as a warning and not retried, since opening the link draws anyway.
 */
export function registerPagesJob(deps: Deps): void {
  deps.queue.register(PAGES_QUEUE, async (payload: unknown) => {
    const { requestId } = payloadSchema.parse(payload);
    await drawRequestPages(deps, requestId).catch((error: unknown) => {
      deps.logger.warn({ err: error, requestId }, 'no se pudieron dibujar de antemano las páginas');
    });
  });
}
