import {
  addDays,
  daysPastDue,
  loanClassAtDayEnd,
  overdueBand,
  overdueDays,
  overdueSinceAtDayEnd,
  RBI_THRESHOLDS,
  settleSuspense,
  totalOutstanding,
  transition,
  type AssetClass,
  type ClassThresholds,
  type OrderEvent,
  type OrderStatus,
} from '@lending/lending';
import {
  balancesOf,
  catchUpAccruals,
  termsFromJson,
  type ClassHistoryEntry,
  type DayEndOrder,
  type StatusChange,
} from '../loan-book/index.js';
import type { JournalToPost } from '../ledger/index.js';

/** What the day-end does to one order: its journals, status changes and new values. */
export interface OrderDayEnd {
  row: DayEndOrder;
  journals: JournalToPost[];
  changes: StatusChange[];
  /** The change of its asset class at this day-end, if any. */
  classChange: ClassHistoryEntry | null;
  values: {
    status: OrderStatus;
    lastEvent: OrderEvent | null;
    interest: bigint;
    penal: bigint;
    penalCharged: bigint;
    accruedThrough: string;
    overdueDays: number;
    band: string | null;
    rbi: AssetClass;
    classifiedDate: string | null;
    overdueSince: string | null;
    suspenseInterest: bigint;
    suspensePenal: bigint;
  };
}

/**
 * The day-end of business date D for one order: accrual through D (each day once, by key),
 * ACTIVE → DUE when D + 1 is the due date or later, DUE → OVERDUE at the day-end of the due
 * date with something outstanding, the operational ageing as of D + 1, and the RBI asset
 * class at the day-end of D (its days past due count the first overdue day as day 1): an NPA's
 * accruals go to suspense, and on the day it becomes NPA what it owes of interest and penal
 * leaves income for suspense. The borrower level follows once every loan is done
 * (`classifyBorrowers`).
 */
export function dayEndOf(
  row: DayEndOrder,
  date: string,
  at: Date,
  thresholds: ClassThresholds = RBI_THRESHOLDS,
): OrderDayEnd {
  const loan = balancesOf(row);
  if (!loan) throw new Error(`order ${row.id} is open without a loan`);
  const terms = termsFromJson(row.terms);
  const previous = row.rbiClass ?? 'STANDARD';
  const caught = catchUpAccruals(row.id, loan, terms, date, at, {
    inSuspense: previous === 'NPA',
  });
  const next = addDays(date, 1);
  let status = row.status;
  let lastEvent = row.lastEvent;
  const changes: StatusChange[] = [];
  const move = (event: OrderEvent, context: Parameters<typeof transition>[2]) => {
    const result = transition(status, event, context);
    if (!result.ok) return;
    changes.push({
      orderId: row.id,
      from: status,
      to: result.to,
      event,
      actorId: null,
      at,
      reason: `day-end ${date}`,
    });
    status = result.to;
    lastEvent = event;
  };
  const total = totalOutstanding(caught.loan);
  if (status === 'ACTIVE') move('dayEndDue', { businessDate: next, dueDate: caught.loan.dueDate });
  if (status === 'DUE')
    move('dayEndOverdue', { businessDate: date, dueDate: caught.loan.dueDate, outstanding: total });
  const days = overdueDays(caught.loan.dueDate, next, total);
  const overdueSince = overdueSinceAtDayEnd({
    overdueSince: row.overdueSince,
    dueDate: caught.loan.dueDate,
    outstanding: total,
    businessDate: date,
  });
  const pastDue = daysPastDue(overdueSince, date);
  const assetClass = loanClassAtDayEnd(previous, pastDue, thresholds);
  const settled = settleSuspense(
    { interest: caught.loan.outstanding.interest, penal: caught.loan.outstanding.penal },
    {
      interest: row.suspenseInterestPaise + caught.suspended.interest,
      penal: row.suspensePenalPaise + caught.suspended.penal,
    },
    assetClass === 'NPA',
  );
  const journals = [
    ...caught.journals,
    ...settled.journals.map((journal, index) => ({
      orderId: row.id,
      journal,
      idempotencyKey: `class:${row.id}:${date}:${journal.event}:${index}`,
      businessDate: date,
      at,
    })),
  ];
  const reclassified = assetClass !== previous;
  return {
    row,
    journals,
    changes,
    classChange: reclassified
      ? {
          orderId: row.id,
          customerId: row.customerId,
          businessDate: date,
          fromClass: row.rbiClass,
          toClass: assetClass,
          daysPastDue: pastDue,
          reason: 'daysPastDue',
          at,
        }
      : null,
    values: {
      status,
      lastEvent,
      interest: caught.loan.outstanding.interest,
      penal: caught.loan.outstanding.penal,
      penalCharged: caught.loan.penalCharged,
      accruedThrough: caught.loan.accruedThrough,
      overdueDays: days,
      band: overdueBand(days),
      rbi: assetClass,
      classifiedDate: reclassified ? date : row.classifiedDate,
      overdueSince,
      suspenseInterest: settled.suspense.interest,
      suspensePenal: settled.suspense.penal,
    },
  };
}
