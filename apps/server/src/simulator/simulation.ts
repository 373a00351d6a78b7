import { addDays } from '@lending/lending';
import { applyToday, registerArrivals } from './apply-phase.js';
import { backOfficeWork } from './back-office-work.js';
import type { BorrowerDriver } from './borrower-driver.js';
import { collectorsWork } from './collection-work.js';
import { sendCoupons } from './coupon-work.js';
import { closeDay } from './day-end-phase.js';
import { disburse } from './disburse-phase.js';
import { marketingWork } from './marketing-work.js';
import { offlineWork } from './offline-work.js';
import { borrowersRepay, freeClosedLoans } from './repay-phase.js';
import { reviewToday } from './review-phase.js';
import type { Prng } from './prng.js';
import {
  createSimulationState,
  type PhaseTimes,
  type SimulationCounters,
  type SimulationOptions,
} from './simulation-state.js';
import { telemarketingWork } from './telemarketing-work.js';
import { verificationWork } from './verification-work.js';
import type { SimulationWorld } from './world.js';

export type { PhaseTimes, SimulationCounters, SimulationOptions } from './simulation-state.js';

/**
 * Runs the loan book day by day on the simulated clock: registrations arrive by channel,
 * some apply through the borrower API; machine review (in apply), first and final reviewers
 * (personas) decide; finance disburses through the payout sandbox; borrowers repay through
 * the collection sandbox by their behaviour profile (early, on time, late, partially, roll
 * over, never); day-end runs after each day. Deterministic for a seed: each phase
 * (the `*-phase.ts` and the desks' `*-work.ts`) draws from its own stream, and the phases run in the
 * order below, which is the book's.
 */
export async function runSimulation(
  world: SimulationWorld,
  driver: BorrowerDriver,
  prng: Prng,
  options: SimulationOptions,
): Promise<SimulationCounters> {
  const { clock, db } = world;
  const integrations = world.app.integrations;
  const sim = await createSimulationState(world, driver, prng, options);
  const { draws, drain } = sim;

  for (let day = 0; day < options.days; day += 1) {
    const date = addDays(options.startDate, day);
    const lastDay = day === options.days - 1;
    options.onDay?.(date, day);

    let mark = performance.now();
    const phase = (name: keyof PhaseTimes) => {
      const now = performance.now();
      if (options.phases) options.phases[name] += now - mark;
      mark = now;
    };
    // 09:00–12:00: new registrations, and applications (first loans and re-loans).
    await registerArrivals(sim, date, day);
    phase('register');
    await applyToday(sim, date);

    clock.setIndia(date, 11);
    await sendCoupons(sim.couponDeps, sim.couponBook, date, day);
    phase('apply');
    // 11:00: the marketing desk (opt-outs, a campaign every sixth day, one scheduled at the end).
    await marketingWork(
      { db, clock, sms: integrations.smsGateways, drain },
      draws.marketing,
      date,
      day,
      lastDay,
    );
    // 11:30: the verification desk calls applicants of orders waiting for review (0078).
    clock.setIndia(date, 11, 30);
    await verificationWork({ db, clock }, draws.verification);
    // 12:00: reviewers work their queues; 14:00: finance disburses approved orders.
    await reviewToday(sim, date);
    phase('review');
    clock.setIndia(date, 14);
    // The last day's approvals are still waiting for finance when the book is handed over,
    // so /loan/waitLoanList opens on orders to disburse (and their accounts' penny drops).
    if (!lastDay) await disburse(sim);
    phase('disburse');

    // 16:00: borrowers repay (or roll over, or not) by their behaviour.
    await borrowersRepay(sim, date);
    clock.setIndia(date, 17);
    await backOfficeWork(sim, date, lastDay);
    await collectorsWork({ db, clock, sms: integrations.smsGateways }, draws.collection);
    await telemarketingWork({ db, clock }, draws.telemarketing);
    clock.setIndia(date, 18);
    await offlineWork(sim, date);
    clock.setIndia(date, 19);
    await sim.walletWork.daily(date, lastDay);
    // Closed loans free the borrower; some come back for another.
    await freeClosedLoans(sim, date);

    phase('repay');
    // After midnight: the day-end of `date`.
    await closeDay(sim, date);
    phase('dayEnd');
  }
  return sim.counters;
}
