import { describe, expect, it } from 'vitest';
import { addDays } from './calendar-date.js';
import { zeroAmounts } from './components.js';
import { isBalanced } from './ledger.js';
import { rupeesToPaise as r } from './money.js';
import { applyRepayment } from './repayment.js';
import { ReferenceBook } from './testing/reference-book.js';
import { earliestValueDate, fixedEventKindOf } from './restatement.js';
import {
  applyValueDatedRepayment,
  checkValueDate,
  type ValueDatedRepaymentInput,
  type ValueDatedRepaymentStep,
} from './value-dating.js';
import { WORKED_EXAMPLE_PRINCIPAL, WORKED_EXAMPLE_TERMS as terms } from './worked-example.js';

const DAY0 = '2025-01-01';
const day = (n: number) => addDays(DAY0, n);

/** The worked example's loan with every day-end through day n − 1 (business day n). */
function bookOn(n: number) {
  const book = new ReferenceBook(terms, WORKED_EXAMPLE_PRINCIPAL, DAY0);
  book.accrueThrough(day(n - 1));
  return book;
}

function posted(result: ReturnType<ReferenceBook['repayValueDated']>): ValueDatedRepaymentStep {
  if (!result.ok) throw new Error(result.reason);
  return result;
}

/** The postings of a step as `role slot`, to read what was reversed and replayed. */
function slots(step: ValueDatedRepaymentStep) {
  return step.postings.map((p) => `${p.role} ${p.slot}`);
}

describe('the worked example, paid on the due date but posted three days later', () => {
  // Day-ends of days 14, 15 and 16 charged 3 × ₹4.50 interest and 3 × ₹20 penal.
  const book = bookOn(17);
  const before = { ...book.loan };
  const step = posted(book.repayValueDated(day(17), day(14), r('4563.00')));

  it('clears the order on time, with no penal charge', () => {
    expect(step.standing).toEqual({
      status: 'CLEARED',
      closure: { kind: 'cleared', type: 'ON_TIME', clearedDate: day(14) },
      overdueDays: 0,
    });
    expect(step.payment).toMatchObject({
      valueDate: day(14),
      allocated: { ...zeroAmounts(), principal: r('4500.00'), interest: r('63.00') },
      excess: 0n,
      settledAfter: true,
      overdueDaysWhenPaid: 0,
    });
    expect(before.penalCharged).toBe(r('60.00'));
    expect(book.loan).toEqual({
      ...before,
      outstanding: zeroAmounts(),
      penalCharged: 0n,
      accruedThrough: day(16),
    });
  });

  it('reverses the three days of interest and penal, newest first, and replays nothing', () => {
    expect(slots(step)).toEqual([
      'reversal reversal:2025-01-17:penalAccrual',
      'reversal reversal:2025-01-17:interestAccrual',
      'reversal reversal:2025-01-16:penalAccrual',
      'reversal reversal:2025-01-16:interestAccrual',
      'reversal reversal:2025-01-15:penalAccrual',
      'reversal reversal:2025-01-15:interestAccrual',
      'payment payment',
    ]);
    const [reversal] = step.postings;
    expect(reversal?.journal).toEqual({
      event: 'valueDateReversal',
      reverses: 'penalAccrual',
      lines: [
        { account: 'loans_receivable:penal', component: 'penal', amount: -r('20.00') },
        { account: 'income:penal', amount: r('20.00') },
      ],
    });
    expect(step.journals.every(isBalanced)).toBe(true);
  });

  it('leaves the ledger as if it had been posted on day 14', () => {
    const onTime = bookOn(14);
    onTime.repay(day(14), r('4563.00'));
    onTime.accrueThrough(day(16));
    expect(book.accountTotals()).toEqual(onTime.accountTotals());
    const totals = book.accountTotals();
    expect(totals.get('income:interest')).toBe(-r('63.00'));
    expect(totals.has('income:penal')).toBe(false);
    expect(totals.get('cash:collection')).toBe(r('4563.00'));
  });
});

describe('table of value-dated postings on the worked example', () => {
  it('paying beyond what was owed on the value date is an overpayment', () => {
    const book = bookOn(17);
    const step = posted(book.repayValueDated(day(17), day(14), r('4600.00')));
    expect(step.overpaid).toBe(r('37.00'));
    expect(step.standing.status).toBe('OVERPAID');
    expect(step.standing.closure).toEqual({
      kind: 'cleared',
      type: 'ON_TIME',
      clearedDate: day(14),
    });
  });

  it('a partial payment on day 10 posted on day 12: two days of interest on the lower principal', () => {
    const book = bookOn(12);
    const step = posted(book.repayValueDated(day(12), day(10), r('2000.00')));
    // ₹2,000 pays 10 days of interest (₹45) and ₹1,955 of principal: ₹2,545 earns ₹2.545 → ₹2.55.
    expect(slots(step)).toEqual([
      'reversal reversal:2025-01-12:interestAccrual',
      'reversal reversal:2025-01-11:interestAccrual',
      'payment payment',
      'replay replay:2025-01-11:interestAccrual',
      'replay replay:2025-01-12:interestAccrual',
    ]);
    expect(book.loan.outstanding).toEqual({
      ...zeroAmounts(),
      principal: r('2545.00'),
      interest: r('5.10'),
    });
    expect(step.standing).toEqual({ status: 'ACTIVE', closure: { kind: 'open' }, overdueDays: 0 });
    // Posted without its value date the borrower would owe ₹3.90 more (2 × (4.50 − 2.55)).
    const undated = bookOn(12);
    undated.repay(day(12), r('2000.00'));
    expect(undated.loan.outstanding).toEqual({ ...zeroAmounts(), principal: r('2554.00') });
  });

  it('a partial payment after the due date stays overdue, penal only for the days it was late', () => {
    const book = bookOn(20);
    const step = posted(book.repayValueDated(day(20), day(15), r('4000.00')));
    // On day 15: ₹4,500 + 15 × ₹4.50 + one day's penal ₹20 = ₹4,587.50 owed; ₹587.50 is left.
    expect(step.payment.overdueDaysWhenPaid).toBe(1);
    expect(step.payment.allocated).toEqual({
      ...zeroAmounts(),
      penal: r('20.00'),
      interest: r('67.50'),
      principal: r('3912.50'),
    });
    // Days 15–19 accrue ₹0.59 (587.50 × 0.1 %, rounded) and ₹20 penal each.
    expect(book.loan.outstanding).toEqual({
      ...zeroAmounts(),
      principal: r('587.50'),
      interest: r('2.95'),
      penal: r('100.00'),
    });
    expect(book.loan.penalCharged).toBe(r('120.00'));
    expect(step.standing).toEqual({ status: 'OVERDUE', closure: { kind: 'open' }, overdueDays: 6 });
  });

  it('a payment valued between two later repayments re-allocates the second one', () => {
    const book = bookOn(5);
    book.repay(day(5), r('1000.00'));
    book.accrueThrough(day(9));
    const second = book.repay(day(10), r('1000.00'));
    book.accrueThrough(day(11));
    expect(second.allocated).toEqual({
      ...zeroAmounts(),
      interest: r('17.60'),
      principal: r('982.40'),
    });
    const step = posted(book.repayValueDated(day(12), day(7), r('1000.00')));
    // Day 7: ₹7.04 of interest (2 × ₹3.52) and ₹992.96 of principal → ₹2,529.54 earns ₹2.53.
    expect(step.payment.allocated).toEqual({
      ...zeroAmounts(),
      interest: r('7.04'),
      principal: r('992.96'),
    });
    expect(step.laterRepayments).toEqual([
      expect.objectContaining({
        ref: second.ref,
        changed: true,
        before: {
          allocated: { ...zeroAmounts(), interest: r('17.60'), principal: r('982.40') },
          excess: 0n,
        },
        allocated: { ...zeroAmounts(), interest: r('7.59'), principal: r('992.41') },
        excess: 0n,
      }),
    ]);
    expect(slots(step)).toEqual([
      'reversal reversal:2025-01-12:interestAccrual',
      'reversal reversal:2025-01-11:interestAccrual',
      `reversal reversal:repayment:${second.ref}`,
      'reversal reversal:2025-01-10:interestAccrual',
      'reversal reversal:2025-01-09:interestAccrual',
      'reversal reversal:2025-01-08:interestAccrual',
      'payment payment',
      'replay replay:2025-01-08:interestAccrual',
      'replay replay:2025-01-09:interestAccrual',
      'replay replay:2025-01-10:interestAccrual',
      `replay replay:repayment:${second.ref}`,
      'replay replay:2025-01-11:interestAccrual',
      'replay replay:2025-01-12:interestAccrual',
    ]);
    expect(book.loan.outstanding).toEqual({
      ...zeroAmounts(),
      principal: r('1537.13'),
      interest: r('3.08'),
    });
    const onTime = bookOn(5);
    onTime.repay(day(5), r('1000.00'));
    onTime.accrueThrough(day(6));
    onTime.repay(day(7), r('1000.00'));
    onTime.accrueThrough(day(9));
    onTime.repay(day(10), r('1000.00'));
    onTime.accrueThrough(day(11));
    expect(book.loan).toEqual(onTime.loan);
    expect(book.accountTotals()).toEqual(onTime.accountTotals());
  });

  it('a payment valued before a clearing payment turns that one into an overpayment', () => {
    const book = bookOn(16);
    // On day 16 the borrower also paid what cleared it then: ₹4,572 + two days' penal.
    const upi = book.repay(day(16), r('4612.00'));
    expect(book.closure).toEqual({ type: 'OVERDUE_CLEAR', clearedDate: day(16) });
    const step = posted(book.repayValueDated(day(17), day(14), r('4563.00')));
    expect(step.standing).toEqual({
      status: 'OVERPAID',
      closure: { kind: 'cleared', type: 'ON_TIME', clearedDate: day(14) },
      overdueDays: 0,
    });
    expect(step.overpaid).toBe(r('4612.00'));
    expect(step.laterRepayments).toEqual([
      expect.objectContaining({
        ref: upi.ref,
        changed: true,
        allocated: zeroAmounts(),
        excess: r('4612.00'),
        settledAfter: true,
      }),
    ]);
    const totals = book.accountTotals();
    expect(totals.get('liability:customer_overpayment')).toBe(-r('4612.00'));
    expect(totals.get('cash:collection')).toBe(r('9175.00'));
    expect(totals.get('income:interest')).toBe(-r('63.00'));
  });

  it('a payment on a loan already cleared before its value date is all excess; the closure stands', () => {
    const book = bookOn(9);
    book.repay(day(9), r('4540.50'));
    const step = posted(book.repayValueDated(day(12), day(10), r('100.00')));
    expect(step.standing).toEqual({
      status: 'OVERPAID',
      closure: { kind: 'kept' },
      overdueDays: 0,
    });
    expect(step.payment).toMatchObject({ allocated: zeroAmounts(), excess: r('100.00') });
    expect(book.closure).toEqual({ type: 'ADVANCE_CLEAR', clearedDate: day(9) });
  });

  it('days the day-end has not run yet are accrued once, as the day-end would', () => {
    const book = bookOn(11); // day-ends through day 10 only
    const step = posted(book.repayValueDated(day(17), day(14), r('4563.00')));
    expect(slots(step)).toEqual([
      'accrual accrual:2025-01-12:interestAccrual',
      'accrual accrual:2025-01-13:interestAccrual',
      'accrual accrual:2025-01-14:interestAccrual',
      'payment payment',
    ]);
    expect(book.loan.accruedThrough).toBe(day(16));
    expect(step.standing.closure).toEqual({
      kind: 'cleared',
      type: 'ON_TIME',
      clearedDate: day(14),
    });
  });

  it('a value date of today is a normal repayment', () => {
    const book = bookOn(15);
    const loan = { ...book.loan };
    const step = posted(book.repayValueDated(day(17), day(17), r('1000.00')));
    const normal = applyRepayment(loan, terms, day(17), r('1000.00'));
    expect(step.loan).toEqual(normal.loan);
    expect(step.journals).toEqual(normal.journals);
    expect(step.payment.allocated).toEqual(normal.allocation.allocated);
  });
});

describe('value dates that cannot be taken', () => {
  const book = bookOn(17);
  const input: ValueDatedRepaymentInput = {
    terms,
    loan: book.loan,
    status: 'OVERDUE',
    overpaid: 0n,
    today: day(17),
    valueDate: day(17),
    amount: r('100.00'),
    accruals: [],
    laterRepayments: [],
    fixedEvents: [],
  };

  it.each([
    [day(18), { reason: 'VALUE_DATE_IN_FUTURE', field: 'valueDate', latest: day(17) }],
    [day(-1), { reason: 'VALUE_DATE_BEFORE_DISBURSAL', field: 'valueDate', earliest: day(0) }],
  ])('%s is refused', (valueDate, refusal) => {
    expect(applyValueDatedRepayment({ ...input, valueDate })).toEqual({ ok: false, ...refusal });
  });

  it.each(['WRITTEN_OFF', 'DISBURSING', 'REJECTED'] as const)('a %s order takes none', (status) => {
    expect(applyValueDatedRepayment({ ...input, status })).toEqual({
      ok: false,
      reason: 'ORDER_NOT_REPAYABLE',
      status,
    });
  });

  it('before a rollover: refused with the earliest date, or valued at it on request', () => {
    const rolled = bookOn(12);
    expect(rolled.rollover(day(12))).toBe(true);
    rolled.accrueThrough(day(14));
    const event = { kind: 'rollover', date: day(12) };
    expect(earliestValueDate(rolled.loan, rolled.fixedEvents)).toEqual({
      earliest: day(12),
      event,
    });
    expect(rolled.repayValueDated(day(15), day(10), r('1000.00'))).toEqual({
      ok: false,
      reason: 'VALUE_DATE_BEFORE_FIXED_EVENT',
      field: 'valueDate',
      earliest: day(12),
      event,
    });
    const step = posted(
      rolled.repayValueDated(day(15), day(10), r('1000.00'), { valueAtEarliestAllowed: true }),
    );
    expect(step).toMatchObject({
      valueDate: day(12),
      requestedValueDate: day(10),
      valueDateMoved: { earliest: day(12), event },
    });
    // On the rollover's own day the payment comes after it: the rollover stays as it was.
    expect(slots(step)[0]).toBe('reversal reversal:2025-01-15:interestAccrual');
    expect(checkValueDate(rolled.loan, rolled.fixedEvents, day(12), day(15))).toEqual({ ok: true });
  });

  it('a history the balances cannot hold is a programming error', () => {
    expect(() =>
      applyValueDatedRepayment({
        ...input,
        valueDate: day(14),
        accruals: [{ date: day(18), interest: r('4.50'), penal: 0n }],
      }),
    ).toThrow(RangeError);
    expect(() =>
      applyValueDatedRepayment({
        ...input,
        valueDate: day(14),
        accruals: [{ date: day(14), interest: r('40000.00'), penal: 0n }],
      }),
    ).toThrow(/more than the balances hold/);
  });
});

describe('fixedEventKindOf', () => {
  it.each([
    [{ event: 'rollover' }, 'rollover'],
    [{ event: 'waiver' }, 'waiver'],
    [{ event: 'writeOff' }, 'writeOff'],
    [{ event: 'refund' }, 'refund'],
    [{ event: 'feeCharge' }, 'feeCharge'],
    [{ event: 'reversal', reverses: 'repayment' }, null],
    [{ event: 'reversal', reverses: 'disbursal' }, 'payoutReversal'],
    [{ event: 'reversal', reverses: 'interestAccrual' }, 'payoutReversal'],
    [{ event: 'reversal', reverses: 'payoutReservation' }, null],
    [{ event: 'valueDateReversal', reverses: 'penalAccrual' }, null],
    [{ event: 'repayment' }, null],
    [{ event: 'interestAccrual' }, null],
    [{ event: 'disbursal' }, null],
  ] as const)('%o → %s', (journal, kind) => {
    expect(fixedEventKindOf(journal)).toBe(kind);
  });
});
