import { expect, type Page, test } from '@playwright/test';
import { GROUP_PDF_ADMIN, GROUP_PDF_FOLDER, GROUP_PDF_NAME } from './fixtures/groupPdf.fixture.js';
import { apiSession, signPageIn } from './support/apiSession.js';

/**
 * «Ver en PDF» on a document group shows the group's PDF in a frame built from a blob: URL; the
 * Content Security Policy must let exactly that frame load, and nothing in the page may break it.
 */

/** Every CSP violation the page reports, from the DOM event and from the console. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) logged.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  return async () => [
    ...logged,
    ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)),
  ];
}

test('«Ver en PDF» on a document group loads the PDF in its frame', { tag: '@mobile' }, async ({ page }) => {
  const violations = await watchViolations(page);
  await signPageIn(page, await apiSession(GROUP_PDF_ADMIN.email, GROUP_PDF_ADMIN.password));
  await page.goto('/document-group');
  await page.getByRole('treeitem').filter({ hasText: GROUP_PDF_FOLDER }).click();
  // A table row on a desktop, a list item on a phone.
  await page
    .getByRole('row')
    .or(page.getByRole('listitem'))
    .filter({ hasText: GROUP_PDF_NAME })
    .getByRole('button', { name: 'Editar' })
    .click();
  await expect(page.getByText(GROUP_PDF_NAME, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Ver en PDF' }).click();
  const frame = page.locator(`iframe[title="PDF de «${GROUP_PDF_NAME}»"]`);
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute('src', /^blob:/);
  // The frame navigated to the PDF itself, not to Chromium's error page of a blocked frame.
  await expect
    .poll(() => page.frames().map((each) => each.url()))
    .toContainEqual(expect.stringMatching(/^blob:/));
  expect(page.frames().map((each) => each.url())).not.toContainEqual(expect.stringMatching(/^chrome-error:/));
  expect(await violations()).toEqual([]);
});
