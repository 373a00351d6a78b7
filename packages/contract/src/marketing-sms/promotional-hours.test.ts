import { describe, expect, it } from 'vitest';
import {
  indiaMinuteOfDay,
  insidePromotionalHours,
  promotionalHoursOf,
  quietHoursProblem,
} from './promotional-hours.js';

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

describe('quiet hours (smsConfig) narrow the promotional window, never widen it', () => {
  it('sends from quietEnd to quietStart', () => {
    const hours = promotionalHoursOf('20:00', '11:30');
    expect(hours).toEqual({ start: '11:30', end: '20:00' });
    expect(insidePromotionalHours(new Date('2025-01-15T05:59:00Z'), hours)).toBe(false); // 11:29
    expect(insidePromotionalHours(new Date('2025-01-15T06:00:00Z'), hours)).toBe(true); // 11:30
    expect(insidePromotionalHours(new Date('2025-01-15T14:29:00Z'), hours)).toBe(true); // 19:59
    expect(insidePromotionalHours(new Date('2025-01-15T14:30:00Z'), hours)).toBe(false); // 20:00
  });

  it('narrows stored quiet hours that would widen the TRAI window to it', () => {
    expect(promotionalHoursOf('23:00', '07:00')).toEqual({ start: '10:00', end: '21:00' });
  });

  it('refuses quiet hours that widen the window or leave no sending hours, naming the field', () => {
    expect(quietHoursProblem('21:00', '10:00')).toBeNull();
    expect(quietHoursProblem('20:00', '11:00')).toBeNull();
    expect(quietHoursProblem('22:00', '10:00')?.field).toBe('quietStart');
    expect(quietHoursProblem('21:00', '09:00')).toEqual({
      field: 'quietEnd',
      message:
        'must be 10:00 or later: promotional SMS may not go out before 10:00 India time (TRAI)',
    });
    expect(quietHoursProblem('12:00', '12:00')?.field).toBe('quietStart');
    expect(quietHoursProblem('00:30', '10:00')?.field).toBe('quietStart');
  });
});
