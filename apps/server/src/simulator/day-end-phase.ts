import { addDays } from '@lending/lending';
import { runDayEnd } from '../modules/day-end/index.js';
import { reconcileScheduledDay } from '../modules/finance/index.js';
import { startOfIndiaDate } from '../shared/india-date.js';
import type { SimulationState } from './simulation-state.js';

/** After midnight: the day-end of `date`, then the day's reconciliation. */
export async function closeDay(sim: SimulationState, date: string) {
  const { db, clock } = sim.world;
  clock.setIndia(addDays(date, 1), 0, 30);
  await runDayEnd({ db, clock, holder: 'simulator' });
  await reconcile(sim, date);
}

/**
 * The schedule reconciles the day against the gateways' statements (FinancialList). On about one
 * day in five the sandbox bank's statement has an error, one per such day: a credit shown
 * with ₹10 more than the webhook said (amount mismatch) or one left out (ours only). They
 * stay open for finance to resolve, so the demo has failed days next to passed ones.
 */
async function reconcile(sim: SimulationState, date: string) {
  const { db, clock, loanBook } = sim.world;
  const integrations = sim.world.app.integrations;
  const bank = sim.draws.bank;
  const from = startOfIndiaDate(date);
  const to = startOfIndiaDate(addDays(date, 1));
  const ofDay = integrations.collections.statement.filter(
    (credit) => credit.creditedAt >= from && credit.creditedAt < to,
  );
  if (ofDay.length > 0 && bank.chance(0.2)) {
    const credit = ofDay[bank.int(0, ofDay.length - 1)]!;
    if (bank.chance(0.5))
      integrations.collections.misstate(credit.paymentId, credit.amountPaise + 1_000n);
    else integrations.collections.omitFromStatement(credit.paymentId);
  }
  await reconcileScheduledDay(
    {
      db,
      clock,
      loanBook,
      collections: integrations.collections,
      payouts: integrations.payouts.gateway,
    },
    date,
  );
}
