import { bigserial, index, inet, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Who (actor), acting as whom (effective user), did what, when and from where. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    effectiveUserId: integer('effective_user_id'),
    companyId: integer('company_id'),
    action: text('action').notNull(),
    entity: text('entity'),
    entityId: text('entity_id'),
    ip: inet('ip'),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (table) => [index('audit_log_at_idx').on(table.at), index('audit_log_company_idx').on(table.companyId)],
);
