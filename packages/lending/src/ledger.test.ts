import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accrueThrough } from './accrual.js';
import { addDays } from './calendar-date.js';
import { addAmounts, amountsOf, COMPONENTS, zeroAmounts, type Component } from './components.js';
import {
  accountBalances,
  accrualInSuspense,
  assertBalanced,
  isBalanced,
  postingsFor,
  receivableBalances,
  UnbalancedJournalError,
  type Journal,
  type LedgerEvent,
} from './ledger.js';
import { disburse, type LoanBalances } from './loan.js';
import { rupeesToPaise as r } from './money.js';
import { applyCoolingOffExit, applyRepayment, applyWaiver, writeOff } from './repayment.js';
import { applyRollover } from './rollover.js';
import { penalCap, type LoanProductTerms } from './terms.js';
import { componentAmountsArb, termsArb } from './testing/arbitraries.js';
import { WORKED_EXAMPLE_TERMS } from './worked-example.js';

describe('postingsFor', () => {
  it('disbursal of the worked example: the borrower owes the full principal', () => {
    expect(
      postingsFor({
        type: 'disbursal',
        principal: r('4500.00'),
        processingFee: r('315.00'),
        gstOnFee: r('56.70'),
      }),
    ).toEqual({
      event: 'disbursal',
      lines: [
        { account: 'loans_receivable:principal', component: 'principal', amount: r('4500.00') },
        { account: 'cash:payout_clearing', amount: -r('4128.30') },
        { account: 'income:processing_fee', amount: -r('315.00') },
        { account: 'liability:gst_payable', amount: -r('56.70') },
      ],
    });
  });

  const paid = amountsOf({ principal: r('863.50'), interest: r('76.50'), penal: r('60.00') });
  it.each<[LedgerEvent, Partial<Record<string, bigint>>]>([
    [
      { type: 'feeCharge', kind: 'rollover', fee: r('225.00'), gst: r('40.50') },
      {
        'loans_receivable:fee': r('225.00'),
        'income:rollover_fee': -r('225.00'),
        'loans_receivable:gst': r('40.50'),
        'liability:gst_payable': -r('40.50'),
      },
    ],
    [
      { type: 'payoutReservation', amount: r('4128.30') },
      {
        'cash:payout_reserved': r('4128.30'),
        'cash:disbursement_float': -r('4128.30'),
      },
    ],
    [
      { type: 'interestAccrual', amount: r('4.50') },
      {
        'loans_receivable:interest': r('4.50'),
        'income:interest': -r('4.50'),
      },
    ],
    [
      { type: 'penalAccrual', amount: r('20.00') },
      {
        'loans_receivable:penal': r('20.00'),
        'income:penal': -r('20.00'),
      },
    ],
    [
      { type: 'interestAccrual', amount: r('30.00'), inSuspense: true },
      {
        'loans_receivable:interest': r('30.00'),
        'suspense:interest': -r('30.00'),
        'income:interest': 0n,
      },
    ],
    [
      { type: 'penalAccrual', amount: r('20.00'), inSuspense: true },
      {
        'loans_receivable:penal': r('20.00'),
        'suspense:penal': -r('20.00'),
        'income:penal': 0n,
      },
    ],
    [
      { type: 'incomeToSuspense', amounts: { interest: r('3630.00'), penal: r('1000.00') } },
      {
        'income:interest': r('3630.00'),
        'suspense:interest': -r('3630.00'),
        'income:penal': r('1000.00'),
        'suspense:penal': -r('1000.00'),
        'loans_receivable:interest': 0n,
        'loans_receivable:penal': 0n,
      },
    ],
    [
      { type: 'suspenseToIncome', amounts: { interest: 0n, penal: r('500.00') } },
      {
        'suspense:penal': r('500.00'),
        'income:penal': -r('500.00'),
        'suspense:interest': 0n,
        'income:interest': 0n,
        'loans_receivable:penal': 0n,
      },
    ],
    [
      { type: 'repayment', allocated: paid, excess: r('5.00') },
      {
        'cash:collection': r('1005.00'),
        'loans_receivable:principal': -r('863.50'),
        'loans_receivable:interest': -r('76.50'),
        'loans_receivable:penal': -r('60.00'),
        'liability:customer_overpayment': -r('5.00'),
      },
    ],
    [
      {
        type: 'rollover',
        fee: r('225.00'),
        gst: r('40.50'),
        paid: amountsOf({ interest: r('63.00'), fee: r('225.00'), gst: r('40.50') }),
      },
      {
        'income:rollover_fee': -r('225.00'),
        'liability:gst_payable': -r('40.50'),
        'cash:collection': r('328.50'),
        'loans_receivable:interest': -r('63.00'),
        'loans_receivable:fee': 0n,
        'loans_receivable:gst': 0n,
      },
    ],
    [
      { type: 'waiver', amounts: amountsOf({ penal: r('60.00') }) },
      {
        'expense:waiver': r('60.00'),
        'loans_receivable:penal': -r('60.00'),
      },
    ],
    [
      { type: 'writeOff', amounts: amountsOf({ principal: r('4500.00'), interest: r('9.00') }) },
      {
        'expense:write_off': r('4509.00'),
        'loans_receivable:principal': -r('4500.00'),
        'loans_receivable:interest': -r('9.00'),
      },
    ],
    [
      { type: 'refund', amount: r('5.00') },
      {
        'liability:customer_overpayment': r('5.00'),
        'cash:payout_clearing': -r('5.00'),
      },
    ],
  ])('$type', (event, expected) => {
    const journal = postingsFor(event);
    expect(journal.event).toBe(event.type);
    expect(isBalanced(journal)).toBe(true);
    const balances = accountBalances([journal]);
    for (const [account, amount] of Object.entries(expected)) {
      expect(balances.get(account as never) ?? 0n, account).toBe(amount);
    }
  });

  it('a reversal mirrors its original line by line', () => {
    const original = postingsFor({ type: 'repayment', allocated: paid, excess: 0n });
    const reversal = postingsFor({ type: 'reversal', original });
    expect(reversal.reverses).toBe('repayment');
    expect(reversal.lines).toEqual(
      original.lines.map((line) => ({ ...line, amount: -line.amount })),
    );
    expect(accountBalances([original, reversal])).toEqual(
      new Map(original.lines.map((line) => [line.account, 0n])),
    );
  });

  it('income recognition moves between income and suspense, never the receivables', () => {
    const amounts = { interest: r('3780.00'), penal: r('1000.00') };
    const into = postingsFor({ type: 'incomeToSuspense', amounts });
    const out = postingsFor({ type: 'suspenseToIncome', amounts });
    for (const journal of [into, out]) {
      expect(isBalanced(journal)).toBe(true);
      expect(journal.lines.every((line) => line.component === undefined)).toBe(true);
      expect(new Set(journal.lines.map((line) => line.account))).toEqual(
        new Set(['income:interest', 'suspense:interest', 'income:penal', 'suspense:penal']),
      );
    }
    // Released in full, they leave every account as it was.
    expect([...accountBalances([into, out]).values()].every((amount) => amount === 0n)).toBe(true);
    // Zero parts post no line.
    expect(
      postingsFor({ type: 'suspenseToIncome', amounts: { interest: 0n, penal: 5n } }).lines,
    ).toEqual([
      { account: 'suspense:penal', amount: 5n },
      { account: 'income:penal', amount: -5n },
    ]);
    // A suspense-routed accrual owes the same as an ordinary one; only the credit differs.
    const accrued = postingsFor({ type: 'interestAccrual', amount: r('30.00') });
    const held = postingsFor({ type: 'interestAccrual', amount: r('30.00'), inSuspense: true });
    expect(receivableBalances([held])).toEqual(receivableBalances([accrued]));
    expect(held).toEqual(accrualInSuspense(accrued));
    expect(postingsFor({ type: 'penalAccrual', amount: 7n, inSuspense: false })).toEqual(
      postingsFor({ type: 'penalAccrual', amount: 7n }),
    );
  });

  it('an unapplied credit is cash owed back: refunded or applied, the liability ends at zero', () => {
    // ₹500 into the virtual account of a borrower with no open loan.
    const received = postingsFor({ type: 'unappliedCredit', amount: 50_000n });
    expect(received.lines).toEqual([
      { account: 'cash:collection', amount: 50_000n },
      { account: 'liability:unapplied_credit', amount: -50_000n },
    ]);
    // Refunded through the payout account: the liability is released against the float.
    const refunded = postingsFor({ type: 'unappliedCreditRefund', amount: 50_000n });
    const afterRefund = accountBalances([received, refunded]);
    expect(afterRefund.get('liability:unapplied_credit')).toBe(0n);
    expect(afterRefund.get('cash:disbursement_float')).toBe(-50_000n);
    // Applied to a later loan: the repayment journal counts the cash, this one takes it back out,
    // so the cash is counted once and the receivable is paid from the liability.
    const applied = postingsFor({ type: 'unappliedCreditApplied', amount: 50_000n });
    const repayment = postingsFor({
      type: 'repayment',
      allocated: { ...zeroAmounts(), principal: 50_000n },
      excess: 0n,
    });
    const afterApply = accountBalances([received, applied, repayment]);
    expect(afterApply.get('liability:unapplied_credit')).toBe(0n);
    expect(afterApply.get('cash:collection')).toBe(50_000n);
    expect(afterApply.get('loans_receivable:principal')).toBe(-50_000n);
    for (const journal of [received, refunded, applied]) {
      expect(isBalanced(journal)).toBe(true);
      expect(journal.lines.every((line) => line.component === undefined)).toBe(true);
    }
    expect(() => postingsFor({ type: 'unappliedCreditRefund', amount: -1n })).toThrow(RangeError);
  });

  it('refuses negative amounts and unbalanced journals', () => {
    expect(() => postingsFor({ type: 'interestAccrual', amount: -1n })).toThrow(RangeError);
    expect(() => postingsFor({ type: 'penalAccrual', amount: -1n, inSuspense: true })).toThrow(
      RangeError,
    );
    expect(() =>
      postingsFor({ type: 'incomeToSuspense', amounts: { interest: -1n, penal: 0n } }),
    ).toThrow(RangeError);
    expect(() =>
      postingsFor({ type: 'suspenseToIncome', amounts: { interest: 0n, penal: -1n } }),
    ).toThrow(RangeError);
    expect(() =>
      postingsFor({ type: 'disbursal', principal: 1n, processingFee: 2n, gstOnFee: 0n }),
    ).toThrow(RangeError);
    const bad: Journal = { event: 'refund', lines: [{ account: 'cash:collection', amount: 1n }] };
    expect(() => assertBalanced(bad)).toThrow(UnbalancedJournalError);
    expect(() => postingsFor({ type: 'reversal', original: bad })).toThrow(UnbalancedJournalError);
  });

  it('property: every event journal sums to zero', () => {
    const eventArb: fc.Arbitrary<LedgerEvent> = fc.oneof(
      fc
        .record({
          principal: fc.bigInt({ min: 0n, max: 10n ** 9n }),
          ppm: fc.integer({ min: 0, max: 500_000 }),
        })
        .map(({ principal, ppm }) => {
          const processingFee = (principal * BigInt(ppm)) / 1_000_000n;
          return {
            type: 'disbursal' as const,
            principal,
            processingFee,
            gstOnFee: (processingFee * 18n) / 100n,
          };
        }),
      fc
        .record({
          fee: fc.bigInt({ min: 0n, max: 10n ** 9n }),
          gst: fc.bigInt({ min: 0n, max: 10n ** 9n }),
        })
        .map((f) => ({ type: 'feeCharge' as const, kind: 'rollover' as const, ...f })),
      fc
        .record({ amount: fc.bigInt({ min: 0n, max: 10n ** 9n }), inSuspense: fc.boolean() })
        .map((a) => ({ type: 'interestAccrual' as const, ...a })),
      fc
        .record({ amount: fc.bigInt({ min: 0n, max: 10n ** 9n }), inSuspense: fc.boolean() })
        .map((a) => ({ type: 'penalAccrual' as const, ...a })),
      fc
        .record({
          interest: fc.bigInt({ min: 0n, max: 10n ** 9n }),
          penal: fc.bigInt({ min: 0n, max: 10n ** 9n }),
        })
        .chain((amounts) =>
          fc.constantFrom(
            { type: 'incomeToSuspense' as const, amounts },
            { type: 'suspenseToIncome' as const, amounts },
          ),
        ),
      fc
        .record({ allocated: componentAmountsArb, excess: fc.bigInt({ min: 0n, max: 10n ** 6n }) })
        .map((p) => ({
          type: 'repayment' as const,
          ...p,
        })),
      fc
        .record({
          fee: fc.bigInt({ min: 0n, max: 10n ** 6n }),
          gst: fc.bigInt({ min: 0n, max: 10n ** 6n }),
          paid: componentAmountsArb,
        })
        .map((p) => ({ type: 'rollover' as const, ...p })),
      componentAmountsArb.map((amounts) => ({ type: 'waiver' as const, amounts })),
      componentAmountsArb.map((amounts) => ({ type: 'writeOff' as const, amounts })),
      fc.bigInt({ min: 0n, max: 10n ** 9n }).map((amount) => ({ type: 'refund' as const, amount })),
    );
    fc.assert(
      fc.property(eventArb, (event) => {
        const journal = postingsFor(event);
        expect(isBalanced(journal)).toBe(true);
        expect(isBalanced(postingsFor({ type: 'reversal', original: journal }))).toBe(true);
      }),
    );
  });
});

/** One step of a loan's life, as the server would drive the engine. */
type Command =
  | { kind: 'advance'; days: number }
  | { kind: 'repay'; share: number }
  | { kind: 'rollover' }
  | { kind: 'waive'; component: Component; share: number }
  | { kind: 'reverseLast' }
  | { kind: 'refund' }
  | { kind: 'writeOff' }
  | { kind: 'coolingOff' };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.integer({ min: 0, max: 20 }).map((days) => ({ kind: 'advance' as const, days })),
  },
  {
    weight: 4,
    arbitrary: fc.integer({ min: 0, max: 120 }).map((share) => ({ kind: 'repay' as const, share })),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'rollover' as const }) },
  {
    weight: 1,
    arbitrary: fc
      .record({
        component: fc.constantFrom(...COMPONENTS),
        share: fc.integer({ min: 0, max: 100 }),
      })
      .map((w) => ({ kind: 'waive' as const, ...w })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'reverseLast' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'refund' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'writeOff' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'coolingOff' as const }) },
);

function runLife(terms: LoanProductTerms, principal: bigint, commands: Command[]) {
  const day0 = '2025-01-01';
  const opened = disburse(terms, principal, day0);
  let loan: LoanBalances = opened.loan;
  let today = day0;
  let overpaid = 0n;
  const journals: Journal[] = [...opened.journals];
  const repayments: { allocated: LoanBalances['outstanding']; excess: bigint }[] = [];
  const snapshots: { loan: LoanBalances; journals: Journal[] }[] = [];

  for (const command of commands) {
    switch (command.kind) {
      case 'advance': {
        today = addDays(today, command.days);
        const step = accrueThrough(loan, terms, addDays(today, -1));
        loan = step.loan;
        journals.push(...step.journals);
        break;
      }
      case 'repay': {
        const owed = Object.values(loan.outstanding).reduce((a, b) => a + b, 0n);
        const step = applyRepayment(loan, terms, today, (owed * BigInt(command.share)) / 100n);
        loan = step.loan;
        journals.push(...step.journals);
        overpaid += step.allocation.excess;
        repayments.push(step.allocation);
        break;
      }
      case 'rollover': {
        const step = applyRollover(loan, terms, today);
        if (step.ok) {
          loan = step.loan;
          journals.push(...step.journals);
        }
        break;
      }
      case 'waive': {
        const amount = (loan.outstanding[command.component] * BigInt(command.share)) / 100n;
        const step = applyWaiver(loan, { [command.component]: amount });
        if (step.ok) {
          loan = step.loan;
          journals.push(...step.journals);
        }
        break;
      }
      case 'reverseLast': {
        const last = repayments.pop();
        if (last && last.excess <= overpaid) {
          // A same-day bounce: the allocation is owed again (repayment-reversal.ts replays
          // the days between; here there are none to replay).
          loan = { ...loan, outstanding: addAmounts(loan.outstanding, last.allocated) };
          overpaid -= last.excess;
          journals.push(
            postingsFor({
              type: 'reversal',
              original: postingsFor({ type: 'repayment', ...last }),
            }),
          );
        }
        break;
      }
      case 'refund':
        if (overpaid > 0n) {
          journals.push(postingsFor({ type: 'refund', amount: overpaid }));
          overpaid = 0n;
        }
        break;
      case 'writeOff': {
        const step = writeOff(loan);
        if (step.ok) {
          loan = step.loan;
          journals.push(...step.journals);
        }
        break;
      }
      case 'coolingOff': {
        const step = applyCoolingOffExit(loan, terms, today);
        if (step.ok) {
          loan = step.loan;
          journals.push(...step.journals);
        }
        break;
      }
    }
    snapshots.push({ loan, journals: [...journals] });
  }
  return snapshots;
}

describe('a loan driven through random events', () => {
  const lifeArb = fc.tuple(
    fc.oneof(fc.constant(WORKED_EXAMPLE_TERMS), termsArb),
    fc.bigInt({ min: 100_000n, max: 5_000_000n }),
    fc.array(commandArb, { maxLength: 25 }),
  );

  it('property: every journal sums to zero; outstanding never negative; ledger equals balances; penal within cap', () => {
    fc.assert(
      fc.property(lifeArb, ([terms, principal, commands]) => {
        const cap = penalCap(terms, principal);
        for (const { loan, journals } of runLife(terms, principal, commands)) {
          for (const journal of journals) expect(isBalanced(journal)).toBe(true);
          for (const c of COMPONENTS) expect(loan.outstanding[c]).toBeGreaterThanOrEqual(0n);
          expect(receivableBalances(journals)).toEqual(loan.outstanding);
          expect(loan.penalCharged).toBeLessThanOrEqual(cap);
          // Double entry: all accounts together always net to zero.
          const total = [...accountBalances(journals).values()].reduce((a, b) => a + b, 0n);
          expect(total).toBe(0n);
        }
      }),
      { numRuns: 200 },
    );
  });
});
