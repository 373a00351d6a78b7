import { addDays } from '@lending/lending';
import type { GatewayPayout, PayoutGateway } from '../../integrations/payouts/index.js';
import { applyGatewayPayout, payoutIdOfReference, payoutReference } from '../payouts/index.js';
import type { Database } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import type { Clock } from '../../shared/clock.js';
import { startOfIndiaDate } from '../../shared/india-date.js';
import { ordersOfPayouts, payoutsProcessedOn, type LoanBookDeps } from '../loan-book/index.js';
import {
  findBreak,
  recordBreaks,
  refreshCheckedDayStatus,
  resolveOpenBreak,
  sideOfBreak,
  upsertReconciledDay,
  type NewBreak,
} from './reconciliation.repository.js';
import type { reconciliationBreaks } from './finance.table.js';

/**
 * The payout side of the daily reconciliation (decision 0064): the loan book's payouts the
 * gateway processed on an India day against the gateway's statement of payouts for that day,
 * by our reference, in the same three kinds of break as the collection side.
 */
export interface PayoutReconciliationDeps {
  db: Database;
  clock: Clock;
  loanBook: LoanBookDeps;
  payouts: PayoutGateway;
}

export interface BookPayout {
  payoutId: number;
  orderId: number;
  reference: string;
  amountPaise: bigint;
}

/**
 * The book's payouts through this gateway processed on the day: disbursals and refunds, a
 * reversed one on its processed day (the money left that day, as OrderLoan lists it).
 */
export async function bookPayoutsOf(
  db: Database,
  channel: string,
  date: string,
): Promise<BookPayout[]> {
  const rows = await payoutsProcessedOn(db, channel, date);
  return rows.map((row) => ({
    payoutId: row.id,
    orderId: row.orderId,
    reference: payoutReference(row.id),
    amountPaise: row.amountPaise,
  }));
}

/**
 * The statement's payouts of the loan book: a wallet withdrawal travels through the same
 * gateway under its own reference and is its module's, not compared here.
 */
export function loanBookPayoutsOf(statement: readonly GatewayPayout[]): GatewayPayout[] {
  return statement.filter((payout) => payoutIdOfReference(payout.reference) !== undefined);
}

/**
 * The breaks between the book's payouts of the day and the gateway's: a payout on both with
 * different amounts, one only the book has processed that day, one only the gateway has.
 * `orderOf` names the order of a gateway-only payout the book knows under another state.
 */
export function comparePayouts(
  book: readonly BookPayout[],
  statement: readonly GatewayPayout[],
  orderOf: ReadonlyMap<number, number>,
): NewBreak[] {
  const theirs = new Map(statement.map((payout) => [payout.reference, payout]));
  const ours = new Map(book.map((payout) => [payout.reference, payout]));
  const gatewayRecord = (payout: GatewayPayout | undefined) => ({
    gatewayPaise: payout?.amountPaise ?? null,
    // The gateway's payout id where a collection break keeps the paid-into account.
    gatewayAccount: payout?.gatewayPayoutId ?? null,
    gatewayMethod: null,
    gatewayAt: payout?.processedAt ?? null,
  });
  const breaks: NewBreak[] = [];
  for (const payout of book) {
    const reported = theirs.get(payout.reference);
    if (reported && reported.amountPaise === payout.amountPaise) continue;
    breaks.push({
      kind: reported ? 'amount_mismatch' : 'ours_only',
      reference: payout.reference,
      orderId: payout.orderId,
      creditId: null,
      oursPaise: payout.amountPaise,
      ...gatewayRecord(reported),
    });
  }
  for (const reported of statement) {
    if (ours.has(reported.reference)) continue;
    const payoutId = payoutIdOfReference(reported.reference);
    breaks.push({
      kind: 'gateway_only',
      reference: reported.reference,
      orderId: payoutId === undefined ? null : (orderOf.get(payoutId) ?? null),
      creditId: null,
      oursPaise: null,
      ...gatewayRecord(reported),
    });
  }
  return breaks;
}

/**
 * Reconciles the payout side of one India day and records it for FinancialList: the book's
 * and the statement's amounts and counts, the breaks, and the status (passed, or failed while
 * a break is open). Returns the day's id.
 */
export async function reconcilePayoutDay(
  deps: PayoutReconciliationDeps,
  date: string,
): Promise<number> {
  const period = { from: startOfIndiaDate(date), to: startOfIndiaDate(addDays(date, 1)) };
  const statement = loanBookPayoutsOf(await deps.payouts.statementOfPayouts(period));
  const book = await bookPayoutsOf(deps.db, deps.payouts.provider, date);
  const known = new Set(book.map((payout) => payout.reference));
  const otherIds = statement
    .filter((payout) => !known.has(payout.reference))
    .map((payout) => payoutIdOfReference(payout.reference)!);
  const orderOf = new Map(
    otherIds.length === 0
      ? []
      : (await ordersOfPayouts(deps.db, otherIds)).map((row) => [row.id, row.orderId] as const),
  );
  const sum = (rows: readonly { amountPaise: bigint }[]) =>
    rows.reduce((total, row) => total + row.amountPaise, 0n);
  const day = await upsertReconciledDay(deps.db, {
    businessDate: date,
    side: 'payout',
    channel: deps.payouts.provider,
    systemAmountPaise: sum(book),
    systemCount: book.length,
    thirdPartyAmountPaise: sum(statement),
    thirdPartyCount: statement.length,
    checkedAt: deps.clock.now(),
  });
  await recordBreaks(deps.db, day.id, comparePayouts(book, statement, orderOf));
  await refreshCheckedDayStatus(deps.db, day.id);
  return day.id;
}

/** True when the break is of a payout day: its resolution is resolvePayoutBreak's. */
export async function isPayoutBreak(db: Database, breakId: number): Promise<boolean> {
  return (await sideOfBreak(db, breakId)) === 'payout';
}

export interface PayoutBreakResolution {
  breakId: number;
  action: 'accept' | 'refund' | 'ignore';
  reason?: string | undefined;
}

const conflict = (detail: string) => new AppError('conflict', { detail });

/**
 * A person resolves an open payout break, in the call's transaction with its audit row:
 * - accept, ours only or gateway only: the gateway is asked for the payout now and its record
 *   is applied through the same path as its webhook (applyGatewayPayout): a payout the book
 *   still waited on becomes processed, one the bank sent back is reversed; a record the book
 *   already holds posts nothing;
 * - accept, amount mismatch: refused (409): a paid amount is not restated by the book; it is
 *   settled with the gateway and the break ignored with the reason;
 * - refund: refused (409): an overpaid order is refunded from its own screen;
 * - ignore: nothing is posted; the reason is kept.
 */
export async function resolvePayoutBreak(
  deps: PayoutReconciliationDeps,
  input: PayoutBreakResolution,
  actorId: number,
) {
  const found = await findBreak(deps.db, input.breakId);
  if (!found) throw new AppError('notFound', { field: 'breakId', detail: String(input.breakId) });
  if (found.status !== 'open') throw conflict(`break ${found.id} is already ${found.status}`);
  const reason = input.reason?.trim() ?? '';
  let update: Partial<typeof reconciliationBreaks.$inferInsert>;
  if (input.action === 'ignore') {
    if (!reason) throw AppError.invalid('reason', 'is required to ignore a break');
    update = { status: 'ignored', note: reason };
  } else if (input.action === 'refund') {
    throw conflict('a payout break is not refunded: accept the gateway’s record or ignore it');
  } else {
    update = await acceptGatewayRecord(deps, found);
    if (reason) update.note = `${update.note}: ${reason}`;
  }
  await resolveOpenBreak(deps.db, found.id, {
    ...update,
    resolvedBy: actorId,
    resolvedAt: deps.clock.now(),
  });
  const dayStatus = await refreshCheckedDayStatus(deps.db, found.dayId);
  return { breakId: found.id, dayStatus };
}

async function acceptGatewayRecord(
  deps: PayoutReconciliationDeps,
  found: typeof reconciliationBreaks.$inferSelect,
): Promise<Partial<typeof reconciliationBreaks.$inferInsert>> {
  if (found.kind === 'amount_mismatch') {
    throw conflict(
      'the gateway paid another amount than the book: settle it with the gateway, then ignore the break with the reason',
    );
  }
  const payoutId = payoutIdOfReference(found.reference);
  if (payoutId === undefined) throw conflict(`no payout of the book has ${found.reference}`);
  const reported = await deps.payouts.fetchStatus({ reference: found.reference });
  if (!reported) {
    throw conflict(
      'the gateway has no such payout: check with the bank, then ignore the break with the reason',
    );
  }
  const result = await applyGatewayPayout(
    deps.db,
    deps.loanBook,
    deps.payouts.provider,
    payoutId,
    reported,
    deps.clock.now(),
  );
  if (result === 'break') {
    throw conflict(
      `the book refused the gateway’s record (${reported.status}, ${reported.amountPaise} paise)`,
    );
  }
  return {
    status: 'accepted',
    payoutId,
    note:
      result === 'applied'
        ? `gateway’s record applied: ${reported.status}`
        : `the book already holds the gateway’s record: ${reported.status}`,
  };
}
