import { describe, expect, it } from 'vitest';
import { addDays } from './calendar-date.js';
import { clearingAmountOn } from './clearing.js';
import { receivableBalances } from './ledger.js';
import { openLoan, type LoanBalances } from './loan.js';
import { rupeesToPaise as r } from './money.js';
import { applyRollover, rolloverQuote } from './rollover.js';
import { WORKED_EXAMPLE_PRINCIPAL, WORKED_EXAMPLE_TERMS as terms } from './worked-example.js';

const DAY0 = '2025-01-01';
const day = (n: number) => addDays(DAY0, n);
const loan = openLoan(terms, WORKED_EXAMPLE_PRINCIPAL, DAY0);

describe('rolloverQuote', () => {
  it.each([
    // day, interest, penal, total, what
    [9, '40.50', '0.00', '306.00', 'early renewal'],
    [14, '63.00', '0.00', '328.50', 'on the due date'],
    [17, '76.50', '60.00', '402.00', 'three days overdue (product allows it)'],
  ])(
    'day %s: interest ₹%s + penal ₹%s + fee ₹225.00 + GST ₹40.50 = ₹%s (%s)',
    (n, interest, penal, total) => {
      const quote = rolloverQuote(loan, terms, day(n));
      expect(quote).toMatchObject({
        ok: true,
        interest: r(interest),
        penal: r(penal),
        fee: r('225.00'),
        gst: r('40.50'),
        total: r(total),
        newDueDate: day(21),
        rolloverNumber: 1,
      });
    },
  );

  it('refuses an overdue rollover when the product forbids it', () => {
    const strict = { ...terms, allowOverdueRollover: false };
    expect(rolloverQuote(loan, strict, day(14))).toMatchObject({ ok: true }); // due, not overdue
    expect(rolloverQuote(loan, strict, day(15))).toEqual({
      ok: false,
      reason: 'OVERDUE_ROLLOVER_NOT_ALLOWED',
    });
  });

  it('refuses a rollover that would leave the loan due or overdue', () => {
    expect(rolloverQuote(loan, terms, day(21))).toEqual({
      ok: false,
      reason: 'NEW_DUE_DATE_NOT_AHEAD',
    });
    expect(rolloverQuote(loan, terms, day(20))).toMatchObject({ ok: true });
  });

  it('refuses beyond the product count, before disbursal and once cleared', () => {
    expect(rolloverQuote(loan, { ...terms, maxRollovers: 0 }, day(5))).toEqual({
      ok: false,
      reason: 'MAX_ROLLOVERS_REACHED',
    });
    expect(rolloverQuote(loan, terms, day(-1))).toEqual({ ok: false, reason: 'NOT_DISBURSED' });
    const cleared: LoanBalances = { ...loan, outstanding: { ...loan.outstanding, principal: 0n } };
    expect(rolloverQuote(cleared, terms, day(5))).toEqual({ ok: false, reason: 'LOAN_CLEARED' });
  });
});

describe('applyRollover', () => {
  it('moves the due date by 7 days, keeps principal, clears the rest', () => {
    const step = applyRollover(loan, terms, day(14));
    if (!step.ok) throw new Error(step.reason);
    expect(step.loan.dueDate).toBe(day(21));
    expect(step.loan.rolloverCount).toBe(1);
    expect(step.loan.outstanding).toEqual({
      principal: r('4500.00'),
      interest: 0n,
      fee: 0n,
      gst: 0n,
      penal: 0n,
    });
    // Interest runs on: 7 more days to the new due date.
    expect(clearingAmountOn(step.loan, terms, day(21)).total).toBe(r('4531.50'));
    const events = step.journals.map((j) => j.event);
    expect(events.filter((e) => e === 'interestAccrual')).toHaveLength(14);
    expect(events.at(-1)).toBe('rollover');
  });

  it('overdue rollover pays the penal; the cap still counts over the life of the loan', () => {
    const step = applyRollover(loan, terms, day(17));
    if (!step.ok) throw new Error(step.reason);
    expect(step.quote.total).toBe(r('402.00'));
    expect(step.loan.penalCharged).toBe(r('60.00'));
    expect(step.loan.outstanding.penal).toBe(0n);
  });

  it('the count cap holds across successive rollovers', () => {
    let current = loan;
    const days = [10, 17, 24];
    for (const [i, n] of days.entries()) {
      const step = applyRollover(current, terms, day(n));
      if (!step.ok) throw new Error(step.reason);
      expect(step.loan.rolloverCount).toBe(i + 1);
      expect(step.loan.dueDate).toBe(day(14 + 7 * (i + 1)));
      current = step.loan;
    }
    expect(applyRollover(current, terms, day(30))).toEqual({
      ok: false,
      reason: 'MAX_ROLLOVERS_REACHED',
    });
  });

  it('the ledger agrees with the balances after a rollover', () => {
    const step = applyRollover(loan, terms, day(17));
    if (!step.ok) throw new Error(step.reason);
    const opening = { ...loan.outstanding };
    const moved = receivableBalances(step.journals);
    expect(moved.principal + opening.principal).toBe(step.loan.outstanding.principal);
    expect(moved.interest).toBe(0n);
    expect(moved.penal).toBe(0n);
    expect(moved.fee).toBe(0n);
  });
});
