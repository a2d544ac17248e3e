import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { projectRoot } from '../paths.js';
import {
  type DocumentCompiler,
  type PreparedDocument,
  prepareDocument,
  type RenderedDocument,
  type RenderRequest,
} from './renderer.js';

/** A compile asked of the worker (renderWorker.ts); `id` matches the reply to its caller. */
export type CompileRequest = { id: number; prepared: PreparedDocument; svgPages: boolean };

/** The worker's answer: the document, its PDF bytes transferred, or the compile error's message. */
export type CompileReply =
  | { id: number; document: Omit<RenderedDocument, 'pdf'> & { pdf: Uint8Array } }
  | { id: number; error: string };

type Pending = { resolve: (document: RenderedDocument) => void; reject: (error: Error) => void };

/** One started worker and the compiles it owes: a replaced worker's exit rejects only its own. */
type Running = { worker: Worker; pending: Map<number, Pending> };

export const RENDER_THREAD_MESSAGES = {
  closed: 'El generador de PDF se cerró antes de terminar el documento',
  stopped: (code: number) => `El generador de PDF se detuvo (código ${code}) antes de terminar el documento`,
  notBuilt: (file: string) => `Falta ${file}, el generador de PDF del servidor: ejecute \`npm run build\``,
} as const;

/** The bundled worker next to the bundled server (never next to this module: the bench bundles elsewhere). */
export function bundledWorkerFile(root = projectRoot()): string {
  const file = join(root, 'dist', 'server', 'render-worker.js');
  if (!existsSync(file)) throw new Error(RENDER_THREAD_MESSAGES.notBuilt(file));
  return file;
}

/**
 * From TypeScript sources (vitest, tsx) the worker loads renderWorker.ts through tsx. On Node 20
 * `--import tsx` leaves worker threads without its hooks (tsx registers them there only from
 * Node 22.22), so a two-line module registers tsx in the worker and then imports the entry.
 */
function sourceWorker(): Worker {
  const bootstrap = [
    `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))};`,
    'register();',
    `await import(${JSON.stringify(new URL('./renderWorker.ts', import.meta.url).href)});`,
  ].join('\n');
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`), {
    execArgv: [],
    resourceLimits: WORKER_LIMITS,
  });
}

/**
 * The worker's JavaScript only passes documents to the native compiler and back: a small young
 * generation is enough (the process's --max-semi-space-size would otherwise apply to it too).
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 2 };

const startWorker = (): Worker =>
  import.meta.url.endsWith('.ts')
    ? sourceWorker()
    : new Worker(bundledWorkerFile(), { resourceLimits: WORKER_LIMITS });

/**
 * Compiles documents on one worker thread, so that a render (≈ 1 ms of CPU for a short document,
 * ≈ 65 ms for 10 pages) never blocks this thread's event loop: the HTTP server keeps answering and
 * the embedded database (WASM, on this thread) works on a second core meanwhile. Images are loaded
 * and the Typst source built here (`prepareDocument`); only the compiling crosses over.
 *
 * The worker starts on first use, keeps the process alive only while a compile is pending, and is
 * started afresh after it dies or `close()`.
 */
export class RenderThread implements DocumentCompiler {
  private running: Running | undefined;
  private nextId = 1;

  async render(request: RenderRequest): Promise<RenderedDocument> {
    const prepared = await prepareDocument(request);
    return this.compilePrepared(prepared, request.svgPages === true);
  }

  compilePrepared(prepared: PreparedDocument, svgPages = false): Promise<RenderedDocument> {
    return new Promise((resolve, reject) => {
      const running = this.started();
      const id = this.nextId++;
      running.pending.set(id, { resolve, reject });
      running.worker.ref();
      try {
        running.worker.postMessage({ id, prepared, svgPages } satisfies CompileRequest);
      } catch (error) {
        // Something in the request cannot be copied to the worker: answered here, as the worker would.
        this.answered(running, { id, error: error instanceof Error ? error.message : String(error) });
      }
    });
  }

  /** Stops the worker; compiles still pending reject, and the next render starts a new worker. */
  async close(): Promise<void> {
    const running = this.running;
    if (!running) return;
    // Rejected now: a compile under way in native code would otherwise still answer before the exit.
    this.stopped(running, new Error(RENDER_THREAD_MESSAGES.closed));
    await running.worker.terminate();
  }

  private started(): Running {
    if (this.running) return this.running;
    const running: Running = { worker: startWorker(), pending: new Map() };
    running.worker.on('message', (reply: CompileReply) => this.answered(running, reply));
    running.worker.on('error', (error) => this.stopped(running, error));
    running.worker.on('exit', (code) =>
      this.stopped(running, new Error(RENDER_THREAD_MESSAGES.stopped(code))),
    );
    this.running = running;
    return running;
  }

  private answered(running: Running, reply: CompileReply): void {
    const pending = running.pending.get(reply.id);
    running.pending.delete(reply.id);
    // Idle, the worker must not keep an otherwise finished process alive.
    if (running.pending.size === 0) running.worker.unref();
    if (!pending) return;
    if ('error' in reply) {
      pending.reject(new Error(reply.error));
      return;
    }
    const { pdf } = reply.document;
    pending.resolve({ ...reply.document, pdf: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength) });
  }

  /** `error` (an uncaught exception) is followed by `exit`: the first one rejects what is pending. */
  private stopped(running: Running, error: unknown): void {
    if (this.running === running) this.running = undefined;
    const reason = error instanceof Error ? error : new Error(String(error));
    for (const pending of running.pending.values()) pending.reject(reason);
    running.pending.clear();
  }
}
