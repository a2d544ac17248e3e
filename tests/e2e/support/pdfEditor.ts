import { expect, type Page } from '@playwright/test';

/** The PDF field editor's pages (src/requests/pdf/PdfPage.tsx), as the PDF specs drive them. */

export const pageArea = (page: Page, number: number) => page.locator(`[data-page="${number}"]`);

/** pdf.js has drawn the page: its canvas holds dark pixels (the page's text). */
export async function expectPageDrawn(page: Page, number: number) {
  await expect
    .poll(
      () =>
        pageArea(page, number)
          .locator('canvas')
          .evaluate((canvas: HTMLCanvasElement) => {
            if (canvas.width < 10) return 0;
            const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
            let dark = 0;
            for (let index = 0; index < pixels.length; index += 4) if (pixels[index]! < 100) dark++;
            return dark;
          }),
      { timeout: 30_000 },
    )
    .toBeGreaterThan(50);
}

/** Clicks a page at a fraction of its width and height (where the field goes). */
export async function clickPage(page: Page, number: number, left: number, top: number) {
  const area = pageArea(page, number);
  await area.scrollIntoViewIfNeeded();
  const box = (await area.boundingBox())!;
  await area.click({ position: { x: box.width * left, y: box.height * top } });
}
