import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_PAGE_COUNT, referenceTemplate } from './fixtures/reference-template.js';
import { resolvePageSetup } from './page-setup.js';
import {
  DocumentRenderer,
  type PreparedDocument,
  prepareDocument,
  type RenderedDocument,
  type RenderRequest,
} from './renderer.js';
import { bundledWorkerFile, RENDER_THREAD_MESSAGES, RenderThread } from './renderThread.js';

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

describe('RenderThread', () => {
  let inThread: DocumentRenderer;
  let thread: RenderThread;

  beforeAll(() => {
    inThread = DocumentRenderer.create();
    thread = new RenderThread();
  });

  afterAll(async () => {
    await thread.close();
  });

  it('renders the reference template as the renderer does on this thread', async () => {
    const expected = await inThread.render({ ...referenceTemplate(), svgPages: true });
    const rendered = await thread.render({ ...referenceTemplate(), svgPages: true });
    expect(Buffer.isBuffer(rendered.pdf)).toBe(true);
    expect(rendered.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(rendered.pageCount).toBe(REFERENCE_PAGE_COUNT);
    expect(rendered.pageSize).toEqual(expected.pageSize);
    expect(rendered.fieldBoxes).toEqual(expected.fieldBoxes);
    expect(rendered.missingFields).toEqual(expected.missingFields);
    expect(rendered.svgPages).toHaveLength(REFERENCE_PAGE_COUNT);
    expect(rendered.sha256).toBe(expected.sha256);
  });

  it('gives each of several renders at once its own document', async () => {
    const marks = ['uno', 'dos', 'tres', 'cuatro'];
    const expected: RenderedDocument[] = [];
    for (const mark of marks) expected.push(await inThread.render(variant(mark)));
    const rendered = await Promise.all(marks.map((mark) => thread.render(variant(mark))));
    expect(new Set(rendered.map((document) => document.sha256)).size).toBe(marks.length);
    expect(rendered.map((document) => document.sha256)).toEqual(expected.map((document) => document.sha256));
  });

  it('rejects a compile error with the renderer’s own message', async () => {
    let message = '';
    try {
      inThread.compilePrepared(broken);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^No se pudo generar el PDF: /);
    const failure = await thread.compilePrepared(broken).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe(message);
    // The worker survives a failed compile.
    expect((await thread.render(referenceTemplate())).pageCount).toBe(REFERENCE_PAGE_COUNT);
  });

  it('keeps the event loop free while a document compiles', async () => {
    const prepared = await prepareDocument(variant('bucle'));
    const order: string[] = [];
    const rendered = thread.compilePrepared(prepared).then(() => order.push('rendered'));
    // On this thread the compile would finish before any callback of the event loop could run.
    setImmediate(() => order.push('immediate'));
    setTimeout(() => order.push('timer'), 0);
    await rendered;
    // Which of the two callbacks runs first is Node's business; both run before the document is back.
    expect(order).toHaveLength(3);
    expect(order.at(-1)).toBe('rendered');
  });

  it('rejects what is pending when closed, and starts a fresh worker for the next render', async () => {
    // Prepared first, so that the compile is with the worker when it stops.
    const prepared = await prepareDocument(referenceTemplate());
    const pending = thread.compilePrepared(prepared).catch((error: unknown) => error);
    await thread.close();
    const failure = await pending;
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe(RENDER_THREAD_MESSAGES.closed);
    const rendered = await thread.render(referenceTemplate());
    expect(rendered.pageCount).toBe(REFERENCE_PAGE_COUNT);
  });

  it('starts a fresh worker after its worker died', async () => {
    await thread.render(referenceTemplate());
    const running = (thread as unknown as { running: { worker: Worker } }).running;
    // Ended from outside, as a crash would end it: the thread learns it from the `exit` event.
    await running.worker.terminate();
    const rendered = await thread.render(referenceTemplate());
    expect(rendered.pageCount).toBe(REFERENCE_PAGE_COUNT);
    expect((thread as unknown as { running: { worker: Worker } }).running.worker).not.toBe(running.worker);
  });
});

describe('the render worker', () => {
  it('lets a process that is done exit without closing the thread', () => {
    const module = fileURLToPath(new URL('./renderThread.ts', import.meta.url));
    const fixture = fileURLToPath(new URL('./fixtures/reference-template.ts', import.meta.url));
    const script = `
      const { RenderThread } = await import(${JSON.stringify(module)});
      const { referenceTemplate } = await import(${JSON.stringify(fixture)});
      const rendered = await new RenderThread().render(referenceTemplate());
      console.log(rendered.pageCount);
    `;
    // The timeout is a safety net: a worker that kept the process alive would hang here.
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(child.stderr).toBe('');
    expect(child.signal).toBeNull();
    expect(child.status).toBe(0);
    expect(child.stdout.trim()).toBe(String(REFERENCE_PAGE_COUNT));
  });

  it('is looked for in dist/server of a bundled install, with a clear message when missing', () => {
    const root = mkdtempSync(join(tmpdir(), 'rubrica-render-worker-'));
    try {
      const file = join(root, 'dist', 'server', 'render-worker.js');
      expect(() => bundledWorkerFile(root)).toThrow(RENDER_THREAD_MESSAGES.notBuilt(file));
      expect(() => bundledWorkerFile(root)).toThrow('npm run build');
      mkdirSync(join(root, 'dist', 'server'), { recursive: true });
      writeFileSync(file, '');
      expect(bundledWorkerFile(root)).toBe(file);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
