import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyRate,
  divRoundHalfUp,
  paise,
  paiseToRupees,
  parseRupees,
  percentToPpm,
  rupeesToPaise,
  sumPaise,
} from './money.js';

describe('rupeesToPaise / parseRupees', () => {
  it.each([
    ['4500.00', 450_000n],
    ['4500', 450_000n],
    ['4500.5', 450_050n],
    ['4,128.30', 412_830n],
    ['0.01', 1n],
    ['-56.70', -5_670n],
    [' 20.00 ', 2_000n],
  ])('%s → %s paise', (text, expected) => {
    expect(rupeesToPaise(text)).toBe(expected);
    expect(parseRupees(text)).toBe(expected);
  });

  it.each(['', 'abc', '1.234', '1e3', '12.', '.5', 'NaN', '₹100'])('rejects %j', (text) => {
    expect(parseRupees(text)).toBeNull();
    expect(() => rupeesToPaise(text)).toThrow(RangeError);
  });

  it('round-trips through paiseToRupees', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (amount) => {
        expect(rupeesToPaise(paiseToRupees(amount))).toBe(amount);
      }),
    );
  });
});

describe('paise', () => {
  it('accepts integers only', () => {
    expect(paise(450_000)).toBe(450_000n);
    expect(paise('123')).toBe(123n);
    expect(paise(7n)).toBe(7n);
    expect(() => paise(1.5)).toThrow(RangeError);
    expect(() => paise('1.5')).toThrow(RangeError);
  });
});

describe('applyRate rounds half-up to the paisa', () => {
  it.each([
    // amount, ppm, expected
    [450_000n, 70_000, 31_500n], // 7% of ₹4,500 = ₹315.00
    [31_500n, 180_000, 5_670n], // 18% of ₹315 = ₹56.70
    [450_000n, 1_000, 450n], // 0.1% a day = ₹4.50
    [450_000n, 100_000, 45_000n], // cap 10% = ₹450
    [5n, 100_000, 1n], // 0.5 → 1 (half-up)
    [4n, 100_000, 0n], // 0.4 → 0
    [15n, 100_000, 2n], // 1.5 → 2
    [25n, 100_000, 3n], // 2.5 → 3 (not banker's)
    [1n, 499_999, 0n],
    [1n, 500_000, 1n],
    [0n, 180_000, 0n],
  ])('%s × %s ppm = %s', (amount, rate, expected) => {
    expect(applyRate(amount, rate)).toBe(expected);
  });

  it('is the exact product rounded half-up', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 2_000_000 }),
        (amount, rate) => {
          const rounded = applyRate(amount, rate);
          const exact2 = amount * BigInt(rate) * 2n; // twice the exact value, in ppm-paise
          // |rounded − exact| ≤ ½ paisa, and a tie goes up.
          expect(rounded * 2_000_000n - exact2).toBeLessThanOrEqual(1_000_000n);
          expect(exact2 - rounded * 2_000_000n).toBeLessThan(1_000_000n);
        },
      ),
    );
  });
});

describe('divRoundHalfUp', () => {
  it.each([
    [7n, 2n, 4n],
    [-7n, 2n, -4n],
    [6n, 4n, 2n],
    [5n, 4n, 1n],
    [-5n, 4n, -1n],
    [0n, 3n, 0n],
  ])('%s / %s = %s', (n, d, expected) => {
    expect(divRoundHalfUp(n, d)).toBe(expected);
  });

  it('refuses a non-positive divisor', () => {
    expect(() => divRoundHalfUp(1n, 0n)).toThrow(RangeError);
  });
});

describe('percentToPpm', () => {
  it.each([
    ['7', 70_000],
    ['0.1', 1_000],
    ['18', 180_000],
    ['0.0001', 1],
    ['100', 1_000_000],
  ])('%s %% = %s ppm', (text, expected) => {
    expect(percentToPpm(text)).toBe(expected);
  });

  it.each(['0.00001', '-1', 'x', ''])('rejects %j', (text) => {
    expect(percentToPpm(text)).toBeNull();
  });
});

it('sumPaise adds exactly', () => {
  expect(sumPaise([1n, 2n, 10n ** 20n])).toBe(10n ** 20n + 3n);
  expect(sumPaise([])).toBe(0n);
});
