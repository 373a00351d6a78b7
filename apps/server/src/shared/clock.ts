import { isWithinHours, minutesOfClock, type ClockWindow } from './contact-hours.js';

/** Time comes from a Clock so tests (and later the simulator) can move it (decision 0014). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to. */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: Date = new Date('2025-01-15T04:30:00.000Z')) {
    this.current = start.getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }

  advanceMinutes(minutes: number): void {
    this.advance(minutes * 60_000);
  }
}

const INDIA_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/**
 * The real clock moved by an offset, for the demo and browser journeys only (decision 0056).
 * The demo may move it forward by whole days at runtime (decision 0066), so a journey sees
 * tomorrow's day-end; never back, since rows written on a later date would then lie in the
 * server's future. `onMove` hears every new offset (server.ts writes it for the journeys).
 */
export class DemoClock implements Clock {
  constructor(
    private offset: number,
    private readonly real: Clock = systemClock,
    private readonly onMove: (offsetMs: number) => void = () => undefined,
  ) {}

  get offsetMs(): number {
    return this.offset;
  }

  now(): Date {
    return new Date(this.real.now().getTime() + this.offset);
  }

  advanceDays(days: number): void {
    if (!Number.isInteger(days) || days < 1) throw new Error('the demo clock only moves forward');
    this.offset += days * DAY_MS;
    this.onMove(this.offset);
  }
}

/**
 * The real clock moved by a fixed amount so that, when the server starts, the India time lies
 * in `window` on the same India date (decision 0056): outside it, the clock starts at the
 * window's opening. For the demo and browser journeys only (DEMO_CLOCK_WITHIN), so a journey
 * that needs business hours runs the same at any hour of the day. Time still passes, and every
 * expiry the server computes from this clock (sessions, codes, leases) is checked against it.
 */
export function clockWithinIndiaHours(
  window: ClockWindow,
  real: Clock = systemClock,
  onMove?: (offsetMs: number) => void,
): DemoClock {
  const now = real.now();
  const sinceIndiaMidnight = (now.getTime() + INDIA_OFFSET_MS) % DAY_MS;
  const offsetMs = isWithinHours(now, window)
    ? 0
    : minutesOfClock(window.start) * 60_000 - sinceIndiaMidnight;
  return new DemoClock(offsetMs, real, onMove);
}
