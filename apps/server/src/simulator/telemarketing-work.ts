import { and, eq, inArray, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { CallOutcome } from '@lending/contract';
import { addDays } from '@lending/lending';
import { staffUsers } from '../modules/user/tables.js';
import { marketingOptOuts } from '../modules/marketing-sms/marketing-sms.table.js';
import { telemarketingLeads } from '../modules/telemarketing/telemarketing.table.js';
import {
  assignLeads,
  recordCall,
  refreshLeads,
  type TelemarketingDeps,
} from '../modules/telemarketing/telemarketing.service.js';
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
  const staff = await deps.db
    .select({ id: staffUsers.id, email: staffUsers.email })
    .from(staffUsers)
    .where(inArray(staffUsers.email, [LEAD_EMAIL, ...TELEMARKETER_EMAILS]));
  const lead = staff.find((s) => s.email === LEAD_EMAIL);
  const callers = TELEMARKETER_EMAILS.map((email) => staff.find((s) => s.email === email)).filter(
    (s): s is { id: number; email: string } => s !== undefined,
  );
  if (!lead || callers.length === 0) return 0;
  // A number that opted out of marketing is never called (decision 0068): the floor passes it
  // by, so it neither takes a day's call nor stays due for ever.
  const callable = notExists(
    deps.db
      .select({ phone: marketingOptOuts.phone })
      .from(marketingOptOuts)
      .where(eq(marketingOptOuts.phone, telemarketingLeads.phone)),
  );
  const service: TelemarketingDeps = { db: deps.db, rawDb: deps.db, clock: deps.clock };
  // A refused call's record, written once the refusal has been answered (as the server does).
  const afterRefusal: (() => Promise<void>)[] = [];
  await refreshLeads(service);
  const today = indiaDateOf(deps.clock.now());
  // A user gets three days to apply by themselves before anyone calls: the newest stay in the
  // lead's pool (so the call list always shows some to assign).
  const fresh = await deps.db
    .select({ id: telemarketingLeads.id })
    .from(telemarketingLeads)
    .where(
      and(
        isNull(telemarketingLeads.telemarketerId),
        lte(telemarketingLeads.sinceDate, addDays(today, -3)),
        callable,
      ),
    )
    .orderBy(sql`${telemarketingLeads.sinceDate} desc`, telemarketingLeads.id)
    .limit(ASSIGN_PER_DAY);
  for (const [index, caller] of callers.entries()) {
    const share = fresh.filter((_, i) => i % callers.length === index).map((row) => row.id);
    if (share.length > 0)
      await assignLeads(service, lead.id, { leadIds: share, telemarketerId: caller.id });
  }
  let calls = 0;
  for (const caller of callers) {
    const due = await deps.db
      .select({ id: telemarketingLeads.id })
      .from(telemarketingLeads)
      .where(
        and(
          eq(telemarketingLeads.telemarketerId, caller.id),
          or(isNull(telemarketingLeads.lastOutcome), lte(telemarketingLeads.nextCallDate, today)),
          callable,
        ),
      )
      .orderBy(telemarketingLeads.id)
      .limit(CALLS_PER_DAY);
    for (const { id } of due) {
      const roll = prng.next();
      const outcome: CallOutcome =
        roll < 0.45 ? 'notConnected' : roll < 0.8 ? 'connected' : 'promise';
      // Not connected or asked to call back: try again in a few days; otherwise done.
      const again = outcome !== 'promise' && prng.chance(0.6);
      try {
        await recordCall(
          service,
          { userId: caller.id, seesAll: false },
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
