import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng, whenBusy } from '../../tests/support/documents/tools.js';
import {
  longReferenceTemplate,
  REFERENCE_PAGE_COUNT,
  referenceTemplate,
} from './fixtures/reference-template.js';
import { resolvePageSetup } from './page-setup.js';
import {
  DocumentRenderer,
  type PreparedDocument,
  prepareDocument,
  type RenderedDocument,
  type RenderRequest,
} from './renderer.js';
import {
  bundledChildFile,
  DEFAULT_RENDER_TIMEOUT_MS,
  documentFailureReason,
  RENDER_PROCESS_MESSAGES,
  RenderFailure,
  RenderProcess,
} from './renderProcess.js';

/** The reference template with every value marked, so that each variant is a different PDF. */
const variant = (mark: string): RenderRequest => {
  const template = referenceTemplate();
  const values = Object.fromEntries(
    Object.entries(template.values ?? {}).map(([name, value]) => [name, `${value} ${mark}`]),
  );
  return { ...template, values };
};

/** Typst that cannot compile: the error the renderer reports is the one the caller must see. */
const broken: PreparedDocument = {
  source: '#let x = (',
  images: [],
  setup: resolvePageSetup(),
  missingFields: [],
};

/**
 * Text Typst 0.13 cannot lay out: a RIGHT-TO-LEFT OVERRIDE before a word panics in the native
 * compiler («begin <= end when slicing»), which aborts the whole process it runs in. Built by hand,
 * so that no sanitising of texts on the way to Typst can take the character out.
 */
const panicking = async (): Promise<PreparedDocument> => {
  const prepared = await prepareDocument({ html: '<p>Documento que hace fallar al compilador</p>' });
  return { ...prepared, source: `${prepared.source}\n\u202Eabc\n` };
};

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as Error,
  );

describe('RenderProcess', () => {
  let inThread: DocumentRenderer;
  let renderer: RenderProcess;

  beforeAll(() => {
    inThread = DocumentRenderer.create();
    renderer = new RenderProcess();
  });

  afterAll(async () => {
    await renderer.close();
  });

  it('renders the reference template as the renderer does in this process', async () => {
    const expected = await inThread.render({ ...referenceTemplate(), svgPages: true });
    const rendered = await renderer.render({ ...referenceTemplate(), svgPages: true });
    expect(Buffer.isBuffer(rendered.pdf)).toBe(true);
    expect(rendered.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(rendered.pageCount).toBe(REFERENCE_PAGE_COUNT);
    expect(rendered.pageSize).toEqual(expected.pageSize);
    expect(rendered.fieldBoxes).toEqual(expected.fieldBoxes);
    expect(rendered.missingFields).toEqual(expected.missingFields);
    expect(rendered.svgPages).toHaveLength(REFERENCE_PAGE_COUNT);
    expect(rendered.sha256).toBe(expected.sha256);
    expect(renderer.pid).toBeGreaterThan(0);
    expect(renderer.pid).not.toBe(process.pid);
  });

  it('gives each of several renders at once its own document, compiled and answered in order', async () => {
    const marks = ['uno', 'dos', 'tres', 'cuatro'];
    const expected: RenderedDocument[] = [];
    for (const mark of marks) expected.push(await inThread.render(variant(mark)));
    const prepared = await Promise.all(marks.map((mark) => prepareDocument(variant(mark))));
    const answered: string[] = [];
    const rendered = await Promise.all(
      prepared.map((document, index) =>
        renderer.compilePrepared(document).then((result) => {
          answered.push(marks[index]!);
          return result;
        }),
      ),
    );
    expect(answered).toEqual(marks);
    expect(new Set(rendered.map((document) => document.sha256)).size).toBe(marks.length);
    expect(rendered.map((document) => document.sha256)).toEqual(expected.map((document) => document.sha256));
  });

  it('carries images to the child', async () => {
    const png = `data:image/png;base64,${solidPng(40, 20, [200, 30, 30]).toString('base64')}`;
    const request = { html: `<p>Logo:</p><p><img src="${png}" width="40"></p>` };
    const rendered = await renderer.render(request);
    expect(rendered.sha256).toBe((await inThread.render(request)).sha256);
  });

  it('rejects a compile error with the renderer’s own message, and the child goes on', async () => {
    let message = '';
    try {
      inThread.compilePrepared(broken);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^No se pudo generar el PDF: /);
    const pid = renderer.pid;
    const failure = await failureOf(renderer.compilePrepared(broken));
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(RenderFailure);
    expect(failure!.message).toBe(message);
    expect((await renderer.render(referenceTemplate())).pageCount).toBe(REFERENCE_PAGE_COUNT);
    expect(renderer.pid).toBe(pid);
  });

  it('keeps the event loop free while a document compiles', async () => {
    const prepared = await prepareDocument(variant('bucle'));
    const order: string[] = [];
    const rendered = renderer.compilePrepared(prepared).then(() => order.push('rendered'));
    // In this process the compile would finish before any callback of the event loop could run.
    setImmediate(() => order.push('immediate'));
    setTimeout(() => order.push('timer'), 0);
    await rendered;
    // Which of the two callbacks runs first is Node's business; both run before the document is back.
    expect(order).toHaveLength(3);
    expect(order.at(-1)).toBe('rendered');
  });

  it('fails only the render under way when its child is killed, and the next render gets a new child', async () => {
    await renderer.render(referenceTemplate());
    const pid = renderer.pid!;
    const prepared = await prepareDocument(longReferenceTemplate(20));
    const long = failureOf(renderer.compilePrepared(prepared));
    const queued = renderer.render(variant('después'));
    // Killed once it is compiling the long document (≈ 4 s of CPU), as the kernel or an operator would.
    await whenBusy(pid);
    process.kill(pid, 'SIGKILL');
    const failure = await long;
    expect(failure).toBeInstanceOf(RenderFailure);
    expect(failure!.message).toBe(RENDER_PROCESS_MESSAGES.crashed);
    expect((failure as RenderFailure).statusCode).toBe(422);
    expect((await queued).pageCount).toBe(REFERENCE_PAGE_COUNT);
    expect(renderer.pid).toBeGreaterThan(0);
    expect(renderer.pid).not.toBe(pid);
    expect((await renderer.render(referenceTemplate())).pageCount).toBe(REFERENCE_PAGE_COUNT);
  });

  it('hands the child several compiles at once; when it dies, those behind the one it was on render in a fresh child', async () => {
    await renderer.render(referenceTemplate());
    const pid = renderer.pid!;
    const long = await prepareDocument(longReferenceTemplate(20));
    const short = await Promise.all([variant('uno'), variant('dos'), variant('tres')].map(prepareDocument));
    const failing = failureOf(renderer.compilePrepared(long));
    const behind = short.map((prepared) => renderer.compilePrepared(prepared));
    // All four are with the child at once: it goes from one to the next without waiting for us.
    expect(renderer.handedOver).toBe(4);
    await whenBusy(pid);
    process.kill(pid, 'SIGKILL');
    expect(await failing).toBeInstanceOf(RenderFailure);
    for (const rendered of await Promise.all(behind)) expect(rendered.pageCount).toBe(REFERENCE_PAGE_COUNT);
    expect(renderer.pid).not.toBe(pid);
  });

  it('survives a real panic of the native compiler: that document fails, the ones behind it render', async () => {
    await renderer.render(referenceTemplate());
    const pid = renderer.pid!;
    const before = renderer.render(variant('antes'));
    const crashing = failureOf(renderer.compilePrepared(await panicking()));
    const behind = [variant('detrás 1'), variant('detrás 2')].map((request) => renderer.render(request));
    expect((await before).pageCount).toBe(REFERENCE_PAGE_COUNT);
    const failure = await crashing;
    expect(failure).toBeInstanceOf(RenderFailure);
    expect(failure!.message).toBe(RENDER_PROCESS_MESSAGES.crashed);
    expect(documentFailureReason(failure as RenderFailure)).toMatch(
      /^No se pudo generar el documento: el generador de PDF falló con este documento y se reinició; /,
    );
    for (const rendered of await Promise.all(behind)) expect(rendered.pageCount).toBe(REFERENCE_PAGE_COUNT);
    // The child that panicked is gone; this process is not.
    expect(renderer.pid).not.toBe(pid);
    expect(() => process.kill(pid, 0)).toThrow();
    expect((await renderer.render(referenceTemplate())).pageCount).toBe(REFERENCE_PAGE_COUNT);
  });

  it('kills a compile that runs past the time limit, failing only that render', async () => {
    await renderer.render(referenceTemplate());
    const pid = renderer.pid!;
    const prepared = await prepareDocument(longReferenceTemplate(20));
    renderer.timeoutMs = 200;
    const failure = await failureOf(renderer.compilePrepared(prepared));
    renderer.timeoutMs = DEFAULT_RENDER_TIMEOUT_MS;
    expect(failure).toBeInstanceOf(RenderFailure);
    expect((failure as RenderFailure).kind).toBe('timedOut');
    expect(failure!.message).toBe(RENDER_PROCESS_MESSAGES.timedOut(1));
    expect((await renderer.render(referenceTemplate())).pageCount).toBe(REFERENCE_PAGE_COUNT);
    expect(renderer.pid).not.toBe(pid);
  });

  it('rejects what is under way and waiting when closed, and starts a fresh child for the next render', async () => {
    // Prepared first, so that the compile is with the child when it stops.
    const prepared = await prepareDocument(referenceTemplate());
    const underWay = failureOf(renderer.compilePrepared(prepared));
    const waiting = failureOf(renderer.compilePrepared(prepared));
    await renderer.close();
    expect(renderer.pid).toBeUndefined();
    for (const failure of [await underWay, await waiting]) {
      expect(failure).toBeInstanceOf(Error);
      expect(failure!.message).toBe(RENDER_PROCESS_MESSAGES.closed);
    }
    const rendered = await renderer.render(referenceTemplate());
    expect(rendered.pageCount).toBe(REFERENCE_PAGE_COUNT);
  });
});

describe('a RenderProcess replacing its child every 2 compiles', () => {
  it('renders every document, the ones waiting while the child is replaced too', async () => {
    const renderer = new RenderProcess({ recycleAfter: 2 });
    try {
      const pids: (number | undefined)[] = [];
      const rendered = await Promise.all(
        ['a', 'b', 'c', 'd', 'e'].map((mark) =>
          renderer.render({ html: `<p>Documento ${mark}</p>` }).then((document) => {
            pids.push(renderer.pid);
            return document;
          }),
        ),
      );
      expect(rendered.map((document) => document.pageCount)).toEqual([1, 1, 1, 1, 1]);
      // Answers 2 and 4 retire their child; the document waiting behind each starts the next one.
      expect(pids.every((pid) => pid !== undefined)).toBe(true);
      expect(new Set(pids).size).toBe(3);
    } finally {
      await renderer.close();
    }
  });
});

describe('the render process', () => {
  it('lets a process that is done exit without closing the renderer, and its child ends too', async () => {
    const module = fileURLToPath(new URL('./renderProcess.ts', import.meta.url));
    const fixture = fileURLToPath(new URL('./fixtures/reference-template.ts', import.meta.url));
    const script = `
      const { RenderProcess } = await import(${JSON.stringify(module)});
      const { referenceTemplate } = await import(${JSON.stringify(fixture)});
      const renderer = new RenderProcess();
      const rendered = await renderer.render(referenceTemplate());
      console.log(rendered.pageCount, renderer.pid);
    `;
    // The timeout is a safety net: a child that kept the process alive would hang here.
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).toBe('');
    expect(run.signal).toBeNull();
    expect(run.status).toBe(0);
    const [pages, pid] = run.stdout.trim().split(' ').map(Number);
    expect(pages).toBe(REFERENCE_PAGE_COUNT);
    // The child learns that its parent is gone from its closed channel and exits.
    const alive = () => {
      try {
        process.kill(pid!, 0);
        return true;
      } catch {
        return false;
      }
    };
    while (alive()) await new Promise((resolve) => setTimeout(resolve, 20));
  });

  it('waits for its child to end on close() even when nothing else keeps the process alive', () => {
    const module = fileURLToPath(new URL('./renderProcess.ts', import.meta.url));
    const script = `
      const { RenderProcess } = await import(${JSON.stringify(module)});
      const renderer = new RenderProcess();
      await renderer.render({ html: '<p>Hola</p>' });
      await renderer.close();
      console.log('cerrado');
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    // A close() left waiting would end the process with 13 (unsettled top-level await) and no output.
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe('cerrado');
  });

  it('is looked for in dist/server of a bundled install, with a clear message when missing', () => {
    const root = mkdtempSync(join(tmpdir(), 'rubrica-render-process-'));
    try {
      const file = join(root, 'dist', 'server', 'render-process.js');
      expect(() => bundledChildFile(root)).toThrow(RENDER_PROCESS_MESSAGES.notBuilt(file));
      expect(() => bundledChildFile(root)).toThrow('npm run build');
      mkdirSync(join(root, 'dist', 'server'), { recursive: true });
      writeFileSync(file, '');
      expect(bundledChildFile(root)).toBe(file);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
