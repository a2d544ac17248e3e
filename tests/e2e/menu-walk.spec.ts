import { expect, type Locator, type Page, test } from '@playwright/test';
import { ROUTES, type RouteName } from '../../src/access/routes.js';
import { SHELL_PERSONAS } from './fixtures/shell.fixture.js';
import { adminCredentials, apiSession, signPageIn } from './support/apiSession.js';

/**
 * People move between list screens through the menu, not by typing addresses: a screen that works
 * when loaded can still crash when reached from another one (state of the previous list kept in
 * the store). For the administrator and a company administrator this walks the menu from every
 * list screen to every other one (each ordered pair once, in one Eulerian circuit of clicks) and
 * fails on the first page error or «Algo salió mal».
 */

/** The list screens (SPEC §2.1 route names): every menu link to one of them takes part in the walk. */
const LIST_ROUTES: readonly RouteName[] = [
  'admin.list-signature-request.list',
  'admin.company.items-crud',
  'admin.user.items-crud',
  'admin.plans.items-crud',
  'user.documentType.items-crud',
  'user.documentTemplate.items-crud',
  'admin.documentGroup.items-crud',
  'admin.groups.items-crud',
  'admin.banner.items-crud',
  'admin.notifications',
  'admin.document_download_logs',
  'admin.supports',
  'admin.company_supports',
  'admin.company_features',
  'admin.help_center',
  'email.tracker',
];
const LIST_PATHS: ReadonlySet<string> = new Set(
  ROUTES.filter((route) => LIST_ROUTES.includes(route.name)).map((route) => route.path),
);

const drawer = (page: Page) => page.getByTestId('side-drawer');

/** Every ordered pair of `count` nodes exactly once, as one walk (Hierholzer on the complete digraph). */
function everyOrderedPair(count: number): number[] {
  const unused = Array.from({ length: count }, (_, from) =>
    Array.from({ length: count }, (_, to) => to).filter((to) => to !== from),
  );
  const stack = [0];
  const walk: number[] = [];
  while (stack.length > 0) {
    const node = stack.at(-1)!;
    const next = unused[node]!.pop();
    if (next === undefined) walk.push(stack.pop()!);
    else stack.push(next);
  }
  return walk.reverse();
}

/** A menu link to a list screen: its entry id, where it points and the group it sits in. */
type ListLink = { entry: string; path: string; group: string | null };

async function listLinks(page: Page): Promise<ListLink[]> {
  const found: ListLink[] = [];
  const record = async (scope: Locator, group: string | null) => {
    for (const link of await scope.locator('a[data-menu-entry]').all()) {
      const path = new URL((await link.getAttribute('href'))!, 'http://x').pathname;
      const entry = (await link.getAttribute('data-menu-entry'))!;
      if (LIST_PATHS.has(path) && !found.some((each) => each.entry === entry))
        found.push({ entry, path, group });
    }
  };
  await record(drawer(page), null);
  for (const header of await drawer(page).locator('[aria-controls][data-menu-entry]').all()) {
    const group = (await header.getAttribute('data-menu-entry'))!;
    if ((await header.getAttribute('aria-expanded')) === 'false') await header.click();
    const list = page.locator(`[id="${await header.getAttribute('aria-controls')}"]`);
    await expect(list.locator('a[data-menu-entry]').first()).toBeVisible();
    await record(list, group);
  }
  return found;
}

/** Clicks the menu link, opening its group first when it is closed. */
async function follow(page: Page, link: ListLink) {
  const target = drawer(page).locator(`a[data-menu-entry="${link.entry}"]`);
  if (link.group && !(await target.isVisible())) {
    const header = drawer(page).locator(`[aria-controls][data-menu-entry="${link.group}"]`);
    if ((await header.getAttribute('aria-expanded')) === 'false') await header.click();
  }
  await target.click();
}

async function walkMenu(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => {
    // The e-mail template preview is a sandboxed frame: what its sandbox refuses is by design.
    if (!error.message.includes('sandboxed')) errors.push(`${page.url()}: ${error.message}`);
  });
  // The error boundary catches a render's exception, and React reports it on the console.
  page.on('console', (message) => {
    // A refused request is the screen's business; a sandboxed preview frame (e-mail templates)
    // reports what its sandbox blocks.
    const benign = /^Failed to load resource|sandboxed/.test(message.text());
    if (message.type() === 'error' && !benign) errors.push(`${page.url()}: ${message.text()}`);
  });
  await page.goto('/home');
  await expect(drawer(page).locator('[data-menu-entry]').first()).toBeVisible();
  const links = await listLinks(page);
  expect(links.length).toBeGreaterThan(3);
  const walk = everyOrderedPair(links.length);
  await follow(page, links[walk[0]!]!);
  for (let step = 1; step < walk.length; step++) {
    const from = links[walk[step - 1]!]!.entry;
    const link = links[walk[step]!]!;
    const to = link.entry;
    await follow(page, link);
    // One in-page wait per move (separate expectations would cost a round trip each, some 250
    // times a walk): the address is the link's, its title is shown, nothing is still loading (a
    // list that crashes does so once its data arrives) and no error screen replaced it.
    const settled = await page
      .waitForFunction(
        ({ path, crash }) => {
          if (window.location.pathname !== path) return false;
          if (document.body.textContent?.includes(crash)) return 'crashed';
          const title = document.querySelector('h1');
          if (!title || title.getClientRects().length === 0) return false;
          return document.querySelector('[role="progressbar"]:not([aria-valuenow])') ? false : 'settled';
        },
        { path: link.path, crash: 'Algo salió mal' },
        { timeout: 30_000 },
      )
      .then((handle) => handle.jsonValue())
      .catch((error: Error) => `not settled: ${error.message}`);
    expect(settled, `${from} → ${to}`).toBe('settled');
    expect(errors, `${from} → ${to}`).toEqual([]);
  }
}

test.describe('moving between list screens through the menu', () => {
  // The two walks are independent: one per worker.
  test.describe.configure({ mode: 'parallel' });
  test('the administrator reaches every list screen from every other one', async ({ page }) => {
    // Some 250 moves, each waiting for its screen to settle: minutes on a busy 2-core machine.
    test.setTimeout(20 * 60_000);
    const { email, password } = adminCredentials();
    await signPageIn(page, await apiSession(email, password));
    await walkMenu(page);
  });

  test('a company administrator reaches every list screen from every other one', async ({ page }) => {
    // Some 250 moves, each waiting for its screen to settle: minutes on a busy 2-core machine.
    test.setTimeout(20 * 60_000);
    await signPageIn(
      page,
      await apiSession(SHELL_PERSONAS.companyAdmin.email, SHELL_PERSONAS.companyAdmin.password),
    );
    await walkMenu(page);
  });
});
