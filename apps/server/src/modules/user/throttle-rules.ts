import type { LoginFailureReason } from './login-attempts.table.js';

/** The sign-in throttle's figures (README settings table, decision 0023). */
export interface LoginThrottleLimits {
  /** Failures older than this are forgotten; a block lasts until its failures are this old. */
  windowMinutes: number;
  /** Failures of an account answered without delay; each further one doubles the wait. */
  freeFailures: number;
  /** Failures of an account from one address that block the account from that address. */
  pairMaxFailures: number;
  /** Failures of an account from all addresses that block it from everywhere. */
  accountMaxFailures: number;
  /** Failures from one address, on any e-mails, after which that address is slowed. */
  addressSlowAfter: number;
  /** The first wait of a slowed address's e-mail that failed from it; doubles with each failure. */
  addressDelaySeconds: number;
}

/**
 * The counted failures an attempt is judged on, newest first, within the window. The
 * "account" is the staff account the e-mail names, or, for an e-mail with no account, that
 * e-mail alone: attempts on it are judged the same way, so the answers never tell an
 * unknown e-mail from a known one, and they never count against any real account.
 */
export interface FailureHistory {
  /** The account's failures since its last successful sign-in or unblock (any address). */
  account: { at: Date; ip: string }[];
  /** How many failures this address has had on any e-mails (may stop at addressSlowAfter). */
  addressFailures: number;
}

export type ThrottleReason = Extract<
  LoginFailureReason,
  'account_slowed' | 'account_blocked' | 'blocked_for_address' | 'address_slowed'
>;

export interface ThrottleRefusal {
  reason: ThrottleReason;
  /** When an attempt would next be checked. */
  until: Date;
}

const SECOND_MS = 1000;

/** base, 2·base, 4·base… never longer than the window. */
function doubling(baseMs: number, step: number, capMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, step), capMs);
}

/**
 * Whether an attempt from `ip` is refused before its password is checked, and until when.
 * Blocks (the account's or the account-and-address pair's limit reached) lift when the
 * failure that reached the limit leaves the window; delays make the next attempt wait after
 * the latest failure. An address past its own limit only makes its e-mails that already
 * failed from it wait longer: an account that has not failed is never refused because of
 * the address, so one address can neither lock out an office nor keep guessing quickly.
 */
export function throttleRefusal(
  history: FailureHistory,
  ip: string,
  limits: LoginThrottleLimits,
  now: Date,
): ThrottleRefusal | null {
  const windowMs = limits.windowMinutes * 60_000;
  const account = history.account.map((failure) => failure.at);
  const pair = history.account.filter((failure) => failure.ip === ip).map((failure) => failure.at);

  const accountLimit = account[limits.accountMaxFailures - 1];
  if (accountLimit) {
    return { reason: 'account_blocked', until: new Date(accountLimit.getTime() + windowMs) };
  }
  const pairLimit = pair[limits.pairMaxFailures - 1];
  if (pairLimit) {
    return { reason: 'blocked_for_address', until: new Date(pairLimit.getTime() + windowMs) };
  }

  const waits: ThrottleRefusal[] = [];
  const [latest] = account;
  if (latest && account.length >= limits.freeFailures) {
    const step = account.length - limits.freeFailures;
    waits.push({
      reason: 'account_slowed',
      until: new Date(latest.getTime() + doubling(SECOND_MS, step, windowMs)),
    });
  }
  const [latestHere] = pair;
  if (latestHere && history.addressFailures >= limits.addressSlowAfter) {
    const baseMs = limits.addressDelaySeconds * SECOND_MS;
    waits.push({
      reason: 'address_slowed',
      until: new Date(latestHere.getTime() + doubling(baseMs, pair.length - 1, windowMs)),
    });
  }
  const longest = waits.sort((a, b) => b.until.getTime() - a.until.getTime())[0];
  return longest && longest.until > now ? longest : null;
}

/** Where an account's sign-in is blocked now: everywhere (address null) and from which addresses. */
export function signInBlocksOf(
  failures: { at: Date; ip: string }[],
  limits: LoginThrottleLimits,
): { address: string | null; until: Date }[] {
  const windowMs = limits.windowMinutes * 60_000;
  const blocks: { address: string | null; until: Date }[] = [];
  const accountLimit = failures[limits.accountMaxFailures - 1];
  if (accountLimit) {
    blocks.push({ address: null, until: new Date(accountLimit.at.getTime() + windowMs) });
  }
  const byAddress = new Map<string, Date[]>();
  for (const failure of failures) {
    byAddress.set(failure.ip, [...(byAddress.get(failure.ip) ?? []), failure.at]);
  }
  for (const [address, times] of byAddress) {
    const pairLimit = times[limits.pairMaxFailures - 1];
    if (pairLimit) blocks.push({ address, until: new Date(pairLimit.getTime() + windowMs) });
  }
  return blocks;
}
