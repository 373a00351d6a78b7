import { describe, expect, it } from 'vitest';
import { clockWithinIndiaHours, ManualClock } from './clock.js';

const WINDOW = { start: '09:00', end: '17:00' };
/** India time HH:MM and date of a clock's instant. */
const india = (at: Date) => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 16);

describe('clockWithinIndiaHours (DEMO_CLOCK_WITHIN)', () => {
  it('leaves a time inside the window alone', () => {
    const real = new ManualClock(new Date('2026-11-24T05:00:00Z')); // 10:30 India
    const clock = clockWithinIndiaHours(WINDOW, real);
    expect(clock.offsetMs).toBe(0);
    expect(india(clock.now())).toBe('2026-11-24T10:30');
  });

  it('moves an evening or early morning to the window’s opening on the same India date, then runs on', () => {
    const evening = new ManualClock(new Date('2026-11-24T17:45:00Z')); // 23:15 India
    const late = clockWithinIndiaHours(WINDOW, evening);
    expect(india(late.now())).toBe('2026-11-24T09:00');
    evening.advanceMinutes(20);
    expect(india(late.now())).toBe('2026-11-24T09:20');

    const early = new ManualClock(new Date('2026-11-23T19:00:00Z')); // 00:30 India on the 24th
    expect(india(clockWithinIndiaHours(WINDOW, early).now())).toBe('2026-11-24T09:00');
    // The window's end is outside it.
    const five = new ManualClock(new Date('2026-11-24T11:30:00Z')); // 17:00 India
    expect(india(clockWithinIndiaHours(WINDOW, five).now())).toBe('2026-11-24T09:00');
  });
});

describe('DemoClock (decision 0066)', () => {
  it('moves forward by whole days, keeping the hour, and reports each new offset', () => {
    const real = new ManualClock(new Date('2026-11-24T17:45:00Z')); // 23:15 India
    const offsets: number[] = [];
    const clock = clockWithinIndiaHours(WINDOW, real, (offset) => offsets.push(offset));
    clock.advanceDays(1);
    expect(india(clock.now())).toBe('2026-11-25T09:00');
    clock.advanceDays(2);
    expect(india(clock.now())).toBe('2026-11-27T09:00');
    expect(offsets).toEqual([clock.offsetMs - 2 * 86_400_000, clock.offsetMs]);
  });

  it('never moves back or by part of a day', () => {
    const clock = clockWithinIndiaHours(WINDOW, new ManualClock(new Date('2026-11-24T05:00:00Z')));
    expect(() => clock.advanceDays(-1)).toThrow(/only moves forward/);
    expect(() => clock.advanceDays(0)).toThrow(/only moves forward/);
    expect(() => clock.advanceDays(0.5)).toThrow(/only moves forward/);
    expect(india(clock.now())).toBe('2026-11-24T10:30');
  });
});
