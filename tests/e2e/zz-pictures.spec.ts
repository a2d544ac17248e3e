import { expect, test } from '@playwright/test';
import { GROUPS_ADMIN } from './fixtures/documentGroups.fixture.js';
import { apiSession, signPageIn } from './support/apiSession.js';

test('pictures @mobile', async ({ page }, info) => {
  await signPageIn(page, await apiSession(GROUPS_ADMIN.email, GROUPS_ADMIN.password));
  const width = info.project.name === 'mobile' ? 390 : 1440;
  for (const [name, path] of [
    ['templates', '/document-template'],
    ['template-new', '/document-template/create'],
    ['groups', '/document-group'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/pics/${name}-${width}.png`, fullPage: true });
  }
  await page.goto('/document-group');
  await page.waitForTimeout(1500);
  const link = page.getByRole('link', { name: /Editar|E2E/ }).first();
  if (await link.count()) {
    await link.click();
    await page.waitForTimeout(2000);
    await page.screenshot({ path: `/tmp/pics/group-edit-${width}.png`, fullPage: true });
  }
});
