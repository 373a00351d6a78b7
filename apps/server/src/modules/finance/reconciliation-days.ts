import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import {
  reconciliationBreaks,
  reconciliationDays,
  type BreakKind,
  type CheckingStatus,
  type ReconciliationDayRow,
} from './finance.table.js';

/** Writing a reconciled day and its breaks: both sides of the daily reconciliation. */

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

/** Open breaks; one found again by a later run of the day is kept as it is (and resolved). */
export async function recordBreaks(db: Executor, dayId: number, breaks: readonly NewBreak[]) {
  if (breaks.length === 0) return;
  await db
    .insert(reconciliationBreaks)
    .values(breaks.map((item) => ({ ...item, dayId, status: 'open' as const })))
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
