import { eq, sql } from 'drizzle-orm';
import { PLATFORM_COMPANY_ID } from '../../../contract/permissions.js';
import type { SupportContacts } from '../../../contract/schemas.js';
import { queryRows } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { resolveSupportContacts } from '../companies/support.js';

export type PackageNotification = { id: string; message: string };
export type PackageNotifications = { notifications: PackageNotification[]; support: SupportContacts };

/** Dates as Colombian users read them: "5 de diciembre de 2026", in Bogotá time. */
const colombianDate = new Intl.DateTimeFormat('es-CO', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'America/Bogota',
});

type AssignmentRow = { id: number; plan_name: string; expired_at: Date | string };

const toNotification = (row: AssignmentRow, verb: 'vence' | 'venció'): PackageNotification => ({
  // Stable per assignment: the browser keys its "remind me later" state on it.
  id: `assignment-${row.id}`,
  message: `Su paquete «${row.plan_name}» ${verb} el ${colombianDate.format(new Date(row.expired_at))}.`,
});

/**
 * Packages of the user's company that raise a pop-up (SPEC §4), with the support channels the
 * pop-up lists. The platform company (id 1) buys no packages and gets none.
 * - expiring: not yet expired, expiring within PACKAGE_EXPIRY_WARNING_DAYS ("Recordatorio");
 * - expired: the latest expired assignment of each plan, unless the company holds a current
 *   assignment of that same plan (a renewal silences it) ("Importante").
 */
export async function checkPackageNotifications(
  deps: Deps,
  input: { userId: number; kind: 'expiring' | 'expired' },
): Promise<PackageNotifications> {
  const { db } = deps.database;
  const [user] = await db
    .select({ companyId: users.companyId })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!user) throw notFound();
  const support = await resolveSupportContacts(db, user.companyId);
  if (user.companyId === PLATFORM_COMPANY_ID) return { notifications: [], support };

  const now = deps.clock.now().toISOString();
  const rows =
    input.kind === 'expiring'
      ? await queryRows<AssignmentRow>(
          db,
          sql`
          SELECT a.id, p.name AS plan_name, a.expired_at
          FROM plan_assignments a JOIN plans p ON p.id = a.plan_id
          WHERE a.company_id = ${user.companyId}
            AND a.expired_at > ${now}::timestamptz
            AND a.expired_at <= ${now}::timestamptz + make_interval(days => ${deps.config.PACKAGE_EXPIRY_WARNING_DAYS})
          ORDER BY a.expired_at, a.id`,
        )
      : await queryRows<AssignmentRow>(
          db,
          sql`
          SELECT * FROM (
            SELECT DISTINCT ON (a.plan_id) a.id, p.name AS plan_name, a.expired_at
            FROM plan_assignments a JOIN plans p ON p.id = a.plan_id
            WHERE a.company_id = ${user.companyId}
              AND a.expired_at <= ${now}::timestamptz
              AND NOT EXISTS (
                SELECT 1 FROM plan_assignments current
                WHERE current.company_id = a.company_id AND current.plan_id = a.plan_id
                  AND current.expired_at > ${now}::timestamptz)
            ORDER BY a.plan_id, a.expired_at DESC, a.id DESC
          ) latest
          ORDER BY expired_at DESC, id`,
        );
  return {
    notifications: rows.map((row) => toNotification(row, input.kind === 'expiring' ? 'vence' : 'venció')),
    support,
  };
}
