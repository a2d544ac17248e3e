import type { declaredOwnedTables } from './endpoints.generated.js';

/**
 * Tenant records a request may name, each declared once: its table, the column holding the
 * owning company's id, and the column that marks it deleted (a deleted record is gone for every
 * request that names it). The platform's own kinds are listed here; a resource declares its own
 * in its contract file (`export const ownedTables = { costCenter: ownedTable({...}) }`), and
 * contract/ownedTables.ts merges both. The server derives its ownership checks from them and a
 * server test checks each table and column against the database schema. A record whose owning
 * company is deleted is gone too.
 */
export const CORE_OWNED_TABLES = {
  company: { table: 'companies', owner: 'id', softDelete: 'deleted_at' },
  user: { table: 'users', owner: 'company_id', softDelete: 'deleted_at' },
  planAssignment: { table: 'plan_assignments', owner: 'company_id' },
  downloadRequest: { table: 'download_requests', owner: 'company_id' },
} as const satisfies Record<string, OwnedTable>;

export type OwnedTable = {
  /** SQL table name. */
  table: string;
  /** SQL column with the owning company's id (`id` for the companies table itself). */
  owner: string;
  /** SQL timestamp column set when the record is deleted, if it is soft-deleted. */
  softDelete?: string;
  /**
   * Column values (besides the owner) of a valid row, for a resource's own table: the route
   * sweep inserts one for another company and probes every endpoint with its id.
   */
  sample?: Readonly<Record<string, string | number | boolean>>;
};

/** Keeps the literal type of an owned-table declaration while checking its shape. */
export const ownedTable = <const T extends OwnedTable>(declaration: T): T => declaration;

export type OwnedEntity = keyof typeof CORE_OWNED_TABLES | keyof typeof declaredOwnedTables;

/** Reasons shared by the `notTenant` marks of the contract (see EndpointDefinition.notTenant). */
export const NOT_TENANT = {
  role: 'los roles son del catálogo global de SPEC §6, no de una empresa',
  location: 'DIVIPOLA: datos de referencia comunes a todas las empresas',
  taxId: 'es un NIT, no el id de un registro',
  plan: 'los planes son un catálogo global del administrador',
} as const;

/** The location fields of a company form and filter. */
export const LOCATION_NOT_TENANT = {
  department_id: NOT_TENANT.location,
  city_id: NOT_TENANT.location,
} as const;
