import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { queryRows } from '../../shared/sql-rows.js';
import { ledgerPeriod } from './ledger.table.js';

/**
 * Which business days the ledger takes no more journals on (`ledger_period`, one row): closed
 * through the last completed day-end, locked through the last day of the last locked month.
 */
export interface LedgerPeriod {
  /** The last business date whose day-end completed; null before the first. */
  closedThrough: string | null;
  /** The last day of the last month finance locked; null while none is. */
  lockedThrough: string | null;
}

function periodOf(row: Record<string, unknown> | undefined): LedgerPeriod {
  return {
    closedThrough: row?.closed_through ? String(row.closed_through) : null,
    lockedThrough: row?.locked_through ? String(row.locked_through) : null,
  };
}

const periodColumns = sql`${ledgerPeriod.closedThrough}::text as closed_through,
  ${ledgerPeriod.lockedThrough}::text as locked_through`;

/** The closed and locked days as committed. */
export async function ledgerPeriodOf(db: Executor): Promise<LedgerPeriod> {
  const [row] = await queryRows(
    db,
    sql`select ${periodColumns} from ${ledgerPeriod} where ${ledgerPeriod.id} = 1`,
  );
  return periodOf(row);
}

/**
 * The period as a posting sees it, held until the posting's transaction ends (`for share`): a
 * day-end that would close a day, or a lock, waits for the posting to commit, and a posting
 * that comes while either is being committed reads what it committed. So the day a posting is
 * booked on is never closed under it (the trigger would refuse it otherwise).
 */
export async function ledgerPeriodForPosting(tx: Executor): Promise<LedgerPeriod> {
  const [row] = await queryRows(
    tx,
    sql`select ${periodColumns} from ${ledgerPeriod} where ${ledgerPeriod.id} = 1 for share`,
  );
  return periodOf(row);
}

/** The last locked day (locked month's last day), or null while no month is locked. */
export async function lockedThrough(db: Executor): Promise<string | null> {
  return (await ledgerPeriodOf(db)).lockedThrough;
}

/** The last closed business date, or null before the first day-end completed. */
export async function closedThrough(db: Executor): Promise<string | null> {
  return (await ledgerPeriodOf(db)).closedThrough;
}

/**
 * Closes business dates through `date`: the day-end calls it in the transaction that marks the
 * date's run completed. Never moves back (a date before the one closed changes nothing).
 */
export async function closeBusinessDaysThrough(tx: Executor, date: string): Promise<void> {
  await tx
    .update(ledgerPeriod)
    .set({
      closedThrough: sql`greatest(coalesce(${ledgerPeriod.closedThrough}, ${date}::date), ${date}::date)`,
    })
    .where(eq(ledgerPeriod.id, 1));
}

export type PeriodLock =
  | { ok: true; before: LedgerPeriod; after: LedgerPeriod }
  /** `date` is after the last closed business date (or none is closed yet). */
  | { ok: false; reason: 'notClosed'; period: LedgerPeriod }
  /** Every day through `date` is locked already. */
  | { ok: false; reason: 'alreadyLocked'; period: LedgerPeriod };

/**
 * Locks every day through `date` (finance's month lock: the month's last day), for good. The
 * state row is locked first, so two locks at once, or a lock and a day-end, go one after the
 * other. Refused unless `date` is closed and after the day locked through; the table's check
 * refuses a lock of a day not closed whatever the caller.
 */
export async function lockPeriodThrough(tx: Executor, date: string): Promise<PeriodLock> {
  const [row] = await queryRows(
    tx,
    sql`select ${periodColumns} from ${ledgerPeriod} where ${ledgerPeriod.id} = 1 for update`,
  );
  const before = periodOf(row);
  if (before.closedThrough === null || before.closedThrough < date)
    return { ok: false, reason: 'notClosed', period: before };
  if (before.lockedThrough !== null && before.lockedThrough >= date)
    return { ok: false, reason: 'alreadyLocked', period: before };
  await tx.update(ledgerPeriod).set({ lockedThrough: date }).where(eq(ledgerPeriod.id, 1));
  return { ok: true, before, after: { ...before, lockedThrough: date } };
}
