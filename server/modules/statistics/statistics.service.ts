import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { type CompanyQuery, type CompanyRow, companyFigures, compareCompanies } from './comparison.js';
import {
  CHANNELS,
  type CodeRange,
  codeFigures,
  storageFigures,
  unitPackageFigures,
  unlimitedPackageFigures,
  userFigures,
} from './figures.js';

const BYTES_PER_GB = 1024 ** 3;

/** Bytes as GB in a numeric string with up to three decimals: 0 → "0", 1.5 GiB → "1.5". */
export function toGigabytes(bytes: number): string {
  return String(Math.round((bytes / BYTES_PER_GB) * 1000) / 1000);
}

/** A company's figures, or 404 when it is gone. */
async function ownFigures<Column extends string>(row: Promise<CompanyRow<Column> | null>) {
  const figures = await row;
  if (!figures) throw notFound();
  return figures;
}

/**
 * Storage used and capacity of one company, for the menu's storage bar (SPEC §2.6, §3), with the
 * bytes it stores by kind of file.
 */
export async function getCompanyStatistics(deps: Deps, companyId: number) {
  const { db } = deps.database;
  const [row] = await db
    .select({ used: companies.storageUsedBytes, capacity: companies.storageCapacityBytes })
    .from(companies)
    .where(sql`${companies.id} = ${companyId}`);
  if (!row) throw notFound();
  const {
    company_id: _id,
    company_name: _name,
    ...stored
  } = await ownFigures(companyFigures(db, storageFigures, companyId));
  return {
    storage_used: toGigabytes(Number(row.used)),
    storage_capacity: toGigabytes(Number(row.capacity)),
    ...stored,
  };
}

export const getCompaniesStatistics = (deps: Deps, query: CompanyQuery) =>
  compareCompanies(deps.database.db, storageFigures, query);

/** The platform's storage: every live company's files, and the capacity given to them. */
export async function getTotalStorage(deps: Deps) {
  const { totals, total } = await compareCompanies(deps.database.db, storageFigures, {
    page: 1,
    itemsPerPage: 1,
  });
  return { ...totals, companies: total };
}

type RoleCount = { role_id: number; role_name: string; users: number };

/** Users by role, of one company or of every live company. */
async function usersByRole(deps: Deps, companyId: number | null): Promise<RoleCount[]> {
  const rows = await queryRows<RoleCount>(
    deps.database.db,
    sql`SELECT r.id AS role_id, r.name AS role_name, count(*) AS users
        FROM users u JOIN roles r ON r.id = u.role_id JOIN companies c ON c.id = u.company_id
        WHERE u.deleted_at IS NULL AND c.deleted_at IS NULL${companyId === null ? sql`` : sql` AND u.company_id = ${companyId}`}
        GROUP BY r.id, r.name
        ORDER BY users DESC, r.id`,
  );
  return rows.map((row) => ({
    role_id: Number(row.role_id),
    role_name: row.role_name,
    users: Number(row.users),
  }));
}

export async function getCompaniesUsersStatistics(deps: Deps, query: CompanyQuery) {
  const comparison = await compareCompanies(deps.database.db, userFigures, query);
  return { ...comparison, by_role: await usersByRole(deps, null) };
}

export async function getCompanyUsersStatistics(deps: Deps, actor: Actor) {
  const figures = await ownFigures(companyFigures(deps.database.db, userFigures, actor.companyId));
  return { ...figures, by_role: await usersByRole(deps, actor.companyId) };
}

export const getCompaniesPackagesStatistics = (deps: Deps, query: CompanyQuery) =>
  compareCompanies(deps.database.db, unlimitedPackageFigures(deps.clock.now()), query);

export const getCompanyPackagesStatistics = (deps: Deps, actor: Actor) =>
  ownFigures(companyFigures(deps.database.db, unlimitedPackageFigures(deps.clock.now()), actor.companyId));

export const getCompaniesUnitsPackagesStatistics = (deps: Deps, query: CompanyQuery) =>
  compareCompanies(deps.database.db, unitPackageFigures(deps.clock.now()), query);

export const getCompanyUnitsPackagesStatistics = (deps: Deps, actor: Actor) =>
  ownFigures(companyFigures(deps.database.db, unitPackageFigures(deps.clock.now()), actor.companyId));

type FlatCodes = Record<`${(typeof CHANNELS)[number]}_${'sent' | 'validated' | 'failed'}`, number>;

/** `email_sent, …` as `{ email: { sent, … }, … }`. */
export function codesByChannel(flat: FlatCodes) {
  return Object.fromEntries(
    CHANNELS.map((channel) => [
      channel,
      {
        sent: flat[`${channel}_sent`],
        validated: flat[`${channel}_validated`],
        failed: flat[`${channel}_failed`],
      },
    ]),
  ) as Record<(typeof CHANNELS)[number], { sent: number; validated: number; failed: number }>;
}

export async function getCompaniesValidationCodes(deps: Deps, query: CompanyQuery & CodeRange) {
  const comparison = await compareCompanies(deps.database.db, codeFigures(deps.clock.now(), query), query);
  return {
    items: comparison.items.map((row) => ({
      company_id: row.company_id,
      company_name: row.company_name,
      ...codesByChannel(row),
    })),
    total: comparison.total,
    totals: codesByChannel(comparison.totals),
  };
}

export async function getCompanyValidationCodes(deps: Deps, actor: Actor, range: CodeRange) {
  const row = await ownFigures(
    companyFigures(deps.database.db, codeFigures(deps.clock.now(), range), actor.companyId),
  );
  return { company_id: row.company_id, company_name: row.company_name, ...codesByChannel(row) };
}
