import { and, eq, gte, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { fillPath } from '../../../contract/define.js';
import type { companyFilters, companyRecord } from '../../../contract/endpoints/company.js';
import { company as companyEndpoints } from '../../../contract/endpoints/company.js';
import type { Db } from '../../db/client.js';
import { inIds } from '../../db/idArrays.js';
import { preparedByIds } from '../../db/preparedByIds.js';
import { cities, companies, departments } from '../../db/schema/index.js';
import type { Actor } from '../../deps.js';
import { likePattern } from '../common/listing.js';

export type CompanyRecord = z.output<typeof companyRecord>;
export type CompanyFilters = { [K in keyof typeof companyFilters]?: z.output<(typeof companyFilters)[K]> };

export const GIB = 1024 ** 3;
/** Bytes → GB with three decimals, as the screens show them. */
export const toGigabytes = (bytes: number) => Math.round((bytes / GIB) * 1000) / 1000;
export const toBytes = (gigabytes: number) => Math.round(gigabytes * GIB);

const parent = alias(companies, 'parent');

/** Every column a company record needs, from the company, its parent and its location. */
const recordColumns = {
  id: companies.id,
  fiscalName: companies.fiscalName,
  taxId: companies.taxId,
  parentId: companies.parentId,
  parentName: parent.fiscalName,
  // FILTER rather than AND keeps the planner on the parent index even without statistics.
  branchCount:
    sql<number>`(SELECT count(*) FILTER (WHERE b.deleted_at IS NULL) FROM companies b WHERE b.parent_id = ${companies.id})`.mapWith(
      Number,
    ),
  status: companies.status,
  apiKeyPrefix: companies.apiKeyPrefix,
  apiKeyCreatedAt: companies.apiKeyCreatedAt,
  logo: companies.logo,
  storageCapacityBytes: companies.storageCapacityBytes,
  storageUsedBytes: companies.storageUsedBytes,
  supportPhone: companies.supportPhone,
  supportWhatsapp: companies.supportWhatsapp,
  supportEmail: companies.supportEmail,
  countryCode: companies.countryCode,
  departmentId: companies.departmentId,
  departmentName: departments.name,
  cityId: companies.cityId,
  cityName: cities.name,
  postalCode: companies.postalCode,
  address: companies.address,
  createdAt: companies.createdAt,
  updatedAt: companies.updatedAt,
};

/** SELECT … FROM companies with its parent, department and city: add where/order/limit. */
export const selectCompanyRecords = (db: Db) =>
  db
    .select(recordColumns)
    .from(companies)
    .leftJoin(parent, eq(parent.id, companies.parentId))
    .leftJoin(departments, eq(departments.id, companies.departmentId))
    .leftJoin(cities, eq(cities.id, companies.cityId));

/** The records of the given companies (any order), for a list page. */
export const companyRecordsByIds = preparedByIds('company_records_by_ids', (db, ids) =>
  selectCompanyRecords(db).where(sql`${companies.id} = ANY(${ids})`),
);

export type CompanyRow = Awaited<ReturnType<ReturnType<typeof selectCompanyRecords>['execute']>>[number];

/**
 * The public address of a company's logo (get_company_logo): an <img> sends no token, so the
 * logo is public; `v` changes with each upload so browsers never show a stale one.
 */
export function logoUrl(companyId: number, logoKey: string | null): string | null {
  if (!logoKey) return null;
  const version =
    logoKey
      .split('/')
      .pop()
      ?.replace(/\.\w+$/, '') ?? '';
  // The API base of the contract's routes (server/http/contractRoutes.ts API_PREFIX).
  return `/api/${fillPath(companyEndpoints.getCompanyLogo.path, { companyId })}?v=${encodeURIComponent(version)}`;
}

export function toCompanyRecord(row: CompanyRow): CompanyRecord {
  return {
    id: row.id,
    fiscal_name: row.fiscalName,
    tax_id: row.taxId,
    parent_id: row.parentId,
    parent_name: row.parentName,
    is_branch: row.parentId !== null,
    branch_count: row.branchCount,
    status: row.status,
    api_key_prefix: row.apiKeyPrefix,
    api_key_created_at: row.apiKeyCreatedAt?.toISOString() ?? null,
    logo_url: logoUrl(row.id, row.logo),
    storage_capacity_gb: toGigabytes(row.storageCapacityBytes),
    storage_used_gb: toGigabytes(row.storageUsedBytes),
    support_phone: row.supportPhone,
    support_whatsapp: row.supportWhatsapp,
    support_email: row.supportEmail,
    country_code: row.countryCode,
    department_id: row.departmentId,
    department_name: row.departmentName,
    city_id: row.cityId,
    city_name: row.cityName,
    postal_code: row.postalCode,
    address: row.address,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Live (not deleted) companies the actor may see: the administrator all, a company itself and its branches. */
export function visibleLiveCompanies(actor: Actor): SQL {
  return and(
    isNull(companies.deletedAt),
    actor.visibleCompanyIds === 'all' ? undefined : inIds(companies.id, actor.visibleCompanyIds),
  )!;
}

/** WHERE of the list and the export: the caller's visible live companies narrowed by the filters. */
export function companyListWhere(actor: Actor, filters: CompanyFilters): SQL {
  const capacity = companies.storageCapacityBytes;
  const used = companies.storageUsedBytes;
  const storage = {
    without_capacity: eq(capacity, 0),
    near_limit: and(sql`${capacity} > 0`, sql`${used} * 100 >= ${capacity} * 80`),
    over_limit: and(sql`${capacity} > 0`, gte(used, capacity)),
  } as const;
  return and(
    visibleLiveCompanies(actor),
    filters.status ? eq(companies.status, filters.status) : undefined,
    filters.search
      ? or(
          ilike(companies.fiscalName, likePattern(filters.search)),
          ilike(companies.taxId, likePattern(filters.search)),
        )
      : undefined,
    filters.parent_id ? eq(companies.parentId, filters.parent_id) : undefined,
    filters.kind === 'company' ? isNull(companies.parentId) : undefined,
    filters.kind === 'branch' ? isNotNull(companies.parentId) : undefined,
    filters.department_id ? eq(companies.departmentId, filters.department_id) : undefined,
    filters.city_id ? eq(companies.cityId, filters.city_id) : undefined,
    filters.storage ? storage[filters.storage] : undefined,
  )!;
}

/** One live company as a record, or null. */
export async function findCompanyRecord(db: Db, id: number): Promise<CompanyRecord | null> {
  const [row] = await selectCompanyRecords(db).where(and(eq(companies.id, id), isNull(companies.deletedAt)));
  return row ? toCompanyRecord(row) : null;
}
