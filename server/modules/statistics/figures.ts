import { type SQL, sql } from 'drizzle-orm';
import {
  unitPackageFigures as unitPackageFiguresSchema,
  unlimitedPackageFigures as unlimitedPackageFiguresSchema,
} from '../../../contract/endpoints/statistics.js';
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
 * Bytes stored per company, from the sizes recorded when each file was written: rendered and
 * sealed documents, signature images and selfies, uploaded PDFs (groups' documents, PDFs to sign).
 */
export const storageFigures: FigureQuery<(typeof STORAGE_COLUMNS)[number]> = {
  columns: STORAGE_COLUMNS,
  rankBy: 'total_bytes',
  extra: { capacity_bytes: sql`c.storage_capacity_bytes` },
  perCompany: (companyId) => sql`
    SELECT company_id, sum(documents) AS documents_bytes, sum(sealed) AS sealed_bytes,
           sum(images) AS images_bytes, sum(attachments) AS attachments_bytes,
           sum(documents + sealed + images + attachments) AS total_bytes
    FROM (
      SELECT company_id, sum(rendered_bytes) AS documents, sum(sealed_bytes) AS sealed, 0 AS images, 0 AS attachments
        FROM signature_request_documents ${forCompany(sql`company_id`, companyId)} GROUP BY company_id
      UNION ALL
      SELECT company_id, 0, 0, sum(signature_bytes::bigint + selfie_bytes), 0
        FROM signature_request_signers ${forCompany(sql`company_id`, companyId)} GROUP BY company_id
      UNION ALL
      SELECT company_id, 0, 0, 0, sum(pdf_bytes)
        FROM document_package_documents ${forCompany(sql`company_id`, companyId)} GROUP BY company_id
      UNION ALL
      SELECT company_id, 0, 0, 0, sum(file_bytes)
        FROM pdf_templates ${forCompany(sql`company_id`, companyId)} GROUP BY company_id
    ) stored
    GROUP BY company_id`,
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

/**
 * Signers' one-time codes sent between `from` and `to` (exclusive), per channel: sent, validated,
 * and failed (expired at `now` without being validated).
 */
export const codeFigures = (now: Date, range: CodeRange): FigureQuery<CodeColumn> => {
  const perChannel = CHANNELS.map(
    (channel) => sql`
      count(*) FILTER (WHERE o.channel = ${channel}) AS ${sql.identifier(`${channel}_sent`)},
      count(*) FILTER (WHERE o.channel = ${channel} AND o.used_at IS NOT NULL) AS ${sql.identifier(`${channel}_validated`)},
      count(*) FILTER (WHERE o.channel = ${channel} AND o.used_at IS NULL AND o.expires_at <= ${at(now)}) AS ${sql.identifier(`${channel}_failed`)}`,
  );
  return {
    columns: CODE_COLUMNS,
    rankBy: 'email_sent',
    perCompany: (companyId) => {
      const conditions = [
        range.from ? sql`o.created_at >= ${at(range.from)}` : undefined,
        range.to ? sql`o.created_at < ${at(range.to)}` : undefined,
        companyId === null ? undefined : sql`s.company_id = ${companyId}`,
      ].filter((condition) => condition !== undefined);
      const where = conditions.length > 0 ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
      return sql`
        SELECT s.company_id, ${sql.join(perChannel, sql`, `)}
        FROM signer_otp_codes o JOIN signature_request_signers s ON s.id = o.signer_id
        ${where}
        GROUP BY s.company_id`;
    },
  };
};
