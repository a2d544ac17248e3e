import type { Db } from './db/client.js';
import { auditLog } from './db/schema/index.js';

export type AuditEntry = {
  action: string;
  actorUserId?: number | null;
  effectiveUserId?: number | null;
  companyId?: number | null;
  entity?: string;
  entityId?: string | number;
  ip?: string;
  details?: Record<string, unknown>;
};

/** Records an action a service audits itself (logins, lockouts); the route layer audits other changes. */
export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    ...entry,
    entityId: entry.entityId === undefined ? null : String(entry.entityId),
  });
}
