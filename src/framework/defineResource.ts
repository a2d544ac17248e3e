import type { ResourceDataDeclaration } from '../dataProvider/types';
import type { LooseScreenDeclaration, ResourceDeclaration } from './resourceDeclaration';
import type { ScreenDeclaration } from './types';

/**
 * Declares a resource (its folder's `index.ts`). The field names, the sort, the phone row and the
 * overrides are checked against the records the contract endpoints of `data` return, so a typo or
 * a field the API does not send fails the type check.
 */
export function defineResource<const D extends ResourceDataDeclaration>(
  declaration: Omit<ResourceDeclaration, 'data' | 'screens'> & { data: D; screens: ScreenDeclaration<D> },
): ResourceDeclaration & { screens: LooseScreenDeclaration } {
  // Checked above against D; the app reads any declaration through the loose shape.
  return declaration as unknown as ResourceDeclaration & { screens: LooseScreenDeclaration };
}
