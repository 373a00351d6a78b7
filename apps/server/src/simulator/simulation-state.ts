import { enabledRejectionCodes } from '../modules/approval/index.js';
import { createSettingsService } from '../modules/ops-config/index.js';
import {
  waiverApprovalAboveOf,
  type OfflineDeps,
  type WaiverApprovalDeps,
} from '../modules/repay/index.js';
import type { CouponDeps } from '../modules/coupon/index.js';
import type { LoanBookDeps } from '../modules/loan-book/index.js';
import { AppError } from '../shared/app-error.js';
import { AppCallFailed, type BorrowerDriver } from './borrower-driver.js';
import { setUpCollectionFloor } from './collection-work.js';
import { setUpCoupons, type CouponBook } from './coupon-work.js';
import { makeBorrowers, type SimBorrower } from './personas.js';
import type { Prng } from './prng.js';
import { createWalletWork } from './wallet-work.js';
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

export interface BorrowerState {
  profile: SimBorrower;
  token?: string;
  address: string;
  orderId?: number;
  /** Next business date the borrower applies on (first loan or a re-loan). */
  applyOn?: string;
  loans: number;
  /** Per current loan: the plan of what they do and when. */
  plan?: RepaymentPlan;
  /** The virtual account they pay their loans into (the collection gateway's number). */
  virtualAccount?: string;
  /** A payment they send by mistake after a loan closed (a standing instruction): when, how much. */
  strayPayment?: { on: string; amountPaise: number };
}

export interface RepaymentPlan {
  /** Dates relative to the due date when the behaviour acts (negative = before). */
  payOffset: number;
  partialDone: boolean;
  rollovers: number;
  rolloversWanted: number;
  /**
   * Days after the due date the borrower renews (0: on the day). Late, the loan is already past
   * due, so the rollover is a rescheduling (its asset class runs on, decision 0098).
   */
  rolloverLate: number;
  disbursalSeen: boolean;
}

/**
 * What the day's phases share: the world and the borrowers' app, the counters, every
 * borrower's state, and the random streams. Each stream is forked once, here, for one purpose,
 * so a phase that draws more or less leaves the others' draws, and the book, as they were.
 */
export interface SimulationState {
  world: SimulationWorld;
  driver: BorrowerDriver;
  options: SimulationOptions;
  counters: SimulationCounters;
  /** Every simulated borrower, in the personas' order (the order they are visited in). */
  borrowers: BorrowerState[];
  stateOfOrder: Map<number, BorrowerState>;
  draws: {
    reviews: Prng;
    behaviour: Prng;
    bank: Prng;
    backOffice: Prng;
    offline: Prng;
    collection: Prng;
    marketing: Prng;
    telemarketing: Prng;
    verification: Prng;
    coupons: Prng;
    strays: Prng;
  };
  offlineDeps: OfflineDeps;
  waiverDeps: WaiverApprovalDeps;
  couponDeps: CouponDeps & { loanBook: LoanBookDeps };
  couponBook: CouponBook;
  walletWork: ReturnType<typeof createWalletWork>;
  /** Payouts tried per order: a fourth failure cancels the order. */
  payoutAttempts: Map<number, number>;
  /** The enabled rejection codes, read once at the start. */
  rejectionCodes: { id: number; stage: string }[];
  /** Runs what the sandboxes scheduled (their webhooks) until nothing is left. */
  drain: () => Promise<unknown>;
}

function addressOf(index: number): string {
  return `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
}

/**
 * The borrowers, the streams and the demo's set-up (the collection floor, the coupons) before
 * the first day. The order of the work here is the book's: it stays as it is.
 */
export async function createSimulationState(
  world: SimulationWorld,
  driver: BorrowerDriver,
  prng: Prng,
  options: SimulationOptions,
): Promise<SimulationState> {
  const { clock, loanBook, db } = world;
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
  const borrowers: BorrowerState[] = people.map((profile) => ({
    profile,
    address: addressOf(profile.index),
    loans: 0,
  }));
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
  const coupons = prng.fork('coupons');
  // Money sent after a loan closed, on its own stream so the rest of the book draws as it did.
  const strays = prng.fork('strays');
  const couponDeps = { db, clock, loanBook };
  clock.setIndia(options.startDate, 8);
  const couponBook = await setUpCoupons(couponDeps, options.startDate, options.days);
  return {
    world,
    driver,
    options,
    counters,
    borrowers,
    stateOfOrder: new Map(),
    draws: {
      reviews,
      behaviour,
      bank,
      backOffice,
      offline,
      collection,
      marketing,
      telemarketing,
      verification,
      coupons,
      strays,
    },
    offlineDeps,
    waiverDeps,
    couponDeps,
    couponBook,
    walletWork,
    payoutAttempts: new Map(),
    rejectionCodes: await enabledRejectionCodes(db),
    drain: () => world.scheduler.drain(),
  };
}

/** The borrower API's "session ended" code (the app signs in again). */
const SESSION_ENDED = 4005;

/** A call with the borrower's session; an ended session means signing in again (once). */
export async function withSession<T>(
  sim: SimulationState,
  state: BorrowerState,
  call: (token: string) => Promise<T>,
) {
  try {
    return await call(state.token!);
  } catch (error) {
    if (!(error instanceof AppCallFailed) || error.code !== SESSION_ENDED) throw error;
    const session = await sim.driver.signIn(
      state.profile.phone,
      state.profile.channel,
      state.address,
    );
    state.token = session.token;
    sim.counters.signInsAgain += 1;
    return call(session.token);
  }
}

/** A refusal by the loan book (the order moved meanwhile) skips the action. */
export async function refusedAllowed(action: () => Promise<void>) {
  try {
    await action();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
}
