import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

/**
 * How long `findBy*` and `waitFor` wait for the screen to settle. Testing Library's 1 s default
 * fails at random on a busy 2-core machine; a passing test never waits this long, so a generous
 * limit only makes a failing one report later.
 */
export const ASYNC_UTIL_TIMEOUT_MS = 30_000;
configure({ asyncUtilTimeout: ASYNC_UTIL_TIMEOUT_MS });

// Each test starts logged out with a fresh DOM.
afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom lays nothing out, so it has no scrolling: screens that bring a panel into view scroll nowhere.
if (typeof Element !== 'undefined' && !Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {};
}
