import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The operation log: every staff call that changed data (and every system action of the loan
 * book), written in the same transaction as the change it describes. The actor's name and
 * e-mail are copied so an entry stays readable after the account is deleted. Passwords and
 * tokens are removed from `before`, `after` and `request` before the row is written.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer('actor_id'),
    /** What happened: the interface id of the call, or a system action (`day_end.accrue`). */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The contract endpoint that made the change; null for system actions. */
    interfaceId: text('interface_id'),
    module: text('module').notNull().default(''),
    actorName: text('actor_name').notNull().default(''),
    actorEmail: text('actor_email').notNull().default(''),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    summary: text('summary').notNull().default(''),
    /** The request body, redacted. */
    request: jsonb('request'),
  },
  (table) => [
    index('audit_events_target_idx').on(table.targetType, table.targetId),
    index('audit_events_at_idx').on(table.at),
    index('audit_events_actor_at_idx').on(table.actorId, table.at),
    index('audit_events_module_at_idx').on(table.module, table.at),
  ],
);

export type AuditEventRow = typeof auditEvents.$inferSelect;
