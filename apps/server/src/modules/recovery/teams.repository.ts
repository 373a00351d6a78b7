import { and, eq, sql } from 'drizzle-orm';
import type { collectionGroupListBodySchema, collectorListBodySchema } from '@lending/contract';
import type { z } from 'zod';
import type { Executor } from '../../plugins/db.js';
import { runList } from '../../shared/list-query.js';
import { queryRows } from '../../shared/sql-rows.js';
import { intFromDb } from '../../shared/paise.js';
import { staffUsers } from '../user/tables.js';
import {
  recoveryCases,
  recoveryCollectors,
  recoveryGroups,
  type CaseKind,
} from './recovery.table.js';

/** The SQL of groups and collectors. */

type GroupValues = Omit<typeof recoveryGroups.$inferInsert, 'id' | 'createdAt'>;
type CollectorValues = Pick<
  typeof recoveryCollectors.$inferInsert,
  'groupId' | 'onDuty' | 'dailyCap' | 'weight'
>;

/** The group list, with each group's members and open cases counted. */
export function listGroupRows(db: Executor, body: z.output<typeof collectionGroupListBodySchema>) {
  return runList(
    db,
    {
      select: () =>
        db
          .select({
            g: recoveryGroups,
            members: sql<number>`(select count(*)::int from recovery_collectors rc where rc.group_id = ${recoveryGroups.id})`,
            openCases: sql<number>`(select count(*)::int from recovery_cases c where c.group_id = ${recoveryGroups.id} and c.status = 'open')`,
          })
          .from(recoveryGroups),
      where: {
        kind: (kind) => eq(recoveryGroups.kind, kind),
        active: (active) => eq(recoveryGroups.active, active),
      },
      sortColumns: { id: recoveryGroups.id, name: recoveryGroups.name },
      defaultSort: { field: 'id', order: 'asc' },
      id: recoveryGroups.id,
    },
    body,
  );
}

export async function groupIdNamed(db: Executor, kind: CaseKind, name: string) {
  const [row] = await db
    .select({ id: recoveryGroups.id })
    .from(recoveryGroups)
    .where(and(eq(recoveryGroups.kind, kind), eq(recoveryGroups.name, name)));
  return row?.id;
}

export async function findGroup(db: Executor, id: number) {
  const [g] = await db.select().from(recoveryGroups).where(eq(recoveryGroups.id, id));
  return g;
}

/** Whether any group exists (a floor is set up). */
export async function hasRecoveryGroups(db: Executor): Promise<boolean> {
  return (await db.select().from(recoveryGroups).limit(1)).length > 0;
}

/** Adds a group; its id. */
export async function addRecoveryGroup(
  db: Executor,
  values: GroupValues,
  at: Date,
): Promise<number> {
  const [row] = await db
    .insert(recoveryGroups)
    .values({ ...values, createdAt: at })
    .returning({ id: recoveryGroups.id });
  return row!.id;
}

export async function insertGroup(db: Executor, values: GroupValues, at: Date): Promise<void> {
  await db.insert(recoveryGroups).values({ ...values, createdAt: at });
}

export async function updateGroup(db: Executor, id: number, values: GroupValues): Promise<void> {
  await db.update(recoveryGroups).set(values).where(eq(recoveryGroups.id, id));
}

/** What still uses a group: its members and its open cases. */
export async function groupUse(db: Executor, id: number) {
  const [use] = await queryRows(
    db,
    sql`select (select count(*)::int from recovery_collectors where group_id = ${id}) as members,
      (select count(*)::int from recovery_cases where group_id = ${id} and status = 'open') as open_cases`,
  );
  return { members: intFromDb(use!.members), openCases: intFromDb(use!.open_cases) };
}

/** Deletes a group; the cases it held (closed ones) keep their history without it. */
export async function deleteGroupRow(db: Executor, id: number): Promise<void> {
  await db.update(recoveryCases).set({ groupId: null }).where(eq(recoveryCases.groupId, id));
  await db.delete(recoveryGroups).where(eq(recoveryGroups.id, id));
}

/**
 * The collector list with each one's load: open cases, cases taken since `since`, contacts on
 * `today`, and money recovered on their cases since `monthStart`.
 */
export function listCollectorRows(
  db: Executor,
  body: z.output<typeof collectorListBodySchema>,
  { today, since, monthStart }: { today: string; since: string; monthStart: string },
) {
  return runList(
    db,
    {
      select: () =>
        db
          .select({
            rc: recoveryCollectors,
            name: staffUsers.name,
            email: staffUsers.email,
            g: recoveryGroups,
            openCases: sql<number>`(select count(*)::int from recovery_cases c where c.collector_id = ${recoveryCollectors.userId} and c.status = 'open')`,
            assignedToday: sql<number>`(select count(*)::int from recovery_case_moves m where m.to_collector_id = ${recoveryCollectors.userId} and m.reason in ('auto', 'manual', 'moveBook') and m.at >= ${since}::timestamptz)`,
            contactsToday: sql<number>`(select count(*)::int from recovery_follow_ups f where f.collector_id = ${recoveryCollectors.userId} and f.india_date = ${today}::date and not f.refused)`,
            recovered: sql<string>`(select coalesce(sum(r.amount_paise - r.excess_paise), 0)::text from repayments r join recovery_cases c on c.order_id = r.order_id
              where c.collector_id = ${recoveryCollectors.userId} and not r.reversed and r.received_at >= greatest(c.assigned_at, ${monthStart}::timestamptz)
              and (c.closed_at is null or r.received_at <= c.closed_at))`,
          })
          .from(recoveryCollectors)
          .innerJoin(staffUsers, eq(staffUsers.id, recoveryCollectors.userId))
          .innerJoin(recoveryGroups, eq(recoveryGroups.id, recoveryCollectors.groupId)),
      where: {
        kind: (kind) => eq(recoveryGroups.kind, kind),
        groupId: (id) => eq(recoveryCollectors.groupId, id),
        onDuty: (on) => eq(recoveryCollectors.onDuty, on),
      },
      sortColumns: { userId: recoveryCollectors.userId, name: staffUsers.name },
      defaultSort: { field: 'userId', order: 'asc' },
      id: recoveryCollectors.userId,
    },
    body,
  );
}

/** Whether a staff member of that id exists (a collector is one). */
export async function staffExists(db: Executor, userId: number): Promise<boolean> {
  const [user] = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(eq(staffUsers.id, userId));
  return user !== undefined;
}

/** A staff member joins a group as a collector (not one yet). */
export async function addCollector(
  db: Executor,
  userId: number,
  values: Omit<CollectorValues, 'dailyCap'>,
  at: Date,
): Promise<void> {
  await db.insert(recoveryCollectors).values({ userId, ...values, createdAt: at });
}

/** A staff member joins a group as a collector, or a collector's settings change. */
export async function upsertCollector(
  db: Executor,
  userId: number,
  values: CollectorValues,
  at: Date,
): Promise<void> {
  await db
    .insert(recoveryCollectors)
    .values({ userId, ...values, createdAt: at })
    .onConflictDoUpdate({ target: recoveryCollectors.userId, set: values });
}
