import { and, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { operationLogBodySchema } from '@lending/contract';
import type { z } from 'zod';
import type { Executor } from '../../plugins/db.js';
import { containsPattern, indiaDayRange, runList } from '../../shared/list-query.js';
import { auditEvents, type AuditEventRow } from './audit-events.table.js';

export type NewAuditEvent = Omit<AuditEventRow, 'id'>;

export async function insertAuditEvent(db: Executor, row: NewAuditEvent): Promise<number> {
  const [inserted] = await db.insert(auditEvents).values(row).returning({ id: auditEvents.id });
  if (!inserted) throw new Error('insert into audit_events returned nothing');
  return inserted.id;
}

/** The operation log (the contract's `log.operation_log` body), newest first by default. */
export function listAuditEvents(db: Executor, body: z.output<typeof operationLogBodySchema>) {
  return runList(
    db,
    {
      select: () => db.select().from(auditEvents),
      where: {
        actorId: (actorId) => eq(auditEvents.actorId, actorId),
        actor: (actor) => {
          const pattern = containsPattern(actor);
          return or(ilike(auditEvents.actorName, pattern), ilike(auditEvents.actorEmail, pattern));
        },
        module: (module) => eq(auditEvents.module, module),
        action: (action) => ilike(auditEvents.action, containsPattern(action)),
        targetType: (targetType) => eq(auditEvents.targetType, targetType),
        targetId: (targetId) => eq(auditEvents.targetId, targetId),
        ...indiaDayRange(auditEvents.at, 'dateFrom', 'dateTo'),
      },
      sortColumns: { id: auditEvents.id, at: auditEvents.at },
      defaultSort: { field: 'id', order: 'desc' },
      id: auditEvents.id,
    },
    body,
  );
}

export async function findAuditEvent(db: Executor, id: number): Promise<AuditEventRow | undefined> {
  const [row] = await db.select().from(auditEvents).where(eq(auditEvents.id, id));
  return row;
}

/**
 * The operation log's entries about some records (an order and its payouts), oldest first, at
 * most `limit` of them (the newest are kept when there are more).
 */
export async function auditTrailOf(
  db: Executor,
  targets: readonly { type: string; ids: readonly (string | number)[] }[],
  limit = 500,
): Promise<AuditEventRow[]> {
  const conditions = targets
    .filter((target) => target.ids.length > 0)
    .map((target) =>
      and(
        eq(auditEvents.targetType, target.type),
        inArray(auditEvents.targetId, target.ids.map(String)),
      ),
    );
  if (conditions.length === 0) return [];
  const newest = await db
    .select()
    .from(auditEvents)
    .where(or(...conditions))
    .orderBy(desc(auditEvents.id))
    .limit(limit);
  return newest.reverse();
}
