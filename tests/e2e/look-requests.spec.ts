import { expect, type Page, test } from '@playwright/test';
import { LOOK_OPERATOR } from './fixtures/lookAndFeel.fixture.js';
import { signInAs } from './support/platform.js';

/** The top bar and the browser tab name the request pages. */

const isDesktop = (page: Page) => (page.viewportSize()?.width ?? 0) >= 1280;

async function expectTopBarTitle(page: Page, title: string) {
  await expect(page).toHaveTitle(`${title} · Rúbrica`);
  if (isDesktop(page)) await expect(page.getByTestId('app-bar')).toContainText(title);
}

test('the bulk page names itself in the top bar and the tab', { tag: '@mobile' }, async ({ page }) => {
  await signInAs(page, LOOK_OPERATOR);
  await page.goto('/bulk-signature-requests');
  await expect(page.getByRole('heading', { level: 1, name: 'Solicitud masiva' })).toBeVisible();
  await expectTopBarTitle(page, 'Solicitud masiva');
});
