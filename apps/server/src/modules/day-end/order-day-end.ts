import {
  addDays,
  overdueBand,
  overdueDays,
  rbiClass,
  totalOutstanding,
  transition,
  type OrderEvent,
  type OrderStatus,
} from '@lending/lending';
import {
  balancesOf,
  catchUpAccruals,
  termsFromJson,
  type DayEndOrder,
  type StatusChange,
} from '../loan-book/index.js';
import type { JournalToPost } from '../ledger/index.js';

/** What the day-end does to one order: its journals, status changes and new values. */
export interface OrderDayEnd {
  row: DayEndOrder;
  journals: JournalToPost[];
  changes: StatusChange[];
  values: {
    status: OrderStatus;
    lastEvent: OrderEvent | null;
    interest: bigint;
    penal: bigint;
    penalCharged: bigint;
    accruedThrough: string;
    overdueDays: number;
    band: string | null;
    rbi: string;
  };
}

/**
 * The day-end of business date D for one order: accrual through D (each day once, by key),
 * ACTIVE → DUE when D + 1 is the due date or later, DUE → OVERDUE at the day-end of the due
 * date with something outstanding, and the derived attributes as of D + 1.
 */
export function dayEndOf(row: DayEndOrder, date: string, at: Date): OrderDayEnd {
  const loan = balancesOf(row);
  if (!loan) throw new Error(`order ${row.id} is open without a loan`);
  const terms = termsFromJson(row.terms);
  const caught = catchUpAccruals(row.id, loan, terms, date, at);
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
  return {
    row,
    journals: caught.journals,
    changes,
    values: {
      status,
      lastEvent,
      interest: caught.loan.outstanding.interest,
      penal: caught.loan.outstanding.penal,
      penalCharged: caught.loan.penalCharged,
      accruedThrough: caught.loan.accruedThrough,
      overdueDays: days,
      band: overdueBand(days),
      rbi: rbiClass(days),
    },
  };
}
