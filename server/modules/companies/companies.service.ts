import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { company as companyEndpoints } from '../../../contract/endpoints/company.js';
import type { SortKeyOf } from '../../../contract/listInputs.js';
import { PLATFORM_COMPANY_ID } from '../../../contract/permissions.js';
import { companies, sessions, users } from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { conflict, forbidden, notFound, unprocessable } from '../../errors.js';
import { replacePrincipalKey } from '../apiKeys/apiKeys.service.js';
import { isUniqueViolation } from '../common/constraintErrors.js';
import { listOrder, listPage } from '../common/listing.js';
import { sortColumnsOf } from '../common/listSorts.js';
import {
  type CompanyFilters,
  type CompanyRecord,
  companyListWhere,
  companyRecordsByIds,
  findCompanyRecord,
  selectCompanyRecords,
  toBytes,
  toCompanyRecord,
  visibleLiveCompanies,
} from './companyRecord.js';
import {
  assertTaxIdFree,
  COMPANY_MESSAGES,
  type CompanyInput,
  type CurrentCompany,
  checkRestrictedFields,
  isPlatformAdmin,
  resolveLocation,
  taxIdTaken,
} from './companyRules.js';
import { type LogoFile, newLogoKey, readLogo } from './logo.js';

export type CompanyListInput = CompanyFilters & {
  page: number;
  itemsPerPage: number;
  sort?: SortKeyOf<typeof companyEndpoints.listCompanies>;
  order?: 'ASC' | 'DESC';
};

const SORT_COLUMNS = sortColumnsOf(companyEndpoints.listCompanies, companies, {
  storage_used_gb: companies.storageUsedBytes,
  storage_capacity_gb: companies.storageCapacityBytes,
});

/**
 * The companies the caller can see (the administrator: all; a company: itself and its branches),
 * live only, searched by fiscal name or NIT, filtered, sorted and paginated.
 */
export async function listCompanies(
  deps: Deps,
  actor: Actor,
  input: CompanyListInput,
): Promise<{ items: CompanyRecord[]; total: number }> {
  const { db } = deps.database;
  const where = companyListWhere(actor, input);
  // The page's ids first, then their joins: the joins then touch 15 rows, not the whole table,
  // even where the planner has no statistics (PGlite runs no autovacuum, so never ANALYZEs).
  const unfiltered =
    actor.visibleCompanyIds === 'all' &&
    Object.values(filtersOf(input)).every((value) => value === undefined);
  const order = listOrder(SORT_COLUMNS, companies.id, input.sort, 'id', input.order, {
    searching: !!input.search,
  });
  return listPage({
    db,
    page: input,
    ordered: {
      order,
      query: (after) =>
        db
          .select({ id: companies.id })
          .from(companies)
          .where(and(where, after))
          .orderBy(...order.by),
    },
    recordsByIds: companyRecordsByIds,
    toItem: toCompanyRecord,
    estimateTable: unfiltered ? 'companies' : undefined,
  });
}

/** The filters of a list input (everything but paging and sorting). */
const filtersOf = ({ page, itemsPerPage, sort, order, ...filters }: CompanyListInput): CompanyFilters =>
  filters;

/** One company; ownership (visible and live) was checked by the route layer. */
export async function getCompany(deps: Deps, companyId: number): Promise<CompanyRecord> {
  const record = await findCompanyRecord(deps.database.db, companyId);
  if (!record) throw notFound();
  return record;
}

/** The live branches of a company the caller can see, by name. */
export async function listBranches(deps: Deps, actor: Actor, companyId: number) {
  const rows = await selectCompanyRecords(deps.database.db)
    .where(and(visibleLiveCompanies(actor), eq(companies.parentId, companyId)))
    .orderBy(asc(companies.fiscalName), asc(companies.id));
  return { items: rows.map(toCompanyRecord), total: rows.length };
}

const NEW_COMPANY: CurrentCompany = {
  parentId: null,
  status: 'active',
  storageCapacityBytes: 0,
  departmentId: null,
  cityId: null,
};

/** Columns written from the plain fields of a request (those it sends). */
function plainColumns(input: CompanyInput) {
  return {
    ...(input.fiscal_name !== undefined && { fiscalName: input.fiscal_name }),
    ...(input.tax_id !== undefined && { taxId: input.tax_id }),
    ...(input.status !== undefined && { status: input.status }),
    ...(input.storage_capacity_gb !== undefined && {
      storageCapacityBytes: toBytes(input.storage_capacity_gb),
    }),
    ...(input.support_phone !== undefined && { supportPhone: input.support_phone }),
    ...(input.support_whatsapp !== undefined && { supportWhatsapp: input.support_whatsapp }),
    ...(input.support_email !== undefined && { supportEmail: input.support_email }),
    ...(input.country_code !== undefined && { countryCode: input.country_code }),
    ...(input.postal_code !== undefined && { postalCode: input.postal_code }),
    ...(input.address !== undefined && { address: input.address }),
  };
}

/** Stores a new logo first; if the database write then fails, the stored file is removed again. */
async function withStoredLogo<T>(
  deps: Deps,
  logo: LogoFile | null,
  write: (key: string | null) => Promise<T>,
) {
  const key = logo ? newLogoKey(logo) : null;
  if (logo && key) await deps.storage.put(key, logo.bytes);
  try {
    return await write(key);
  } catch (error) {
    if (key) await deps.storage.delete(key).catch(() => {});
    throw error;
  }
}

export type NewCompanyInput = CompanyInput & { fiscal_name: string; parent_id?: number };

/**
 * Creates a company (administrator) or, with `parent_id`, a branch of a top-level company the
 * caller can see (so: the administrator or a user of that company; ownership was checked). A branch
 * without a NIT takes its parent's. The reply carries the API key, shown this once.
 */
export async function createCompany(
  deps: Deps,
  actor: Actor,
  input: NewCompanyInput,
): Promise<CompanyRecord & { api_key: string }> {
  const { db } = deps.database;
  let taxId = input.tax_id;
  if (input.parent_id !== undefined) {
    const [parent] = await db
      .select({ parentId: companies.parentId, taxId: companies.taxId })
      .from(companies)
      .where(and(eq(companies.id, input.parent_id), isNull(companies.deletedAt)));
    if (!parent) throw notFound();
    if (parent.parentId !== null) {
      throw unprocessable(COMPANY_MESSAGES.branchOfBranch, { parent_id: COMPANY_MESSAGES.branchOfBranch });
    }
    taxId ??= parent.taxId;
  } else if (taxId) {
    await assertTaxIdFree(db, taxId);
  }
  checkRestrictedFields(actor, input, { ...NEW_COMPANY, parentId: input.parent_id ?? null });
  const location = await resolveLocation(db, input, NEW_COMPANY);
  const logo = input.logo ? await readLogo(input.logo) : null;
  const now = deps.clock.now();
  let apiKey = '';
  const id = await withStoredLogo(deps, logo, async (logoKey) => {
    try {
      return await db.transaction(async (tx) => {
        // A parent deleted meanwhile must not get a branch (delete_company locks the same row).
        if (input.parent_id !== undefined) {
          const locked = await tx.execute(
            sql`SELECT 1 FROM companies WHERE id = ${input.parent_id} AND deleted_at IS NULL FOR SHARE`,
          );
          if ((locked as unknown as { rows: unknown[] }).rows.length === 0) throw notFound();
        }
        const [row] = await tx
          .insert(companies)
          .values({
            ...plainColumns(input),
            fiscalName: input.fiscal_name,
            taxId: taxId!,
            parentId: input.parent_id ?? null,
            ...location,
            logo: logoKey,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: companies.id });
        apiKey = await replacePrincipalKey(tx, { companyId: row!.id, createdBy: actor.userId, now });
        return row!.id;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw taxIdTaken();
      throw error;
    }
  });
  return { ...(await getCompany(deps, id)), api_key: apiKey };
}

async function currentCompany(deps: Deps, id: number) {
  const [row] = await deps.database.db
    .select({
      id: companies.id,
      parentId: companies.parentId,
      taxId: companies.taxId,
      status: companies.status,
      storageCapacityBytes: companies.storageCapacityBytes,
      departmentId: companies.departmentId,
      cityId: companies.cityId,
      logo: companies.logo,
    })
    .from(companies)
    .where(and(eq(companies.id, id), isNull(companies.deletedAt)));
  if (!row) throw notFound();
  return row;
}

/**
 * Changes the fields the request sends (the route layer checked the company is visible). With
 * `branchOnly`, the id must name a branch. A new logo replaces the old file; null removes it.
 */
export async function updateCompany(
  deps: Deps,
  actor: Actor,
  id: number,
  input: CompanyInput,
  options: { branchOnly?: boolean } = {},
): Promise<CompanyRecord> {
  const { db } = deps.database;
  const current = await currentCompany(deps, id);
  if (options.branchOnly && current.parentId === null) throw notFound(COMPANY_MESSAGES.branchNotFound);
  checkRestrictedFields(actor, input, current);
  if (input.tax_id !== undefined && input.tax_id !== current.taxId && current.parentId === null) {
    await assertTaxIdFree(db, input.tax_id, id);
  }
  const location = await resolveLocation(db, input, current);
  const logo = input.logo ? await readLogo(input.logo) : null;
  await withStoredLogo(deps, logo, async (logoKey) => {
    try {
      await db
        .update(companies)
        .set({
          ...plainColumns(input),
          ...location,
          ...(input.logo !== undefined && { logo: logoKey }),
          updatedAt: deps.clock.now(),
        })
        .where(and(eq(companies.id, id), isNull(companies.deletedAt)));
    } catch (error) {
      if (isUniqueViolation(error)) throw taxIdTaken();
      throw error;
    }
  });
  // The old file goes only once the row no longer names it.
  if (input.logo !== undefined && current.logo) await deps.storage.delete(current.logo).catch(() => {});
  return getCompany(deps, id);
}

/**
 * Soft delete: the company leaves every list and visibility, its users can no longer sign in and
 * their sessions end; history keeps its name. Refused for company 1 and while it has live
 * branches. A company may delete only its own branches; other deletions are the administrator's.
 */
export async function deleteCompany(deps: Deps, actor: Actor, id: number): Promise<{ id: number }> {
  if (id === PLATFORM_COMPANY_ID) throw conflict(COMPANY_MESSAGES.deletePlatform);
  const current = await currentCompany(deps, id);
  if (!isPlatformAdmin(actor) && current.parentId !== actor.companyId) {
    throw forbidden(COMPANY_MESSAGES.deleteNotAllowed);
  }
  const now = deps.clock.now();
  await deps.database.db.transaction(async (tx) => {
    // Locks the row so that no branch is added under it while we look (add_company_branch shares the lock).
    await tx.execute(sql`SELECT 1 FROM companies WHERE id = ${id} FOR UPDATE`);
    const [branches] = await tx
      .select({ total: count() })
      .from(companies)
      .where(and(eq(companies.parentId, id), isNull(companies.deletedAt)));
    if (Number(branches?.total ?? 0) > 0) throw conflict(COMPANY_MESSAGES.deleteWithBranches);
    await tx
      .update(companies)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(eq(companies.id, id), isNull(companies.deletedAt)));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(
          isNull(sessions.revokedAt),
          sql`${sessions.userId} IN (SELECT ${users.id} FROM ${users} WHERE ${users.companyId} = ${id})`,
        ),
      );
  });
  return { id };
}

/**
 * A new «Principal» API key for the company; the previous «Principal» stops working at once (other
 * named keys are left alone). Shown only in this reply.
 */
export async function rotateApiKey(
  deps: Deps,
  actor: Actor,
  companyId: number,
): Promise<CompanyRecord & { api_key: string }> {
  const now = deps.clock.now();
  const apiKey = await deps.database.db.transaction((tx) =>
    replacePrincipalKey(tx, { companyId, createdBy: actor.apiClient ? null : actor.userId, now }),
  );
  return { ...(await getCompany(deps, companyId)), api_key: apiKey };
}
