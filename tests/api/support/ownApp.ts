import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { TestApp } from './testApp.js';

/** How a test file opens its app and which of the file's variables point at it. */
export type AppSwap<Setup extends { t: TestApp }> = {
  open(): Promise<Setup>;
  current(): Setup;
  use(setup: Setup): void;
};

/**
 * Runs the enclosing describe (or each of its tests) on an app and database of its own, so the
 * rows it makes or changes never reach other tests: the file's variables point at the new app
 * meanwhile and at the previous one again afterwards.
 */
export function onOwnApp<Setup extends { t: TestApp }>(
  swap: AppSwap<Setup>,
  scope: 'describe' | 'test' = 'describe',
): void {
  const before = scope === 'test' ? beforeEach : beforeAll;
  const after = scope === 'test' ? afterEach : afterAll;
  let previous: Setup;
  before(async () => {
    previous = swap.current();
    swap.use(await swap.open());
  });
  after(async () => {
    await swap.current().t.close();
    swap.use(previous);
  });
}
