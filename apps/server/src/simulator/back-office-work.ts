import {
  approveWaiver,
  approveWriteOff,
  pendingWaiverRequests,
  rejectWaiver,
  rejectWriteOff,
  requestWaiver,
  requestWriteOff,
  waitingWaiverAmount,
} from '../modules/repay/index.js';
import {
  ordersInStatuses,
  repaymentsReceivedOn,
  reverseRepayment,
} from '../modules/loan-book/index.js';
import { AppError } from '../shared/app-error.js';
import { indiaDateOf } from '../shared/india-date.js';
import { refusedAllowed, type SimulationState } from './simulation-state.js';

/**
 * The back office's day (17:00): a few of today's payments come back from the bank and are
 * reversed (a cleared loan re-opens and its borrower pays again later); long-overdue
 * borrowers in hardship get their penal charge waived; loans overdue 60 days and more are
 * sometimes written off. Waivers above the approval amount and every write-off are asked for
 * by the maker and wait for the checker (decisions 0045, 0050). The repayment screens need
 * these rows in the demo book.
 */
export async function backOfficeWork(sim: SimulationState, today: string, lastDay: boolean) {
  const { world, counters, waiverDeps } = sim;
  const { db } = world;
  const backOffice = sim.draws.backOffice;
  const staffId = world.backOfficeId;
  for (const { id } of await repaymentsReceivedOn(db, today)) {
    if (!backOffice.chance(0.03)) continue;
    await refusedAllowed(async () => {
      await reverseRepayment(
        world.loanBook,
        { repaymentId: id, idempotencyKey: `sim-reverse-${id}`, reason: 'Returned by the bank' },
        staffId,
      );
      counters.reversals += 1;
    });
  }
  for (const order of await ordersInStatuses(db, ['OVERDUE'])) {
    if (order.overdueDays >= 91 && backOffice.chance(0.04)) {
      // Written off once non-performing (more than 90 days past due, decision 0098), as lenders
      // do; so the demo book keeps NPA loans too. The maker asks; the checker writes it off at
      // 17:30 (decision 0050).
      await refusedAllowed(async () => {
        await requestWriteOff(
          waiverDeps,
          {
            orderId: order.id,
            idempotencyKey: `sim-write-off-${order.id}-${today}`,
            reason: 'No payment for 90 days (NPA); recovery unlikely',
          },
          world.makerId,
        );
      });
    } else if (
      order.overdueDays >= 10 &&
      order.outstandingPenalPaise > 0n &&
      backOffice.chance(0.02)
    ) {
      // The maker asks; above the approval amount it waits for the checker (decision 0045).
      await refusedAllowed(async () => {
        const asked = await requestWaiver(
          waiverDeps,
          {
            orderId: order.id,
            idempotencyKey: `sim-waive-penal-${order.id}-${today}`,
            reason: 'Hardship: penal charges waived',
            amounts: { penalPaise: Number(order.outstandingPenalPaise) },
          },
          world.makerId,
        );
        if (asked.waiverRequestId === undefined) counters.waivers += 1;
      });
    } else if (order.overdueDays >= 30 && backOffice.chance(0.01)) {
      await refusedAllowed(async () => {
        await requestWaiver(
          waiverDeps,
          {
            orderId: order.id,
            idempotencyKey: `sim-settle-${order.id}-${today}`,
            reason: 'Settlement offered: borrower lost their job',
          },
          world.makerId,
        );
      });
    }
  }
  if (lastDay) {
    // The day the book is handed over: a couple of write-offs of loans 60 days and more
    // overdue and a few settlements of long-overdue loans are asked for, on orders with
    // nothing waiting yet (one request waits per order); the checker leaves them waiting.
    const waitingOn = new Set((await pendingWaiverRequests(db)).map((request) => request.orderId));
    const longOverdue = (await ordersInStatuses(db, ['OVERDUE'])).filter(
      (o) => o.overdueDays >= 30 && !waitingOn.has(o.id),
    );
    const writingOff = longOverdue.filter((o) => o.overdueDays >= 60).slice(0, 2);
    for (const order of writingOff) {
      await refusedAllowed(async () => {
        await requestWriteOff(
          waiverDeps,
          {
            orderId: order.id,
            idempotencyKey: `sim-write-off-last-${order.id}-${today}`,
            reason: 'No payment for 60 days; recovery unlikely',
          },
          world.makerId,
        );
      });
    }
    for (const order of longOverdue.filter((o) => !writingOff.includes(o)).slice(0, 3)) {
      await refusedAllowed(async () => {
        await requestWaiver(
          waiverDeps,
          {
            orderId: order.id,
            idempotencyKey: `sim-settle-last-${order.id}-${today}`,
            reason: 'Settlement offered: borrower in hardship',
          },
          world.makerId,
        );
      });
    }
  }
  await decideWaivers(sim, today, staffId, lastDay);
}

/**
 * The checker's round (17:30): most waivers and write-offs waiting are approved at what they
 * take off today, a few rejected, some left for tomorrow; on the book's last day all of that
 * day's wait, so a fresh start has waivers and write-offs for a second person. One whose
 * order changed meanwhile (repaid, closed) is rejected, and the maker would ask again.
 */
async function decideWaivers(
  sim: SimulationState,
  today: string,
  checkerId: number,
  lastDay: boolean,
) {
  const { world, counters, waiverDeps } = sim;
  /** The checker's calls for each kind of request, and what an approval adds to the counts. */
  const decide = {
    waiver: {
      approve: approveWaiver,
      reject: rejectWaiver,
      noReason: 'No hardship shown',
      counted: () => (counters.waivers += 1),
    },
    writeOff: {
      approve: approveWriteOff,
      reject: rejectWriteOff,
      noReason: 'Borrower is still in contact: keep collecting',
      counted: () => (counters.writeOffs += 1),
    },
  } as const;
  world.clock.setIndia(today, 17, 30);
  for (const { id, kind, requestedAt } of await pendingWaiverRequests(world.db)) {
    if (lastDay && indiaDateOf(requestedAt) === today) continue;
    const checker = decide[kind];
    const draw = sim.draws.backOffice.next();
    if (draw < 0.15) continue;
    if (draw < 0.22) {
      await checker.reject(waiverDeps, { id, reason: checker.noReason }, checkerId);
      continue;
    }
    try {
      const amountPaise = Number(await waitingWaiverAmount(waiverDeps, id));
      await checker.approve(
        waiverDeps,
        { id, idempotencyKey: `sim-approve-${id}`, amountPaise },
        checkerId,
      );
      checker.counted();
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await checker.reject(
        waiverDeps,
        { id, reason: 'The order has changed since: ask again' },
        checkerId,
      );
    }
  }
}
