import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMPONENTS, totalOf } from './components.js';
import { applyCoupon, couponReduction, type CouponTerms } from './coupon.js';
import { accountBalances, isBalanced, receivableBalances } from './ledger.js';
import type { LoanBalances } from './loan.js';
import { componentAmountsArb } from './testing/arbitraries.js';

const loanArb: fc.Arbitrary<LoanBalances> = componentAmountsArb.map((outstanding) => ({
  outstanding,
  principalDisbursed: outstanding.principal + 100_000n,
  penalCharged: outstanding.penal,
  disbursalDate: '2026-01-01',
  dueDate: '2026-01-15',
  accruedThrough: '2026-01-10',
  rolloverCount: 0,
}));

const termsArb: fc.Arbitrary<CouponTerms> = fc.record({
  target: fc.constantFrom('interest' as const, 'charges' as const),
  face: fc.oneof(
    fc.record({
      kind: fc.constant('amount' as const),
      amount: fc.bigInt({ min: 1n, max: 2_000_000n }),
    }),
    fc.record({
      kind: fc.constant('percent' as const),
      basisPoints: fc.integer({ min: 1, max: 10_000 }),
      cap: fc.bigInt({ min: 1n, max: 2_000_000n }),
    }),
  ),
  threshold: fc.constant(0n),
});

const faceLimit = (terms: CouponTerms) =>
  terms.face.kind === 'amount' ? terms.face.amount : terms.face.cap;

describe('couponReduction', () => {
  it('never exceeds the face, never makes a part negative, never touches principal or GST', () => {
    fc.assert(
      fc.property(loanArb, termsArb, (loan, terms) => {
        const amounts = couponReduction(loan, terms);
        expect(totalOf(amounts)).toBeLessThanOrEqual(faceLimit(terms));
        for (const c of COMPONENTS) {
          expect(amounts[c]).toBeGreaterThanOrEqual(0n);
          expect(amounts[c]).toBeLessThanOrEqual(loan.outstanding[c]);
        }
        expect(amounts.principal).toBe(0n);
        expect(amounts.gst).toBe(0n);
        if (terms.target === 'interest') expect(amounts.fee + amounts.penal).toBe(0n);
        else expect(amounts.interest).toBe(0n);
      }),
    );
  });

  it('a fixed amount takes all of it when enough is owed', () => {
    fc.assert(
      fc.property(loanArb, fc.bigInt({ min: 1n, max: 1_000_000n }), (loan, amount) => {
        const owed = loan.outstanding.interest;
        const taken = couponReduction(loan, {
          target: 'interest',
          face: { kind: 'amount', amount },
          threshold: 0n,
        }).interest;
        expect(taken).toBe(owed < amount ? owed : amount);
      }),
    );
  });

  it('a percent rounds down and stops at its cap', () => {
    const loan = { ...sampleLoan(), outstanding: { ...sampleLoan().outstanding, interest: 999n } };
    const terms = (cap: bigint): CouponTerms => ({
      target: 'interest',
      face: { kind: 'percent', basisPoints: 1_000, cap },
      threshold: 0n,
    });
    expect(couponReduction(loan, terms(1_000n)).interest).toBe(99n);
    expect(couponReduction(loan, terms(50n)).interest).toBe(50n);
  });

  it('charges take the fee first, then the penal charge', () => {
    const loan = sampleLoan();
    const amounts = couponReduction(loan, {
      target: 'charges',
      face: { kind: 'amount', amount: 15_000n },
      threshold: 0n,
    });
    expect(amounts).toMatchObject({ fee: 10_000n, penal: 5_000n });
  });
});

describe('applyCoupon', () => {
  it('posts one balanced journal: marketing expense against the receivables it lowers', () => {
    fc.assert(
      fc.property(loanArb, termsArb, (loan, terms) => {
        const step = applyCoupon(loan, terms);
        if (!step.ok) {
          if (step.reason === 'PRINCIPAL_REPAID') expect(loan.outstanding.principal).toBe(0n);
          else expect(totalOf(couponReduction(loan, terms))).toBe(0n);
          return;
        }
        expect(step.loan.outstanding.principal).toBeGreaterThan(0n);
        expect(step.journals).toHaveLength(1);
        const journal = step.journals[0]!;
        expect(journal.event).toBe('coupon');
        expect(isBalanced(journal)).toBe(true);
        expect(accountBalances(step.journals).get('expense:marketing')).toBe(totalOf(step.amounts));
        const lowered = receivableBalances(step.journals);
        for (const c of COMPONENTS) {
          expect(step.loan.outstanding[c]).toBe(loan.outstanding[c] + lowered[c]);
          expect(step.loan.outstanding[c]).toBeGreaterThanOrEqual(0n);
        }
      }),
    );
  });

  it('refuses a loan below the threshold', () => {
    const loan = sampleLoan();
    expect(
      applyCoupon(loan, {
        target: 'interest',
        face: { kind: 'amount', amount: 100n },
        threshold: loan.principalDisbursed + 1n,
      }),
    ).toEqual({ ok: false, reason: 'BELOW_THRESHOLD' });
  });

  it('refuses when nothing of its target is owed', () => {
    const loan = sampleLoan();
    const paidUp = { ...loan, outstanding: { ...loan.outstanding, interest: 0n } };
    expect(
      applyCoupon(paidUp, {
        target: 'interest',
        face: { kind: 'amount', amount: 100n },
        threshold: 0n,
      }),
    ).toEqual({ ok: false, reason: 'NOTHING_TO_REDUCE' });
  });
});

function sampleLoan(): LoanBalances {
  return {
    outstanding: {
      principal: 500_000n,
      interest: 20_000n,
      fee: 10_000n,
      gst: 1_800n,
      penal: 7_000n,
    },
    principalDisbursed: 500_000n,
    penalCharged: 7_000n,
    disbursalDate: '2026-01-01',
    dueDate: '2026-01-15',
    accruedThrough: '2026-01-10',
    rolloverCount: 0,
  };
}
