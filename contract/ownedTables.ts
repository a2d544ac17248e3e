import { declaredOwnedTables } from './endpoints.generated.js';
import { CORE_OWNED_TABLES, type OwnedEntity, type OwnedTable } from './owners.js';

/**
 * Every owned table: the platform's own and those the resource modules declare. Apart from
 * owners.ts because it loads the endpoint modules, which themselves read owners.ts.
 */
export const OWNED_TABLES: Readonly<Record<OwnedEntity, OwnedTable>> = {
  ...CORE_OWNED_TABLES,
  ...declaredOwnedTables,
};

export const OWNED_ENTITIES = Object.keys(OWNED_TABLES) as OwnedEntity[];
