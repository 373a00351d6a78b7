import { describe, expect, it } from 'vitest';
import { amountProblem } from './amount-rules';

describe('amounts typed in a repayment dialog', () => {
  it.each([
    [undefined, 'amountRequired'],
    ['  ', 'amountRequired'],
    ['12.345', 'amountFormat'],
    ['-5', 'amountFormat'],
    ['0', 'amountZero'],
    ['0.00', 'amountZero'],
    ['4,563.01', 'amountTooHigh'],
    ['4,563.00', null],
    ['1000', null],
  ] as const)('%j → %s (at most ₹4,563.00)', (text, problem) => {
    expect(amountProblem(text, 456_300)).toBe(problem);
  });
});
