import {
  transition,
  type ClassThresholds,
  type ClosureType,
  type OrderEvent,
  type OrderStatus,
  type TransitionContext,
} from '@lending/lending';
import type { LockedPeriodPosting } from '@lending/contract';
import type { Database, Executor, Transaction } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import type { Clock } from '../../shared/clock.js';
import { indiaDateOf } from '../../shared/india-date.js';
import {
  claimIdempotencyKey,
  storeIdempotentResult,
  type CommandResult,
} from './command-idempotency.js';
import type { LoanOrderRow } from './loan-orders.table.js';
import { lockOrder, type OrderChangeSubscriber } from './orders.repository.js';
import type { MachineReview, ReviewWork } from './review-ports.js';

export interface LoanBookDeps {
  db: Database;
  clock: Clock;
  /** Keyed hash of Aadhaar numbers (AADHAAR_HASH_KEY). */
  aadhaarHashKey: string;
  /**
   * Told of each payout the API committed (after the call's transaction), so the payout
   * dispatcher sends it to the gateway at once instead of at its next sweep.
   */
  onPayoutCommitted?: (payoutId: number) => void;
  /** A staff member's name, for the actors an order detail shows (the user module's). */
  staffOf?: (userId: number) => Promise<{ name: string } | undefined>;
  /** Told of every change a command makes to an order, in its transaction (the app wires them). */
  onOrderChanged?: readonly OrderChangeSubscriber[];
  /**
   * The approval module's review tasks, rejection codes and machine referrals, which the review
   * commands queue, close and record in their transaction (app.ts wires approval's).
   */
  reviewWork: ReviewWork;
  /** Machine review's decision of an application, recorded in its transaction (risk's). */
  machineReview: MachineReview;
  /**
   * The operations settings the book's commands read, in the command's transaction so that a
   * change acts at once in every process (ops-config's, wired in app.ts).
   */
  bookSettings: BookSettings;
}

export interface BookSettings {
  /** The asset class thresholds a command that re-opens a loan classifies it by. */
  classThresholds(db: Executor): Promise<ClassThresholds>;
  /** `locked_period_posting`: what a posting valued in a locked month does (`periodLockBarrier`). */
  lockedPeriodPosting(db: Executor): Promise<LockedPeriodPosting>;
}

/** What an order looks like in the audit trail (before/after). */
export function auditView(row: LoanOrderRow) {
  return {
    status: row.status,
    closureType: row.closureType,
    dueDate: row.dueDate,
    outstanding: {
      principal: row.outstandingPrincipalPaise,
      interest: row.outstandingInterestPaise,
      fee: row.outstandingFeePaise,
      gst: row.outstandingGstPaise,
      penal: row.outstandingPenalPaise,
    },
    overpaid: row.overpaidPaise,
    rolloverCount: row.rolloverCount,
  };
}

/** Asks the engine's state machine; a refusal becomes a 409 naming the current status. */
export function mustTransition(
  order: Pick<LoanOrderRow, 'orderNo' | 'status'>,
  event: OrderEvent,
  context: TransitionContext = {},
): { to: OrderStatus; closureType?: ClosureType } {
  const result = transition(order.status, event, context);
  if (result.ok)
    return result.closureType
      ? { to: result.to, closureType: result.closureType }
      : { to: result.to };
  switch (result.reason) {
    case 'SAME_REVIEWER':
      throw new AppError('sameReviewer', { field: order.orderNo });
    case 'MAX_ROLLOVERS_REACHED':
      throw new AppError('rolloverLimitReached', {
        field: order.orderNo,
        detail: String(context.maxRollovers ?? ''),
      });
    case 'OVERDUE_ROLLOVER_NOT_ALLOWED':
      throw new AppError('rolloverNotAllowed', {
        field: order.orderNo,
        detail: 'the product does not allow overdue rollover',
      });
    case 'COOLING_OFF_WINDOW_CLOSED':
      throw new AppError('coolingOffWindowClosed', { field: order.orderNo });
    default:
      throw new AppError('orderStateConflict', { field: order.orderNo, detail: order.status });
  }
}

export interface CommandContext {
  tx: Transaction;
  order: LoanOrderRow;
  now: Date;
  businessDate: string;
  /** `LoanBookDeps.onOrderChanged`, for `updateOrder`. */
  onOrderChanged: readonly OrderChangeSubscriber[];
  /** The command's idempotency key, when its caller named one (keys its derived journals). */
  idempotencyKey?: string;
  /** `LoanBookDeps.bookSettings`. */
  settings: BookSettings;
}

export interface OrderCommandOptions {
  orderId: number;
  command: string;
  idempotency?: { key: string; payload: unknown };
}

/**
 * One order command: one transaction that claims the idempotency key (money commands), locks
 * the order row FOR UPDATE, runs the body (state machine, ledger, history, audit) and stores
 * the result for replays. Any error rolls everything back, the key included.
 */
export async function runOrderCommand<R extends CommandResult>(
  deps: LoanBookDeps,
  options: OrderCommandOptions,
  body: (context: CommandContext) => Promise<R>,
): Promise<R> {
  const now = deps.clock.now();
  const businessDate = indiaDateOf(now);
  return deps.db.transaction(async (tx) => {
    if (options.idempotency) {
      const replay = await claimIdempotencyKey(
        tx,
        options.idempotency.key,
        options.command,
        options.idempotency.payload,
        now,
      );
      if (replay) return replay as R;
    }
    const order = await lockOrder(tx, options.orderId);
    const onOrderChanged = deps.onOrderChanged ?? [];
    const result = await body({
      tx,
      order,
      now,
      businessDate,
      onOrderChanged,
      settings: deps.bookSettings,
      ...(options.idempotency ? { idempotencyKey: options.idempotency.key } : {}),
    });
    if (options.idempotency) await storeIdempotentResult(tx, options.idempotency.key, result);
    return result;
  });
}

/**
 * A money or status command whose caller names it with an idempotency key: the key claims the
 * command and the whole input is the payload a retry must repeat.
 */
export function runKeyedOrderCommand<R extends CommandResult>(
  deps: LoanBookDeps,
  command: string,
  input: { orderId: number; idempotencyKey: string },
  body: (context: CommandContext) => Promise<R>,
): Promise<R> {
  return runOrderCommand(
    deps,
    {
      orderId: input.orderId,
      command,
      idempotency: { key: input.idempotencyKey, payload: input },
    },
    body,
  );
}
