import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accrueDay, accrueThrough } from './accrual.js';
import { addDays } from './calendar-date.js';
import { openLoan } from './loan.js';
import { rupeesToPaise as r } from './money.js';
import { penalCap } from './terms.js';
import { termsArb } from './testing/arbitraries.js';
import { WORKED_EXAMPLE_PRINCIPAL, WORKED_EXAMPLE_TERMS as terms } from './worked-example.js';

const DAY0 = '2025-01-01';
const day = (n: number) => addDays(DAY0, n);
const loan = openLoan(terms, WORKED_EXAMPLE_PRINCIPAL, DAY0);

describe('accrueDay', () => {
  it('opens with nothing accrued and the due date at disbursal + tenor', () => {
    expect(loan.dueDate).toBe(day(14));
    expect(loan.accruedThrough).toBe(day(-1));
  });

  it.each([
    // day-end of day n, interest, penal
    [0, '4.50', '0.00'], // first day's interest at the day-end of the disbursal date
    [13, '4.50', '0.00'],
    [14, '4.50', '20.00'], // day-end of the due date: first overdue day
    [30, '4.50', '20.00'],
  ])('day-end of day %s posts interest ₹%s and penal ₹%s', (n, interest, penal) => {
    const step = accrueDay(loan, terms, day(n));
    expect(step.accrual).toEqual({ date: day(n), interest: r(interest), penal: r(penal) });
    expect(step.journals.map((j) => j.event)).toEqual(
      penal === '0.00' ? ['interestAccrual'] : ['interestAccrual', 'penalAccrual'],
    );
  });

  it('posts nothing before disbursal', () => {
    expect(accrueDay(loan, terms, day(-3)).accrual).toEqual({
      date: day(-3),
      interest: 0n,
      penal: 0n,
    });
  });

  it('charges interest on principal outstanding only', () => {
    const half = {
      ...loan,
      outstanding: { ...loan.outstanding, principal: r('2250.00'), interest: r('100.00') },
    };
    expect(accrueDay(half, terms, day(3)).accrual.interest).toBe(r('2.25'));
  });

  it('charges no penal when only penal is left (never compounding)', () => {
    const onlyPenal = {
      ...loan,
      outstanding: { principal: 0n, interest: 0n, fee: 0n, gst: 0n, penal: r('60.00') },
      penalCharged: r('60.00'),
    };
    expect(accrueDay(onlyPenal, terms, day(20)).accrual).toEqual({
      date: day(20),
      interest: 0n,
      penal: 0n,
    });
  });

  it('is deterministic', () => {
    expect(accrueDay(loan, terms, day(15))).toEqual(accrueDay(loan, terms, day(15)));
  });
});

describe('accrueThrough: catching up missed day-ends in order', () => {
  it('day 16 day-end: 17 days of interest, 3 days of penal', () => {
    const { loan: after, accruals } = accrueThrough(loan, terms, day(16));
    expect(accruals).toHaveLength(17);
    expect(after.outstanding.interest).toBe(r('76.50'));
    expect(after.outstanding.penal).toBe(r('60.00'));
    expect(after.accruedThrough).toBe(day(16));
  });

  it('keeps the journals of each day with its accrual, as day-ends one at a time post them', () => {
    const { days, accruals, journals } = accrueThrough(loan, terms, day(40));
    let current = loan;
    const oneByOne = [];
    for (let n = 0; n <= 40; n++) {
      const step = accrueDay(current, terms, day(n));
      current = step.loan;
      if (step.journals.length > 0)
        oneByOne.push({ accrual: step.accrual, journals: step.journals });
    }
    expect(days).toEqual(oneByOne);
    expect(days.map((d) => d.accrual)).toEqual(accruals);
    expect(days.flatMap((d) => d.journals)).toEqual(journals);
  });

  it('penal stops at the cap of ₹450.00 (22 days × ₹20 + ₹10)', () => {
    const after35 = accrueThrough(loan, terms, day(14 + 21)).loan; // 22 overdue day-ends
    expect(after35.penalCharged).toBe(r('440.00'));
    const after36 = accrueDay(after35, terms, day(36));
    expect(after36.accrual.penal).toBe(r('10.00'));
    expect(after36.loan.penalCharged).toBe(r('450.00'));
    const after100 = accrueThrough(after36.loan, terms, day(100)).loan;
    expect(after100.outstanding.penal).toBe(r('450.00'));
    // Interest keeps running on principal; the penal never earns any.
    expect(after100.outstanding.interest).toBe(r('4.50') * 101n);
  });

  it('the ppm penal variant', () => {
    const { penalPerDayPaise: _, ...rest } = terms;
    const ppmTerms = { ...rest, penalPerDayPpm: 5_000 }; // 0.5% of ₹4,500 = ₹22.50 a day
    const after = accrueThrough(
      openLoan(ppmTerms, WORKED_EXAMPLE_PRINCIPAL, DAY0),
      ppmTerms,
      day(16),
    ).loan;
    expect(after.outstanding.penal).toBe(r('67.50'));
  });

  it('property: penal never exceeds its cap', () => {
    fc.assert(
      fc.property(
        termsArb,
        fc.bigInt({ min: 100_000n, max: 5_000_000n }),
        fc.integer({ min: 0, max: 200 }),
        (t, principal, days) => {
          const after = accrueThrough(openLoan(t, principal, DAY0), t, day(days)).loan;
          const cap = penalCap(t, principal);
          expect(after.penalCharged).toBeLessThanOrEqual(cap);
          expect(after.outstanding.penal).toBeLessThanOrEqual(cap);
        },
      ),
    );
  });
});
