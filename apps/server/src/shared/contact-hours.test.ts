import { describe, expect, it } from 'vitest';
import {
  CONTACT_HOURS,
  contactHoursOf,
  contactHoursReason,
  isWithinHours,
  withinContactHours,
} from './contact-hours.js';
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
    expect(isWithinHours(new Date('2026-11-23T02:29:00Z'), CONTACT_HOURS)).toBe(false);
    expect(isWithinHours(new Date('2026-11-23T02:30:00Z'), CONTACT_HOURS)).toBe(true);
    expect(isWithinHours(new Date('2026-11-23T13:30:00Z'), CONTACT_HOURS)).toBe(false);
  });

  it('refuses a setting that widens the lawful hours, is reversed or does not parse', () => {
    expect(contactHoursReason('telemarketing_call_hours', '09:00-18:00')).toBeNull();
    expect(contactHoursReason('telemarketing_call_hours', '07:30-18:00')).toBe(
      'telemarketing_call_hours must lie within 08:00-19:00 India time, the lawful calling hours',
    );
    expect(contactHoursReason('telemarketing_call_hours', '09:00-19:30')).toMatch(
      /within 08:00-19:00/,
    );
    expect(contactHoursReason('x', '12:00-10:00')).toBe('x must start before it ends');
    expect(contactHoursReason('x', '9-18')).toBe('x must be a range HH:MM-HH:MM');
  });

  it('puts the stored hours in force, and the lawful hours when the stored value would widen them', () => {
    expect(contactHoursOf('x', '09:00-18:00')).toEqual({ start: '09:00', end: '18:00' });
    expect(contactHoursOf('x', '06:00-22:00')).toEqual({ start: '08:00', end: '19:00' });
  });
});
