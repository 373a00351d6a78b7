import { openTaskReviewerOf } from '../modules/approval/index.js';
import {
  finalReview,
  firstReview,
  machineRejectionsNotReferred,
  ordersInStatuses,
  referMachineRejection,
  termsFromJson,
} from '../modules/loan-book/index.js';
import type { ReviewerPersona } from './personas.js';
import type { SimulationState } from './simulation-state.js';

/** 12:00: reviewers work their queues, the final reviewers at 13:00. */
export async function reviewToday(sim: SimulationState, date: string) {
  const { world } = sim;
  world.clock.setIndia(date, 12);
  await referSome(sim, world.finalReviewers.at(-1));
  await review(sim, 'FIRST_REVIEW', world.firstReviewers);
  world.clock.setIndia(date, 13);
  await review(sim, 'FINAL_REVIEW', world.finalReviewers);
}

/** A lead sends a few of the day's machine rejections to people (the rest stay rejected). */
async function referSome(sim: SimulationState, lead: ReviewerPersona | undefined) {
  if (!lead) return;
  for (const order of await machineRejectionsNotReferred(sim.world.db)) {
    if (!sim.draws.reviews.chance(0.04)) continue;
    await referMachineRejection(
      sim.world.loanBook,
      {
        orderId: order.id,
        reasonCode: 'documentsVerified',
        remarks: 'salary slips checked by hand',
      },
      lead.staffId,
    );
  }
}

/**
 * Reviewers work their own queues (what machine review assigned to them); an unassigned
 * order goes to a persona of the stage who did not review it first. Rejections carry a
 * rejection code and remarks; a final reviewer now and then approves less than applied.
 */
async function review(
  sim: SimulationState,
  status: 'FIRST_REVIEW' | 'FINAL_REVIEW',
  personas: ReviewerPersona[],
) {
  const { db, loanBook } = sim.world;
  const reviews = sim.draws.reviews;
  const stage = status === 'FIRST_REVIEW' ? 'first' : 'final';
  for (const order of await ordersInStatuses(db, [status])) {
    const assigned = await openTaskReviewerOf(db, order.id, stage);
    const eligible = personas.filter((p) => p.staffId !== order.firstReviewerId);
    const persona =
      personas.find((p) => p.staffId === assigned) ??
      (eligible.length ? reviews.pick(eligible) : null);
    if (!persona) continue;
    if (!reviews.chance(persona.speed)) continue; // still in the queue tomorrow
    const pass = reviews.chance(persona.passRate);
    const command = status === 'FIRST_REVIEW' ? firstReview : finalReview;
    if (!pass) {
      const usable = sim.rejectionCodes.filter((c) => c.stage === stage || c.stage === 'any');
      const code = usable.length ? reviews.pick(usable) : null;
      await command(
        loanBook,
        {
          orderId: order.id,
          decision: 'reject',
          reason: `declined by ${persona.name}`,
          ...(code ? { rejectionCodeId: code.id } : {}),
        },
        persona.staffId,
      );
      continue;
    }
    if (stage === 'final' && reviews.chance(0.1)) {
      // Approve 80 % of the amount (rounded to ₹100), never below the product's minimum.
      const lowered = ((order.principalPaise * 8n) / 10n / 10_000n) * 10_000n;
      const min = termsFromJson(order.terms).minPrincipal;
      if (lowered >= min && lowered < order.principalPaise) {
        await finalReview(
          loanBook,
          { orderId: order.id, decision: 'pass', approvedPrincipalPaise: lowered },
          persona.staffId,
        );
        continue;
      }
    }
    await command(loanBook, { orderId: order.id, decision: 'pass' }, persona.staffId);
  }
}
