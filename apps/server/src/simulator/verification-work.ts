import type { VerificationItem } from '@lending/contract';
import { ordersInStatuses } from '../modules/loan-book/index.js';
import {
  checkingStatusesOf,
  recordVerification,
  type TelemarketingDeps,
} from '../modules/telemarketing/index.js';
import { staffIdsByEmail } from '../modules/user/index.js';
import type { Database } from '../plugins/db.js';
import { AppError } from '../shared/app-error.js';
import type { Clock } from '../shared/clock.js';
import type { Prng } from './prng.js';

/** The verification desk of the demo: the telemarketers Tara and Sunil. */
const CALLER_EMAILS = ['telemarketer@example.com', 'sunil@example.com'];
const ITEMS: readonly VerificationItem[] = ['employment', 'reference', 'address', 'identity'];
/** Chance that an order in review not checked yet gets its call today. */
const FIRST_CALL = 0.5;
/** Chance that a call finds something that does not match. */
const FAILS = 0.2;
/** Chance that an order whose last call failed is called again (the applicant sent proof). */
const CALL_AGAIN = 0.3;
const FAILED_NOTES = [
  'Employer did not confirm the applicant',
  'Reference did not know the applicant',
  'Address does not match the ID proof',
  'Applicant could not confirm the date of birth',
];
const PASSED_NOTES = ['All details confirmed', 'Confirmed with the applicant and a reference', ''];

/**
 * The verification desk's morning (run at 11:00 India time, inside the calling hours, before
 * the reviewers work their queues at noon): calls to applicants of orders waiting for manual
 * review, through the same service (and rules) as the console (decision 0078). About half the
 * orders not checked yet get a call a day, one in five calls fails, and some failed ones are
 * called again, so the book's queue shows every checking status, and some orders a history.
 */
export async function verificationWork(
  deps: { db: Database; clock: Clock },
  prng: Prng,
): Promise<number> {
  // In id order, so a seed picks the same callers.
  const callers = [...(await staffIdsByEmail(deps.db, CALLER_EMAILS)).values()];
  if (callers.length === 0) return 0;
  const service: TelemarketingDeps = { db: deps.db, rawDb: deps.db, clock: deps.clock };
  const waiting = await ordersInStatuses(deps.db, ['FIRST_REVIEW', 'FINAL_REVIEW']);
  let calls = 0;
  for (const { id } of waiting) {
    // The order's latest call, if any (its checking status).
    const latest = (await checkingStatusesOf(deps.db, [id])).get(id);
    const due =
      latest === undefined
        ? prng.chance(FIRST_CALL)
        : latest === 'failed' && prng.chance(CALL_AGAIN);
    if (!due) continue;
    const failed = prng.chance(FAILS);
    const items = ITEMS.filter(() => prng.chance(0.6));
    const notes = failed ? prng.pick(FAILED_NOTES) : prng.pick(PASSED_NOTES);
    try {
      await recordVerification(
        service,
        { userId: prng.pick(callers), onlyReviewer: null },
        {
          orderId: id,
          items: items.length > 0 ? items : ['identity'],
          result: failed ? 'failed' : 'passed',
          ...(notes ? { notes } : {}),
        },
      );
      calls += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return calls;
}
