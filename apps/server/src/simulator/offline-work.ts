import { addDays, isBefore } from '@lending/lending';
import { ordersInStatuses } from '../modules/loan-book/index.js';
import {
  approveExcessRefund,
  overpaymentsToRefund,
  pendingOfflineRepayments,
  recordOffline,
  requestExcessRefund,
  reviewOffline,
} from '../modules/repay/index.js';
import { startOfIndiaDate } from '../shared/india-date.js';
import { refusedAllowed, type SimulationState } from './simulation-state.js';

/**
 * Offline money (18:00): a few borrowers pay by bank transfer or cash deposit; the maker
 * records it with the day it arrived (up to three days back); the next days the back office
 * passes most (posted as of that day) and refuses some. Money that arrives for an order the
 * borrower cleared meanwhile is held as an overpayment; the maker asks for its refund and
 * the back office approves it (paid out through the payout sandbox). The last days' records
 * and requests are still waiting when the book is handed over.
 */
export async function offlineWork(sim: SimulationState, today: string) {
  const { world, counters, offlineDeps } = sim;
  const { db } = world;
  const offline = sim.draws.offline;
  if (world.makerId === world.backOfficeId) return;
  for (const row of await pendingOfflineRepayments(db)) {
    if (row.recordedAt >= startOfIndiaDate(today) || !offline.chance(0.6)) continue;
    const pass = offline.chance(0.85);
    await refusedAllowed(async () => {
      await reviewOffline(
        offlineDeps,
        pass
          ? { id: row.id, decision: 'pass' }
          : { id: row.id, decision: 'invalid', reason: 'Not found on the bank statement' },
        world.backOfficeId,
      );
      if (pass) counters.offlinePassed += 1;
      else counters.offlineRefused += 1;
    });
  }
  for (const order of await ordersInStatuses(db, ['DUE', 'OVERDUE'])) {
    if (!offline.chance(0.025) || !order.disbursalDate) continue;
    const back = offline.int(0, 3);
    const valueDate = isBefore(addDays(today, -back), order.disbursalDate)
      ? order.disbursalDate
      : addDays(today, -back);
    const clearing =
      order.outstandingPrincipalPaise +
      order.outstandingInterestPaise +
      order.outstandingFeePaise +
      order.outstandingGstPaise +
      order.outstandingPenalPaise;
    const amount = offline.chance(0.7) ? clearing : (clearing * BigInt(offline.int(30, 70))) / 100n;
    await refusedAllowed(async () => {
      await recordOffline(
        offlineDeps,
        {
          orderNo: order.orderNo,
          channel: offline.chance(0.7) ? 'bankTransfer' : 'cashDeposit',
          amountPaise: Number(amount),
          valueDate,
          bankReference: `SIM${order.id}${today.replaceAll('-', '')}`,
          idempotencyKey: `sim-offline-${order.id}-${today}`,
        },
        world.makerId,
      );
      counters.offlineRecorded += 1;
    });
  }
  for (const row of await overpaymentsToRefund(db)) {
    if (row.refundId === null) {
      if (!offline.chance(0.5)) continue;
      await refusedAllowed(async () => {
        await requestExcessRefund(
          offlineDeps,
          { repaymentId: row.repaymentId, reason: 'Paid twice: refund the excess' },
          world.makerId,
        );
        counters.refundsRequested += 1;
      });
    } else if (row.approved === null && offline.chance(0.6)) {
      await refusedAllowed(async () => {
        const approved = await approveExcessRefund(
          offlineDeps,
          { repaymentId: row.repaymentId, idempotencyKey: `sim-refund-${row.repaymentId}` },
          world.backOfficeId,
        );
        counters.refundsApproved += 1;
        if (approved.payoutId !== null) {
          await world.app.integrations.payouts.dispatcher.dispatch(approved.payoutId);
          await sim.drain();
        }
      });
    }
  }
}
