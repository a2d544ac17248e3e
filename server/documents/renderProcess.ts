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
export const DEFAULT_RECYCLE_AFTER = 1000;

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

/** One started child and the compiles handed to it, in the order it works them. */
type Running = {
  child: ChildProcess;
  ready: boolean;
  ended: boolean;
  /** Compiles handed over so far (at most `recycleAfter`). */
  sent: number;
  /** Compiles answered so far. */
  compiles: number;
  /** Handed over and not answered; the child is compiling the first. */
  inFlight: { id: number; job: Job }[];
  /** Runs out when the first of `inFlight` compiles longer than `timeoutMs`. */
  watchdog: NodeJS.Timeout | undefined;
};

/**
 * Compiles handed to the child before the first is answered: it starts the next document while
 * this process, busy with a database statement or storing the previous PDF, has not read the
 * answer yet (one at a time, it waited for every round trip). A bulk send's inserts hold this
 * process inside PGlite for ≈ 10–20 ms per statement; four short documents (≈ 1.5 ms each) left the child
 * idle for most of it, sixteen keep it busy. Each waits in the child as its Typst source (a few KiB).
 */
const PIPELINE_DEPTH = 16;

export type RenderProcessOptions = {
  /** A compile running longer is killed with its child and fails (default 120 s). */
  timeoutMs?: number;
  /**
   * Compiles after which the child is replaced, between two documents (default 1,000): the
   * compiler keeps ≈ 8 KiB of native memory from every document that differs from the ones
   * before, so a 10,000-row bulk send would leave a child of ≈ 160 MiB; a fresh child costs one
   * start-up, font load and first compile (≈ 0.3 s of CPU) per 1,000 documents. At 2,000 the
   * child peaked at 106 MiB and the bulk bench's server + child at 401–403 MiB (goal 400); at
   * 1,000, 97 MiB and 391–393 MiB, for 2–3 s more of the 10,000-row send (bench/README.md).
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
 * The child gets up to `PIPELINE_DEPTH` compiles at once and works them in order; the others wait
 * here. When the child dies (or a compile runs past `timeoutMs` and it is killed) only the compile
 * it was on (the first unanswered) fails, with a `RenderFailure`; those handed over behind it and
 * the waiting ones go to a fresh child. The child starts on first use,
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

  /** Compiles handed to the current child and not answered yet (at most `PIPELINE_DEPTH`). */
  get handedOver(): number {
    return this.running?.inFlight.length ?? 0;
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
    for (const entry of this.takeInFlight(running)) entry.job.reject(closed);
    await stopChild(running);
  }

  /** Hands waiting compiles to the child (started if needed) while it has room for them. */
  private next(): void {
    while (this.waiting.length > 0) {
      let running = this.running;
      // A child that has had its `recycleAfter` compiles takes no more: it is replaced once it answers them.
      if (running && (running.inFlight.length >= PIPELINE_DEPTH || running.sent >= this.recycleAfter)) return;
      try {
        running ??= this.start();
      } catch (error) {
        // No child can start (the bundle is missing): every waiting compile gets the reason.
        for (const job of this.waiting.splice(0)) job.reject(error as Error);
        return;
      }
      const job = this.waiting.shift()!;
      const id = this.nextId++;
      try {
        running.child.send({ id, prepared: job.prepared, svgPages: job.svgPages } satisfies CompileRequest);
      } catch (error) {
        // Something in the request cannot be serialised: refused here, as the child would.
        job.reject(new Error(error instanceof Error ? error.message : String(error)));
        continue;
      }
      running.inFlight.push({ id, job });
      running.sent++;
      if (running.inFlight.length === 1) this.watch(running);
      running.child.ref();
      running.child.channel?.ref();
    }
  }

  private start(): Running {
    const child = startChild();
    const running: Running = {
      child,
      ready: false,
      ended: false,
      sent: 0,
      compiles: 0,
      inFlight: [],
      watchdog: undefined,
    };
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
    if (running.inFlight[0]?.id !== reply.id) return;
    const { job } = running.inFlight.shift()!;
    clearTimeout(running.watchdog);
    if (running.inFlight.length > 0) this.watch(running);
    else this.idle(running);
    if (++running.compiles >= this.recycleAfter && this.running === running) {
      // Replaced while it owes nothing (it was handed no more than it answered): its exit fails no
      // document, the next one starts a fresh child.
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

  /** The child died: the compile it was on fails; those behind it go first to a fresh child. */
  private ended(running: Running, how: string): void {
    if (running.ended) return;
    running.ended = true;
    if (this.running === running) this.running = undefined;
    const [current, ...behind] = this.takeInFlight(running);
    this.waiting.unshift(...behind.map((entry) => entry.job));
    current?.job.reject(
      running.ready
        ? new RenderFailure('crashed', RENDER_PROCESS_MESSAGES.crashed)
        : new Error(RENDER_PROCESS_MESSAGES.notStarted(how)),
    );
    this.next();
  }

  private timedOut(running: Running): void {
    const [current, ...behind] = this.takeInFlight(running);
    if (!current) return;
    if (this.running === running) this.running = undefined;
    running.child.kill('SIGKILL');
    this.waiting.unshift(...behind.map((entry) => entry.job));
    const seconds = Math.ceil(this.timeoutMs / 1000);
    current.job.reject(new RenderFailure('timedOut', RENDER_PROCESS_MESSAGES.timedOut(seconds)));
    this.next();
  }

  /** The first compile handed over is the one the child works on: its time limit runs from now. */
  private watch(running: Running): void {
    running.watchdog = setTimeout(() => this.timedOut(running), this.timeoutMs);
    running.watchdog.unref();
  }

  /** Takes every compile handed over off the child (its watchdog stopped), leaving the child idle. */
  private takeInFlight(running: Running): Running['inFlight'] {
    clearTimeout(running.watchdog);
    const taken = running.inFlight.splice(0);
    this.idle(running);
    return taken;
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
