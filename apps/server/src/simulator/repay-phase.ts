import { addDays, isBefore } from '@lending/lending';
import {
  ordersInStatuses,
  statusesOfOrders,
  type LoanOrderRow,
} from '../modules/loan-book/index.js';
import { AppCallFailed } from './borrower-driver.js';
import { useCouponBeforePaying } from './coupon-work.js';
import { withSession, type BorrowerState, type SimulationState } from './simulation-state.js';

const REPAYABLE = ['ACTIVE', 'DUE', 'OVERDUE'] as const;
const CLOSED = ['CLEARED', 'REJECTED', 'CANCELLED', 'WRITTEN_OFF'];

/** 16:00: borrowers repay (or roll over, or not) by their behaviour. */
export async function borrowersRepay(sim: SimulationState, date: string) {
  sim.world.clock.setIndia(date, 16);
  for (const order of await ordersInStatuses(sim.world.db, REPAYABLE)) {
    const state = sim.stateOfOrder.get(order.id);
    if (!state) continue;
    try {
      await repay(sim, state, order, date);
    } catch (error) {
      if (!(error instanceof AppCallFailed)) throw error;
      sim.counters.refusedCalls += 1;
    }
  }
  await strayPayments(sim, date);
}

/**
 * Money no loan takes (decision 0102): a borrower whose loan closed pays into their virtual
 * account again (a standing instruction not cancelled), so the book holds unapplied credits for
 * finance to refund or apply, some of them older than the ageing setting.
 */
async function strayPayments(sim: SimulationState, date: string) {
  for (const state of sim.borrowers) {
    const stray = state.strayPayment;
    if (stray?.on !== date) continue;
    state.strayPayment = undefined;
    if (state.orderId !== undefined || !state.virtualAccount) continue;
    await pay(sim, { accountNumber: state.virtualAccount }, stray.amountPaise);
  }
}

/** Closed loans free the borrower; some come back for another. */
export async function freeClosedLoans(sim: SimulationState, date: string) {
  const behaviour = sim.draws.behaviour;
  const holding = sim.borrowers.filter((state) => state.orderId !== undefined);
  const statusOf = await statusesOfOrders(
    sim.world.db,
    holding.map((state) => state.orderId!),
  );
  for (const state of holding) {
    const status = statusOf.get(state.orderId!);
    if (!status || !CLOSED.includes(status)) continue;
    state.orderId = undefined;
    state.plan = undefined;
    if (status === 'CLEARED' && sim.draws.strays.chance(0.03)) {
      const strays = sim.draws.strays;
      state.strayPayment = {
        on: addDays(date, strays.int(1, 6)),
        amountPaise: strays.int(200, 1_000) * 100,
      };
    }
    if (status === 'CLEARED' && behaviour.chance(state.profile.reloanProbability)) {
      state.applyOn = addDays(date, behaviour.int(1, 10));
    }
  }
}

/** The borrower pays in to their virtual account or UPI id through the collection sandbox. */
async function pay(
  sim: SimulationState,
  to: { accountNumber?: string; upiId?: string },
  amountPaise: number,
) {
  sim.world.app.integrations.collections.simulateCredit({
    ...to,
    amountPaise: BigInt(amountPaise),
  });
  sim.counters.credits += 1;
  await sim.drain();
}

/** What the borrower does today about their open loan. */
async function repay(
  sim: SimulationState,
  state: BorrowerState,
  order: LoanOrderRow,
  today: string,
) {
  if (!order.dueDate || !order.disbursalDate) return;
  const { driver } = sim;
  const behaviour = sim.draws.behaviour;
  const profile = state.profile;
  if (!state.plan) {
    const tenor = order.tenorDays;
    const payOffset =
      profile.behaviour === 'early'
        ? -behaviour.int(1, Math.max(1, tenor - 2))
        : profile.behaviour === 'late'
          ? behaviour.int(1, 25)
          : profile.behaviour === 'partial'
            ? behaviour.int(2, 12)
            : 0;
    state.plan = {
      payOffset,
      partialDone: false,
      rollovers: 0,
      rolloversWanted: profile.behaviour === 'rollover' ? behaviour.int(1, 2) : 0,
      // One renewer in three renews a day to three days late.
      rolloverLate:
        profile.behaviour === 'rollover' && behaviour.chance(1 / 3) ? behaviour.int(1, 3) : 0,
      disbursalSeen: true,
    };
  }
  const plan = state.plan;
  if (profile.behaviour === 'never') return;
  const renewalDay = today === addDays(order.dueDate, plan.rolloverLate);
  if (plan.rollovers < plan.rolloversWanted && renewalDay) {
    const quote = await withSession(sim, state, (token) =>
      driver.rolloverQuote(token, state.address, order.id),
    );
    if (quote.available) {
      // As the app does: ask to renew, then pay today's price to the borrower's UPI id.
      const request = await withSession(sim, state, (token) =>
        driver.requestRollover(token, state.address, order.id),
      );
      await pay(sim, { upiId: request.upiId }, request.amountPaise);
      plan.rollovers += 1;
      sim.counters.rollovers += 1;
      return;
    }
    // Refused (the product's limit, or too late for the rollover to buy time): pays instead.
    plan.rolloversWanted = plan.rollovers;
  }
  if (plan.rollovers < plan.rolloversWanted) return;
  const payDate = addDays(order.dueDate, plan.payOffset);
  const partialDate = order.dueDate;
  let amount: number | undefined;
  const instructions = async () =>
    withSession(sim, state, (token) => driver.repayInstructions(token, state.address, order.id));
  if (profile.behaviour === 'partial' && !plan.partialDone && today === partialDate) {
    const due = await instructions();
    amount = Math.max(100, Math.floor((due.amountToClearTodayPaise * behaviour.int(30, 60)) / 100));
    plan.partialDone = true;
    state.virtualAccount = due.virtualAccount.accountNumber;
    await pay(sim, { accountNumber: due.virtualAccount.accountNumber }, amount);
    return;
  }
  if (today === payDate || (isBefore(payDate, today) && behaviour.chance(0.2))) {
    await useCouponBeforePaying(sim.couponDeps, sim.draws.coupons, profile.phone, order.id, today);
    const due = await instructions();
    state.virtualAccount = due.virtualAccount.accountNumber;
    if (due.amountToClearTodayPaise > 0)
      await pay(
        sim,
        { accountNumber: due.virtualAccount.accountNumber },
        due.amountToClearTodayPaise,
      );
  }
}
