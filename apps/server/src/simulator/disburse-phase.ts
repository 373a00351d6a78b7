import { verifyPendingBankAccounts } from '../modules/borrower-app/index.js';
import {
  acceptRevisedKeyFacts,
  cancelOrder,
  createPayout,
  ordersInStatuses,
} from '../modules/loan-book/index.js';
import type { SimulationState } from './simulation-state.js';

/**
 * 14:00: finance disburses approved orders through the payout sandbox (after the accounts'
 * penny drops); an order whose payout failed three times is cancelled.
 */
export async function disburse(sim: SimulationState) {
  const { world, counters } = sim;
  const { db, clock, loanBook } = world;
  const integrations = world.app.integrations;
  await verifyPendingBankAccounts(db, integrations.payouts.gateway, clock, 100_000);
  for (const order of await ordersInStatuses(db, ['PENDING_DISBURSEMENT', 'DISBURSEMENT_FAILED'])) {
    if (order.revisedKfsPendingSince !== null) {
      // Approved for less than applied: the borrower reads the revised key facts in the
      // app and most accept within days; an order nobody accepts is cancelled after three.
      if (sim.draws.reviews.chance(0.7)) {
        await acceptRevisedKeyFacts(loanBook, {
          orderId: order.id,
          acceptance: { acceptedAt: clock.now(), channel: 'app', otpReference: 'sim:otp' },
        });
      } else {
        const waitingMs = clock.now().getTime() - order.revisedKfsPendingSince.getTime();
        if (waitingMs >= 3 * 86_400_000) {
          await cancelOrder(
            loanBook,
            { orderId: order.id, reason: 'the borrower did not accept the revised amount' },
            world.financeId,
          );
          counters.cancelled += 1;
        }
        continue;
      }
    }
    const attempt = (sim.payoutAttempts.get(order.id) ?? 0) + 1;
    if (attempt > 3) {
      await cancelOrder(
        loanBook,
        { orderId: order.id, reason: 'disbursal failed 3 times' },
        world.financeId,
      );
      counters.cancelled += 1;
      continue;
    }
    sim.payoutAttempts.set(order.id, attempt);
    const payout = await createPayout(
      loanBook,
      {
        orderId: order.id,
        idempotencyKey: `sim-disburse-${order.id}-${attempt}`,
        channel: 'sandbox',
      },
      world.financeId,
    );
    counters.payoutsSent += 1;
    await integrations.payouts.dispatcher.dispatch(payout.payoutId!);
    await sim.drain();
  }
}
