import type { CallOutcome } from '@lending/contract';
import { addDays } from '@lending/lending';
import { staffIdsByEmail } from '../modules/user/index.js';
import {
  assignLeads,
  leadsDueACall,
  recordCall,
  refreshLeads,
  unassignedLeadsSince,
  type TelemarketingDeps,
} from '../modules/telemarketing/index.js';
import type { Database } from '../plugins/db.js';
import { AppError } from '../shared/app-error.js';
import type { Clock } from '../shared/clock.js';
import { indiaDateOf } from '../shared/india-date.js';
import type { Prng } from './prng.js';

/** The demo telemarketing floor: the lead Leela and the telemarketers Tara and Sunil. */
const LEAD_EMAIL = 'telelead@example.com';
const TELEMARKETER_EMAILS = ['telemarketer@example.com', 'sunil@example.com'];
/** New users the lead hands out a day, and calls each telemarketer makes a day. */
const ASSIGN_PER_DAY = 10;
const CALLS_PER_DAY = 6;

const REMARKS: Record<CallOutcome, readonly string[]> = {
  promise: ['Will apply this week', 'Interested in a repeat loan'],
  connected: ['Not interested now', 'Asked to call back later', 'Explained the offer'],
  notConnected: ['No answer', 'Switched off', 'Busy'],
};

/**
 * The telemarketing floor's afternoon (run at 17:00 India time, inside the calling hours):
 * the lead refreshes the call list and assigns some new users, then each telemarketer calls
 * their users due a call, through the same service (and rules) as the console.
 */
export async function telemarketingWork(
  deps: { db: Database; clock: Clock },
  prng: Prng,
): Promise<number> {
  const staff = await staffIdsByEmail(deps.db, [LEAD_EMAIL, ...TELEMARKETER_EMAILS]);
  const lead = staff.get(LEAD_EMAIL);
  const callers = TELEMARKETER_EMAILS.map((email) => staff.get(email)).filter(
    (id): id is number => id !== undefined,
  );
  if (lead === undefined || callers.length === 0) return 0;
  // A number that opted out of marketing is never called (decision 0068): the floor passes it
  // by (the leads read below leave it out), so it neither takes a day's call nor stays due for
  // ever.
  const service: TelemarketingDeps = { db: deps.db, rawDb: deps.db, clock: deps.clock };
  // A refused call's record, written once the refusal has been answered (as the server does).
  const afterRefusal: (() => Promise<void>)[] = [];
  await refreshLeads(service);
  const today = indiaDateOf(deps.clock.now());
  // A user gets three days to apply by themselves before anyone calls: the newest stay in the
  // lead's pool (so the call list always shows some to assign).
  const fresh = await unassignedLeadsSince(deps.db, addDays(today, -3), ASSIGN_PER_DAY);
  for (const [index, caller] of callers.entries()) {
    const share = fresh.filter((_, i) => i % callers.length === index).map((row) => row.id);
    if (share.length > 0)
      await assignLeads(service, lead, { leadIds: share, telemarketerId: caller });
  }
  let calls = 0;
  for (const caller of callers) {
    const due = await leadsDueACall(deps.db, caller, today, CALLS_PER_DAY);
    for (const { id } of due) {
      const roll = prng.next();
      const outcome: CallOutcome =
        roll < 0.45 ? 'notConnected' : roll < 0.8 ? 'connected' : 'promise';
      // Not connected or asked to call back: try again in a few days; otherwise done.
      const again = outcome !== 'promise' && prng.chance(0.6);
      try {
        await recordCall(
          service,
          { userId: caller, seesAll: false },
          {
            leadId: id,
            outcome,
            remarks: prng.pick(REMARKS[outcome]),
            ...(again ? { nextCallDate: addDays(today, prng.int(1, 4)) } : {}),
          },
          (work) => afterRefusal.push(work),
        );
        calls += 1;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
      for (const work of afterRefusal.splice(0)) await work();
    }
  }
  return calls;
}
