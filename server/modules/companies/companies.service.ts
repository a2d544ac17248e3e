import { and, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { companyListItem } from '../../../contract/endpoints/company.js';
import { companies } from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { likePattern, orderFor, pageWindow } from '../common/listing.js';

type CompanyListItem = z.output<typeof companyListItem>;

export type CompanyListInput = {
  page: number;
  itemsPerPage: number;
  search?: string;
  status?: 'active' | 'inactive';
  sort?: 'id' | 'fiscal_name' | 'tax_id' | 'created_at';
  order?: 'ASC' | 'DESC';
};

const SORT_COLUMNS = {
  id: companies.id,
  fiscal_name: companies.fiscalName,
  tax_id: companies.taxId,
  created_at: companies.createdAt,
} as const;

/**
 * The companies the caller can see (the administrator: all; a company: itself and its branches),
 * searched by fiscal name or tax id, filtered by status, sorted and paginated.
 */
export async function listCompanies(
  deps: Deps,
  actor: Actor,
  input: CompanyListInput,
): Promise<{ items: CompanyListItem[]; total: number }> {
  const { db } = deps.database;
  const conditions: (SQL | undefined)[] = [
    actor.visibleCompanyIds === 'all' ? undefined : inArray(companies.id, [...actor.visibleCompanyIds]),
    input.status ? eq(companies.status, input.status) : undefined,
    input.search
      ? or(
          ilike(companies.fiscalName, likePattern(input.search)),
          ilike(companies.taxId, likePattern(input.search)),
        )
      : undefined,
  ];
  const where = and(...conditions);
  const [totalRow] = await db.select({ total: count() }).from(companies).where(where);
  const rows = await db
    .select({
      id: companies.id,
      fiscalName: companies.fiscalName,
      taxId: companies.taxId,
      parentId: companies.parentId,
      status: companies.status,
      createdAt: companies.createdAt,
    })
    .from(companies)
    .where(where)
    .orderBy(...orderFor(SORT_COLUMNS, companies.id, input.sort, 'id', input.order))
    .limit(pageWindow(input).limit)
    .offset(pageWindow(input).offset);
  return {
    items: rows.map((row) => ({
      id: row.id,
      fiscal_name: row.fiscalName,
      tax_id: row.taxId,
      parent_id: row.parentId,
      status: row.status,
      created_at: row.createdAt.toISOString(),
    })),
    total: Number(totalRow?.total ?? 0),
  };
}
