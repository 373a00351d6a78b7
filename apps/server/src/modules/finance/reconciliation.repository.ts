import { and, count, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import {
  reconciliationBreaks,
  reconciliationDays,
  type BreakKind,
  type CheckingStatus,
  type ReconciliationDayRow,
  type ReconciliationSide,
} from './finance.table.js';

/**
 * The daily reconciliation's reads and writes: a reconciled day and its breaks (both sides),
 * their resolution, and the scheduled run's lock.
 */

type ReconciliationBreakRow = typeof reconciliationBreaks.$inferSelect;
type BreakPatch = Partial<typeof reconciliationBreaks.$inferInsert>;

export interface NewBreak {
  kind: BreakKind;
  reference: string;
  orderId: number | null;
  creditId: number | null;
  oursPaise: bigint | null;
  gatewayPaise: bigint | null;
  gatewayAccount: string | null;
  gatewayMethod: string | null;
  gatewayAt: Date | null;
}

/** The day's row with the figures of this run; its status is refreshed apart. */
export async function upsertReconciledDay(
  db: Executor,
  values: Omit<ReconciliationDayRow, 'id' | 'status'>,
): Promise<ReconciliationDayRow> {
  const [row] = await db
    .insert(reconciliationDays)
    .values({ ...values, status: 'not_checked' })
    .onConflictDoUpdate({
      target: [
        reconciliationDays.businessDate,
        reconciliationDays.side,
        reconciliationDays.channel,
      ],
      set: {
        systemAmountPaise: values.systemAmountPaise,
        systemCount: values.systemCount,
        thirdPartyAmountPaise: values.thirdPartyAmountPaise,
        thirdPartyCount: values.thirdPartyCount,
        checkedAt: values.checkedAt,
      },
    })
    .returning();
  return row!;
}

/**
 * The day's breaks, open unless said otherwise; one found again by a later run of the day is
 * kept as it is (and resolved).
 */
export async function recordBreaks(
  db: Executor,
  dayId: number,
  breaks: readonly (NewBreak & Pick<BreakPatch, 'status' | 'note' | 'resolvedAt'>)[],
) {
  if (breaks.length === 0) return;
  await db
    .insert(reconciliationBreaks)
    .values(breaks.map((item) => ({ ...item, dayId, status: item.status ?? ('open' as const) })))
    .onConflictDoNothing();
}

/** Passed when no break is open, failed otherwise. */
export async function refreshCheckedDayStatus(
  db: Executor,
  dayId: number,
): Promise<CheckingStatus> {
  const [open] = await db
    .select({ n: count() })
    .from(reconciliationBreaks)
    .where(and(eq(reconciliationBreaks.dayId, dayId), eq(reconciliationBreaks.status, 'open')));
  const status: CheckingStatus = (open?.n ?? 0) > 0 ? 'failed' : 'passed';
  await db.update(reconciliationDays).set({ status }).where(eq(reconciliationDays.id, dayId));
  return status;
}

/** Each day's side and status, with how many of its breaks are still open. */
export function dayStatusesOf(db: Executor, dayIds: readonly number[]) {
  return db
    .select({
      side: reconciliationDays.side,
      status: reconciliationDays.status,
      openBreaks: sql<number>`(select count(*)::int from reconciliation_breaks b
        where b.day_id = ${reconciliationDays.id} and b.status = 'open')`,
    })
    .from(reconciliationDays)
    .where(inArray(reconciliationDays.id, [...dayIds]));
}

/** When each collection day of the channel in `[from, through]` was last reconciled. */
export function collectionDaysCheckedOf(
  db: Executor,
  channel: string,
  from: string,
  through: string,
) {
  return db
    .select({ date: reconciliationDays.businessDate, checkedAt: reconciliationDays.checkedAt })
    .from(reconciliationDays)
    .where(
      and(
        eq(reconciliationDays.side, 'collection'),
        eq(reconciliationDays.channel, channel),
        gte(reconciliationDays.businessDate, from),
        lte(reconciliationDays.businessDate, through),
      ),
    );
}

export async function findBreak(
  db: Executor,
  breakId: number,
): Promise<ReconciliationBreakRow | undefined> {
  const [found] = await db
    .select()
    .from(reconciliationBreaks)
    .where(eq(reconciliationBreaks.id, breakId));
  return found;
}

/** The side of the day the break was found on. */
export async function sideOfBreak(
  db: Executor,
  breakId: number,
): Promise<ReconciliationSide | undefined> {
  const [row] = await db
    .select({ side: reconciliationDays.side })
    .from(reconciliationBreaks)
    .innerJoin(reconciliationDays, eq(reconciliationDays.id, reconciliationBreaks.dayId))
    .where(eq(reconciliationBreaks.id, breakId));
  return row?.side;
}

/** A person's resolution, written on the break only while it is open. */
export async function resolveOpenBreak(
  db: Executor,
  breakId: number,
  resolution: BreakPatch & { resolvedBy: number; resolvedAt: Date },
): Promise<void> {
  await db
    .update(reconciliationBreaks)
    .set(resolution)
    .where(and(eq(reconciliationBreaks.id, breakId), eq(reconciliationBreaks.status, 'open')));
}
