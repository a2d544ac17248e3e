import type { ResourceDataDeclarations } from '../dataProvider/types';
import { accessRulesOf } from './accessRules';
import { roles } from './roles';
import type { ResourceDeclaration } from './types';

/** Every resource of the app. `App` renders them; the data and auth providers read their declarations. */
export const RESOURCES: readonly ResourceDeclaration[] = [roles];

export const RESOURCE_DATA: ResourceDataDeclarations = Object.fromEntries(
  RESOURCES.map(({ name, data }) => [name, data]),
);

export const RESOURCE_ACCESS_RULES = accessRulesOf(RESOURCES);
