import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { packageTransactions, planAssignments } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { conflict, unprocessable } from '../../errors.js';

export const NO_UNITS_MESSAGE =
  'La empresa no tiene paquetes de firmas vigentes con unidades disponibles. Comuníquese con su representante para renovar su paquete';

export type ConsumeInput = {
  companyId: number;
  /** Units to take (one per signature); all from one package. */
  units: number;
  /** What consumed them, e.g. `signature_request:42`. */
  reference: string;
  /** The caller's open transaction, when the consumption must commit or roll back with its work. */
  within?: Db;
};

export type Consumption = { assignmentId: number; transactionId: number; unitsRemaining: number | null };

/**
 * Takes `units` from the company's current package that expires first and still has them (an
 * unlimited package always has), and records the consumption, in one transaction. The increment
 * is a conditional UPDATE (`units_used + n <= units_total`), so concurrent consumptions can never
 * overdraw a package: the loser of a race finds the row changed, matches nothing and moves on to
 * the next package. With no package able to pay, 409.
 */
export async function consumeUnits(deps: Deps, input: ConsumeInput): Promise<Consumption> {
  const units = input.units;
  if (!Number.isSafeInteger(units) || units < 1 || units > 1_000_000) {
    throw unprocessable('Cantidad de unidades inválida', { units: 'Debe ser un número entero positivo' });
  }
  const now = deps.clock.now();
  const hasRoom = or(
    isNull(planAssignments.unitsTotal),
    sql`${planAssignments.unitsUsed} + ${units} <= ${planAssignments.unitsTotal}`,
  );
  const current = and(
    eq(planAssignments.companyId, input.companyId),
    lte(planAssignments.startsAt, now),
    gt(planAssignments.expiredAt, now),
    hasRoom,
  );
  const db = input.within ?? deps.database.db;
  return db.transaction(async (tx) => {
    const candidates = await tx
      .select({ id: planAssignments.id })
      .from(planAssignments)
      .where(current)
      .orderBy(planAssignments.expiredAt, planAssignments.id);
    for (const candidate of candidates) {
      const [updated] = await tx
        .update(planAssignments)
        .set({ unitsUsed: sql`${planAssignments.unitsUsed} + ${units}`, updatedAt: now })
        .where(and(eq(planAssignments.id, candidate.id), current))
        .returning({
          id: planAssignments.id,
          total: planAssignments.unitsTotal,
          used: planAssignments.unitsUsed,
        });
      if (!updated) continue;
      const [transaction] = await tx
        .insert(packageTransactions)
        .values({
          assignmentId: updated.id,
          units,
          kind: 'consumption',
          reference: input.reference,
          createdAt: now,
        })
        .returning({ id: packageTransactions.id });
      return {
        assignmentId: updated.id,
        transactionId: transaction!.id,
        unitsRemaining: updated.total === null ? null : updated.total - updated.used,
      };
    }
    throw conflict(NO_UNITS_MESSAGE);
  });
}
