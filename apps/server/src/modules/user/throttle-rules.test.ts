import { describe, expect, it } from 'vitest';
import { signInBlocksOf, throttleRefusal, type LoginThrottleLimits } from './throttle-rules.js';

const limits: LoginThrottleLimits = {
  windowMinutes: 15,
  freeFailures: 3,
  pairMaxFailures: 5,
  accountMaxFailures: 10,
  addressSlowAfter: 100,
  addressDelaySeconds: 30,
};
const now = new Date('2025-01-15T10:00:00.000Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
/** Failures at these many seconds ago (newest first), from these addresses in turn. */
const failures = (secondsAgo: number[], ips: string[] = ['10.0.0.1']) =>
  secondsAgo.map((seconds, i) => ({ at: ago(seconds), ip: ips[i % ips.length]! }));

describe('throttleRefusal', () => {
  it('lets the first failures through at once, then doubles the wait from one second', () => {
    expect(
      throttleRefusal({ account: failures([0, 0]), addressFailures: 2 }, '10.0.0.1', limits, now),
    ).toBeNull();
    expect(
      throttleRefusal(
        { account: failures([0, 0, 0]), addressFailures: 3 },
        '10.0.0.1',
        limits,
        now,
      ),
    ).toEqual({ reason: 'account_slowed', until: ago(-1) });
    expect(
      throttleRefusal(
        { account: failures([1, 5, 9, 12]), addressFailures: 4 },
        '10.0.0.9',
        limits,
        now,
      ),
    ).toEqual({ reason: 'account_slowed', until: ago(-1) });
    // Once the wait has passed the attempt is checked.
    expect(
      throttleRefusal(
        { account: failures([2, 5, 9, 12]), addressFailures: 4 },
        '10.0.0.9',
        limits,
        now,
      ),
    ).toBeNull();
  });

  it('blocks the account from one address at the pair limit, until that failure is a window old', () => {
    const history = { account: failures([100, 200, 300, 400, 500]), addressFailures: 5 };
    expect(throttleRefusal(history, '10.0.0.1', limits, now)).toEqual({
      reason: 'blocked_for_address',
      until: new Date(ago(500).getTime() + 15 * 60_000),
    });
    // From another address the same account is only slowed (and here the wait has passed).
    expect(throttleRefusal(history, '10.0.0.2', limits, now)).toBeNull();
  });

  it('blocks the account from everywhere at the account limit', () => {
    const ips = ['10.0.0.1', '10.0.0.2', '10.0.0.3'];
    const history = {
      account: failures([60, 120, 180, 240, 300, 360, 420, 480, 540, 600], ips),
      addressFailures: 0,
    };
    expect(throttleRefusal(history, '192.168.1.1', limits, now)).toEqual({
      reason: 'account_blocked',
      until: new Date(ago(600).getTime() + 15 * 60_000),
    });
  });

  it('a slowed address makes only its e-mails that failed there wait, longer with each failure', () => {
    const busy = limits.addressSlowAfter;
    // No failure of this account from here: never refused because of the address.
    expect(
      throttleRefusal({ account: [], addressFailures: busy }, '10.0.0.1', limits, now),
    ).toBeNull();
    expect(
      throttleRefusal(
        { account: failures([0], ['10.9.9.9']), addressFailures: busy },
        '10.0.0.1',
        limits,
        now,
      ),
    ).toBeNull();
    expect(
      throttleRefusal({ account: failures([10]), addressFailures: busy }, '10.0.0.1', limits, now),
    ).toEqual({ reason: 'address_slowed', until: ago(-20) });
    expect(
      throttleRefusal(
        { account: failures([40, 100]), addressFailures: busy },
        '10.0.0.1',
        limits,
        now,
      ),
    ).toEqual({ reason: 'address_slowed', until: ago(-20) });
    // Below the address limit the same history is not refused.
    expect(
      throttleRefusal(
        { account: failures([10]), addressFailures: busy - 1 },
        '10.0.0.1',
        limits,
        now,
      ),
    ).toBeNull();
  });

  it('never waits longer than the window', () => {
    const steep = { ...limits, accountMaxFailures: 40, pairMaxFailures: 40 };
    const history = { account: failures(Array.from({ length: 30 }, () => 0)), addressFailures: 0 };
    expect(throttleRefusal(history, '10.0.0.1', steep, now)?.until).toEqual(ago(-15 * 60));
  });
});

describe('signInBlocksOf', () => {
  it('names the whole account and each address that reached its limit, with until when', () => {
    const ips = ['10.0.0.1', '10.0.0.1', '10.0.0.2'];
    const list = failures([10, 20, 30, 40, 50, 60, 70, 80, 90, 100], ips);
    const until = (secondsAgo: number) => new Date(ago(secondsAgo).getTime() + 15 * 60_000);
    expect(signInBlocksOf(list, limits)).toEqual([
      { address: null, until: until(100) },
      { address: '10.0.0.1', until: until(70) },
    ]);
    expect(signInBlocksOf(list.slice(0, 4), limits)).toEqual([]);
  });
});
