/**
 * The render thread's worker (see renderThread.ts): one `DocumentRenderer`, created on the first
 * request, compiling what the main thread prepared. Bundled as dist/server/render-worker.js.
 */
import { parentPort } from 'node:worker_threads';
import { DocumentRenderer } from './renderer.js';
import type { CompileReply, CompileRequest } from './renderThread.js';

if (!parentPort) throw new Error('renderWorker.ts se ejecuta solo como hilo de RenderThread');
const port = parentPort;
let renderer: DocumentRenderer | undefined;

/** Bytes cloned across threads arrive as a plain Uint8Array; the compiler takes Buffers. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The PDF alone in its memory, so that handing it over moves it instead of copying it. */
const movable = (pdf: Buffer): Uint8Array =>
  pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength ? pdf : new Uint8Array(pdf);

port.on('message', ({ id, prepared, svgPages }: CompileRequest) => {
  let reply: CompileReply;
  try {
    renderer ??= DocumentRenderer.create();
    const images = prepared.images.map((image) => ({ ...image, bytes: asBuffer(image.bytes) }));
    const document = renderer.compilePrepared({ ...prepared, images }, svgPages);
    reply = { id, document: { ...document, pdf: movable(document.pdf) } };
  } catch (error) {
    // Only the message crosses: callers match on it (e.g. «No se pudo generar el PDF: …»).
    port.postMessage({
      id,
      error: error instanceof Error ? error.message : String(error),
    } satisfies CompileReply);
    return;
  }
  port.postMessage(reply, [reply.document.pdf.buffer as ArrayBuffer]);
});
