import type { EndpointDefinition } from './define.js';
import { endpointModules } from './endpoints.generated.js';
import { type MergedTables, mergeTables } from './registry.js';

export * from './access.js';
export * from './define.js';
export * from './listInputs.js';
export * from './ownedTables.js';
export * from './owners.js';
export * from './permissions.js';
export * from './schemas.js';
export * from './validation.js';

const isEndpointDefinition = (value: unknown): value is EndpointDefinition =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { method?: unknown }).method === 'string' &&
  typeof (value as { path?: unknown }).path === 'string' &&
  'reply' in value;

export type Endpoints = MergedTables<typeof endpointModules, EndpointDefinition>;

/**
 * Every API call, by name: the endpoint tables exported by the files of endpoints/ (one per
 * SPEC §7.2 area or resource), found by the generated barrel, so a new area edits nothing here.
 */
export const endpoints = mergeTables(endpointModules, isEndpointDefinition, 'Endpoint') as Endpoints;

export type EndpointName = keyof Endpoints;
