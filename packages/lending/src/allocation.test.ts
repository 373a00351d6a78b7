import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateRepayment } from './allocation.js';
import { addAmounts, amountsOf, COMPONENTS, totalOf, type Component } from './components.js';
import { rupeesToPaise as r } from './money.js';
import { allocationOrderArb, componentAmountsArb } from './testing/arbitraries.js';

// Day 17 of the worked example, with a rollover fee left unpaid for the sake of the orders.
const owed = amountsOf({
  principal: r('4500.00'),
  interest: r('76.50'),
  fee: r('225.00'),
  gst: r('40.50'),
  penal: r('60.00'),
});
const DEFAULT: Component[] = ['penal', 'fee', 'gst', 'interest', 'principal'];
const INTEREST_FIRST: Component[] = ['interest', 'principal', 'penal', 'fee', 'gst'];

describe('allocateRepayment', () => {
  it.each<[string, Component[], string, Partial<Record<Component, string>>, string]>([
    ['default, covers penal only', DEFAULT, '50.00', { penal: '50.00' }, '0.00'],
    [
      'default, penal + fee + part GST',
      DEFAULT,
      '300.00',
      { penal: '60.00', fee: '225.00', gst: '15.00' },
      '0.00',
    ],
    [
      'default, into principal',
      DEFAULT,
      '1000.00',
      { penal: '60.00', fee: '225.00', gst: '40.50', interest: '76.50', principal: '598.00' },
      '0.00',
    ],
    [
      'default, exact total',
      DEFAULT,
      '4902.00',
      { penal: '60.00', fee: '225.00', gst: '40.50', interest: '76.50', principal: '4500.00' },
      '0.00',
    ],
    [
      'overpayment',
      DEFAULT,
      '5000.00',
      { penal: '60.00', fee: '225.00', gst: '40.50', interest: '76.50', principal: '4500.00' },
      '98.00',
    ],
    ['interest first', INTEREST_FIRST, '100.00', { interest: '76.50', principal: '23.50' }, '0.00'],
    ['zero payment', DEFAULT, '0.00', {}, '0.00'],
  ])('%s', (_label, order, amount, expected, excess) => {
    const result = allocateRepayment(owed, r(amount), order);
    const expectedAllocated = amountsOf(
      Object.fromEntries(Object.entries(expected).map(([c, v]) => [c, r(v)])),
    );
    expect(result.allocated).toEqual(expectedAllocated);
    expect(result.excess).toBe(r(excess));
    expect(addAmounts(result.remaining, result.allocated)).toEqual(owed);
  });

  it('pays components left out of the order last, never parking money as excess', () => {
    const result = allocateRepayment(owed, r('4902.00'), ['principal']);
    expect(result.excess).toBe(0n);
    expect(result.allocated.principal).toBe(r('4500.00'));
  });

  it('refuses negative input', () => {
    expect(() => allocateRepayment(owed, -1n)).toThrow(RangeError);
    expect(() => allocateRepayment({ ...owed, fee: -1n }, 1n)).toThrow(RangeError);
  });

  it('property: never creates or loses money, never leaves a negative balance', () => {
    fc.assert(
      fc.property(
        componentAmountsArb,
        fc.bigInt({ min: 0n, max: 20_000_000n }),
        allocationOrderArb,
        (balances, amount, order) => {
          const { allocated, remaining, excess } = allocateRepayment(balances, amount, order);
          expect(totalOf(allocated) + excess).toBe(amount);
          for (const c of COMPONENTS) {
            expect(remaining[c]).toBe(balances[c] - allocated[c]);
            expect(remaining[c]).toBeGreaterThanOrEqual(0n);
            expect(allocated[c]).toBeGreaterThanOrEqual(0n);
          }
          // Excess only once everything is paid.
          if (excess > 0n) expect(totalOf(remaining)).toBe(0n);
          // Order respected: a later component is touched only once all earlier ones are paid.
          order.forEach((c, i) => {
            if (allocated[c] > 0n)
              for (const earlier of order.slice(0, i)) expect(remaining[earlier]).toBe(0n);
          });
        },
      ),
    );
  });
});
