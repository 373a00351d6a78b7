import type { Executor } from '../../plugins/db.js';
import type { LoanOrderRow } from './loan-orders.table.js';

/**
 * What the book's review commands ask of the modules that own the review's records, through
 * `LoanBookDeps` (app.ts wires them once): the approval module keeps the review tasks, the
 * rejection codes and the machine referrals; the risk module decides machine review with its
 * rules, settings and blacklist. Each call runs in the command's transaction, after the order
 * row is locked, so a task closes and the order moves together or not at all. The book
 * imports neither module (decision 0059, Addendum: approval and risk off the book).
 */

export type ReviewStage = 'first' | 'final';
export type ReviewDecision = 'pass' | 'reject' | 'sendBack';

/** Who is deciding: a reviewer reaches only their own tasks; a lead (approve.assign) all. */
export interface ReviewScope {
  callerId: number;
  seesAll: boolean;
}

/** What a decision records on its review task beyond who decided and when. */
export interface ReviewDecisionDetails {
  rejectionCodeId?: number | undefined;
  remarks?: string | undefined;
  checklist?: Record<string, boolean> | undefined;
  approvedPrincipalPaise?: bigint | undefined;
}

/** The approval module's review work, as the book's order commands need it. */
export interface ReviewWork {
  /**
   * Record scope, checked before anything else: a reviewer who is not a lead reaches only an
   * open task assigned to them (or one not yet assigned); else 403.
   */
  assertReach(tx: Executor, orderId: number, stage: ReviewStage, scope: ReviewScope): Promise<void>;
  /**
   * An enabled rejection code for the stage, or a 400 naming `rejectionCodeId`; when the
   * decision rejects, what the code does beyond it (a blacklisting code lists the customer).
   */
  useRejectionCode(
    tx: Executor,
    order: Pick<LoanOrderRow, 'customerId' | 'orderNo'>,
    use: { codeId: number; stage: ReviewStage; rejecting: boolean; actorId: number; now: Date },
  ): Promise<void>;
  /** Closes the order's open task of the stage with the decision (403 to another reviewer). */
  closeTask(
    tx: Executor,
    order: LoanOrderRow,
    stage: ReviewStage,
    decision: ReviewDecision,
    scope: ReviewScope,
    details: ReviewDecisionDetails,
    now: Date,
  ): Promise<void>;
  /**
   * Queues the order for a stage: to `picked` (400 naming `picked.field` unless eligible), else
   * to the least-loaded eligible reviewer, else unassigned.
   */
  queueForReview(
    tx: Executor,
    order: LoanOrderRow,
    stage: ReviewStage,
    now: Date,
    picked?: { reviewerId: number; field: string },
  ): Promise<void>;
  /** A cancelled order leaves no open review work behind. */
  dropOpenTasks(tx: Executor, orderId: number): Promise<void>;
  /** A machine rejection referred to people: who, why, when. */
  recordMachineReferral(
    tx: Executor,
    referral: {
      orderId: number;
      reasonCode: string;
      remarks: string;
      referredBy: number;
      at: Date;
    },
  ): Promise<void>;
}

export type MachineDecision = 'pass' | 'refer' | 'reject';

/** What machine review decided for one order, as the order keeps it. */
export interface MachineVerdict {
  /** The published rule-set version that judged it; null when none was published. */
  version: number | null;
  /** The machine score: the version's base score minus the weighted scores of the rules hit. */
  score: number;
  /** A failed riskConfig check rejects whatever the rules say. */
  decision: MachineDecision;
  hardFail: boolean;
  /** riskConfig checks that refused it (`blacklist:phone`, `maxOpenLoans`…). */
  checksFailed: readonly string[];
}

/** The risk module's machine review. */
export interface MachineReview {
  /** Decides the order and records the decision and every rule's result. */
  decide(tx: Executor, order: LoanOrderRow, now: Date): Promise<MachineVerdict>;
  /** The decision recorded for an order (the order detail shows it); null before one. */
  decisionOf(db: Executor, orderId: number): Promise<MachineDecision | null>;
}
