import type {
  AdjustmentRow,
  AdjustmentTotals,
  PeriodLockRow,
  adjustmentBodySchema,
  lockMonthBodySchema,
  periodLockBodySchema,
} from '@lending/contract';
import { addDays } from '@lending/lending';
import type { z } from 'zod';
import type { AuditRecorder } from '../../plugins/audit-port.js';
import type { Database } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import type { Clock } from '../../shared/clock.js';
import { paiseFromDb, paiseToApi } from '../../shared/paise.js';
import { toIso } from '../../shared/timestamps.js';
import { ledgerPeriodOf, lockPeriodThrough, type LedgerPeriod } from '../ledger/index.js';
import { lockedPeriodPosting } from '../ops-config/index.js';
import * as repo from './period.repository.js';

/** Closed days and locked months: the adjustments report and the month locks. */
export interface PeriodDeps {
  db: Database;
  clock: Clock;
}

const kindAmounts = (kinds: repo.KindAmounts) => ({
  receivablePaise: paiseToApi(paiseFromDb(kinds.receivable)),
  incomePaise: paiseToApi(paiseFromDb(kinds.income)),
  suspensePaise: paiseToApi(paiseFromDb(kinds.suspense)),
  cashPaise: paiseToApi(paiseFromDb(kinds.cash)),
  liabilityPaise: paiseToApi(paiseFromDb(kinds.liability)),
  expensePaise: paiseToApi(paiseFromDb(kinds.expense)),
});

/**
 * The adjustments report: journals posted on a later business day than the day they belong to
 * (a value-dated posting's reversals, payment and replays; a journal of a closed day booked on
 * the next open one), for a range of posting days, with their net per kind of account and the
 * totals of the range. The totals are what the range's postings moved in days already past.
 */
export async function adjustments(
  deps: PeriodDeps,
  body: z.output<typeof adjustmentBodySchema>,
): Promise<{ total: number; list: AdjustmentRow[]; totals: AdjustmentTotals }> {
  const totals = await repo.adjustmentTotals(deps.db, body.filters);
  const { list, total } = await repo.listAdjustments(deps.db, body, totals.count);
  return {
    total,
    list: list.map((row) => ({
      id: row.id,
      postedDate: row.postedDate,
      valueDate: row.valueDate!,
      orderId: row.orderId,
      orderNo: row.orderNo,
      event: row.event,
      reverses: row.reverses,
      reason: row.reason,
      ...kindAmounts(row.kinds),
    })),
    totals: { count: totals.count, ...kindAmounts(totals.kinds) },
  };
}

/** The India month's last day (`YYYY-MM` → `YYYY-MM-DD`). */
export function lastDayOfMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
  return addDays(`${next}-01`, -1);
}

/** The latest month every day of which is closed and not yet locked, if any. */
export function lockableMonthOf(period: LedgerPeriod): string | null {
  const closed = period.closedThrough;
  if (closed === null) return null;
  const ownMonth = closed.slice(0, 7);
  const month =
    lastDayOfMonth(ownMonth) === closed ? ownMonth : addDays(`${ownMonth}-01`, -1).slice(0, 7);
  const locked = period.lockedThrough;
  return locked !== null && locked >= lastDayOfMonth(month) ? null : month;
}

function lockRow(row: Awaited<ReturnType<typeof repo.periodLockById>>): PeriodLockRow {
  return {
    id: row.lock.id,
    month: row.lock.month,
    lockedThrough: row.lock.lockedThrough,
    reason: row.lock.reason,
    lockedBy: row.lockedBy,
    lockedAt: toIso(row.lock.lockedAt),
  };
}

/** The month locks, where the ledger stands (closed, locked through) and the setting in force. */
export async function periodLocks(deps: PeriodDeps, body: z.output<typeof periodLockBodySchema>) {
  const period = await ledgerPeriodOf(deps.db);
  const { list, total } = await repo.listPeriodLocks(deps.db, body);
  return {
    total,
    list: list.map(lockRow),
    closedThrough: period.closedThrough,
    lockedThrough: period.lockedThrough,
    lockableMonth: lockableMonthOf(period),
    postingMode: await lockedPeriodPosting(deps.db),
  };
}

/**
 * Locks a month, and with it every day up to its last day, for good: no journal may belong to
 * those days any more (the ledger's trigger refuses one). Only a month whose every day the
 * day-end has closed (409 `monthNotClosed`), and not one already locked (409
 * `monthAlreadyLocked`). There is no unlock. Audited with the reason, before and after.
 */
export async function lockMonth(
  deps: PeriodDeps,
  input: z.output<typeof lockMonthBodySchema>,
  actorId: number,
  audit: AuditRecorder,
) {
  const through = lastDayOfMonth(input.month);
  const locked = await lockPeriodThrough(deps.db, through);
  if (!locked.ok) {
    if (locked.reason === 'notClosed')
      throw new AppError('monthNotClosed', {
        field: input.month,
        detail: locked.period.closedThrough ?? '—',
      });
    throw new AppError('monthAlreadyLocked', {
      field: input.month,
      detail: locked.period.lockedThrough!,
    });
  }
  const row = await repo.insertPeriodLock(deps.db, {
    month: input.month,
    lockedThrough: through,
    reason: input.reason,
    lockedBy: actorId,
    lockedAt: deps.clock.now(),
  });
  await audit.record({
    targetType: 'period_lock',
    targetId: input.month,
    before: { lockedThrough: locked.before.lockedThrough },
    after: { lockedThrough: through, reason: input.reason },
  });
  return { lock: lockRow(await repo.periodLockById(deps.db, row.id)), lockedThrough: through };
}
