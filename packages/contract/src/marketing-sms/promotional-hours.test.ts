import { describe, expect, it } from 'vitest';
import { indiaMinuteOfDay, insidePromotionalHours } from './promotional-hours.js';

describe('insidePromotionalHours (TRAI: 10:00–21:00 India time)', () => {
  it.each([
    ['2025-01-15T04:29:59Z', false], // 09:59:59 IST
    ['2025-01-15T04:30:00Z', true], // 10:00 IST
    ['2025-01-15T15:29:00Z', true], // 20:59 IST
    ['2025-01-15T15:30:00Z', false], // 21:00 IST
    ['2025-01-15T20:00:00Z', false], // 01:30 IST next day
  ])('%s → %s', (instant, inside) => {
    expect(insidePromotionalHours(new Date(instant))).toBe(inside);
  });

  it('reads India time, not UTC', () => {
    expect(indiaMinuteOfDay(new Date('2025-01-15T18:30:00Z'))).toBe(0);
  });
});
