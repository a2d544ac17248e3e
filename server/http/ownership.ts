import { type SQL, sql } from 'drizzle-orm';
import type { InputSource, Ownership } from '../../contract/define.js';
import { OWNED_TABLES } from '../../contract/ownedTables.js';
import type { OwnedEntity } from '../../contract/owners.js';
import { type Db, queryRows } from '../db/client.js';
import { type Actor, canSeeCompany } from '../deps.js';
import { notFound } from '../errors.js';

/** The ids a rule names in the request: none, one, or every element of an array field. */
function namedIds(rule: Ownership, input: Record<InputSource, unknown>): unknown[] {
  const raw = (input[rule.from] as Record<string, unknown> | undefined)?.[rule.field];
  if (raw === undefined || raw === null) return [];
  return Array.isArray(raw) ? raw : [raw];
}

const isRecordId = (value: number) => Number.isSafeInteger(value) && value > 0;

/**
 * The query that finds, for some ids of one entity, the live ones and their owning company.
 * Derived from the declaration in contract/owners.ts: live record, live owning company.
 */
function ownersQuery(entity: OwnedEntity, ids: readonly number[]): SQL {
  const declared: { table: string; owner: string; softDelete?: string } = OWNED_TABLES[entity];
  const table = sql.identifier(declared.table);
  const owner = sql`t.${sql.identifier(declared.owner)}`;
  const live = declared.softDelete ? sql` AND t.${sql.identifier(declared.softDelete)} IS NULL` : sql``;
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`SELECT ${entity}::text AS entity, t.id::int AS id, ${owner}::int AS company_id
    FROM ${table} t JOIN companies owner_company ON owner_company.id = ${owner}
    WHERE t.id IN (${list})${live} AND owner_company.deleted_at IS NULL`;
}

/**
 * The company owning each named record that exists, in one query for the whole request.
 * Exported for the declaration test; `checkOwnership` is what the routes use.
 */
export async function resolveOwners(
  db: Db,
  wanted: ReadonlyMap<OwnedEntity, ReadonlySet<number>>,
): Promise<Map<string, number>> {
  const parts = [...wanted].map(([entity, ids]) => ownersQuery(entity, [...ids]));
  const owners = new Map<string, number>();
  if (parts.length === 0) return owners;
  const rows = await queryRows<{ entity: string; id: number; company_id: number }>(
    db,
    sql.join(parts, sql` UNION ALL `),
  );
  for (const row of rows) owners.set(`${row.entity}:${Number(row.id)}`, Number(row.company_id));
  return owners;
}

/**
 * Every record the request names must exist and belong to a company the actor can see;
 * otherwise 404, so that another tenant's ids reveal nothing. One query at most per request;
 * none when the only records named are companies the session already knows are live and
 * visible (the actor's own company and branches, loaded with the session).
 */
export async function checkOwnership(
  db: Db,
  actor: Actor,
  owns: readonly Ownership[],
  input: Record<InputSource, unknown>,
): Promise<void> {
  const wanted = new Map<OwnedEntity, Set<number>>();
  for (const rule of owns) {
    for (const raw of namedIds(rule, input)) {
      const id = Number(raw);
      if (!isRecordId(id)) throw notFound();
      if (rule.entity === 'company' && knownLiveCompany(actor, id)) continue;
      const ids = wanted.get(rule.entity) ?? new Set<number>();
      wanted.set(rule.entity, ids.add(id));
    }
  }
  const owners = await resolveOwners(db, wanted);
  for (const [entity, ids] of wanted) {
    for (const id of ids) {
      const owner = owners.get(`${entity}:${id}`);
      if (owner === undefined || !canSeeCompany(actor, owner)) throw notFound();
    }
  }
}

/** The actor's own company and branches: loaded live with the session, so no query is needed. */
function knownLiveCompany(actor: Actor, companyId: number): boolean {
  return (
    companyId === actor.companyId ||
    (actor.visibleCompanyIds !== 'all' && actor.visibleCompanyIds.includes(companyId))
  );
}
