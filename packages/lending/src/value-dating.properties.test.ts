import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from './calendar-date.js';
import { totalOf } from './components.js';
import { accountBalances, isBalanced, receivableBalances, type Journal } from './ledger.js';
import type { Paise } from './money.js';
import { applyRepayment } from './repayment.js';
import { termsArb } from './testing/arbitraries.js';
import { ReferenceBook, withoutZeros, type BookRepayment } from './testing/reference-book.js';
import { applyValueDatedRepayment, type ValueDatedRepaymentStep } from './value-dating.js';
import { WORKED_EXAMPLE_TERMS as terms } from './worked-example.js';

/** Value dating's properties, over random lives (the worked cases are value-dating.test.ts). */

const DAY0 = '2025-01-01';
const day = (n: number) => addDays(DAY0, n);

function posted(result: ReturnType<ReferenceBook['repayValueDated']>): ValueDatedRepaymentStep {
  if (!result.ok) throw new Error(result.reason);
  return result;
}

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
