import { daysBetween, isAfter, isBefore, type IndiaDate } from './calendar-date.js';
import type { Paise } from './money.js';

/** The one status of an order (docs/domain.md); everything else about it is derived. */
export const ORDER_STATUSES = [
  'APPLIED',
  'MACHINE_REVIEW',
  'FIRST_REVIEW',
  'FINAL_REVIEW',
  'PENDING_DISBURSEMENT',
  'DISBURSING',
  'ACTIVE',
  'DUE',
  'OVERDUE',
  'CLEARED',
  'WRITTEN_OFF',
  'REJECTED',
  'CANCELLED',
  'DISBURSEMENT_FAILED',
  'OVERPAID',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_EVENTS = [
  'submit',
  'machinePass',
  'machineReject',
  'firstPass',
  'firstReject',
  'finalPass',
  'finalReject',
  'sendBack',
  'manualRefer',
  'cancel',
  'createPayout',
  'payoutProcessed',
  'payoutFailed',
  'payoutReversed',
  'retryPayout',
  'dayEndDue',
  'dayEndOverdue',
  'repayPartial',
  'repayFull',
  'overpay',
  'refundProcessed',
  'rollover',
  'coolingOffExit',
  'waivePartial',
  'waiverSettle',
  'writeOff',
  'reverseRepayment',
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/** How a CLEARED order was closed ("advance clear" is the spec's word for early). */
export const CLOSURE_TYPES = [
  'ADVANCE_CLEAR',
  'ON_TIME',
  'OVERDUE_CLEAR',
  'COOLING_OFF_EXIT',
  'SETTLED_WITH_WAIVER',
] as const;
export type ClosureType = (typeof CLOSURE_TYPES)[number];

export const CLOSURE_LABELS: Record<ClosureType, string> = {
  ADVANCE_CLEAR: 'advance clear',
  ON_TIME: 'on time',
  OVERDUE_CLEAR: 'overdue clear',
  COOLING_OFF_EXIT: 'cooling-off exit',
  SETTLED_WITH_WAIVER: 'settled with waiver',
};

/** Statuses no event leaves, except a reversed payment re-opening a CLEARED order. */
export const FINAL_STATUSES: readonly OrderStatus[] = [
  'CLEARED',
  'WRITTEN_OFF',
  'REJECTED',
  'CANCELLED',
];

/** What the guards read; the caller supplies what the event needs. */
export interface TransitionContext {
  firstReviewerId?: string;
  finalReviewerId?: string;
  rolloverCount?: number;
  maxRollovers?: number;
  allowOverdueRollover?: boolean;
  /** Who rejected a REJECTED order: only a machine rejection may be referred to people. */
  rejectedBy?: 'machine' | 'staff';
  /** India date the event happens on. */
  businessDate?: IndiaDate;
  dueDate?: IndiaDate;
  disbursalDate?: IndiaDate;
  coolingOffDays?: number;
  outstanding?: Paise;
}

export type TransitionRefusal =
  | 'EVENT_NOT_ALLOWED'
  | 'MISSING_CONTEXT'
  | 'SAME_REVIEWER'
  | 'NOT_A_MACHINE_REJECTION'
  | 'MAX_ROLLOVERS_REACHED'
  | 'OVERDUE_ROLLOVER_NOT_ALLOWED'
  | 'COOLING_OFF_WINDOW_CLOSED'
  | 'NOT_DUE_YET'
  | 'NOTHING_OUTSTANDING';

export type GuardName =
  | 'distinctReviewers'
  | 'machineRejection'
  | 'rolloverCount'
  | 'overdueRollover'
  | 'coolingOffWindow'
  | 'dueDateReached'
  | 'pastDueWithOutstanding';

/**
 * `to`: a status; `SAME` keeps the status (a partial payment is a label, not a state);
 * `REOPENED` is ACTIVE, DUE or OVERDUE by business date against due date.
 * `closure`: `BY_DATE` is advance / on time / overdue by the day the money arrived.
 */
export interface TransitionRule {
  from: readonly OrderStatus[];
  event: OrderEvent;
  to: OrderStatus | 'SAME' | 'REOPENED';
  guard?: GuardName;
  closure?: ClosureType | 'BY_DATE';
}

const OPEN: readonly OrderStatus[] = ['ACTIVE', 'DUE', 'OVERDUE'];
const CANCELLABLE: readonly OrderStatus[] = [
  'APPLIED',
  'MACHINE_REVIEW',
  'FIRST_REVIEW',
  'FINAL_REVIEW',
  'PENDING_DISBURSEMENT',
  'DISBURSEMENT_FAILED',
];

export const TRANSITIONS: readonly TransitionRule[] = [
  { from: ['APPLIED'], event: 'submit', to: 'MACHINE_REVIEW' },
  { from: ['MACHINE_REVIEW'], event: 'machinePass', to: 'FIRST_REVIEW' },
  { from: ['MACHINE_REVIEW'], event: 'machineReject', to: 'REJECTED' },
  { from: ['FIRST_REVIEW'], event: 'firstPass', to: 'FINAL_REVIEW' },
  { from: ['FIRST_REVIEW'], event: 'firstReject', to: 'REJECTED' },
  {
    from: ['FINAL_REVIEW'],
    event: 'finalPass',
    to: 'PENDING_DISBURSEMENT',
    guard: 'distinctReviewers',
  },
  { from: ['FINAL_REVIEW'], event: 'finalReject', to: 'REJECTED', guard: 'distinctReviewers' },
  { from: ['FINAL_REVIEW'], event: 'sendBack', to: 'FIRST_REVIEW', guard: 'distinctReviewers' },
  // A machine rejection may go to people (first review), never straight to approved.
  { from: ['REJECTED'], event: 'manualRefer', to: 'FIRST_REVIEW', guard: 'machineRejection' },
  { from: CANCELLABLE, event: 'cancel', to: 'CANCELLED' },
  // The order moves only on terminal payout events; `processed` may still be reversed.
  { from: ['PENDING_DISBURSEMENT'], event: 'createPayout', to: 'DISBURSING' },
  { from: ['DISBURSING'], event: 'payoutProcessed', to: 'ACTIVE' },
  { from: ['DISBURSING'], event: 'payoutFailed', to: 'DISBURSEMENT_FAILED' },
  { from: ['DISBURSING', ...OPEN], event: 'payoutReversed', to: 'DISBURSEMENT_FAILED' },
  { from: ['DISBURSEMENT_FAILED'], event: 'retryPayout', to: 'DISBURSING' },
  { from: ['ACTIVE'], event: 'dayEndDue', to: 'DUE', guard: 'dueDateReached' },
  { from: ['DUE'], event: 'dayEndOverdue', to: 'OVERDUE', guard: 'pastDueWithOutstanding' },
  { from: OPEN, event: 'repayPartial', to: 'SAME' },
  { from: OPEN, event: 'repayFull', to: 'CLEARED', closure: 'BY_DATE' },
  // The closure type is fixed when the money arrives; the refund only completes it.
  { from: OPEN, event: 'overpay', to: 'OVERPAID', closure: 'BY_DATE' },
  { from: ['OVERPAID'], event: 'refundProcessed', to: 'CLEARED' },
  { from: ['ACTIVE', 'DUE'], event: 'rollover', to: 'ACTIVE', guard: 'rolloverCount' },
  { from: ['OVERDUE'], event: 'rollover', to: 'ACTIVE', guard: 'overdueRollover' },
  {
    from: ['ACTIVE', 'DUE'],
    event: 'coolingOffExit',
    to: 'CLEARED',
    guard: 'coolingOffWindow',
    closure: 'COOLING_OFF_EXIT',
  },
  // A part of what is owed (typically the penal charge) is waived; the loan stays open.
  { from: OPEN, event: 'waivePartial', to: 'SAME' },
  { from: OPEN, event: 'waiverSettle', to: 'CLEARED', closure: 'SETTLED_WITH_WAIVER' },
  { from: ['OVERDUE'], event: 'writeOff', to: 'WRITTEN_OFF' },
  { from: ['CLEARED', 'OVERPAID'], event: 'reverseRepayment', to: 'REOPENED' },
  { from: OPEN, event: 'reverseRepayment', to: 'SAME' },
];

type GuardResult = TransitionRefusal | null;

const GUARDS: Record<GuardName, (ctx: TransitionContext) => GuardResult> = {
  // Maker-checker: the final decision belongs to a second person.
  distinctReviewers: ({ firstReviewerId, finalReviewerId }) => {
    if (!firstReviewerId || !finalReviewerId) return 'MISSING_CONTEXT';
    return firstReviewerId === finalReviewerId ? 'SAME_REVIEWER' : null;
  },
  machineRejection: ({ rejectedBy }) => {
    if (!rejectedBy) return 'MISSING_CONTEXT';
    return rejectedBy === 'machine' ? null : 'NOT_A_MACHINE_REJECTION';
  },
  rolloverCount: ({ rolloverCount, maxRollovers }) => {
    if (rolloverCount === undefined || maxRollovers === undefined) return 'MISSING_CONTEXT';
    return rolloverCount < maxRollovers ? null : 'MAX_ROLLOVERS_REACHED';
  },
  overdueRollover: (ctx) => {
    if (ctx.allowOverdueRollover === undefined) return 'MISSING_CONTEXT';
    if (!ctx.allowOverdueRollover) return 'OVERDUE_ROLLOVER_NOT_ALLOWED';
    return GUARDS.rolloverCount(ctx);
  },
  coolingOffWindow: ({ disbursalDate, businessDate, coolingOffDays }) => {
    if (!disbursalDate || !businessDate || coolingOffDays === undefined) return 'MISSING_CONTEXT';
    const daysUsed = daysBetween(disbursalDate, businessDate);
    return daysUsed >= 0 && daysUsed <= coolingOffDays ? null : 'COOLING_OFF_WINDOW_CLOSED';
  },
  dueDateReached: ({ businessDate, dueDate }) => {
    if (!businessDate || !dueDate) return 'MISSING_CONTEXT';
    return isBefore(businessDate, dueDate) ? 'NOT_DUE_YET' : null;
  },
  // DUE → OVERDUE at the day-end of the due date when anything is still owed.
  pastDueWithOutstanding: ({ businessDate, dueDate, outstanding }) => {
    if (!businessDate || !dueDate || outstanding === undefined) return 'MISSING_CONTEXT';
    if (isBefore(businessDate, dueDate)) return 'NOT_DUE_YET';
    return outstanding > 0n ? null : 'NOTHING_OUTSTANDING';
  },
};

export type TransitionResult =
  | { ok: true; from: OrderStatus; to: OrderStatus; closureType?: ClosureType }
  | { ok: false; reason: TransitionRefusal };

/** Advance / on time / overdue, by the India date the clearing money arrived. */
export function closureTypeFor(dueDate: IndiaDate, paidOn: IndiaDate): ClosureType {
  if (isBefore(paidOn, dueDate)) return 'ADVANCE_CLEAR';
  return isAfter(paidOn, dueDate) ? 'OVERDUE_CLEAR' : 'ON_TIME';
}

/** The status of an open order on `today`: ACTIVE before the due date, DUE on it, then OVERDUE. */
export function openStatusFor(dueDate: IndiaDate, today: IndiaDate): 'ACTIVE' | 'DUE' | 'OVERDUE' {
  if (isBefore(today, dueDate)) return 'ACTIVE';
  return isAfter(today, dueDate) ? 'OVERDUE' : 'DUE';
}

export function findRule(status: OrderStatus, event: OrderEvent): TransitionRule | undefined {
  return TRANSITIONS.find((rule) => rule.event === event && rule.from.includes(status));
}

export function allowedEvents(status: OrderStatus): OrderEvent[] {
  return ORDER_EVENTS.filter((event) => findRule(status, event) !== undefined);
}

/** Applies the table: the target status (and closure type), or why the event is refused. */
export function transition(
  status: OrderStatus,
  event: OrderEvent,
  context: TransitionContext = {},
): TransitionResult {
  const rule = findRule(status, event);
  if (!rule) return { ok: false, reason: 'EVENT_NOT_ALLOWED' };
  const refusal = rule.guard ? GUARDS[rule.guard](context) : null;
  if (refusal) return { ok: false, reason: refusal };

  let to: OrderStatus;
  if (rule.to === 'SAME') to = status;
  else if (rule.to === 'REOPENED') {
    if (!context.dueDate || !context.businessDate) return { ok: false, reason: 'MISSING_CONTEXT' };
    to = openStatusFor(context.dueDate, context.businessDate);
  } else to = rule.to;

  if (rule.closure === undefined) return { ok: true, from: status, to };
  if (rule.closure !== 'BY_DATE') return { ok: true, from: status, to, closureType: rule.closure };
  if (!context.dueDate || !context.businessDate) return { ok: false, reason: 'MISSING_CONTEXT' };
  return {
    ok: true,
    from: status,
    to,
    closureType: closureTypeFor(context.dueDate, context.businessDate),
  };
}
