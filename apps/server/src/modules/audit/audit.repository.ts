import { and, count, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { containsPattern, listOrder, type ListSort } from '../../shared/list-query.js';
import { auditEvents, type AuditEventRow } from './audit-events.table.js';

export type NewAuditEvent = Omit<AuditEventRow, 'id'>;

export async function insertAuditEvent(db: Executor, row: NewAuditEvent): Promise<number> {
  const [inserted] = await db.insert(auditEvents).values(row).returning({ id: auditEvents.id });
  if (!inserted) throw new Error('insert into audit_events returned nothing');
  return inserted.id;
}

export interface AuditListQuery {
  offset: number;
  limit: number;
  actorId?: number | undefined;
  actor?: string | undefined;
  module?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: Date | undefined;
  before?: Date | undefined;
  sort?: ListSort | undefined;
}

const auditSortColumns = { id: auditEvents.id, at: auditEvents.at };

export async function listAuditEvents(
  db: Executor,
  query: AuditListQuery,
): Promise<{ rows: AuditEventRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.actorId !== undefined) conditions.push(eq(auditEvents.actorId, query.actorId));
  if (query.actor) {
    const pattern = containsPattern(query.actor);
    const either = or(
      ilike(auditEvents.actorName, pattern),
      ilike(auditEvents.actorEmail, pattern),
    );
    if (either) conditions.push(either);
  }
  if (query.module) conditions.push(eq(auditEvents.module, query.module));
  if (query.action) conditions.push(ilike(auditEvents.action, containsPattern(query.action)));
  if (query.targetType) conditions.push(eq(auditEvents.targetType, query.targetType));
  if (query.targetId) conditions.push(eq(auditEvents.targetId, query.targetId));
  if (query.from) conditions.push(gte(auditEvents.at, query.from));
  if (query.before) conditions.push(lt(auditEvents.at, query.before));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(auditEvents)
    .where(where)
    .orderBy(
      ...listOrder(auditSortColumns, auditEvents.id, query.sort, { field: 'id', order: 'desc' }),
    )
    .limit(query.limit)
    .offset(query.offset);
  const [totals] = await db.select({ total: count() }).from(auditEvents).where(where);
  return { rows, total: totals?.total ?? 0 };
}

export async function findAuditEvent(db: Executor, id: number): Promise<AuditEventRow | undefined> {
  const [row] = await db.select().from(auditEvents).where(eq(auditEvents.id, id));
  return row;
}
