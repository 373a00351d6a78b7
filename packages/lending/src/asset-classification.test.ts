import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accrueThrough } from './accrual.js';
import {
  ASSET_CLASSES,
  borrowerClasses,
  classByDaysPastDue,
  classDatesOfUnpaidLoan,
  daysPastDue,
  loanClassAtDayEnd,
  looserThreshold,
  overdueSinceAtDayEnd,
  RBI_THRESHOLDS,
  settleSuspense,
  suspenseTarget,
  type AssetClass,
  type BorrowerLoan,
  type ClassChange,
  type ClassThresholds,
} from './asset-classification.js';
import { addDays, daysBetween, type IndiaDate } from './calendar-date.js';
import {
  accountBalances,
  accrualInSuspense,
  isBalanced,
  journalSum,
  postingsFor,
  receivableBalances,
  type Account,
  type Journal,
  type SuspenseAmounts,
} from './ledger.js';
import { disburse, totalOutstanding, type LoanBalances } from './loan.js';
import { rupeesToPaise as r, type Paise } from './money.js';
import { overdueDays } from './overdue.js';
import { applyRepayment, writeOff } from './repayment.js';
import { applyRollover } from './rollover.js';
import type { LoanProductTerms } from './terms.js';
import { componentAmountsArb } from './testing/arbitraries.js';
import { WORKED_EXAMPLE_PRINCIPAL, WORKED_EXAMPLE_TERMS } from './worked-example.js';

const rank = (assetClass: AssetClass) => ASSET_CLASSES.indexOf(assetClass);

/** Thresholds a lender may set: each class reached no later than the RBI's, and in order. */
const stricterThresholdsArb: fc.Arbitrary<ClassThresholds> = fc
  .integer({ min: 2, max: RBI_THRESHOLDS.sma1From })
  .chain((sma1From) =>
    fc
      .integer({ min: sma1From + 1, max: RBI_THRESHOLDS.sma2From })
      .chain((sma2From) =>
        fc
          .integer({ min: sma2From + 1, max: RBI_THRESHOLDS.npaFrom })
          .map((npaFrom) => ({ sma1From, sma2From, npaFrom })),
      ),
  );

const thresholdsArb = fc.oneof(fc.constant(RBI_THRESHOLDS), stricterThresholdsArb);

/** Any thresholds at all, sensible or not. */
const anyThresholdsArb: fc.Arbitrary<ClassThresholds> = fc.record({
  sma1From: fc.integer({ min: -5, max: 130 }),
  sma2From: fc.integer({ min: -5, max: 130 }),
  npaFrom: fc.integer({ min: -5, max: 130 }),
});

const suspenseArb: fc.Arbitrary<SuspenseAmounts> = fc.record({
  interest: fc.bigInt({ min: 0n, max: 10_000_000n }),
  penal: fc.bigInt({ min: 0n, max: 10_000_000n }),
});

/** The class at each day-end of `dates` of a loan due `dueDate` and never paid. */
function unpaidLoanDayEnds(dueDate: IndiaDate, from: IndiaDate, through: IndiaDate) {
  const rows: { date: IndiaDate; overdueSince: IndiaDate | null; days: number; cls: AssetClass }[] =
    [];
  let overdueSince: IndiaDate | null = null;
  let cls: AssetClass | null = null;
  for (let date = from; daysBetween(date, through) >= 0; date = addDays(date, 1)) {
    overdueSince = overdueSinceAtDayEnd({
      overdueSince,
      dueDate,
      outstanding: r('1000.00'),
      businessDate: date,
    });
    const days = daysPastDue(overdueSince, date);
    cls = loanClassAtDayEnd(cls, days);
    rows.push({ date, overdueSince, days, cls });
  }
  return rows;
}

function applyChanges(loans: readonly BorrowerLoan[], changes: readonly ClassChange[]) {
  return loans.map((loan) => {
    const change = changes.find((c) => c.orderId === loan.orderId);
    return change ? { ...loan, assetClass: change.to } : loan;
  });
}

/** The net of the journals on each account (debit positive). */
function net(journals: readonly Journal[], account: Account): Paise {
  return accountBalances(journals).get(account) ?? 0n;
}

describe('the RBI worked example: due 31 March and unpaid', () => {
  const due = '2026-03-31';
  const rows = unpaidLoanDayEnds(due, '2026-03-30', '2026-07-01');

  it('changes class at the day-ends of 31 Mar (SMA-0), 30 Apr (SMA-1), 30 May (SMA-2), 29 Jun (NPA)', () => {
    const changes = rows
      .filter((row, i) => row.cls !== (i === 0 ? 'STANDARD' : rows[i - 1]!.cls))
      .map((row) => [row.date, row.cls, row.days]);
    expect(changes).toEqual([
      ['2026-03-31', 'SMA-0', 1],
      ['2026-04-30', 'SMA-1', 31],
      ['2026-05-30', 'SMA-2', 61],
      ['2026-06-29', 'NPA', 91],
    ]);
    expect(rows[0]).toEqual({ date: '2026-03-30', overdueSince: null, days: 0, cls: 'STANDARD' });
    expect(rows.at(-1)).toEqual({
      date: '2026-07-01',
      overdueSince: due,
      days: 93,
      cls: 'NPA',
    });
  });

  it('every day-end in between: the class of the days past due, the day before each change the class before', () => {
    const byDate = new Map(rows.map((row) => [row.date, row]));
    expect(byDate.get('2026-04-29')).toMatchObject({ days: 30, cls: 'SMA-0' });
    expect(byDate.get('2026-05-29')).toMatchObject({ days: 60, cls: 'SMA-1' });
    expect(byDate.get('2026-06-28')).toMatchObject({ days: 90, cls: 'SMA-2' });
    for (const row of rows) {
      expect(row.days).toBe(Math.max(0, daysBetween(due, row.date) + 1));
      expect(row.cls).toBe(classByDaysPastDue(row.days));
    }
  });

  it('classDatesOfUnpaidLoan gives the same four dates', () => {
    expect(classDatesOfUnpaidLoan(due)).toEqual({
      'SMA-0': '2026-03-31',
      'SMA-1': '2026-04-30',
      'SMA-2': '2026-05-30',
      NPA: '2026-06-29',
    });
    for (const [cls, date] of Object.entries(classDatesOfUnpaidLoan(due))) {
      const first = rows.find((row) => row.cls === cls);
      expect(first?.date, cls).toBe(date);
    }
  });

  it('the operational overdue days as of the next morning are the same count, a day later', () => {
    // The day-end of D stores overdue days as of D + 1 (the spec's count) and the RBI's days
    // past due at the day-end of D: for a loan never rescheduled, the two numbers agree.
    for (const row of rows)
      expect(overdueDays(due, addDays(row.date, 1), r('1000.00')), row.date).toBe(row.days);
    // During the due date itself the loan is not overdue yet; its day-end makes it day 1.
    expect(overdueDays(due, due, r('1000.00'))).toBe(0);
    expect(daysPastDue(due, due)).toBe(1);
  });

  it('classDatesOfUnpaidLoan with stricter thresholds agrees with the day-by-day classes', () => {
    fc.assert(
      fc.property(
        stricterThresholdsArb,
        fc.integer({ min: 0, max: 2000 }),
        (thresholds, offset) => {
          const dueDate = addDays('2025-01-01', offset);
          for (const [cls, date] of Object.entries(classDatesOfUnpaidLoan(dueDate, thresholds))) {
            const days = daysPastDue(dueDate, date);
            expect(classByDaysPastDue(days, thresholds)).toBe(cls);
            expect(classByDaysPastDue(days - 1, thresholds)).not.toBe(cls);
          }
        },
      ),
    );
  });
});

describe('overdueSinceAtDayEnd and daysPastDue', () => {
  it('a loan is not past due before the day-end of its due date, nor with nothing owed', () => {
    const loan = { overdueSince: null, dueDate: '2026-03-31', outstanding: 1n };
    expect(overdueSinceAtDayEnd({ ...loan, businessDate: '2026-03-30' })).toBeNull();
    expect(overdueSinceAtDayEnd({ ...loan, businessDate: '2026-03-31' })).toBe('2026-03-31');
    expect(
      overdueSinceAtDayEnd({ ...loan, outstanding: 0n, businessDate: '2026-03-31' }),
    ).toBeNull();
    expect(daysPastDue(null, '2026-04-30')).toBe(0);
    expect(daysPastDue('2026-03-31', '2026-03-30')).toBe(0);
  });

  it('a rollover while overdue is a rescheduling: the first overdue day stays, the days past due run on', () => {
    const terms = WORKED_EXAMPLE_TERMS;
    const opened = disburse(terms, WORKED_EXAMPLE_PRINCIPAL, '2026-03-01').loan;
    expect(opened.dueDate).toBe('2026-03-15');
    const atDueDayEnd = overdueSinceAtDayEnd({
      overdueSince: null,
      dueDate: opened.dueDate,
      outstanding: totalOutstanding(accrueThrough(opened, terms, '2026-03-15').loan),
      businessDate: '2026-03-15',
    });
    expect(atDueDayEnd).toBe('2026-03-15');

    const rolled = applyRollover(opened, terms, '2026-03-18');
    if (!rolled.ok) throw new Error(rolled.reason);
    expect(rolled.loan.dueDate).toBe('2026-03-22');
    expect(rolled.loan.outstanding.principal).toBe(WORKED_EXAMPLE_PRINCIPAL);

    let overdueSince = atDueDayEnd;
    const days: number[] = [];
    for (let date = '2026-03-18'; date <= '2026-03-24'; date = addDays(date, 1)) {
      overdueSince = overdueSinceAtDayEnd({
        overdueSince,
        dueDate: rolled.loan.dueDate,
        outstanding: totalOutstanding(rolled.loan),
        businessDate: date,
      });
      days.push(daysPastDue(overdueSince, date));
    }
    expect(overdueSince).toBe('2026-03-15');
    expect(days).toEqual([4, 5, 6, 7, 8, 9, 10]);
    // The operational count starts again from the new due date.
    expect(overdueDays(rolled.loan.dueDate, '2026-03-19', totalOutstanding(rolled.loan))).toBe(0);
  });

  it('a rollover before the due date is a renewal: not past due until the new due date', () => {
    const terms = WORKED_EXAMPLE_TERMS;
    const opened = disburse(terms, WORKED_EXAMPLE_PRINCIPAL, '2026-03-01').loan;
    const rolled = applyRollover(opened, terms, '2026-03-10');
    if (!rolled.ok) throw new Error(rolled.reason);
    expect(rolled.loan.dueDate).toBe('2026-03-22');
    let overdueSince: IndiaDate | null = null;
    for (let date = '2026-03-10'; date <= '2026-03-21'; date = addDays(date, 1)) {
      overdueSince = overdueSinceAtDayEnd({
        overdueSince,
        dueDate: rolled.loan.dueDate,
        outstanding: totalOutstanding(rolled.loan),
        businessDate: date,
      });
      expect(overdueSince, date).toBeNull();
      expect(daysPastDue(overdueSince, date)).toBe(0);
    }
    overdueSince = overdueSinceAtDayEnd({
      overdueSince,
      dueDate: rolled.loan.dueDate,
      outstanding: totalOutstanding(rolled.loan),
      businessDate: '2026-03-22',
    });
    expect(overdueSince).toBe('2026-03-22');
    expect(daysPastDue(overdueSince, '2026-03-22')).toBe(1);
  });

  it('a part payment keeps the first overdue day; a value-dated full payment clears it', () => {
    const loan = { overdueSince: '2026-03-31', dueDate: '2026-03-31' };
    const part = overdueSinceAtDayEnd({ ...loan, outstanding: 1n, businessDate: '2026-07-05' });
    expect(part).toBe('2026-03-31');
    expect(daysPastDue(part, '2026-07-05')).toBe(97);
    // Valued on 20 June, posted on 5 July: nothing is owed at the day-end of 5 July.
    const paid = overdueSinceAtDayEnd({ ...loan, outstanding: 0n, businessDate: '2026-07-05' });
    expect(paid).toBeNull();
    expect(daysPastDue(paid, '2026-07-05')).toBe(0);
  });
});

describe('classes and thresholds', () => {
  it.each<[number, AssetClass]>([
    [-1, 'STANDARD'],
    [0, 'STANDARD'],
    [1, 'SMA-0'],
    [30, 'SMA-0'],
    [31, 'SMA-1'],
    [60, 'SMA-1'],
    [61, 'SMA-2'],
    [90, 'SMA-2'],
    [91, 'NPA'],
    [1000, 'NPA'],
  ])('%s days past due → %s', (days, cls) => {
    expect(classByDaysPastDue(days)).toBe(cls);
    expect(loanClassAtDayEnd('STANDARD', days)).toBe(cls);
    // An NPA stays NPA at its own day-end, whatever its days past due.
    expect(loanClassAtDayEnd('NPA', days)).toBe('NPA');
  });

  it('looserThreshold accepts the RBI thresholds and stricter ones, and names the first wrong one', () => {
    expect(looserThreshold(RBI_THRESHOLDS)).toBeNull();
    expect(looserThreshold({ sma1From: 8, sma2From: 31, npaFrom: 61 })).toBeNull();
    expect(looserThreshold({ sma1From: 32, sma2From: 61, npaFrom: 91 })).toBe('sma1From');
    expect(looserThreshold({ sma1From: 31, sma2From: 62, npaFrom: 91 })).toBe('sma2From');
    expect(looserThreshold({ sma1From: 31, sma2From: 61, npaFrom: 92 })).toBe('npaFrom');
    expect(looserThreshold({ sma1From: 1, sma2From: 61, npaFrom: 91 })).toBe('sma1From');
    expect(looserThreshold({ sma1From: 31.5, sma2From: 61, npaFrom: 91 })).toBe('sma1From');
    expect(looserThreshold({ sma1From: 31, sma2From: 31, npaFrom: 91 })).toBe('sma2From');
    expect(looserThreshold({ sma1From: 31, sma2From: 61, npaFrom: 61 })).toBe('npaFrom');
  });

  it('property: the class never goes down as the days past due grow', () => {
    fc.assert(
      fc.property(
        thresholdsArb,
        fc.constantFrom<AssetClass | null>(null, ...ASSET_CLASSES),
        fc.integer({ min: -5, max: 400 }),
        fc.integer({ min: 0, max: 400 }),
        (thresholds, previous, days, more) => {
          expect(rank(classByDaysPastDue(days + more, thresholds))).toBeGreaterThanOrEqual(
            rank(classByDaysPastDue(days, thresholds)),
          );
          expect(rank(loanClassAtDayEnd(previous, days + more, thresholds))).toBeGreaterThanOrEqual(
            rank(loanClassAtDayEnd(previous, days, thresholds)),
          );
        },
      ),
    );
  });

  it('property: thresholds looserThreshold accepts reach every class no later than the RBI’s', () => {
    fc.assert(
      fc.property(
        fc.oneof(stricterThresholdsArb, anyThresholdsArb),
        fc.integer({ min: -5, max: 400 }),
        (thresholds, days) => {
          fc.pre(looserThreshold(thresholds) === null);
          expect(rank(classByDaysPastDue(days, thresholds))).toBeGreaterThanOrEqual(
            rank(classByDaysPastDue(days)),
          );
          // Each class is still reached, in order: SMA-0 on day 1 and NPA at last.
          expect(classByDaysPastDue(1, thresholds)).toBe('SMA-0');
          expect(classByDaysPastDue(thresholds.npaFrom, thresholds)).toBe('NPA');
        },
      ),
    );
  });

  it('property: every stricter set is accepted; any threshold above the RBI’s or out of order is refused', () => {
    fc.assert(
      fc.property(stricterThresholdsArb, (thresholds) => {
        expect(looserThreshold(thresholds)).toBeNull();
      }),
    );
    fc.assert(
      fc.property(anyThresholdsArb, (thresholds) => {
        const { sma1From, sma2From, npaFrom } = thresholds;
        const above =
          sma1From > RBI_THRESHOLDS.sma1From ||
          sma2From > RBI_THRESHOLDS.sma2From ||
          npaFrom > RBI_THRESHOLDS.npaFrom;
        const outOfOrder = sma2From <= sma1From || npaFrom <= sma2From;
        if (above || outOfOrder) expect(looserThreshold(thresholds)).not.toBeNull();
        const accepted = !above && !outOfOrder && sma1From >= 2;
        expect(looserThreshold(thresholds) === null).toBe(accepted);
      }),
    );
  });
});

describe('borrowerClasses', () => {
  const loan = (orderId: number, assetClass: AssetClass, days: number): BorrowerLoan => ({
    orderId,
    assetClass,
    daysPastDue: days,
  });

  it('pulls every other owing loan of an NPA borrower into NPA', () => {
    expect(
      borrowerClasses([loan(1, 'NPA', 95), loan(2, 'SMA-0', 5), loan(3, 'STANDARD', 0)]),
    ).toEqual([
      { orderId: 2, to: 'NPA', reason: 'borrowerNpa' },
      { orderId: 3, to: 'NPA', reason: 'borrowerNpa' },
    ]);
    expect(borrowerClasses([loan(1, 'SMA-2', 90), loan(2, 'SMA-0', 5)])).toEqual([]);
  });

  it('a part payment does not upgrade: the days past due still run', () => {
    // ₹500 paid on the NPA loan, ₹13,780 still owed: the first overdue day is kept.
    const overdueSince = overdueSinceAtDayEnd({
      overdueSince: '2026-03-31',
      dueDate: '2026-03-31',
      outstanding: r('13780.00'),
      businessDate: '2026-07-05',
    });
    const days = daysPastDue(overdueSince, '2026-07-05');
    expect(days).toBe(97);
    expect(borrowerClasses([loan(1, 'NPA', days), loan(2, 'NPA', 0)])).toEqual([]);
    expect(borrowerClasses([loan(1, 'NPA', days)])).toEqual([]);
  });

  it('the full payment upgrades: the NPA loan closed, the other loan without arrears is standard', () => {
    // Loan 1 paid off leaves the borrower's open loans; loan 2, pulled in, is not yet due.
    expect(borrowerClasses([loan(2, 'NPA', 0)])).toEqual([
      { orderId: 2, to: 'STANDARD', reason: 'arrearsPaid' },
    ]);
    expect(borrowerClasses([loan(2, 'NPA', 0), loan(3, 'NPA', 0), loan(4, 'STANDARD', 0)])).toEqual(
      [
        { orderId: 2, to: 'STANDARD', reason: 'arrearsPaid' },
        { orderId: 3, to: 'STANDARD', reason: 'arrearsPaid' },
      ],
    );
    // One day past due on any loan and nothing is upgraded.
    expect(borrowerClasses([loan(2, 'NPA', 0), loan(4, 'SMA-0', 1)])).toEqual([
      { orderId: 4, to: 'NPA', reason: 'borrowerNpa' },
    ]);
  });

  const borrowerArb = fc
    .array(
      fc.record({
        previous: fc.constantFrom<AssetClass | null>(null, ...ASSET_CLASSES),
        days: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 200 })),
      }),
      { minLength: 1, maxLength: 6 },
    )
    .chain((loans) =>
      thresholdsArb.map((thresholds) => ({
        thresholds,
        loans: loans.map(({ previous, days }, i) =>
          loan(i + 1, loanClassAtDayEnd(previous, days, thresholds), days),
        ),
      })),
    );

  it('property: afterwards no loan is NPA, or some loan is in arrears and every loan is NPA', () => {
    fc.assert(
      fc.property(borrowerArb, ({ loans, thresholds }) => {
        const changes = borrowerClasses(loans, thresholds);
        const after = applyChanges(loans, changes);
        const noneNpa = after.every((l) => l.assetClass !== 'NPA');
        const allNpa = after.every((l) => l.assetClass === 'NPA');
        const inArrears = after.some((l) => l.daysPastDue > 0);
        expect(noneNpa || (inArrears && allNpa)).toBe(true);
        // Each change is a real change of a loan given, once; applied, there is nothing more.
        for (const change of changes) {
          const before = loans.find((l) => l.orderId === change.orderId);
          expect(before?.assetClass).not.toBe(change.to);
          expect(change.reason === 'borrowerNpa').toBe(change.to === 'NPA');
        }
        expect(new Set(changes.map((c) => c.orderId)).size).toBe(changes.length);
        expect(borrowerClasses(after, thresholds)).toEqual([]);
      }),
    );
  });

  it('property: never upgrades while any loan of the borrower has arrears', () => {
    fc.assert(
      fc.property(borrowerArb, ({ loans, thresholds }) => {
        fc.pre(loans.some((l) => l.daysPastDue > 0));
        for (const change of borrowerClasses(loans, thresholds)) {
          expect(change).toMatchObject({ to: 'NPA', reason: 'borrowerNpa' });
        }
      }),
    );
  });
});

describe('settleSuspense', () => {
  it('at the NPA day: all interest and penal owed leaves income for suspense', () => {
    const owed = { interest: r('3630.00'), penal: r('1000.00') };
    const settled = settleSuspense(owed, { interest: 0n, penal: 0n }, true);
    expect(settled.suspense).toEqual(owed);
    expect(settled.journals).toEqual([postingsFor({ type: 'incomeToSuspense', amounts: owed })]);
    expect(settleSuspense(owed, owed, true).journals).toEqual([]);
  });

  it('off NPA: a payment releases what is no longer owed; nothing new goes in', () => {
    const settled = settleSuspense(
      { interest: r('3780.00'), penal: r('500.00') },
      { interest: r('3780.00'), penal: r('1000.00') },
      false,
    );
    expect(settled.suspense).toEqual({ interest: r('3780.00'), penal: r('500.00') });
    expect(settled.journals).toEqual([
      postingsFor({ type: 'suspenseToIncome', amounts: { interest: 0n, penal: r('500.00') } }),
    ]);
    expect(settleSuspense({ interest: 5n, penal: 5n }, { interest: 0n, penal: 0n }, false)).toEqual(
      { suspense: { interest: 0n, penal: 0n }, journals: [] },
    );
  });

  it('property: balanced journals that bring the suspense to its target and move exactly the change', () => {
    fc.assert(
      fc.property(suspenseArb, suspenseArb, fc.boolean(), (owed, suspense, npa) => {
        const settled = settleSuspense(owed, suspense, npa);
        for (const journal of settled.journals) {
          expect(isBalanced(journal)).toBe(true);
          expect(journalSum(journal)).toBe(0n);
          // Income recognition never touches what the borrower owes.
          expect(journal.lines.every((line) => line.component === undefined)).toBe(true);
        }
        expect(settled.suspense).toEqual(suspenseTarget(owed, suspense, npa));
        // Suspense is a credit balance: its net posting is minus the change in what it holds.
        const change = {
          interest: settled.suspense.interest - suspense.interest,
          penal: settled.suspense.penal - suspense.penal,
        };
        expect(net(settled.journals, 'suspense:interest')).toBe(-change.interest);
        expect(net(settled.journals, 'suspense:penal')).toBe(-change.penal);
        expect(net(settled.journals, 'income:interest')).toBe(change.interest);
        expect(net(settled.journals, 'income:penal')).toBe(change.penal);
        if (npa) {
          expect(settled.suspense).toEqual(owed);
        } else {
          expect(settled.suspense.interest).toBeLessThanOrEqual(owed.interest);
          expect(settled.suspense.penal).toBeLessThanOrEqual(owed.penal);
          expect(settled.suspense.interest).toBeLessThanOrEqual(suspense.interest);
          expect(settled.suspense.penal).toBeLessThanOrEqual(suspense.penal);
        }
        // Settled once, it stands right.
        expect(settleSuspense(owed, settled.suspense, npa).journals).toEqual([]);
      }),
    );
  });
});

describe('accrualInSuspense', () => {
  it('property: keeps the receivable lines and credits suspense instead of income', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('interestAccrual' as const, 'penalAccrual' as const),
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        (type, amount) => {
          const journal = postingsFor({ type, amount });
          const held = accrualInSuspense(journal);
          expect(isBalanced(held)).toBe(true);
          expect(held.event).toBe(type);
          expect(held).toEqual(postingsFor({ type, amount, inSuspense: true }));
          expect(held.lines.filter((line) => line.component)).toEqual(
            journal.lines.filter((line) => line.component),
          );
          expect(receivableBalances([held])).toEqual(receivableBalances([journal]));
          const part = type === 'interestAccrual' ? 'interest' : 'penal';
          expect(net([held], `suspense:${part}`)).toBe(-amount);
          expect(net([held], `income:${part}`)).toBe(0n);
          expect(net([journal], `income:${part}`)).toBe(-amount);
        },
      ),
    );
  });

  it('leaves every other journal as it is', () => {
    fc.assert(
      fc.property(componentAmountsArb, (allocated) => {
        const repayment = postingsFor({ type: 'repayment', allocated, excess: 0n });
        expect(accrualInSuspense(repayment)).toBe(repayment);
      }),
    );
  });
});

/**
 * docs/domain.md, "Interest in suspense": ₹10,000 for 30 days from 1 March 2026 at ₹30 a day,
 * penal ₹20 a day capped at ₹1,000, never paid until 5 July. A small day-end as the server runs
 * it (order-day-end.ts): accrue the day (into suspense when the loan was NPA), then classify
 * and settle the suspense.
 */
describe('the income-recognition example of docs/domain.md', () => {
  const terms: LoanProductTerms = {
    ...WORKED_EXAMPLE_TERMS,
    tenorDays: 30,
    interestPerDayPpm: 3_000,
    penalPerDayPaise: r('20.00'),
    penalCapPpm: 100_000,
  };

  function run(through: IndiaDate) {
    const opened = disburse(terms, r('10000.00'), '2026-03-01');
    let loan: LoanBalances = opened.loan;
    let overdueSince: IndiaDate | null = null;
    let cls: AssetClass = 'STANDARD';
    let suspense: SuspenseAmounts = { interest: 0n, penal: 0n };
    const journals: Journal[] = [...opened.journals];
    const states = new Map<
      IndiaDate,
      { days: number; cls: AssetClass; owed: SuspenseAmounts; suspense: SuspenseAmounts }
    >();
    for (let date = '2026-03-01'; date <= through; date = addDays(date, 1)) {
      const accrued = accrueThrough(loan, terms, date);
      loan = accrued.loan;
      const held = cls === 'NPA';
      journals.push(...accrued.journals.map((j) => (held ? accrualInSuspense(j) : j)));
      if (held) {
        const added = receivableBalances(accrued.journals);
        suspense = {
          interest: suspense.interest + added.interest,
          penal: suspense.penal + added.penal,
        };
      }
      overdueSince = overdueSinceAtDayEnd({
        overdueSince,
        dueDate: loan.dueDate,
        outstanding: totalOutstanding(loan),
        businessDate: date,
      });
      const days = daysPastDue(overdueSince, date);
      cls = loanClassAtDayEnd(cls, days);
      const settled = settleSuspense(loan.outstanding, suspense, cls === 'NPA');
      suspense = settled.suspense;
      journals.push(...settled.journals);
      const owed = { interest: loan.outstanding.interest, penal: loan.outstanding.penal };
      states.set(date, { days, cls, owed, suspense });
    }
    return { loan, cls, suspense, journals, states };
  }

  const held = (journals: readonly Journal[]): SuspenseAmounts => ({
    interest: -net(journals, 'suspense:interest'),
    penal: -net(journals, 'suspense:penal'),
  });

  it('NPA at the day-end of 29 June with ₹3,630 interest and ₹1,000 penal in suspense; 5 days on, ₹3,780', () => {
    const { states, journals, loan } = run('2026-07-04');
    const row = (
      days: number,
      cls: AssetClass,
      interest: string,
      penal: string,
      held: string[],
    ) => ({
      days,
      cls,
      owed: { interest: r(interest), penal: r(penal) },
      suspense: { interest: r(held[0]!), penal: r(held[1]!) },
    });
    const none = ['0.00', '0.00'];
    expect(states.get('2026-03-30')).toEqual(row(0, 'STANDARD', '900.00', '0.00', none));
    expect(states.get('2026-03-31')).toEqual(row(1, 'SMA-0', '930.00', '20.00', none));
    expect(states.get('2026-04-30')).toEqual(row(31, 'SMA-1', '1830.00', '620.00', none));
    expect(states.get('2026-05-30')).toEqual(row(61, 'SMA-2', '2730.00', '1000.00', none));
    expect(states.get('2026-06-28')).toEqual(row(90, 'SMA-2', '3600.00', '1000.00', none));
    expect(states.get('2026-06-29')).toEqual(
      row(91, 'NPA', '3630.00', '1000.00', ['3630.00', '1000.00']),
    );
    expect(states.get('2026-07-04')).toEqual(
      row(96, 'NPA', '3780.00', '1000.00', ['3780.00', '1000.00']),
    );
    expect(held(journals)).toEqual({ interest: r('3780.00'), penal: r('1000.00') });
    expect(loan.outstanding).toMatchObject({ interest: r('3780.00'), penal: r('1000.00') });
    // Income: what was recognised before the NPA day has gone back out; nothing since.
    expect(net(journals, 'income:interest')).toBe(0n);
    expect(net(journals, 'income:penal')).toBe(0n);
    for (const journal of journals) expect(isBalanced(journal)).toBe(true);
  });

  it('₹500 paid on 5 July pays penal first and releases ₹500 of penal to income; the loan stays NPA', () => {
    const before = run('2026-07-04');
    const paid = applyRepayment(before.loan, terms, '2026-07-05', r('500.00'));
    expect(paid.allocation.allocated).toMatchObject({ penal: r('500.00'), interest: 0n });
    const settled = settleSuspense(paid.loan.outstanding, before.suspense, true);
    expect(settled.suspense).toEqual({ interest: r('3780.00'), penal: r('500.00') });
    const journals = [...before.journals, ...paid.journals, ...settled.journals];
    expect(settled.journals).toEqual([
      postingsFor({ type: 'suspenseToIncome', amounts: { interest: 0n, penal: r('500.00') } }),
    ]);
    expect(net(journals, 'income:penal')).toBe(-r('500.00'));
    expect(held(journals)).toEqual(settled.suspense);
    // Still owed, still past due: no upgrade.
    const days = daysPastDue(
      overdueSinceAtDayEnd({
        overdueSince: '2026-03-31',
        dueDate: paid.loan.dueDate,
        outstanding: totalOutstanding(paid.loan),
        businessDate: '2026-07-05',
      }),
      '2026-07-05',
    );
    expect(days).toBe(97);
    expect(borrowerClasses([{ orderId: 1, assetClass: 'NPA', daysPastDue: days }])).toEqual([]);

    // Written off the same day: the suspense goes back against the write-off, the net loss is
    // the principal.
    const written = writeOff(paid.loan);
    if (!written.ok) throw new Error(written.reason);
    expect(totalOutstanding(paid.loan)).toBe(r('14280.00'));
    const released = settleSuspense(written.loan.outstanding, settled.suspense, true);
    expect(released.suspense).toEqual({ interest: 0n, penal: 0n });
    const all = [...journals, ...written.journals, ...released.journals];
    expect(net(all, 'expense:write_off')).toBe(r('14280.00'));
    const writeOffAndRelease = [...written.journals, ...released.journals];
    // Expenses are debits, income credits: the write-off and the release together cost ₹10,000.
    const cost =
      net(writeOffAndRelease, 'expense:write_off') +
      net(writeOffAndRelease, 'income:interest') +
      net(writeOffAndRelease, 'income:penal');
    expect(cost).toBe(r('10000.00'));
    expect(held(all)).toEqual({ interest: 0n, penal: 0n });
  });
});
