import { sql } from 'drizzle-orm';
import type { OwnedEntity, Ownership } from '../../contract/define.js';
import { type Db, queryRows } from '../db/client.js';
import { type Actor, canSeeCompany } from '../deps.js';
import { notFound } from '../errors.js';

type OwnerResolver = (db: Db, id: number) => Promise<number | null>;

async function firstCompanyId(db: Db, query: ReturnType<typeof sql>): Promise<number | null> {
  const [row] = await queryRows<{ company_id: number }>(db, query);
  return row ? Number(row.company_id) : null;
}

/** For each kind of record a request may name: the company that owns it. */
export const ownerResolvers: Record<OwnedEntity, OwnerResolver> = {
  // A deleted company is gone for every request that names it, as are its download requests.
  company: (db, id) =>
    firstCompanyId(db, sql`SELECT id AS company_id FROM companies WHERE id = ${id} AND deleted_at IS NULL`),
  // A deleted user is gone for every request that names it.
  user: (db, id) =>
    firstCompanyId(db, sql`SELECT company_id FROM users WHERE id = ${id} AND deleted_at IS NULL`),
  planAssignment: (db, id) =>
    firstCompanyId(db, sql`SELECT company_id FROM plan_assignments WHERE id = ${id}`),
  userGroup: (db, id) => firstCompanyId(db, sql`SELECT company_id FROM user_groups WHERE id = ${id}`),
  documentType: (db, id) => firstCompanyId(db, sql`SELECT company_id FROM document_types WHERE id = ${id}`),
  downloadRequest: (db, id) =>
    firstCompanyId(
      db,
      sql`SELECT r.company_id FROM download_requests r JOIN companies c ON c.id = r.company_id
          WHERE r.id = ${id} AND c.deleted_at IS NULL`,
    ),
};

/**
 * Every record the request names must exist and belong to a company the actor can see;
 * otherwise 404, so that another tenant's ids reveal nothing.
 */
export async function checkOwnership(
  db: Db,
  actor: Actor,
  owns: readonly Ownership[],
  input: Record<'params' | 'body' | 'query', unknown>,
): Promise<void> {
  for (const rule of owns) {
    const source = input[rule.from] as Record<string, unknown> | undefined;
    const raw = source?.[rule.field];
    if (raw === undefined || raw === null) continue;
    const id = Number(raw);
    const owner = Number.isSafeInteger(id) && id > 0 ? await ownerResolvers[rule.entity](db, id) : null;
    if (owner === null || !canSeeCompany(actor, owner)) throw notFound();
  }
}
