/**
 * The render process's child (see renderProcess.ts): one `DocumentRenderer`, created on the first
 * request (fonts load once per child), compiling what the parent prepared, one document at a time.
 * Bundled as dist/server/render-process.js. A crash of the native compiler ends only this process;
 * the parent fails the document it was compiling and starts another child.
 */
import { DocumentRenderer } from './renderer.js';
import type { ChildReady, CompileReply, CompileRequest } from './renderProcess.js';

const send = process.send?.bind(process);
/** `gc` with `--expose-gc` (renderProcess.ts starts the child so). */
const collect = (globalThis as { gc?: () => void }).gc;
/**
 * Native memory of PDFs already sent that waits for a garbage collection: the child's small heap
 * rarely needs one, so V8 would let their buffers pile up to its 64 MiB external-memory limit.
 */
const MAX_PENDING_EXTERNAL = 8 * 1024 * 1024;
if (!send) throw new Error('renderChild.ts se ejecuta solo como proceso hijo de RenderProcess');
let renderer: DocumentRenderer | undefined;

/** Bytes arrive as Buffers with advanced serialisation; a plain Uint8Array is wrapped, not copied. */
const asBuffer = (bytes: Uint8Array) =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

process.on('message', ({ id, prepared, svgPages }: CompileRequest) => {
  let reply: CompileReply;
  try {
    renderer ??= DocumentRenderer.create();
    const images = prepared.images.map((image) => ({ ...image, bytes: asBuffer(image.bytes) }));
    reply = { id, document: renderer.compilePrepared({ ...prepared, images }, svgPages) };
  } catch (error) {
    // Only the message crosses: callers match on it (e.g. «No se pudo generar el PDF: …»).
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  send(reply);
  if (collect && process.memoryUsage().external > MAX_PENDING_EXTERNAL) collect();
});

// The parent closed the channel (its close(), its exit, its death): nothing is left to do here.
process.on('disconnect', () => process.exit(0));

send({ ready: true } satisfies ChildReady);
