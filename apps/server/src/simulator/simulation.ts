import { and, asc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import { addDays, isBefore } from '@lending/lending';
import { rejectionCodes, repayments, reviewTasks } from '../db-schema.js';
import { verifyPendingBankAccounts } from '../modules/borrower-app/index.js';
import {
  cancelOrder,
  acceptRevisedKeyFacts,
  createPayout,
  finalReview,
  firstReview,
  loanOrders,
  referMachineRejection,
  termsFromJson,
  reverseRepayment,
  type LoanOrderRow,
} from '../modules/loan-book/index.js';
import { runDayEnd } from '../modules/day-end/index.js';
import { createWalletWork } from './wallet-work.js';
import { reconcileScheduledDay } from '../modules/finance/index.js';
import {
  approveExcessRefund,
  approveWaiver,
  approveWriteOff,
  excessRefunds,
  offlineRepayments,
  recordOffline,
  rejectWaiver,
  rejectWriteOff,
  requestExcessRefund,
  requestWaiver,
  requestWriteOff,
  reviewOffline,
  waitingWaiverAmount,
  waiverApprovalAboveOf,
  type OfflineDeps,
  type WaiverApprovalDeps,
  waiverRequests,
} from '../modules/repay/index.js';
import { createSettingsService } from '../modules/ops-config/index.js';
import { indiaDateOf, startOfIndiaDate } from '../shared/india-date.js';
import { collectorsWork, setUpCollectionFloor } from './collection-work.js';
import { marketingWork } from './marketing-work.js';
import { sendCoupons, setUpCoupons, useCouponBeforePaying } from './coupon-work.js';
import { telemarketingWork } from './telemarketing-work.js';
import { verificationWork } from './verification-work.js';
import { AppError } from '../shared/app-error.js';
import { AppCallFailed, type BorrowerDriver } from './borrower-driver.js';
import { makeBorrowers, type ReviewerPersona, type SimBorrower } from './personas.js';
import type { Prng } from './prng.js';
import type { SimulationWorld } from './world.js';

export interface SimulationOptions {
  borrowers: number;
  days: number;
  seed: number;
  /** India date of the first simulated day; day-end runs after each day through the last. */
  startDate: string;
  onDay?: (date: string, dayIndex: number) => void;
  /** Filled with milliseconds per phase. */
  phases?: PhaseTimes;
}

export interface SimulationCounters {
  registrations: number;
  applications: number;
  applyRefusals: number;
  payoutsSent: number;
  credits: number;
  rollovers: number;
  cancelled: number;
  /** Borrowers signing in again after their session ended (30 days, absolute). */
  signInsAgain: number;
  /** Borrower API calls refused (e.g. a repayment quote for a loan closed meanwhile). */
  refusedCalls: number;
  /** Back office: payments returned by the bank and reversed, penal waivers, write-offs. */
  reversals: number;
  waivers: number;
  writeOffs: number;
  /** Offline repayments recorded, passed and refused; overpayment refunds asked and approved. */
  offlineRecorded: number;
  offlinePassed: number;
  offlineRefused: number;
  refundsRequested: number;
  refundsApproved: number;
}

/** Where the time went (not part of the deterministic summary). */
export type PhaseTimes = Record<
  'register' | 'apply' | 'review' | 'disburse' | 'repay' | 'dayEnd',
  number
>;

interface BorrowerState {
  profile: SimBorrower;
  token?: string;
  address: string;
  orderId?: number;
  /** Next business date the borrower applies on (first loan or a re-loan). */
  applyOn?: string;
  loans: number;
  /** Per current loan: the plan of what they do and when. */
  plan?: RepaymentPlan;
}

interface RepaymentPlan {
  /** Dates relative to the due date when the behaviour acts (negative = before). */
  payOffset: number;
  partialDone: boolean;
  rollovers: number;
  rolloversWanted: number;
  disbursalSeen: boolean;
}

const REPAYABLE = ['ACTIVE', 'DUE', 'OVERDUE'] as const;
/** The borrower API's "session ended" code (the app signs in again). */
const SESSION_ENDED = 4005;
const CLOSED = ['CLEARED', 'REJECTED', 'CANCELLED', 'WRITTEN_OFF'];

function addressOf(index: number): string {
  return `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
}

/**
 * Runs the loan book day by day on the simulated clock: registrations arrive by channel,
 * some apply through the borrower API; machine review (in apply), first and final reviewers
 * (personas) decide; finance disburses through the payout sandbox; borrowers repay through
 * the collection sandbox by their behaviour profile (early, on time, late, partially, roll
 * over, never); day-end runs after each day. Deterministic for a seed.
 */
export async function runSimulation(
  world: SimulationWorld,
  driver: BorrowerDriver,
  prng: Prng,
  options: SimulationOptions,
): Promise<SimulationCounters> {
  const { clock, loanBook, db } = world;
  const integrations = world.app.integrations;
  const counters: SimulationCounters = {
    registrations: 0,
    applications: 0,
    applyRefusals: 0,
    payoutsSent: 0,
    credits: 0,
    rollovers: 0,
    cancelled: 0,
    signInsAgain: 0,
    refusedCalls: 0,
    reversals: 0,
    waivers: 0,
    writeOffs: 0,
    offlineRecorded: 0,
    offlinePassed: 0,
    offlineRefused: 0,
    refundsRequested: 0,
    refundsApproved: 0,
  };
  const people = makeBorrowers(
    prng.fork('borrowers'),
    options.borrowers,
    options.days,
    options.seed,
  );
  const states: BorrowerState[] = people.map((profile) => ({
    profile,
    address: addressOf(profile.index),
    loans: 0,
  }));
  const stateOfOrder = new Map<number, BorrowerState>();
  const reviews = prng.fork('reviews');
  const behaviour = prng.fork('behaviour');
  // Its own stream, so the statement errors leave every other draw of the book as it was.
  const bank = prng.fork('bank-statement');
  const backOffice = prng.fork('backOffice');
  const offline = prng.fork('offline');
  const offlineDeps: OfflineDeps = { db, clock, loanBook };
  // Waivers above the approval amount wait for a second person, as in the console.
  const settings = createSettingsService({ db, clock });
  const waiverDeps: WaiverApprovalDeps = {
    db,
    clock,
    loanBook,
    waiverApprovalAbove: waiverApprovalAboveOf(settings),
  };
  const collection = prng.fork('collection');
  const marketing = prng.fork('marketing');
  // Invitations and wallets on their own stream (decision 0043).
  const walletWork = createWalletWork(world, prng.fork('wallets'));
  const telemarketing = prng.fork('telemarketing');
  // Verification calls on their own stream, so the rest of the book draws as it did (0078).
  const verification = prng.fork('verification');
  await setUpCollectionFloor(db, clock.now());
  // Coupons draw from their own stream, so the rest of the book stays as it was without them.
  const couponDraws = prng.fork('coupons');
  const couponDeps = { db, clock, loanBook };
  clock.setIndia(options.startDate, 8);
  const couponBook = await setUpCoupons(couponDeps, options.startDate, options.days);
  const payoutAttempts = new Map<number, number>();
  const drain = () => world.scheduler.drain();

  /** A call with the borrower's session; an ended session means signing in again (once). */
  async function withSession<T>(state: BorrowerState, call: (token: string) => Promise<T>) {
    try {
      return await call(state.token!);
    } catch (error) {
      if (!(error instanceof AppCallFailed) || error.code !== SESSION_ENDED) throw error;
      const session = await driver.signIn(
        state.profile.phone,
        state.profile.channel,
        state.address,
      );
      state.token = session.token;
      counters.signInsAgain += 1;
      return call(session.token);
    }
  }

  async function apply(state: BorrowerState) {
    const { profile } = state;
    state.applyOn = undefined;
    const products = await withSession(state, (token) => driver.products(token, state.address));
    const product = products.list[0];
    if (!product) return;
    const principal = Math.min(
      Math.max(profile.principalPaise * (state.loans > 0 ? 2 : 1), product.minPrincipalPaise),
      product.maxPrincipalPaise,
    );
    await withSession(state, (token) =>
      driver.quote(token, state.address, product.productId, principal),
    );
    try {
      const order = await withSession(state, (token) =>
        driver.apply(token, state.address, profile.phone, product.productId, principal),
      );
      counters.applications += 1;
      state.orderId = order.orderId;
      state.loans += 1;
      state.plan = undefined;
      stateOfOrder.set(order.orderId, state);
    } catch (error) {
      if (!(error instanceof AppCallFailed)) throw error;
      counters.applyRefusals += 1;
    }
    await drain();
  }

  async function register(state: BorrowerState, date: string) {
    const { profile } = state;
    const session = await driver.signIn(profile.phone, profile.channel, state.address);
    counters.registrations += 1;
    state.token = session.token;
    await driver.saveProfile(session.token, state.address, {
      name: profile.name,
      birthDate: profile.birthDate,
      region: profile.region,
      occupation: profile.occupation,
      monthlyIncomePaise: profile.monthlyIncomePaise,
      pan: profile.pan,
      aadhaar: profile.aadhaar,
    });
    await driver.saveBank(session.token, state.address, profile.bank);
    await walletWork.afterRegistration(profile.phone);
    await drain();
    if (behaviour.chance(profile.appliesProbability)) state.applyOn = date;
  }

  async function ordersIn(statuses: readonly string[]): Promise<LoanOrderRow[]> {
    return db
      .select()
      .from(loanOrders)
      .where(inArray(loanOrders.status, [...statuses] as LoanOrderRow['status'][]))
      .orderBy(asc(loanOrders.id));
  }

  const codes = await db
    .select({ id: rejectionCodes.id, stage: rejectionCodes.stage })
    .from(rejectionCodes)
    .where(eq(rejectionCodes.enabled, true))
    .orderBy(asc(rejectionCodes.id));

  /** Who the order's open task of the stage is assigned to (null: waiting for a lead). */
  async function assignedTo(orderId: number, stage: 'first' | 'final') {
    const [task] = await db
      .select({ reviewerId: reviewTasks.reviewerId })
      .from(reviewTasks)
      .where(
        and(
          eq(reviewTasks.orderId, orderId),
          eq(reviewTasks.stage, stage),
          isNull(reviewTasks.decidedAt),
        ),
      );
    return task?.reviewerId ?? null;
  }

  /** A lead sends a few of the day's machine rejections to people (the rest stay rejected). */
  async function referSome(lead: ReviewerPersona | undefined) {
    if (!lead) return;
    const rejected = await db
      .select()
      .from(loanOrders)
      .where(
        and(
          eq(loanOrders.status, 'REJECTED'),
          eq(loanOrders.machineResult, 'reject'),
          isNull(loanOrders.firstReviewerId),
          eq(loanOrders.lastEvent, 'machineReject'),
        ),
      )
      .orderBy(asc(loanOrders.id));
    for (const order of rejected) {
      if (!reviews.chance(0.04)) continue;
      await referMachineRejection(
        loanBook,
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
  async function review(status: 'FIRST_REVIEW' | 'FINAL_REVIEW', personas: ReviewerPersona[]) {
    const stage = status === 'FIRST_REVIEW' ? 'first' : 'final';
    for (const order of await ordersIn([status])) {
      const assigned = await assignedTo(order.id, stage);
      const eligible = personas.filter((p) => p.staffId !== order.firstReviewerId);
      const persona =
        personas.find((p) => p.staffId === assigned) ??
        (eligible.length ? reviews.pick(eligible) : null);
      if (!persona) continue;
      if (!reviews.chance(persona.speed)) continue; // still in the queue tomorrow
      const pass = reviews.chance(persona.passRate);
      const command = status === 'FIRST_REVIEW' ? firstReview : finalReview;
      if (!pass) {
        const usable = codes.filter((c) => c.stage === stage || c.stage === 'any');
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

  async function disburse() {
    await verifyPendingBankAccounts(db, integrations.payouts.gateway, clock, 100_000);
    for (const order of await ordersIn(['PENDING_DISBURSEMENT', 'DISBURSEMENT_FAILED'])) {
      if (order.revisedKfsPendingSince !== null) {
        // Approved for less than applied: the borrower reads the revised key facts in the
        // app and most accept within days; an order nobody accepts is cancelled after three.
        if (reviews.chance(0.7)) {
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
      const attempt = (payoutAttempts.get(order.id) ?? 0) + 1;
      if (attempt > 3) {
        await cancelOrder(
          loanBook,
          { orderId: order.id, reason: 'disbursal failed 3 times' },
          world.financeId,
        );
        counters.cancelled += 1;
        continue;
      }
      payoutAttempts.set(order.id, attempt);
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
      await drain();
    }
  }

  /** What the borrower does today about their open loan. */
  async function repay(state: BorrowerState, order: LoanOrderRow, today: string) {
    if (!order.dueDate || !order.disbursalDate) return;
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
        disbursalSeen: true,
      };
    }
    const plan = state.plan;
    if (profile.behaviour === 'never') return;
    const dueToday = today === order.dueDate;
    if (plan.rollovers < plan.rolloversWanted && dueToday) {
      const quote = await withSession(state, (token) =>
        driver.rolloverQuote(token, state.address, order.id),
      );
      if (quote.available) {
        // As the app does: ask to renew, then pay today's price to the borrower's UPI id.
        const request = await withSession(state, (token) =>
          driver.requestRollover(token, state.address, order.id),
        );
        await pay({ upiId: request.upiId }, request.amountPaise);
        plan.rollovers += 1;
        counters.rollovers += 1;
        return;
      }
    }
    if (plan.rollovers < plan.rolloversWanted) return;
    const payDate = addDays(order.dueDate, plan.payOffset);
    const partialDate = order.dueDate;
    let amount: number | undefined;
    const instructions = async () =>
      withSession(state, (token) => driver.repayInstructions(token, state.address, order.id));
    if (profile.behaviour === 'partial' && !plan.partialDone && today === partialDate) {
      const due = await instructions();
      amount = Math.max(
        100,
        Math.floor((due.amountToClearTodayPaise * behaviour.int(30, 60)) / 100),
      );
      plan.partialDone = true;
      await pay({ accountNumber: due.virtualAccount.accountNumber }, amount);
      return;
    }
    if (today === payDate || (isBefore(payDate, today) && behaviour.chance(0.2))) {
      await useCouponBeforePaying(couponDeps, couponDraws, profile.phone, order.id, today);
      const due = await instructions();
      if (due.amountToClearTodayPaise > 0)
        await pay({ accountNumber: due.virtualAccount.accountNumber }, due.amountToClearTodayPaise);
    }
  }

  /**
   * The back office's day (17:00): a few of today's payments come back from the bank and are
   * reversed (a cleared loan re-opens and its borrower pays again later); long-overdue
   * borrowers in hardship get their penal charge waived; loans overdue 60 days and more are
   * sometimes written off. Waivers above the approval amount and every write-off are asked for
   * by the maker and wait for the checker (decisions 0045, 0050). The repayment screens need
   * these rows in the demo book.
   */
  async function backOfficeWork(today: string, lastDay: boolean) {
    const staffId = world.backOfficeId;
    const received = await db
      .select({ id: repayments.id })
      .from(repayments)
      .where(
        and(
          eq(repayments.businessDate, today),
          eq(repayments.reversed, false),
          ne(repayments.type, 'renew'),
        ),
      )
      .orderBy(asc(repayments.id));
    for (const { id } of received) {
      if (!backOffice.chance(0.03)) continue;
      await refusedAllowed(async () => {
        await reverseRepayment(
          loanBook,
          { repaymentId: id, idempotencyKey: `sim-reverse-${id}`, reason: 'Returned by the bank' },
          staffId,
        );
        counters.reversals += 1;
      });
    }
    for (const order of await ordersIn(['OVERDUE'])) {
      if (order.overdueDays >= 60 && backOffice.chance(0.04)) {
        // The maker asks; the checker writes it off at 17:30 (decision 0050).
        await refusedAllowed(async () => {
          await requestWriteOff(
            waiverDeps,
            {
              orderId: order.id,
              idempotencyKey: `sim-write-off-${order.id}-${today}`,
              reason: 'No payment for 60 days; recovery unlikely',
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
      const waitingOn = new Set(
        (
          await db
            .select({ orderId: waiverRequests.orderId })
            .from(waiverRequests)
            .where(eq(waiverRequests.status, 'pending'))
        ).map((request) => request.orderId),
      );
      const longOverdue = (await ordersIn(['OVERDUE'])).filter(
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
    await decideWaivers(today, staffId, lastDay);
  }

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

  /**
   * The checker's round (17:30): most waivers and write-offs waiting are approved at what they
   * take off today, a few rejected, some left for tomorrow; on the book's last day all of that
   * day's wait, so a fresh start has waivers and write-offs for a second person. One whose
   * order changed meanwhile (repaid, closed) is rejected, and the maker would ask again.
   */
  async function decideWaivers(today: string, checkerId: number, lastDay: boolean) {
    clock.setIndia(today, 17, 30);
    const waiting = await db
      .select({
        id: waiverRequests.id,
        kind: waiverRequests.kind,
        requestedAt: waiverRequests.requestedAt,
      })
      .from(waiverRequests)
      .where(eq(waiverRequests.status, 'pending'))
      .orderBy(asc(waiverRequests.id));
    for (const { id, kind, requestedAt } of waiting) {
      if (lastDay && indiaDateOf(requestedAt) === today) continue;
      const checker = decide[kind];
      const draw = backOffice.next();
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

  /**
   * Offline money (18:00): a few borrowers pay by bank transfer or cash deposit; the maker
   * records it with the day it arrived (up to three days back); the next days the back office
   * passes most (posted as of that day) and refuses some. Money that arrives for an order the
   * borrower cleared meanwhile is held as an overpayment; the maker asks for its refund and
   * the back office approves it (paid out through the payout sandbox). The last days' records
   * and requests are still waiting when the book is handed over.
   */
  async function offlineWork(today: string) {
    if (world.makerId === world.backOfficeId) return;
    const pending = await db
      .select()
      .from(offlineRepayments)
      .where(eq(offlineRepayments.status, 'pending'))
      .orderBy(asc(offlineRepayments.id));
    for (const row of pending) {
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
    for (const order of await ordersIn(['DUE', 'OVERDUE'])) {
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
      const amount = offline.chance(0.7)
        ? clearing
        : (clearing * BigInt(offline.int(30, 70))) / 100n;
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
    const excess = await db
      .select({
        repaymentId: repayments.id,
        refundId: excessRefunds.id,
        approved: excessRefunds.approvedBy,
      })
      .from(repayments)
      .innerJoin(loanOrders, eq(loanOrders.id, repayments.orderId))
      .leftJoin(excessRefunds, eq(excessRefunds.repaymentId, repayments.id))
      .where(
        and(
          eq(loanOrders.status, 'OVERPAID'),
          eq(repayments.reversed, false),
          gt(repayments.excessPaise, 0n),
        ),
      )
      .orderBy(asc(repayments.id));
    for (const row of excess) {
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
            await integrations.payouts.dispatcher.dispatch(approved.payoutId);
            await drain();
          }
        });
      }
    }
  }

  /** A refusal by the loan book (the order moved meanwhile) skips the action. */
  async function refusedAllowed(action: () => Promise<void>) {
    try {
      await action();
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }

  /** The borrower pays in to their virtual account or UPI id through the collection sandbox. */
  async function pay(to: { accountNumber?: string; upiId?: string }, amountPaise: number) {
    integrations.collections.simulateCredit({ ...to, amountPaise: BigInt(amountPaise) });
    counters.credits += 1;
    await drain();
  }

  /**
   * The schedule reconciles the day against the gateways' statements (FinancialList). On about one
   * day in five the sandbox bank's statement has an error, one per such day: a credit shown
   * with ₹10 more than the webhook said (amount mismatch) or one left out (ours only). They
   * stay open for finance to resolve, so the demo has failed days next to passed ones.
   */
  async function reconcile(date: string) {
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

  for (let day = 0; day < options.days; day += 1) {
    const date = addDays(options.startDate, day);
    options.onDay?.(date, day);

    let mark = performance.now();
    const phase = (name: keyof PhaseTimes) => {
      const now = performance.now();
      if (options.phases) options.phases[name] += now - mark;
      mark = now;
    };
    // 09:00–12:00: new registrations, and applications (first loans and re-loans).
    clock.setIndia(date, 9);
    for (const state of states) {
      if (state.profile.arrivalDay !== day) continue;
      clock.set(new Date(clock.now().getTime() + 7_000));
      try {
        await register(state, date);
      } catch (error) {
        if (!(error instanceof AppCallFailed)) throw error;
      }
    }
    phase('register');
    clock.setIndia(date, 10);
    for (const state of states) {
      if (state.applyOn !== date || !state.token) continue;
      clock.set(new Date(clock.now().getTime() + 5_000));
      try {
        await apply(state);
      } catch (error) {
        if (!(error instanceof AppCallFailed) && !(error instanceof AppError)) throw error;
        counters.applyRefusals += 1;
      }
    }

    clock.setIndia(date, 11);
    await sendCoupons(couponDeps, couponBook, date, day);
    phase('apply');
    // 11:00: the marketing desk (opt-outs, a campaign every sixth day, one scheduled at the end).
    await marketingWork(
      { db, clock, sms: integrations.smsGateways, drain },
      marketing,
      date,
      day,
      day === options.days - 1,
    );
    // 11:30: the verification desk calls applicants of orders waiting for review (0078).
    clock.setIndia(date, 11, 30);
    await verificationWork({ db, clock }, verification);
    // 12:00: reviewers work their queues; 14:00: finance disburses approved orders.
    clock.setIndia(date, 12);
    await referSome(world.finalReviewers.at(-1));
    await review('FIRST_REVIEW', world.firstReviewers);
    clock.setIndia(date, 13);
    await review('FINAL_REVIEW', world.finalReviewers);
    phase('review');
    clock.setIndia(date, 14);
    // The last day's approvals are still waiting for finance when the book is handed over,
    // so /loan/waitLoanList opens on orders to disburse (and their accounts' penny drops).
    if (day < options.days - 1) await disburse();
    phase('disburse');

    // 16:00: borrowers repay (or roll over, or not) by their behaviour.
    clock.setIndia(date, 16);
    for (const order of await ordersIn(REPAYABLE)) {
      const state = stateOfOrder.get(order.id);
      if (!state) continue;
      try {
        await repay(state, order, date);
      } catch (error) {
        if (!(error instanceof AppCallFailed)) throw error;
        counters.refusedCalls += 1;
      }
    }
    clock.setIndia(date, 17);
    await backOfficeWork(date, day === options.days - 1);
    await collectorsWork({ db, clock, sms: integrations.smsGateways }, collection);
    await telemarketingWork({ db, clock }, telemarketing);
    clock.setIndia(date, 18);
    await offlineWork(date);
    clock.setIndia(date, 19);
    await walletWork.daily(date, day === options.days - 1);
    // Closed loans free the borrower; some come back for another.
    const holding = states.filter((state) => state.orderId !== undefined);
    const statusOf = new Map<number, string>();
    for (let i = 0; i < holding.length; i += 1000) {
      const ids = holding.slice(i, i + 1000).map((state) => state.orderId!);
      for (const row of await db
        .select({ id: loanOrders.id, status: loanOrders.status })
        .from(loanOrders)
        .where(inArray(loanOrders.id, ids))) {
        statusOf.set(row.id, row.status);
      }
    }
    for (const state of holding) {
      const status = statusOf.get(state.orderId!);
      if (!status || !CLOSED.includes(status)) continue;
      state.orderId = undefined;
      state.plan = undefined;
      if (status === 'CLEARED' && behaviour.chance(state.profile.reloanProbability)) {
        state.applyOn = addDays(date, behaviour.int(1, 10));
      }
    }

    phase('repay');
    // After midnight: the day-end of `date`.
    clock.setIndia(addDays(date, 1), 0, 30);
    await runDayEnd({ db, clock, holder: 'simulator' });
    await reconcile(date);
    phase('dayEnd');
  }
  return counters;
}
