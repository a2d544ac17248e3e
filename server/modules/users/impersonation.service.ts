import { eq } from 'drizzle-orm';
import { audit } from '../../audit.js';
import { users } from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { notFound, unprocessable } from '../../errors.js';
import { createSession } from '../session/credentials.js';

export const IMPERSONATION_MESSAGES = {
  started: 'Ahora está actuando como el usuario seleccionado',
  notActive: 'Solo se puede suplantar a un usuario activo',
  self: 'No puede suplantarse a sí mismo',
} as const;

type StartInput = { companyId: number; userId: number; ip: string; userAgent?: string };

/**
 * An administrator acts as a user of the given company: a new session whose impersonator is the
 * administrator (the route layer then audits every change with both), and a token flagged
 * isImpersonating. The administrator's own session stays as it was.
 */
export async function startImpersonation(
  deps: Deps,
  actor: Actor,
  input: StartInput,
): Promise<{ token: string; id: number }> {
  const { db } = deps.database;
  const [target] = await db
    .select({ id: users.id, companyId: users.companyId, status: users.status })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!target || target.companyId !== input.companyId) throw notFound();
  if (target.id === actor.userId)
    throw unprocessable(IMPERSONATION_MESSAGES.self, { user_id: IMPERSONATION_MESSAGES.self });
  if (target.status !== 'active') {
    throw unprocessable(IMPERSONATION_MESSAGES.notActive, { user_id: IMPERSONATION_MESSAGES.notActive });
  }
  const session = await createSession(deps, {
    userId: target.id,
    impersonatorUserId: actor.userId,
    ip: input.ip,
    userAgent: input.userAgent,
  });
  await audit(db, {
    action: 'user.impersonation_started',
    actorUserId: actor.userId,
    effectiveUserId: target.id,
    companyId: target.companyId,
    entity: 'user',
    entityId: target.id,
    ip: input.ip,
  });
  return session;
}
