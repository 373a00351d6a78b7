import { describe, expect, it } from 'vitest';
import { isWithinContactHours, withinContactHours } from './contact-hours.js';
import { indiaClockOf } from './india-date.js';

describe('contact hours', () => {
  it('08:00 inclusive to 19:00 exclusive', () => {
    expect(withinContactHours('07:59', '08:00', '19:00')).toBe(false);
    expect(withinContactHours('08:00', '08:00', '19:00')).toBe(true);
    expect(withinContactHours('18:59', '08:00', '19:00')).toBe(true);
    expect(withinContactHours('19:00', '08:00', '19:00')).toBe(false);
  });

  it('reads the India clock, not UTC: 02:29 UTC is 07:59 in India, 13:30 UTC is 19:00', () => {
    expect(indiaClockOf(new Date('2026-11-23T02:29:00Z'))).toBe('07:59');
    expect(isWithinContactHours(new Date('2026-11-23T02:29:00Z'))).toBe(false);
    expect(isWithinContactHours(new Date('2026-11-23T02:30:00Z'))).toBe(true);
    expect(isWithinContactHours(new Date('2026-11-23T13:30:00Z'))).toBe(false);
  });
});
