import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core on the page as it is. Transitions and animations are switched off first: a menu, a
 * dialog or a toast caught half-faded reads as low contrast, a finding of the moment and not of
 * the page. By default only serious and critical violations fail (`every` for the signer's pages,
 * which must be clean of every kind); each is reported by rule and element.
 */
export async function expectAccessible(page: Page, options: { every?: boolean; label?: string } = {}) {
  await withoutTransitions(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations
    .filter(({ impact }) => options.every || impact === 'serious' || impact === 'critical')
    .map(({ id, help, nodes }) => ({ id, help, targets: nodes.map(({ target }) => target.join(' ')) }));
  expect(found, options.label).toEqual([]);
}

/** Menus and drawers then open and close at once (also before a check that opens one). */
export async function withoutTransitions(page: Page) {
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
}
