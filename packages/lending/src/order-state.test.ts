import { describe, expect, it } from 'vitest';
import {
  allowedEvents,
  closureTypeFor,
  findRule,
  openStatusFor,
  ORDER_EVENTS,
  ORDER_STATUSES,
  transition,
  TRANSITIONS,
  type OrderEvent,
  type OrderStatus,
  type TransitionContext,
} from './order-state.js';

/** A context every guard accepts: two reviewers, rollovers left, on the due date, day 2. */
const passing: TransitionContext = {
  firstReviewerId: 'reviewer-1',
  finalReviewerId: 'reviewer-2',
  rolloverCount: 0,
  maxRollovers: 3,
  allowOverdueRollover: true,
  disbursalDate: '2025-01-13',
  dueDate: '2025-01-15',
  businessDate: '2025-01-15',
  coolingOffDays: 3,
  outstanding: 100n,
  rejectedBy: 'machine',
};

describe('the transition table', () => {
  const allowed = TRANSITIONS.flatMap((rule) =>
    rule.from.map((from) => [from, rule.event, rule] as const),
  );

  it.each(allowed.map(([from, event, rule]) => [from, event, rule.to] as const))(
    '%s --%s--> %s',
    (from, event, to) => {
      const result = transition(from, event, passing);
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      const expected = to === 'SAME' ? from : to === 'REOPENED' ? 'DUE' : to;
      expect(result).toMatchObject({ from, to: expected });
    },
  );

  it('has at most one rule per status and event', () => {
    for (const status of ORDER_STATUSES) {
      for (const event of ORDER_EVENTS) {
        const rules = TRANSITIONS.filter((r) => r.event === event && r.from.includes(status));
        expect(rules.length, `${status} ${event}`).toBeLessThanOrEqual(1);
      }
    }
  });

  it('refuses every pair not in the table', () => {
    let refused = 0;
    for (const status of ORDER_STATUSES) {
      for (const event of ORDER_EVENTS) {
        if (findRule(status, event)) continue;
        expect(transition(status, event, passing)).toEqual({
          ok: false,
          reason: 'EVENT_NOT_ALLOWED',
        });
        refused += 1;
      }
    }
    expect(refused).toBe(ORDER_STATUSES.length * ORDER_EVENTS.length - allowed.length);
  });

  it.each<[OrderStatus, OrderEvent, OrderStatus]>([
    ['APPLIED', 'submit', 'MACHINE_REVIEW'],
    ['MACHINE_REVIEW', 'machinePass', 'FIRST_REVIEW'],
    ['MACHINE_REVIEW', 'machineReject', 'REJECTED'],
    ['FIRST_REVIEW', 'firstPass', 'FINAL_REVIEW'],
    ['FINAL_REVIEW', 'sendBack', 'FIRST_REVIEW'],
    ['FINAL_REVIEW', 'finalPass', 'PENDING_DISBURSEMENT'],
    ['PENDING_DISBURSEMENT', 'createPayout', 'DISBURSING'],
    ['DISBURSING', 'payoutProcessed', 'ACTIVE'],
    ['DISBURSING', 'payoutFailed', 'DISBURSEMENT_FAILED'],
    ['ACTIVE', 'payoutReversed', 'DISBURSEMENT_FAILED'],
    ['DISBURSEMENT_FAILED', 'retryPayout', 'DISBURSING'],
    ['ACTIVE', 'dayEndDue', 'DUE'],
    ['DUE', 'dayEndOverdue', 'OVERDUE'],
    ['OVERDUE', 'repayFull', 'CLEARED'],
    ['OVERDUE', 'overpay', 'OVERPAID'],
    ['OVERPAID', 'refundProcessed', 'CLEARED'],
    ['OVERDUE', 'rollover', 'ACTIVE'],
    ['OVERDUE', 'writeOff', 'WRITTEN_OFF'],
    ['DUE', 'repayPartial', 'DUE'],
    ['OVERDUE', 'waivePartial', 'OVERDUE'],
  ])('docs/domain.md: %s --%s--> %s', (from, event, to) => {
    expect(transition(from, event, passing)).toMatchObject({ ok: true, to });
  });

  it('final statuses are final, except a reversed payment re-opening CLEARED and a machine rejection referred to people', () => {
    expect(allowedEvents('CLEARED')).toEqual(['reverseRepayment']);
    expect(allowedEvents('REJECTED')).toEqual(['manualRefer']);
    for (const status of ['WRITTEN_OFF', 'CANCELLED'] as const) {
      expect(allowedEvents(status)).toEqual([]);
    }
  });
});

describe('guards', () => {
  it.each<[string, OrderStatus, OrderEvent, TransitionContext, string]>([
    [
      'same final reviewer',
      'FINAL_REVIEW',
      'finalPass',
      { ...passing, finalReviewerId: 'reviewer-1' },
      'SAME_REVIEWER',
    ],
    [
      'same reviewer sends back',
      'FINAL_REVIEW',
      'sendBack',
      { ...passing, finalReviewerId: 'reviewer-1' },
      'SAME_REVIEWER',
    ],
    ['reviewers unknown', 'FINAL_REVIEW', 'finalReject', {}, 'MISSING_CONTEXT'],
    [
      'a rejection by staff stays rejected',
      'REJECTED',
      'manualRefer',
      { ...passing, rejectedBy: 'staff' },
      'NOT_A_MACHINE_REJECTION',
    ],
    ['who rejected unknown', 'REJECTED', 'manualRefer', {}, 'MISSING_CONTEXT'],
    [
      'rollover count used up',
      'ACTIVE',
      'rollover',
      { ...passing, rolloverCount: 3 },
      'MAX_ROLLOVERS_REACHED',
    ],
    [
      'overdue rollover forbidden',
      'OVERDUE',
      'rollover',
      { ...passing, allowOverdueRollover: false },
      'OVERDUE_ROLLOVER_NOT_ALLOWED',
    ],
    [
      'overdue rollover, count used up',
      'OVERDUE',
      'rollover',
      { ...passing, rolloverCount: 3 },
      'MAX_ROLLOVERS_REACHED',
    ],
    [
      'cooling-off day 4',
      'ACTIVE',
      'coolingOffExit',
      { ...passing, businessDate: '2025-01-17' },
      'COOLING_OFF_WINDOW_CLOSED',
    ],
    [
      'cooling-off, tenor < 7, day 2',
      'ACTIVE',
      'coolingOffExit',
      { ...passing, coolingOffDays: 1 },
      'COOLING_OFF_WINDOW_CLOSED',
    ],
    [
      'not due yet',
      'ACTIVE',
      'dayEndDue',
      { ...passing, businessDate: '2025-01-14' },
      'NOT_DUE_YET',
    ],
    [
      'nothing left to be overdue on',
      'DUE',
      'dayEndOverdue',
      { ...passing, outstanding: 0n },
      'NOTHING_OUTSTANDING',
    ],
    ['closure needs dates', 'ACTIVE', 'repayFull', {}, 'MISSING_CONTEXT'],
    ['re-open needs dates', 'CLEARED', 'reverseRepayment', {}, 'MISSING_CONTEXT'],
  ])('%s', (_label, status, event, context, reason) => {
    expect(transition(status, event, context)).toEqual({ ok: false, reason });
  });

  it.each<[OrderStatus, OrderEvent, string]>([
    ['APPLIED', 'payoutProcessed', 'no money before review'],
    ['CLEARED', 'repayFull', 'cleared twice'],
    ['REJECTED', 'submit', 'rejected stays rejected'],
    ['WRITTEN_OFF', 'rollover', 'no renewal after write-off'],
    ['ACTIVE', 'writeOff', 'write-off only when overdue'],
    ['ACTIVE', 'cancel', 'a disbursed loan is not cancelled'],
    ['OVERDUE', 'coolingOffExit', 'cooling-off is over once overdue'],
    ['FIRST_REVIEW', 'finalPass', 'no skipping first review'],
  ])('refused: %s --%s-- (%s)', (status, event) => {
    expect(transition(status, event, passing)).toEqual({ ok: false, reason: 'EVENT_NOT_ALLOWED' });
  });
});

describe('closure types and re-opening', () => {
  it.each([
    ['2025-01-10', 'ADVANCE_CLEAR'],
    ['2025-01-15', 'ON_TIME'],
    ['2025-01-18', 'OVERDUE_CLEAR'],
  ])('money on %s → %s', (businessDate, closureType) => {
    expect(closureTypeFor('2025-01-15', businessDate)).toBe(closureType);
    expect(transition('ACTIVE', 'repayFull', { ...passing, businessDate })).toMatchObject({
      to: 'CLEARED',
      closureType,
    });
    expect(transition('OVERDUE', 'overpay', { ...passing, businessDate })).toMatchObject({
      to: 'OVERPAID',
      closureType,
    });
  });

  it.each([
    ['coolingOffExit', 'COOLING_OFF_EXIT'],
    ['waiverSettle', 'SETTLED_WITH_WAIVER'],
  ] as const)('%s closes as %s', (event, closureType) => {
    expect(transition('DUE', event, passing)).toMatchObject({
      ok: true,
      to: 'CLEARED',
      closureType,
    });
  });

  it.each([
    ['2025-01-10', 'ACTIVE'],
    ['2025-01-15', 'DUE'],
    ['2025-01-16', 'OVERDUE'],
  ] as const)('a reversed payment on %s re-opens as %s', (businessDate, status) => {
    expect(openStatusFor('2025-01-15', businessDate)).toBe(status);
    expect(transition('CLEARED', 'reverseRepayment', { ...passing, businessDate })).toMatchObject({
      ok: true,
      to: status,
    });
  });
});
