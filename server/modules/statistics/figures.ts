import { type SQL, sql } from 'drizzle-orm';
import {
  unitPackageFigures as unitPackageFiguresSchema,
  unlimitedPackageFigures as unlimitedPackageFiguresSchema,
} from '../../../contract/endpoints/statistics.js';
import { allOf, type DayRange, periodConditions } from '../../db/periodTotals.js';
import type { FigureQuery } from './comparison.js';

/** A moment as a query parameter (an ISO string both drivers read the same way). */
const at = (moment: Date) => sql`${moment.toISOString()}::timestamptz`;

/** `WHERE <column> = id` for one company, nothing for all. */
const forCompany = (column: SQL, companyId: number | null) =>
  companyId === null ? sql`` : sql`WHERE ${column} = ${companyId}`;

export const STORAGE_COLUMNS = [
  'documents_bytes',
  'sealed_bytes',
  'images_bytes',
  'attachments_bytes',
  'total_bytes',
  'capacity_bytes',
] as const;

/**
 * Bytes stored per company by kind, from the sizes recorded when each file was written: rendered
 * and sealed documents, signature images and selfies, uploaded PDFs (groups' documents, PDFs to
 * sign). The database keeps them on the company's row (migrations 0019 and 0021).
 */
export const storageFigures: FigureQuery<(typeof STORAGE_COLUMNS)[number]> = {
  columns: STORAGE_COLUMNS,
  rankBy: 'total_bytes',
  extra: { capacity_bytes: sql`c.storage_capacity_bytes` },
  perCompany: (companyId) => sql`
    SELECT id AS company_id, storage_documents_bytes AS documents_bytes, storage_sealed_bytes AS sealed_bytes,
           storage_images_bytes AS images_bytes, storage_attachments_bytes AS attachments_bytes,
           storage_used_bytes AS total_bytes
    FROM companies ${forCompany(sql`id`, companyId)}`,
};

export const USER_COLUMNS = ['active', 'inactive', 'locked', 'total'] as const;

/** Users by status; deleted users are gone from the product and not counted. */
export const userFigures: FigureQuery<(typeof USER_COLUMNS)[number]> = {
  columns: USER_COLUMNS,
  rankBy: 'total',
  perCompany: (companyId) => sql`
    SELECT company_id,
           count(*) FILTER (WHERE status = 'active') AS active,
           count(*) FILTER (WHERE status = 'inactive') AS inactive,
           count(*) FILTER (WHERE status = 'locked') AS locked,
           count(*) AS total
    FROM users WHERE deleted_at IS NULL${companyId === null ? sql`` : sql` AND company_id = ${companyId}`}
    GROUP BY company_id`,
};

/** Days ahead in which a package in force counts as expiring. */
export const EXPIRING_DAYS = 30;

/** Conditions on a package at `now`: in force, in force and ending within 30 days, ended. */
const packageStates = (now: Date) => {
  const soon = new Date(now.getTime() + EXPIRING_DAYS * 86_400_000);
  const active = sql`starts_at <= ${at(now)} AND expired_at > ${at(now)}`;
  return {
    active,
    expiring: sql`${active} AND expired_at <= ${at(soon)}`,
    expired: sql`expired_at <= ${at(now)}`,
  };
};

export const UNLIMITED_COLUMNS = unlimitedPackageFiguresSchema.keyof().options;

/** Packages without a unit limit: counted by state, with the signatures consumed under them. */
export const unlimitedPackageFigures = (now: Date): FigureQuery<(typeof UNLIMITED_COLUMNS)[number]> => {
  const state = packageStates(now);
  return {
    columns: UNLIMITED_COLUMNS,
    rankBy: 'assigned',
    perCompany: (companyId) => sql`
      SELECT company_id, count(*) AS assigned,
             count(*) FILTER (WHERE ${state.active}) AS active,
             count(*) FILTER (WHERE ${state.expiring}) AS expiring,
             count(*) FILTER (WHERE ${state.expired}) AS expired,
             sum(units_used) AS consumed
      FROM plan_assignments
      WHERE units_total IS NULL${companyId === null ? sql`` : sql` AND company_id = ${companyId}`}
      GROUP BY company_id`,
  };
};

export const UNIT_COLUMNS = unitPackageFiguresSchema.keyof().options;

/** Packages of units: counted by state, with their units bought, used, left, about to lapse and lapsed. */
export const unitPackageFigures = (now: Date): FigureQuery<(typeof UNIT_COLUMNS)[number]> => {
  const state = packageStates(now);
  const left = sql`greatest(units_total - units_used, 0)`;
  return {
    columns: UNIT_COLUMNS,
    rankBy: 'units_assigned',
    perCompany: (companyId) => sql`
      SELECT company_id, count(*) AS assigned,
             count(*) FILTER (WHERE ${state.active}) AS active,
             count(*) FILTER (WHERE ${state.expiring}) AS expiring,
             count(*) FILTER (WHERE ${state.expired}) AS expired,
             sum(units_total) AS units_assigned,
             sum(units_used) AS units_consumed,
             sum(${left}) FILTER (WHERE ${state.active}) AS units_available,
             sum(${left}) FILTER (WHERE ${state.expiring}) AS units_expiring,
             sum(${left}) FILTER (WHERE ${state.expired}) AS units_expired
      FROM plan_assignments
      WHERE units_total IS NOT NULL${companyId === null ? sql`` : sql` AND company_id = ${companyId}`}
      GROUP BY company_id`,
  };
};

export const CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export const CODE_COLUMNS = CHANNELS.flatMap((channel) =>
  (['sent', 'validated', 'failed'] as const).map((figure) => `${channel}_${figure}` as const),
);
type CodeColumn = (typeof CODE_COLUMNS)[number];

export type CodeRange = { from?: Date; to?: Date };

/** Bogotá keeps UTC−5 all year: its days start at 05:00 UTC. */
const BOGOTA_OFFSET_MS = 5 * 3_600_000;
const startsABogotaDay = (moment: Date) => (moment.getTime() - BOGOTA_OFFSET_MS) % 86_400_000 === 0;
const bogotaDate = (moment: Date) => new Date(moment.getTime() - BOGOTA_OFFSET_MS).toISOString().slice(0, 10);

/**
 * Signers' one-time codes sent between `from` and `to` (exclusive), per channel: sent, validated,
 * and failed (expired at `now` without being validated).
 * Whole Bogotá days (what the screens send) are read from the totals the database keeps by month
 * and day (code_month_totals, code_day_totals), less the few codes still usable; any other range counts the codes themselves.
 */
export const codeFigures = (now: Date, range: CodeRange): FigureQuery<CodeColumn> => {
  const wholeDays = [range.from, range.to].every((bound) => bound === undefined || startsABogotaDay(bound));
  return {
    columns: CODE_COLUMNS,
    rankBy: 'email_sent',
    perCompany: (companyId) =>
      wholeDays ? codesByDay(now, range, companyId) : codesCounted(now, range, companyId),
  };
};

type ChannelFigures = Record<'sent' | 'validated' | 'failed', SQL>;

/** `<figure> AS email_sent, …` for every channel and figure. */
const perChannel = (figures: (channel: (typeof CHANNELS)[number]) => ChannelFigures) =>
  sql.join(
    CHANNELS.flatMap((channel) =>
      Object.entries(figures(channel)).map(
        ([figure, value]) => sql`${value} AS ${sql.identifier(`${channel}_${figure}`)}`,
      ),
    ),
    sql`, `,
  );

/** The day a range's exclusive end instant falls in is not part of it: the day before is its last. */
const lastDayBefore = (end: Date) => bogotaDate(new Date(end.getTime() - 86_400_000));

function codesByDay(now: Date, range: CodeRange, companyId: number | null): SQL {
  const company = (column: SQL) => (companyId === null ? [] : [sql`${column} = ${companyId}`]);
  const days: DayRange = {
    from: range.from ? bogotaDate(range.from) : undefined,
    to: range.to ? lastDayBefore(range.to) : undefined,
  };
  const periods = periodConditions(days, sql`t.month`, sql`t.day`);
  const codeDay = sql`(o.created_at AT TIME ZONE 'America/Bogota')::date`;
  // Codes neither validated nor expired yet: sent, but not failed (yet).
  const live = sql`
    SELECT o.company_id, o.channel, 0, 0, count(*)
    FROM signer_otp_codes o
    WHERE ${allOf([
      sql`o.used_at IS NULL AND o.expires_at > ${at(now)} AND o.company_id IS NOT NULL`,
      ...company(sql`o.company_id`),
      days.from ? sql`${codeDay} >= ${days.from}::date` : undefined,
      days.to ? sql`${codeDay} <= ${days.to}::date` : undefined,
    ])}
    GROUP BY o.company_id, o.channel`;
  return sql`
    SELECT company_id, ${perChannel((channel) => ({
      sent: sql`sum(sent) FILTER (WHERE channel = ${channel})`,
      validated: sql`sum(validated) FILTER (WHERE channel = ${channel})`,
      failed: sql`sum(sent - validated - live) FILTER (WHERE channel = ${channel})`,
    }))}
    FROM (
      SELECT t.company_id, t.channel, t.sent, t.validated, 0 AS live
        FROM code_month_totals t WHERE ${allOf([...company(sql`t.company_id`), ...periods.months])}
      UNION ALL
      SELECT t.company_id, t.channel, t.sent, t.validated, 0
        FROM code_day_totals t WHERE ${allOf([...company(sql`t.company_id`), ...periods.days])}
      UNION ALL ${live}
    ) codes
    GROUP BY company_id`;
}

function codesCounted(now: Date, range: CodeRange, companyId: number | null): SQL {
  return sql`
    SELECT o.company_id, ${perChannel((channel) => ({
      sent: sql`count(*) FILTER (WHERE o.channel = ${channel})`,
      validated: sql`count(*) FILTER (WHERE o.channel = ${channel} AND o.used_at IS NOT NULL)`,
      failed: sql`count(*) FILTER (WHERE o.channel = ${channel} AND o.used_at IS NULL AND o.expires_at <= ${at(now)})`,
    }))}
    FROM signer_otp_codes o
    WHERE ${allOf([
      sql`o.company_id IS NOT NULL`,
      range.from ? sql`o.created_at >= ${at(range.from)}` : undefined,
      range.to ? sql`o.created_at < ${at(range.to)}` : undefined,
      companyId === null ? undefined : sql`o.company_id = ${companyId}`,
    ])}
    GROUP BY o.company_id`;
}
