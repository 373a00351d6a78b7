import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './calendar-date.js';
import { totalOf, zeroAmounts } from './components.js';
import { accountBalances, isBalanced, receivableBalances } from './ledger.js';
import { rupeesToPaise as r, type Paise } from './money.js';
import { termsArb } from './testing/arbitraries.js';
import { ReferenceBook } from './testing/reference-book.js';
import { WORKED_EXAMPLE_PRINCIPAL, WORKED_EXAMPLE_TERMS as terms } from './worked-example.js';

const DAY0 = '2025-01-01';
const day = (n: number) => addDays(DAY0, n);

/** The worked example's loan with every day-end through day n − 1 (business day n). */
function bookOn(n: number) {
  const book = new ReferenceBook(terms, WORKED_EXAMPLE_PRINCIPAL, DAY0);
  book.accrueThrough(day(n - 1));
  return book;
}

function expectLedgerMatchesBook(book: ReferenceBook) {
  expect(book.ledger().every(isBalanced)).toBe(true);
  expect(receivableBalances(book.ledger())).toEqual(book.loan.outstanding);
  expect(-(book.accountTotals().get('liability:customer_overpayment') ?? 0n)).toBe(book.overpaid);
}

describe('a part payment reversed three weeks later (the worked example: ₹4,500 at 0.1 % a day)', () => {
  // ₹1,000 on day 0 pays principal only (nothing has accrued yet); reversed on day 21.
  const book = bookOn(0);
  const paid = book.repay(day(0), r('1000.00'));
  book.accrueThrough(day(20));
  const interestWithPayment = book.loan.outstanding.interest;
  const step = book.reverse(day(21), paid.ref);

  it('charges the interest the restored principal earned over the 21 days', () => {
    // With the payment: ₹3,500 × 0.1 % = ₹3.50 a day, ₹73.50; without: ₹4.50 a day, ₹94.50.
    expect(interestWithPayment).toBe(r('73.50'));
    expect(book.loan.outstanding).toEqual({
      ...zeroAmounts(),
      principal: r('4500.00'),
      interest: r('94.50'),
      penal: book.loan.outstanding.penal,
    });
    const never = bookOn(21);
    expect(book.loan).toEqual(never.loan);
    expect(book.accountTotals()).toEqual(never.accountTotals());
  });

  it('undoes the payment and restates each day-end, and nothing else', () => {
    expect(step.replayedFrom).toBe(day(0));
    const bounce = step.postings.find((p) => p.journal.event === 'reversal');
    expect(bounce?.journal.lines).toEqual([
      { account: 'cash:collection', amount: -r('1000.00') },
      { account: 'loans_receivable:principal', component: 'principal', amount: r('1000.00') },
    ]);
    expect(step.journals.every(isBalanced)).toBe(true);
    // The cash that leaves is the payment's; restating the day-ends moves no cash.
    expect(accountBalances(step.journals).get('cash:collection')).toBe(-r('1000.00'));
    expectLedgerMatchesBook(book);
  });
});

describe('a payment that cleared the loan, reversed a week later', () => {
  // The worked example is due on day 14 and owes ₹4,563.00 then (principal + 14 days' interest).
  const book = bookOn(14);
  const paid = book.repay(day(14), r('4563.00'));
  const step = book.reverse(day(21), paid.ref);

  it('re-opens the order overdue since the due date, with the week it missed accrued', () => {
    expect(step.standing).toEqual({ status: 'OVERDUE', closure: { kind: 'open' }, overdueDays: 7 });
    const never = bookOn(21);
    expect(book.loan).toEqual(never.loan);
    expect(book.statusOn(day(21))).toBe('OVERDUE');
    expect(book.closure).toBeNull();
    // What clears it today is what the loan owes had the money never come.
    expect(totalOf(book.loan.outstanding)).toBe(totalOf(never.loan.outstanding));
    expect(totalOf(book.loan.outstanding)).toBeGreaterThan(r('4563.00'));
  });

  it('posts the missed day-ends for the first time (the day-end skipped the cleared loan)', () => {
    const firstTime = step.postings.filter((p) => p.role === 'accrual').map((p) => p.slot);
    expect(firstTime).toContain(`accrual:${day(20)}:penalAccrual`);
    expect(firstTime).toContain(`accrual:${day(14)}:interestAccrual`);
    expectLedgerMatchesBook(book);
  });
});

describe('a reversal after a fixed event', () => {
  it('owes the payment again from the waiver’s day, the waiver kept', () => {
    const book = bookOn(16);
    const paid = book.repay(day(16), r('1000.00'));
    book.accrueThrough(day(17));
    expect(book.waivePenal(day(18))).toBe(true);
    book.accrueThrough(day(19));
    const step = book.reverse(day(20), paid.ref);
    expect(step.replayedFrom).toBe(day(18));
    expect(step.heldBackBy).toEqual({ kind: 'waiver', date: day(18) });
    expectLedgerMatchesBook(book);
    expect(book.loan.accruedThrough).toBe(day(19));
  });
});

type Action =
  | { kind: 'pay'; day: number; lateBy: number; sharePpm: number }
  | { kind: 'reverse'; day: number; pick: number }
  | { kind: 'waivePenal' | 'rollover'; day: number };

const payArb = fc.record({
  kind: fc.constant('pay' as const),
  day: fc.nat(),
  lateBy: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 10 })),
  sharePpm: fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: 1, max: 400_000 }) },
    { weight: 2, arbitrary: fc.integer({ min: 1_000_000, max: 1_100_000 }) },
  ),
});
const reverseArb = fc.record({
  kind: fc.constant('reverse' as const),
  day: fc.nat(),
  pick: fc.nat(),
});

function scenarioArb(fixed: boolean) {
  const actions: fc.Arbitrary<Action>[] = [payArb, payArb, reverseArb];
  if (fixed) {
    actions.push(
      fc.record({
        kind: fc.constantFrom('waivePenal' as const, 'rollover' as const),
        day: fc.nat(),
      }),
    );
  }
  return fc.record({
    terms: fc.oneof(fc.constant(terms), termsArb),
    principal: fc.bigInt({ min: 100_000n, max: 5_000_000n }),
    lastDay: fc.integer({ min: 1, max: 45 }),
    actions: fc.array(fc.oneof(...actions), { maxLength: 10 }),
  });
}
type Scenario = {
  terms: typeof terms;
  principal: Paise;
  lastDay: number;
  actions: Action[];
};

function amountOf(s: Scenario, sharePpm: number): Paise {
  const amount = (s.principal * BigInt(sharePpm)) / 1_000_000n;
  return amount > 0n ? amount : 1n;
}

/**
 * Runs the life day by day (payments posted on their day or value-dated into the past,
 * reversals of a payment in effect, day-ends each night); `without` leaves out the payments
 * (by their index in `actions`) and every reversal. Returns which payments were reversed.
 */
function run(s: Scenario, without?: ReadonlySet<number>) {
  const book = new ReferenceBook(s.terms, s.principal, DAY0);
  const refOf = new Map<number, string>();
  const reversed = new Set<number>();
  const steps: { step: ReturnType<ReferenceBook['reverse']>; amount: Paise }[] = [];
  for (let d = 0; d <= s.lastDay; d++) {
    s.actions.forEach((action, index) => {
      if (action.day % (s.lastDay + 1) !== d) return;
      if (action.kind === 'pay') {
        if (without?.has(index)) return;
        const amount = amountOf(s, action.sharePpm);
        const valueOn = Math.max(0, d - action.lateBy);
        if (valueOn === d) {
          refOf.set(index, book.repay(day(d), amount).ref);
        } else {
          const step = book.repayValueDated(day(d), day(valueOn), amount, {
            valueAtEarliestAllowed: true,
          });
          if (!step.ok) throw new Error(step.reason);
          refOf.set(index, book.repayments[book.repayments.length - 1]!.ref);
        }
      } else if (action.kind === 'reverse') {
        if (without) return;
        const live = [...refOf].filter(([i]) => !reversed.has(i));
        if (live.length === 0) return;
        const [i, ref] = live[action.pick % live.length]!;
        book.accrueThrough(day(d - 1));
        steps.push({ step: book.reverse(day(d), ref), amount: amountOf(s, payOf(s, i)) });
        reversed.add(i);
      } else {
        book[action.kind](day(d));
      }
    });
    if (d < s.lastDay) book.accrueThrough(day(d));
  }
  return { book, reversed, steps };
}

function payOf(s: Scenario, index: number): number {
  const action = s.actions[index];
  if (action?.kind !== 'pay') throw new Error(`action ${index} is not a payment`);
  return action.sharePpm;
}

describe('properties', { timeout: 60_000 }, () => {
  it('a reversed payment leaves the loan as if it had never been made', () => {
    fc.assert(
      fc.property(scenarioArb(false), (s) => {
        const withReversals = run(s);
        const never = run(s, withReversals.reversed);
        const today = day(s.lastDay);
        const { book } = withReversals;
        expect(book.loan).toEqual(never.book.loan);
        expect(book.overpaid).toBe(never.book.overpaid);
        expect(book.statusOn(today)).toBe(never.book.statusOn(today));
        expect(book.closure).toEqual(never.book.closure);
        expect(book.accountTotals()).toEqual(never.book.accountTotals());
        expectLedgerMatchesBook(book);
      }),
      { numRuns: 200 },
    );
  });

  it('with fixed events on the way, a reversal keeps the ledger exact and takes back only its cash', () => {
    fc.assert(
      fc.property(scenarioArb(true), (s) => {
        const { book, steps } = run(s);
        expectLedgerMatchesBook(book);
        for (const { step, amount } of steps) {
          expect(step.journals.every(isBalanced)).toBe(true);
          expect(accountBalances(step.journals).get('cash:collection')).toBe(-amount);
        }
      }),
      { numRuns: 150 },
    );
  });
});
