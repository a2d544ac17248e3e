import { expect, type Page, test } from '@playwright/test';
import { PLATFORM_USERS } from './fixtures/platform.fixture.js';
import { expectNoHorizontalOverflow, isDesktop } from './fixtures/viewport.js';
import { expectAccessible } from './support/axe.js';
import { signInAs, signInAsAdmin } from './support/platform.js';

/**
 * The ten statistics pages (/statistics/*), reached through the menu: each shows its heading, a
 * chart and the same figures as a table, in Spanish with es-CO numbers, axe clean and no wider than
 * the phone. A customer company sees its own pages only: the platform's comparisons send it home.
 */

const COMPANY_PAGES = [
  {
    group: 'statistics',
    entry: 'company-storage',
    path: '/statistics/company',
    title: 'Estadísticas: almacenamiento',
  },
  {
    group: 'statistics',
    entry: 'company-users',
    path: '/statistics/users/company',
    title: 'Estadísticas: usuarios',
  },
  {
    group: 'statistics',
    entry: 'company-unlimited-packages',
    path: '/statistics/packages/company',
    title: 'Estadísticas: paquetes ilimitados',
  },
  {
    group: 'statistics',
    entry: 'company-unit-packages',
    path: '/statistics/packages_units/company',
    title: 'Estadísticas: paquetes por unidades',
  },
  {
    group: 'statistics',
    entry: 'company-codes',
    path: '/statistics/validation_codes/company',
    title: 'Estadísticas: códigos de validación',
  },
];
const PLATFORM_PAGES = [
  {
    group: 'global-statistics',
    entry: 'companies-storage',
    path: '/statistics/storage',
    title: 'Estadísticas: almacenamiento por empresa',
  },
  {
    group: 'global-statistics',
    entry: 'companies-users',
    path: '/statistics/users',
    title: 'Estadísticas: usuarios por empresa',
  },
  {
    group: 'global-statistics',
    entry: 'companies-unlimited-packages',
    path: '/statistics/packages',
    title: 'Estadísticas: paquetes ilimitados por empresa',
  },
  {
    group: 'global-statistics',
    entry: 'companies-unit-packages',
    path: '/statistics/packages_units',
    title: 'Estadísticas: paquetes por unidades por empresa',
  },
  {
    group: 'global-statistics',
    entry: 'companies-codes',
    path: '/statistics/validation_codes',
    title: 'Estadísticas: códigos de validación por empresa',
  },
];
type StatisticsPage = (typeof COMPANY_PAGES)[number];

const drawer = (page: Page) => page.getByTestId('side-drawer');

/** Opens the menu (a phone's drawer first), then the group, then follows the entry. */
async function follow(page: Page, target: StatisticsPage) {
  if (!isDesktop(page)) await page.getByRole('button', { name: 'Abrir menú' }).click();
  const link = drawer(page).locator(`a[data-menu-entry="${target.entry}"]`);
  const header = drawer(page).locator(`[aria-controls][data-menu-entry="${target.group}"]`);
  if ((await header.getAttribute('aria-expanded')) === 'false') await header.click();
  await link.click();
  await page.waitForURL((url) => url.pathname === target.path);
}

async function expectStatisticsScreen(page: Page, target: StatisticsPage) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.title);
  const table = page.getByRole('table').first();
  await expect(table).toBeVisible();
  await expect(page.locator('.MuiChartsSurface-root, svg.MuiChartsSurface-root').first()).toBeVisible();
  await expect(page.getByText('próximamente')).toHaveCount(0);
  await expect(page.getByText(/No data|Loading|Total rows/)).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page, { label: target.path });
}

// One walk per group of five pages: the menu is what people use, and a sign-in per page would
// cost more than the page itself.
for (const [whose, pages] of [
  ['the companies’ comparisons', PLATFORM_PAGES],
  ['the platform company’s own pages', COMPANY_PAGES],
] as const) {
  test(`the administrator opens ${whose} from the menu`, { tag: '@mobile' }, async ({ page }) => {
    test.slow();
    await signInAsAdmin(page);
    await page.goto('/home');
    for (const target of pages) {
      await test.step(target.path, async () => {
        await follow(page, target);
        await expectStatisticsScreen(page, target);
        if (target.entry === 'companies-users') {
          // The comparison names companies, largest first a page at a time (the whole suite's
          // companies share the database, so the fixture's may sit on a later page), with totals.
          await expect(page.getByRole('rowheader').first()).toBeVisible();
          await expect(page.getByRole('rowheader', { name: 'Total', exact: true }).last()).toBeVisible();
        }
      });
    }
  });
}

test('a customer company sees its own statistics and is sent home from the platform’s', {
  tag: '@mobile',
}, async ({ page }) => {
  await signInAs(page, PLATFORM_USERS.andina);
  await page.goto('/home');
  await follow(page, COMPANY_PAGES[1]!);
  await expectStatisticsScreen(page, COMPANY_PAGES[1]!);
  await expect(page.getByRole('cell', { name: '1', exact: true }).first()).toBeVisible();
  if (!isDesktop(page)) await page.getByRole('button', { name: 'Abrir menú' }).click();
  await expect(drawer(page).locator('[data-menu-entry="global-statistics"]')).toHaveCount(0);
  for (const target of PLATFORM_PAGES) {
    await page.goto(target.path);
    await page.waitForURL((url) => url.pathname === '/home');
  }
});
