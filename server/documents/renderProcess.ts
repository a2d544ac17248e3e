import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RetryableProblem } from '../errors.js';
import { projectRoot } from '../paths.js';
import {
  type DocumentCompiler,
  type PreparedDocument,
  prepareDocument,
  type RenderedDocument,
  type RenderRequest,
} from './renderer.js';

/** A compile asked of the child (renderChild.ts); `id` matches the reply to its caller. */
export type CompileRequest = { id: number; prepared: PreparedDocument; svgPages: boolean };

/** The child's answer: the document (its PDF bytes as they were made), or the compile error's message. */
export type CompileReply =
  | { id: number; document: Omit<RenderedDocument, 'pdf'> & { pdf: Uint8Array } }
  | { id: number; error: string };

/** What the child says once it can take compiles (a death before it means it never started). */
export type ChildReady = { ready: true };

export const RENDER_PROCESS_MESSAGES = {
  closed: 'El generador de PDF se cerró antes de terminar el documento',
  crashed:
    'El generador de PDF falló con este documento y se reinició; revise que el texto y los valores no traigan caracteres especiales copiados de otro programa (como marcas invisibles de dirección del texto) e intente de nuevo',
  timedOut: (seconds: number) =>
    `El generador de PDF tardó más de ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'} con este documento y se reinició; reduzca o divida el documento e intente de nuevo`,
  notStarted: (how: string) => `El generador de PDF no pudo iniciarse (${how})`,
  notBuilt: (file: string) => `Falta ${file}, el generador de PDF del servidor: ejecute \`npm run build\``,
} as const;

/**
 * The document that was compiling when the generator died (a crash of the native compiler, its
 * process killed) or ran past the time limit: only that render fails, with a message a sender can
 * act on. The API answers it 422; a job retries it and, once it gives up, records
 * `documentFailureReason` for the sender.
 */
export class RenderFailure extends RetryableProblem {
  constructor(
    readonly kind: 'crashed' | 'timedOut',
    message: string,
  ) {
    super(422, message);
    this.name = 'RenderFailure';
  }
}

/** «No se pudo generar el documento: …», what a failed job leaves where the sender looks. */
export const documentFailureReason = (error: RenderFailure): string =>
  `No se pudo generar el documento: ${error.message.charAt(0).toLowerCase()}${error.message.slice(1)}`;

/** The compile time after which the child is killed and the render fails (a loop, a pathological layout). */
export const DEFAULT_RENDER_TIMEOUT_MS = 120_000;

/** Compiles a child makes before it is replaced (see `RenderProcessOptions.recycleAfter`). */
export const DEFAULT_RECYCLE_AFTER = 2500;

/**
 * The child only passes documents to the native compiler and back: a small young generation is
 * enough (the worker thread it replaced had 2 MiB), its old generation grows by half as the
 * server's does, and `gc` lets it free the PDFs' native buffers (renderChild.ts).
 * `MALLOC_ARENA_MAX` comes with the environment.
 */
const CHILD_NODE_FLAGS = ['--max-semi-space-size=1', '--heap-growing-percent=50', '--expose-gc'];

/** The bundled child next to the bundled server (never next to this module: the benches bundle elsewhere). */
export function bundledChildFile(root = projectRoot()): string {
  const file = join(root, 'dist', 'server', 'render-process.js');
  if (!existsSync(file)) throw new Error(RENDER_PROCESS_MESSAGES.notBuilt(file));
  return file;
}

/**
 * From TypeScript sources (vitest, tsx) the child runs renderChild.ts through tsx's loader, which
 * `--import` installs in a process on Node 20 (unlike in a worker thread, where it needed a
 * bootstrap module registering it); the loader is resolved here, so the child's working
 * directory does not matter.
 */
function startChild(): ChildProcess {
  const options = { serialization: 'advanced' as const, stdio: 'inherit' as const };
  if (import.meta.url.endsWith('.ts')) {
    return fork(fileURLToPath(new URL('./renderChild.ts', import.meta.url)), [], {
      ...options,
      execArgv: ['--import', import.meta.resolve('tsx'), ...CHILD_NODE_FLAGS],
    });
  }
  return fork(bundledChildFile(), [], { ...options, execArgv: CHILD_NODE_FLAGS });
}

type Job = {
  prepared: PreparedDocument;
  svgPages: boolean;
  resolve: (document: RenderedDocument) => void;
  reject: (error: Error) => void;
};

/** One started child and the compile it is working on (at most one). */
type Running = {
  child: ChildProcess;
  ready: boolean;
  ended: boolean;
  /** Compiles answered so far. */
  compiles: number;
  current: { id: number; job: Job; watchdog: NodeJS.Timeout } | undefined;
};

export type RenderProcessOptions = {
  /** A compile running longer is killed with its child and fails (default 120 s). */
  timeoutMs?: number;
  /**
   * Compiles after which the child is replaced, between two documents (default 2,500): the
   * compiler keeps ≈ 8 KiB of native memory from every document that differs from the ones
   * before, so a 10,000-row bulk send would leave a child of ≈ 160 MiB; a fresh child costs one
   * start-up, font load and first compile (≈ 0.3 s of CPU) per 2,500 documents.
   */
  recycleAfter?: number;
};

/**
 * Compiles documents in one child process, so that neither a render (≈ 1 ms of CPU for a short
 * document, ≈ 65 ms for 10 pages) blocks this process's event loop nor a crash of the native
 * compiler takes this process down: a Rust panic aborts the whole process it runs in, thread or
 * not. Images are loaded and the Typst source built here (`prepareDocument`); only the compiling
 * crosses over, and the PDF comes back as bytes (IPC with `serialization: 'advanced'`).
 *
 * The child gets one compile at a time; the others wait here in order. When the child dies (or
 * a compile runs past `timeoutMs` and it is killed) only the compile it was on fails, with a
 * `RenderFailure`, and the waiting ones go to a fresh child. The child starts on first use,
 * loads the fonts once, keeps this process alive only while there is work, is replaced after
 * `recycleAfter` compiles, and is started again after it dies or `close()`.
 */
export class RenderProcess implements DocumentCompiler {
  timeoutMs: number;
  private readonly recycleAfter: number;
  private running: Running | undefined;
  private readonly waiting: Job[] = [];
  private nextId = 1;

  constructor(options: RenderProcessOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS;
    this.recycleAfter = options.recycleAfter ?? DEFAULT_RECYCLE_AFTER;
  }

  /** The current child's process id (tests kill it; operators may look it up), if one runs. */
  get pid(): number | undefined {
    return this.running?.child.pid;
  }

  async render(request: RenderRequest): Promise<RenderedDocument> {
    const prepared = await prepareDocument(request);
    return this.compilePrepared(prepared, request.svgPages === true);
  }

  compilePrepared(prepared: PreparedDocument, svgPages = false): Promise<RenderedDocument> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ prepared, svgPages, resolve, reject });
      this.next();
    });
  }

  /** Stops the child; compiles under way or waiting reject, and the next render starts a new child. */
  async close(): Promise<void> {
    const closed = new Error(RENDER_PROCESS_MESSAGES.closed);
    for (const job of this.waiting.splice(0)) job.reject(closed);
    const running = this.running;
    if (!running) return;
    this.running = undefined;
    // Rejected now: a compile under way in native code would otherwise still answer before the exit.
    this.settle(running)?.reject(closed);
    await stopChild(running);
  }

  /** Hands the first waiting compile to the child (started if needed) when it is free. */
  private next(): void {
    if (this.running?.current || this.waiting.length === 0) return;
    let running: Running;
    try {
      running = this.running ?? this.start();
    } catch (error) {
      // No child can start (the bundle is missing): every waiting compile gets the reason.
      for (const job of this.waiting.splice(0)) job.reject(error as Error);
      return;
    }
    const job = this.waiting.shift()!;
    const id = this.nextId++;
    const watchdog = setTimeout(() => this.timedOut(running), this.timeoutMs);
    watchdog.unref();
    running.current = { id, job, watchdog };
    running.child.ref();
    running.child.channel?.ref();
    try {
      running.child.send({ id, prepared: job.prepared, svgPages: job.svgPages } satisfies CompileRequest);
    } catch (error) {
      // Something in the request cannot be serialised: answered here, as the child would.
      this.answered(running, { id, error: error instanceof Error ? error.message : String(error) });
    }
  }

  private start(): Running {
    const child = startChild();
    const running: Running = { child, ready: false, ended: false, compiles: 0, current: undefined };
    child.on('message', (message: CompileReply | ChildReady) => {
      if ('ready' in message) running.ready = true;
      else this.answered(running, message);
    });
    // `close`, not `exit`: it comes once the IPC channel is drained, after the child's last messages.
    child.on('close', (code, signal) => this.ended(running, signal ?? `código ${code}`));
    // Failing to start or to be signalled; a child that did start still reports its `exit`.
    child.on('error', (error) => {
      if (child.pid === undefined) this.ended(running, error.message);
    });
    this.running = running;
    this.idle(running);
    return running;
  }

  private answered(running: Running, reply: CompileReply): void {
    if (running.current?.id !== reply.id) return;
    const job = this.settle(running)!;
    if (++running.compiles >= this.recycleAfter && this.running === running) {
      // Replaced while it owes nothing: its exit fails no document, the next one starts a fresh child.
      this.running = undefined;
      running.child.kill();
    }
    if ('error' in reply) job.reject(new Error(reply.error));
    else {
      const { pdf } = reply.document;
      job.resolve({
        ...reply.document,
        pdf: Buffer.isBuffer(pdf) ? pdf : Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength),
      });
    }
    this.next();
  }

  /** The child died: the compile it was on fails; the next waiting one starts a fresh child. */
  private ended(running: Running, how: string): void {
    if (running.ended) return;
    running.ended = true;
    if (this.running === running) this.running = undefined;
    const job = this.settle(running);
    if (job) {
      job.reject(
        running.ready
          ? new RenderFailure('crashed', RENDER_PROCESS_MESSAGES.crashed)
          : new Error(RENDER_PROCESS_MESSAGES.notStarted(how)),
      );
    }
    this.next();
  }

  private timedOut(running: Running): void {
    const job = this.settle(running);
    if (!job) return;
    if (this.running === running) this.running = undefined;
    running.child.kill('SIGKILL');
    const seconds = Math.ceil(this.timeoutMs / 1000);
    job.reject(new RenderFailure('timedOut', RENDER_PROCESS_MESSAGES.timedOut(seconds)));
    this.next();
  }

  /** Takes the compile under way off the child (its watchdog stopped), leaving the child idle. */
  private settle(running: Running): Job | undefined {
    const current = running.current;
    if (!current) return undefined;
    clearTimeout(current.watchdog);
    running.current = undefined;
    this.idle(running);
    return current.job;
  }

  /** Idle, the child must not keep an otherwise finished process alive. */
  private idle(running: Running): void {
    if (running.ended) return;
    running.child.unref();
    running.child.channel?.unref();
  }
}

/** Ends a child and waits for its exit (at once if it has already exited). */
async function stopChild(running: Running): Promise<void> {
  const { child } = running;
  if (running.ended || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  // An idle child is unreferenced: without this, a process with nothing else to do would exit
  // before the `close` that close() awaits.
  child.ref();
  child.channel?.ref();
  child.kill('SIGKILL');
  await exited;
}
