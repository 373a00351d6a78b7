import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from './calendar-date.js';
import { totalOf, zeroAmounts } from './components.js';
import { accountBalances, isBalanced, receivableBalances, type Journal } from './ledger.js';
import { rupeesToPaise as r, type Paise } from './money.js';
import { applyRepayment } from './repayment.js';
import { termsArb } from './testing/arbitraries.js';
import { ReferenceBook, withoutZeros, type BookRepayment } from './testing/reference-book.js';
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

type Action =
  | { kind: 'pay'; day: number; lateBy: number; sharePpm: number; viaValueDate: boolean }
  | { kind: 'waivePenal' | 'settle' | 'rollover'; day: number };

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      day: fc.nat(),
      lateBy: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 12 })),
      // Part-payments, about what clears a loan, and anything up to 130 % of the principal.
      sharePpm: fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: 1, max: 300_000 }) },
        { weight: 2, arbitrary: fc.integer({ min: 1_000_000, max: 1_100_000 }) },
        { weight: 1, arbitrary: fc.integer({ min: 1, max: 1_300_000 }) },
      ),
      viaValueDate: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom('waivePenal' as const, 'settle' as const, 'rollover' as const),
      day: fc.nat(),
    }),
  },
);

const scenarioArb = fc.record({
  terms: fc.oneof(fc.constant(terms), termsArb),
  principal: fc.bigInt({ min: 100_000n, max: 5_000_000n }),
  lastDay: fc.integer({ min: 1, max: 50 }),
  /** Day-ends that did not run on their night (caught up later, in order). */
  missedDayEnds: fc.array(fc.nat({ max: 50 }), { maxLength: 8 }),
  actions: fc.array(actionArb, { maxLength: 12 }),
});
type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

/** What happened, in posting order, with the value date each payment was finally given. */
interface Logged {
  kind: Action['kind'];
  postedOn: number;
  valueOn: number;
  amount: Paise;
  step?: ValueDatedRepaymentStep;
  row?: BookRepayment;
}

function amountOf(s: Scenario, sharePpm: number): Paise {
  const amount = (s.principal * BigInt(sharePpm)) / 1_000_000n;
  return amount > 0n ? amount : 1n;
}

function actionsOn(s: Scenario, d: number): Action[] {
  return s.actions.filter((a) => a.day % (s.lastDay + 1) === d);
}

function dayEnd(s: Scenario, book: ReferenceBook, d: number) {
  if (d < s.lastDay && !s.missedDayEnds.includes(d)) book.accrueThrough(day(d));
}

/** The real world: some money is posted days after it came, as of the day it came. */
function runPostedLate(s: Scenario): { book: ReferenceBook; log: Logged[] } {
  const book = new ReferenceBook(s.terms, s.principal, DAY0);
  const log: Logged[] = [];
  for (let d = 0; d <= s.lastDay; d++) {
    for (const action of actionsOn(s, d)) {
      if (action.kind !== 'pay') {
        if (book[action.kind](day(d)))
          log.push({ kind: action.kind, postedOn: d, valueOn: d, amount: 0n });
        continue;
      }
      const amount = amountOf(s, action.sharePpm);
      const valueOn = Math.max(0, d - action.lateBy);
      if (valueOn === d && !action.viaValueDate) {
        const row = book.repay(day(d), amount);
        log.push({ kind: 'pay', postedOn: d, valueOn, amount, row });
        continue;
      }
      const step = posted(
        book.repayValueDated(day(d), day(valueOn), amount, { valueAtEarliestAllowed: true }),
      );
      const row = book.repayments[book.repayments.length - 1]!;
      log.push({
        kind: 'pay',
        postedOn: d,
        valueOn: daysBetween(DAY0, step.valueDate),
        amount,
        step,
        row,
      });
    }
    dayEnd(s, book, d);
  }
  book.accrueThrough(day(s.lastDay - 1));
  return { book, log };
}

/** The same money, each payment posted on the day it came (after that day's earlier events). */
function runOnValueDates(s: Scenario, log: readonly Logged[]) {
  const book = new ReferenceBook(s.terms, s.principal, DAY0);
  const rows = new Map<Logged, BookRepayment>();
  for (let d = 0; d <= s.lastDay; d++) {
    const inPlace = log.filter((e) => e.postedOn === d && e.valueOn === d);
    const late = log.filter((e) => e.valueOn === d && e.postedOn > d);
    for (const entry of [...inPlace, ...late]) {
      if (entry.kind === 'pay') rows.set(entry, book.repay(day(d), entry.amount));
      else expect(book[entry.kind](day(d))).toBe(true);
    }
    dayEnd(s, book, d);
  }
  book.accrueThrough(day(s.lastDay - 1));
  return { book, rows };
}

function expectLedgerMatchesBook(book: ReferenceBook) {
  expect(book.ledger().every(isBalanced)).toBe(true);
  expect(receivableBalances(book.ledger())).toEqual(book.loan.outstanding);
  expect(-(book.accountTotals().get('liability:customer_overpayment') ?? 0n)).toBe(book.overpaid);
}

// Each run replays a whole loan twice; a busy machine needs more than the default 5 s.
describe('properties', { timeout: 30_000 }, () => {
  it('posting a payment late as of its value date is the same as posting it on that date', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const late = runPostedLate(s);
        const onTime = runOnValueDates(s, late.log);
        const today = day(s.lastDay);
        expect(late.book.loan).toEqual(onTime.book.loan);
        expect(late.book.overpaid).toBe(onTime.book.overpaid);
        expect(late.book.statusOn(today)).toBe(onTime.book.statusOn(today));
        expect(late.book.closure).toEqual(onTime.book.closure);
        expect(late.book.accountTotals()).toEqual(onTime.book.accountTotals());
        // Each repayment row ends allocated as it would have been (reversals stay exact).
        for (const entry of late.log.filter((e) => e.kind === 'pay')) {
          const row = onTime.rows.get(entry)!;
          expect({ allocated: entry.row!.allocated, excess: entry.row!.excess }).toEqual({
            allocated: row.allocated,
            excess: row.excess,
          });
        }
        expectLedgerMatchesBook(late.book);
        expectLedgerMatchesBook(onTime.book);
      }),
      { numRuns: 300 },
    );
  });

  it('a value-dated posting creates and loses no money', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        for (const { step, amount } of runPostedLate(s).log) {
          if (!step) continue;
          expect(step.journals.every(isBalanced)).toBe(true);
          const cash = (journals: Journal[]) =>
            accountBalances(journals).get('cash:collection') ?? 0n;
          // The money received is the payment; re-allocating later payments moves none.
          expect(cash(step.journals)).toBe(amount);
          const restated = step.postings.filter(
            (p) => p.role === 'reversal' || p.role === 'replay',
          );
          expect(cash(restated.map((p) => p.journal))).toBe(0n);
          expect(totalOf(step.payment.allocated) + step.payment.excess).toBe(amount);
          for (const later of step.laterRepayments) {
            expect(totalOf(later.allocated) + later.excess).toBe(later.amount);
          }
        }
      }),
    );
  });

  it('the postings of a late payment are the difference between the histories without and with it', () => {
    fc.assert(
      fc.property(
        scenarioArb,
        fc.integer({ min: 1, max: 1_300_000 }),
        fc.nat(),
        (base, sharePpm, lateBy) => {
          // Everything else on time; one payment, posted last, as of an earlier day.
          const s = {
            ...base,
            actions: base.actions.map((a) => (a.kind === 'pay' ? { ...a, lateBy: 0 } : a)),
          };
          const without = runPostedLate(s);
          const today = day(s.lastDay);
          const before = without.book.accountTotals();
          const valueOn = lateBy % (s.lastDay + 1);
          const step = posted(
            without.book.repayValueDated(today, day(valueOn), amountOf(s, sharePpm), {
              valueAtEarliestAllowed: true,
            }),
          );
          const log = [
            ...without.log,
            {
              kind: 'pay' as const,
              postedOn: s.lastDay,
              valueOn: daysBetween(DAY0, step.valueDate),
              amount: amountOf(s, sharePpm),
            },
          ];
          const withIt = runOnValueDates(s, log).book.accountTotals();
          expect(withoutZeros(accountBalances(step.journals))).toEqual(
            withoutZeros(difference(withIt, before)),
          );
          // The book was accrued through yesterday: reversals, replays and the payment, only.
          const restated = step.postings.filter(
            (p) => p.role === 'reversal' || p.role === 'replay',
          );
          const payment = step.postings.filter((p) => p.role === 'payment');
          expect(restated.length + payment.length).toBe(step.postings.length);
          expect(withoutZeros(accountBalances(restated.map((p) => p.journal)))).toEqual(
            withoutZeros(
              difference(
                difference(withIt, before),
                accountBalances(payment.map((p) => p.journal)),
              ),
            ),
          );
        },
      ),
    );
  });

  it('a value date of today is exactly a normal repayment', () => {
    fc.assert(
      fc.property(scenarioArb, fc.integer({ min: 0, max: 1_300_000 }), (s, sharePpm) => {
        const { book } = runPostedLate(s);
        const today = day(s.lastDay);
        const amount = amountOf(s, sharePpm);
        const step = applyValueDatedRepayment({
          terms: s.terms,
          loan: book.loan,
          status: book.statusOn(today),
          overpaid: book.overpaid,
          today,
          valueDate: today,
          amount,
          accruals: [],
          laterRepayments: [],
          fixedEvents: book.fixedEvents,
        });
        if (!step.ok) throw new Error(step.reason);
        const normal = applyRepayment(book.loan, s.terms, today, amount);
        expect(step.loan).toEqual(normal.loan);
        expect(step.journals).toEqual(normal.journals);
        expect(step.payment.allocated).toEqual(normal.allocation.allocated);
        expect(step.payment.excess).toBe(normal.allocation.excess);
        expect(step.laterRepayments).toEqual([]);
      }),
    );
  });

  it('refuses a value date in the future or before disbursal, and takes any day between', () => {
    fc.assert(
      fc.property(scenarioArb, fc.integer({ min: -30, max: 70 }), (s, offset) => {
        const { book } = runPostedLate(s);
        const today = day(s.lastDay);
        const result = book.repayValueDated(today, day(offset), 100n, {
          valueAtEarliestAllowed: true,
        });
        if (offset > s.lastDay) {
          expect(result).toEqual({
            ok: false,
            reason: 'VALUE_DATE_IN_FUTURE',
            field: 'valueDate',
            latest: today,
          });
        } else if (offset < 0) {
          expect(result).toEqual({
            ok: false,
            reason: 'VALUE_DATE_BEFORE_DISBURSAL',
            field: 'valueDate',
            earliest: DAY0,
          });
        } else {
          expect(result.ok).toBe(true);
        }
      }),
    );
  });
});

function difference<K>(a: Map<K, Paise>, b: Map<K, Paise>): Map<K, Paise> {
  const out = new Map(a);
  for (const [key, amount] of b) out.set(key, (out.get(key) ?? 0n) - amount);
  return out;
}
