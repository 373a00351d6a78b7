import { describe, expect, it } from 'vitest';
import { indiaDateOf, startOfIndiaDate } from './india-date.js';

describe('indiaDateOf', () => {
  it('turns the UTC evening into the next India day at 18:30 UTC', () => {
    expect(indiaDateOf(new Date('2025-01-15T18:29:59.999Z'))).toBe('2025-01-15');
    expect(indiaDateOf(new Date('2025-01-15T18:30:00.000Z'))).toBe('2025-01-16');
  });
  it('round-trips the start of a date', () => {
    expect(startOfIndiaDate('2025-03-01').toISOString()).toBe('2025-02-28T18:30:00.000Z');
    expect(indiaDateOf(startOfIndiaDate('2025-03-01'))).toBe('2025-03-01');
  });
});
