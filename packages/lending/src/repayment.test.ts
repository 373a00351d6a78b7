import { describe, expect, it } from 'vitest';
import { addDays } from './calendar-date.js';
import { totalOf, zeroAmounts } from './components.js';
import { accountBalances, receivableBalances, type Journal } from './ledger.js';
import { disburse, totalOutstanding } from './loan.js';
import { rupeesToPaise as r } from './money.js';
import {
  applyCoolingOffExit,
  applyRepayment,
  applyWaiver,
  waiveRemaining,
  writeOff,
} from './repayment.js';
import { WORKED_EXAMPLE_PRINCIPAL, WORKED_EXAMPLE_TERMS as terms } from './worked-example.js';

const DAY0 = '2025-01-01';
const day = (n: number) => addDays(DAY0, n);
const opened = disburse(terms, WORKED_EXAMPLE_PRINCIPAL, DAY0);
const loan = opened.loan;

function ledgerOutstanding(...journals: Journal[][]) {
  return receivableBalances([...opened.journals, ...journals.flat()]);
}

describe('applyRepayment', () => {
  it.each([
    [9, '4540.50', 'advance clear'],
    [14, '4563.00', 'on time'],
    [17, '4636.50', 'overdue clear'],
  ])('day %s: ₹%s clears the loan (%s)', (n, amount) => {
    const step = applyRepayment(loan, terms, day(n), r(amount));
    expect(step.settled).toBe(true);
    expect(step.allocation.excess).toBe(0n);
    expect(totalOutstanding(step.loan)).toBe(0n);
    expect(ledgerOutstanding(step.journals)).toEqual(zeroAmounts());
  });

  it('a partial payment on day 17 pays penal, then interest, then principal', () => {
    const step = applyRepayment(loan, terms, day(17), r('1000.00'));
    expect(step.settled).toBe(false);
    expect(step.allocation.allocated).toEqual({
      ...zeroAmounts(),
      penal: r('60.00'),
      interest: r('76.50'),
      principal: r('863.50'),
    });
    expect(step.loan.outstanding.principal).toBe(r('3636.50'));
    expect(ledgerOutstanding(step.journals)).toEqual(step.loan.outstanding);
  });

  it('an overpayment leaves an excess for refund', () => {
    const step = applyRepayment(loan, terms, day(17), r('5000.00'));
    expect(step.settled).toBe(true);
    expect(step.allocation.excess).toBe(r('363.50'));
    const balances = accountBalances([...opened.journals, ...step.journals]);
    expect(balances.get('liability:customer_overpayment')).toBe(-r('363.50'));
    expect(balances.get('cash:collection')).toBe(r('5000.00'));
  });

  it('a product that takes principal first', () => {
    const t = {
      ...terms,
      allocationOrder: ['principal', 'interest', 'fee', 'gst', 'penal'] as const,
    };
    const step = applyRepayment(loan, t, day(17), r('4500.00'));
    expect(step.loan.outstanding).toEqual({
      ...zeroAmounts(),
      interest: r('76.50'),
      penal: r('60.00'),
    });
  });
});

describe('waiver, settlement, write-off', () => {
  const paid = applyRepayment(loan, terms, day(40), r('4500.00'));

  it('settles with a waiver of the remainder', () => {
    const settled = waiveRemaining(paid.loan);
    if (!settled.ok) throw new Error(settled.reason);
    expect(totalOutstanding(settled.loan)).toBe(0n);
    expect(totalOf(settled.amounts)).toBe(totalOutstanding(paid.loan));
    const balances = accountBalances([...opened.journals, ...paid.journals, ...settled.journals]);
    expect(balances.get('expense:waiver')).toBe(totalOutstanding(paid.loan));
    expect(ledgerOutstanding(paid.journals, settled.journals)).toEqual(zeroAmounts());
  });

  it('waives part of one component', () => {
    // ₹4,500 on day 40 paid penal ₹450 and interest ₹180 first: ₹630 principal is left.
    expect(paid.loan.outstanding).toEqual({ ...zeroAmounts(), principal: r('630.00') });
    const step = applyWaiver(paid.loan, { principal: r('100.00') });
    if (!step.ok) throw new Error(step.reason);
    expect(step.loan.outstanding.principal).toBe(r('530.00'));
  });

  it.each([
    [{ penal: r('10000.00') }, 'EXCEEDS_OUTSTANDING'],
    [{ penal: -1n }, 'NEGATIVE_AMOUNT'],
    [{}, 'NOTHING_TO_WAIVE'],
  ])('refuses %o', (amounts, reason) => {
    expect(applyWaiver(paid.loan, amounts)).toEqual({ ok: false, reason });
  });

  it('writes off everything owed', () => {
    const late = applyRepayment(loan, terms, day(120), 0n);
    const step = writeOff(late.loan);
    if (!step.ok) throw new Error(step.reason);
    expect(totalOutstanding(step.loan)).toBe(0n);
    // 4,500 principal + 120 days × 4.50 interest + 450 penal at cap
    expect(step.amounts).toEqual({
      ...zeroAmounts(),
      principal: r('4500.00'),
      interest: r('540.00'),
      penal: r('450.00'),
    });
    const balances = accountBalances([...opened.journals, ...late.journals, ...step.journals]);
    expect(balances.get('expense:write_off')).toBe(r('5490.00'));
  });
});

describe('applyCoolingOffExit', () => {
  it('day 2: principal + 2 days of interest, processing fee kept', () => {
    const step = applyCoolingOffExit(loan, terms, day(2));
    if (!step.ok) throw new Error(step.reason);
    expect(step.amount).toBe(r('4509.00'));
    expect(totalOutstanding(step.loan)).toBe(0n);
    const balances = accountBalances([...opened.journals, ...step.journals]);
    expect(balances.get('income:processing_fee')).toBe(-r('315.00'));
    expect(balances.get('cash:collection')).toBe(r('4509.00'));
    expect(ledgerOutstanding(step.journals)).toEqual(zeroAmounts());
  });

  it('refuses after the window', () => {
    expect(applyCoolingOffExit(loan, terms, day(4))).toEqual({
      ok: false,
      reason: 'COOLING_OFF_WINDOW_CLOSED',
    });
  });
});
