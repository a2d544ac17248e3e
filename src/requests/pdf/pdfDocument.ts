import type { PDFDocumentProxy } from 'pdfjs-dist';

/**
 * pdf.js, loaded on first use only (it is large and only these screens need it), with its worker
 * bundled by vite as a file of the build: nothing is fetched from elsewhere.
 */
async function pdfjs() {
  const [library, worker] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]);
  library.GlobalWorkerOptions.workerSrc = worker.default;
  return library;
}

/** Opens the PDF the user picked (the bytes already accepted by the server). */
export async function openPdf(file: Blob): Promise<PDFDocumentProxy> {
  const library = await pdfjs();
  const data = new Uint8Array(await file.arrayBuffer());
  // No scripting, no XFA, no font downloads: the page is only drawn.
  return library.getDocument({ data, isEvalSupported: false, enableXfa: false, disableFontFace: false })
    .promise;
}

/**
 * Draws page `pageNumber` (1-based) on `canvas`, `scale` pixels per point, unrotated, so the
 * canvas and the field boxes share the page's own coordinates.
 */
export async function drawPage(
  document: PDFDocumentProxy,
  pageNumber: number,
  canvas: HTMLCanvasElement,
  scale: number,
) {
  const page = await document.getPage(pageNumber);
  const ratio = window.devicePixelRatio || 1;
  const viewport = page.getViewport({ scale: scale * ratio, rotation: 0 });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  const task = page.render({ canvas, viewport });
  await task.promise;
  return task;
}
