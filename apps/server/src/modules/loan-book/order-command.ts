import { createHash } from 'node:crypto';
import {
  accrueDay,
  addDays,
  isBefore,
  transition,
  type ClosureType,
  type LoanBalances,
  type LoanProductTerms,
  type OrderEvent,
  type OrderStatus,
  type TransitionContext,
} from '@lending/lending';
import type { Database, Executor, Transaction } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import type { Clock } from '../../shared/clock.js';
import { indiaDateOf } from '../../shared/india-date.js';
import {
  findIdempotencyRecord,
  insertIdempotencyKey,
  setIdempotentResult,
} from './idempotency.repository.js';
import type { LoanOrderRow } from './loan-orders.table.js';
import { postJournals, type JournalToPost } from './ledger.repository.js';
import { lockOrder, type OrderChangeSubscriber } from './orders.repository.js';

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
}

/** A JSON value a command returns and an idempotent replay returns again. */
export type CommandResult = Record<string, unknown>;

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'bigint') return v.toString();
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
      );
    }
    return v;
  });
}

export function requestHash(command: string, payload: unknown): string {
  return createHash('sha256')
    .update(`${command}\n${stableJson(payload)}`)
    .digest('hex');
}

/**
 * Claims an idempotency key inside the transaction. A concurrent claim of the same key waits
 * on the unique index until the first transaction ends, then sees its committed result.
 * Returns the stored result for a replay, or null when the key is fresh.
 */
export async function claimIdempotencyKey(
  tx: Executor,
  key: string,
  command: string,
  payload: unknown,
  at: Date,
): Promise<CommandResult | null> {
  const hash = requestHash(command, payload);
  if (await insertIdempotencyKey(tx, { key, command, requestHash: hash, result: null, at }))
    return null;
  const existing = await findIdempotencyRecord(tx, key);
  if (
    !existing ||
    existing.command !== command ||
    existing.requestHash !== hash ||
    !existing.result
  ) {
    throw new AppError('idempotencyKeyReused', { field: key });
  }
  return existing.result as CommandResult;
}

export async function storeIdempotentResult(
  tx: Executor,
  key: string,
  result: CommandResult,
): Promise<void> {
  await setIdempotentResult(tx, key, result);
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
    const result = await body({ tx, order, now, businessDate, onOrderChanged });
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

/**
 * Catches up missed day-ends through `through` one day at a time, so each day's accrual gets
 * its own idempotency key (the day-end job uses the same keys and skips what was accrued).
 */
export function catchUpAccruals(
  orderId: number,
  loan: LoanBalances,
  terms: LoanProductTerms,
  through: string,
  at: Date,
): { loan: LoanBalances; journals: JournalToPost[] } {
  let current = loan;
  const journals: JournalToPost[] = [];
  for (
    let date = addDays(loan.accruedThrough, 1);
    !isBefore(through, date);
    date = addDays(date, 1)
  ) {
    const step = accrueDay(current, terms, date);
    current = step.loan;
    for (const journal of step.journals) {
      journals.push({
        orderId,
        journal,
        idempotencyKey: accrualKey(orderId, date, journal.event),
        businessDate: date,
        at,
      });
    }
  }
  return { loan: current, journals };
}

export function accrualKey(orderId: number, date: string, event: string): string {
  return `accrual:${orderId}:${date}:${event}`;
}

/** Keys of a command's journals: `<command key>:<n>:<event>`. */
export function commandJournals(
  orderId: number,
  key: string,
  journals: readonly { event: string; lines: unknown[] }[],
  businessDate: string,
  at: Date,
): JournalToPost[] {
  return journals.map((journal, index) => ({
    orderId,
    journal: journal as JournalToPost['journal'],
    idempotencyKey: `${key}:${index}:${journal.event}`,
    businessDate,
    at,
  }));
}

/**
 * Posts a money command's journals: first the accruals the order had not caught up with,
 * then the command's own, keyed by the command's idempotency key. Returns the journal ids.
 */
export function postCommandJournals(
  ctx: CommandContext,
  accruals: JournalToPost[],
  idempotencyKey: string,
  journals: readonly { event: string; lines: unknown[] }[],
): Promise<number[]> {
  return postJournals(ctx.tx, [
    ...accruals,
    ...commandJournals(ctx.order.id, idempotencyKey, journals, ctx.businessDate, ctx.now),
  ]);
}
