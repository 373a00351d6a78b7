import { addDays } from '@lending/lending';
import type { LockedPeriodPosting } from '@lending/contract';
import type { Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { ledgerPeriodForPosting } from '../ledger/index.js';
import type { BookSettings } from './order-command.js';

/** Where a posting valued in the past stands against finance's month locks. */
export interface PeriodLockBarrier {
  /** The last locked day (the last locked month's last day); null while none is locked. */
  lockedThrough: string | null;
  /** The operations setting `locked_period_posting`: move the value date, or refuse it. */
  mode: LockedPeriodPosting;
}

/**
 * The month lock as a command valuing a posting in the past must respect it: the day the
 * ledger is locked through and what the setting says to do with a value date up to it. Read in
 * the command's transaction with the ledger's state row held (as `postJournals` holds it), so
 * a month lock waits for the command instead of passing under it.
 */
export async function periodLockBarrier(ctx: {
  tx: Executor;
  settings: Pick<BookSettings, 'lockedPeriodPosting'>;
}): Promise<PeriodLockBarrier> {
  const { lockedThrough } = await ledgerPeriodForPosting(ctx.tx);
  return { lockedThrough, mode: await ctx.settings.lockedPeriodPosting(ctx.tx) };
}

/**
 * A value date against the barrier. After the locked period: unchanged. On or before its last
 * day: under `refuse`, 400 naming `field` ("falls in a period locked through D", in the
 * caller's language); under `adjust`, moved to the first day after it, with a note saying so.
 */
export function valueDateOutsideLock(
  barrier: PeriodLockBarrier,
  field: string,
  valueDate: string,
): { valueDate: string; note: string | null } {
  const locked = barrier.lockedThrough;
  if (locked === null || valueDate > locked) return { valueDate, note: null };
  if (barrier.mode === 'refuse') {
    const reason = { kind: 'lockedPeriod', limit: locked } as const;
    throw new AppError('validationFailed', {
      field,
      reason,
      errors: [{ field, message: `falls in a period locked through ${locked}`, reason }],
    });
  }
  const moved = addDays(locked, 1);
  return {
    valueDate: moved,
    note: `valued on ${moved} (the period through ${locked} is locked), not ${valueDate}`,
  };
}
