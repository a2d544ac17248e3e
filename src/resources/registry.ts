import type { ResourceDataDeclarations } from '../dataProvider/types';
import { accessRulesOf } from '../framework/accessRules';
import type { ResourceDeclaration } from '../framework/resourceDeclaration';

const isDeclaration = (value: unknown): value is ResourceDeclaration =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { name?: unknown }).name === 'string' &&
  typeof (value as { data?: unknown }).data === 'object';

/**
 * Every resource of the app, found in the folders beside this file: each folder's `index.ts`
 * exports its declarations, so adding a resource edits no shared table. `App` renders them; the
 * data and auth providers, the route table and the menu read their declarations.
 */
export const RESOURCES: readonly ResourceDeclaration[] = Object.entries(
  import.meta.glob<Record<string, unknown>>('./*/index.ts', { eager: true }),
)
  .sort(([a], [b]) => a.localeCompare(b))
  .flatMap(([, module]) => Object.values(module).filter(isDeclaration));

export const RESOURCE_DATA: ResourceDataDeclarations = Object.fromEntries(
  RESOURCES.map(({ name, data }) => [name, data]),
);

export const RESOURCE_ACCESS_RULES = accessRulesOf(RESOURCES);
