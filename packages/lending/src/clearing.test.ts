import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './calendar-date.js';
import { clearingAmountOn, coolingOffExitAmount } from './clearing.js';
import { openLoan } from './loan.js';
import { rupeesToPaise as r } from './money.js';
import { termsArb } from './testing/arbitraries.js';
import { WORKED_EXAMPLE_PRINCIPAL, WORKED_EXAMPLE_TERMS as terms } from './worked-example.js';

const DAY0 = '2025-01-01';
const day = (n: number) => addDays(DAY0, n);
const loan = openLoan(terms, WORKED_EXAMPLE_PRINCIPAL, DAY0);

describe('clearingAmountOn (the worked example)', () => {
  it.each([
    // day, total, interest, penal, overdue days, what
    [0, '4500.00', '0.00', '0.00', 0, 'same day: no day used yet'],
    [9, '4540.50', '40.50', '0.00', 0, 'early: interest only for days used'],
    [14, '4563.00', '63.00', '0.00', 0, 'on the due date: the due amount'],
    [15, '4587.50', '67.50', '20.00', 1, 'one day overdue'],
    [17, '4636.50', '76.50', '60.00', 3, 'three days overdue'],
    [37, '5116.50', '166.50', '450.00', 23, 'penal at its cap'],
    [60, '5220.00', '270.00', '450.00', 46, 'cap holds'],
  ])('day %s: ₹%s (%s)', (n, total, interest, penal, overdue) => {
    const quote = clearingAmountOn(loan, terms, day(n));
    expect(quote.total).toBe(r(total));
    expect(quote.components).toEqual({
      principal: r('4500.00'),
      interest: r(interest),
      fee: 0n,
      gst: 0n,
      penal: r(penal),
    });
    expect(quote.overdueDays).toBe(overdue);
  });

  it('does not change the loan it quotes', () => {
    const before = structuredClone(loan);
    clearingAmountOn(loan, terms, day(30));
    expect(loan).toEqual(before);
  });

  it('property: the clearing amount is monotone non-decreasing in the day', () => {
    fc.assert(
      fc.property(
        termsArb,
        fc.bigInt({ min: 100_000n, max: 5_000_000n }),
        fc.integer({ min: -2, max: 80 }),
        (t, principal, n) => {
          const l = openLoan(t, principal, DAY0);
          expect(clearingAmountOn(l, t, day(n + 1)).total).toBeGreaterThanOrEqual(
            clearingAmountOn(l, t, day(n)).total,
          );
        },
      ),
    );
  });
});

describe('coolingOffExitAmount', () => {
  it.each([
    [14, 0, '4500.00'],
    [14, 1, '4504.50'],
    [14, 3, '4513.50'],
    [6, 1, '4504.50'],
  ])('tenor %s, day %s: ₹%s (principal + interest for days used)', (tenor, n, amount) => {
    const t = { ...terms, tenorDays: tenor };
    const quote = coolingOffExitAmount(openLoan(t, WORKED_EXAMPLE_PRINCIPAL, DAY0), t, day(n));
    expect(quote).toMatchObject({
      ok: true,
      daysUsed: n,
      amount: r(amount),
      penalWaived: 0n,
      fees: 0n,
    });
  });

  it.each([
    [14, 4],
    [6, 2],
    [1, 2],
  ])('tenor %s: window closed on day %s', (tenor, n) => {
    const t = { ...terms, tenorDays: tenor };
    expect(coolingOffExitAmount(openLoan(t, WORKED_EXAMPLE_PRINCIPAL, DAY0), t, day(n))).toEqual({
      ok: false,
      reason: 'COOLING_OFF_WINDOW_CLOSED',
      daysUsed: n,
    });
  });

  it('a product window longer than the tenor waives the penal', () => {
    const t = { ...terms, tenorDays: 1, coolingOffDays: 5 };
    const quote = coolingOffExitAmount(openLoan(t, WORKED_EXAMPLE_PRINCIPAL, DAY0), t, day(4));
    expect(quote).toMatchObject({ ok: true, amount: r('4518.00'), penalWaived: r('60.00') });
  });

  it('refuses before disbursal', () => {
    expect(coolingOffExitAmount(loan, terms, day(-1))).toMatchObject({
      ok: false,
      reason: 'NOT_DISBURSED',
    });
  });
});
