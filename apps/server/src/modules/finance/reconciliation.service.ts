import { addDays } from '@lending/lending';
import type { CollectionGateway } from '../../integrations/collections/collection-gateway.js';
import {
  applyCollectionCredit,
  applyUnmatchedCredit,
  creditValueDate,
  creditsOfPayment,
  creditsOfPeriod,
  reconcileCollections,
  repaymentIdOfCredit,
} from '../collections/index.js';
import type { PayoutGateway } from '../../integrations/payouts/index.js';
import type { Database, Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import type { Clock } from '../../shared/clock.js';
import { indiaDateOf, startOfIndiaDate } from '../../shared/india-date.js';
import {
  createRefund,
  findOrder,
  findOrderByNo,
  postRepayment,
  reverseRepayment,
  type LoanBookDeps,
} from '../loan-book/index.js';
import type { ReconciliationSide, reconciliationBreaks } from './finance.table.js';
import { isPayoutBreak, reconcilePayoutDay, resolvePayoutBreak } from './payout-reconciliation.js';
import { applyUnappliedCredit, requestCreditRefund } from './unapplied-credits.service.js';
import {
  dayStatusesOf,
  findBreak,
  recordBreaks,
  refreshCheckedDayStatus,
  resolveOpenBreak,
  upsertReconciledDay,
  type NewBreak,
} from './reconciliation.repository.js';

export interface ReconciliationDeps {
  db: Database;
  clock: Clock;
  loanBook: LoanBookDeps;
  collections: CollectionGateway;
  /** The payout gateway: its name is the payout days' channel, its statement their check. */
  payouts: PayoutGateway;
}

/** A collection break: open, or accepted already when the job recovered the credit. */
interface CollectionBreak extends NewBreak {
  status?: 'open' | 'accepted';
  note?: string;
}

/** The India day `[00:00, next 00:00)` IST as instants. */
function periodOf(date: string) {
  return { from: startOfIndiaDate(date), to: startOfIndiaDate(addDays(date, 1)) };
}

/**
 * Reconciles one India day on both sides and records it for /financialManagement/FinancialList.
 *
 * Collections: the collection reconciliation (decision 0021) runs over the day first, so a
 * credit whose webhook was lost is applied through the webhook's own path and listed as a
 * gateway-only break already accepted by the job; what it reports and does not fix (an amount
 * the statement shows differently, a credit the statement lacks) becomes an open break.
 *
 * Payouts (decision 0064, `reconcilePayoutDay`): the loan book's payouts through the payout
 * gateway processed that day (disbursals and refunds) against the gateway's statement of
 * payouts, by reference; a different amount, one only the book has, or one only the gateway
 * has becomes an open break, and the day is passed or failed as the collection side is. A
 * run leaves neither side "not checked" (decision 0031's payout days, before the statement).
 */
export async function reconcileDay(deps: ReconciliationDeps, date: string) {
  const period = periodOf(date);
  const provider = deps.collections.provider;
  const report = await reconcileCollections(
    { db: deps.db, clock: deps.clock, loanBook: deps.loanBook, gateway: deps.collections },
    period,
  );
  const statement = await deps.collections.statementOfCredits(period);
  const byPayment = new Map(statement.map((credit) => [credit.paymentId, credit]));
  const credits = await creditsOfPeriod(deps.db, provider, period);
  const creditOf = new Map(credits.map((credit) => [credit.paymentId, credit]));
  const breaks: CollectionBreak[] = [];
  const gatewayRecord = (paymentId: string) => {
    const credit = byPayment.get(paymentId);
    return {
      gatewayPaise: credit ? credit.amountPaise : null,
      gatewayAccount: credit?.accountNumber ?? null,
      gatewayMethod: credit?.method ?? null,
      gatewayAt: credit?.creditedAt ?? null,
    };
  };
  for (const found of report.breaks) {
    if (found.field !== 'amountPaise') continue;
    const credit = creditOf.get(found.paymentId);
    breaks.push({
      kind: 'amount_mismatch',
      reference: found.paymentId,
      orderId: credit?.orderId ?? null,
      creditId: credit?.id ?? null,
      oursPaise: BigInt(found.book),
      ...gatewayRecord(found.paymentId),
    });
  }
  for (const paymentId of report.notOnStatement) {
    const credit = creditOf.get(paymentId);
    breaks.push({
      kind: 'ours_only',
      reference: paymentId,
      orderId: credit?.orderId ?? null,
      creditId: credit?.id ?? null,
      oursPaise: credit?.amountPaise ?? null,
      gatewayPaise: null,
      gatewayAccount: null,
      gatewayMethod: null,
      gatewayAt: null,
    });
  }
  // Money the gateway took that the loan book has not (no known account, no open loan, or
  // refused): the day is not passed while it waits (decision 0072), whether its webhook came or
  // the job above recovered it.
  for (const credit of credits) {
    if (credit.status !== 'unmatched' || !byPayment.has(credit.paymentId)) continue;
    breaks.push({
      kind: 'gateway_only',
      reference: credit.paymentId,
      orderId: credit.orderId,
      creditId: credit.id,
      oursPaise: null,
      ...gatewayRecord(credit.paymentId),
      note: `recorded, not applied: ${credit.note ?? 'unmatched'}`,
    });
  }
  for (const paymentId of report.recovered) {
    const credit = creditOf.get(paymentId);
    if (credit?.status !== 'applied') continue;
    breaks.push({
      kind: 'gateway_only',
      reference: paymentId,
      orderId: credit?.orderId ?? null,
      creditId: credit?.id ?? null,
      oursPaise: null,
      ...gatewayRecord(paymentId),
      status: 'accepted',
      note: 'applied by the reconciliation job (webhook never arrived)',
    });
  }
  const now = deps.clock.now();
  const systemPaise = credits.reduce((sum, credit) => sum + credit.amountPaise, 0n);
  const gatewayPaise = statement.reduce((sum, credit) => sum + credit.amountPaise, 0n);
  const collectionDay = await upsertReconciledDay(deps.db, {
    businessDate: date,
    side: 'collection',
    channel: provider,
    systemAmountPaise: systemPaise,
    systemCount: credits.length,
    thirdPartyAmountPaise: gatewayPaise,
    thirdPartyCount: statement.length,
    checkedAt: now,
  });
  await recordBreaks(
    deps.db,
    collectionDay.id,
    breaks.map((item) => ({
      ...item,
      note: item.note ?? null,
      resolvedAt: item.status === 'accepted' ? now : null,
    })),
  );
  await refreshCheckedDayStatus(deps.db, collectionDay.id);

  // Payouts against the payout gateway's statement (decision 0064).
  const payoutDayId = await reconcilePayoutDay(deps, date);
  return [collectionDay.id, payoutDayId];
}

/**
 * The audit target of a reconciliation run: the India day. Whoever ran it last (a person through
 * `finance.run_reconciliation`, or the schedule) is read from here by the day list.
 */
export const RECONCILIATION_RUN_TARGET = 'reconciliation_day';

/** What a run of a day left, for its audit row: each side's status and open breaks. */
export async function runSummaryOf(db: Executor, dayIds: readonly number[]) {
  const rows = await dayStatusesOf(db, dayIds);
  return Object.fromEntries(
    rows.map((row) => [row.side, { status: row.status, openBreaks: row.openBreaks }]),
  );
}

export interface ResolveInput {
  breakId: number;
  action: 'accept' | 'refund' | 'apply' | 'ignore';
  reason?: string | undefined;
  refundTo?: 'payer' | 'borrower_account' | undefined;
  payee?: { name: string; accountNumber: string; ifsc: string } | undefined;
  orderNo?: string | undefined;
  agreementChannel?: 'phone' | 'sms' | 'email' | 'app' | 'letter' | undefined;
  agreementReference?: string | undefined;
  idempotencyKey: string;
}

const conflict = (detail: string) => new AppError('conflict', { detail });

/**
 * A person resolves an open break. Every money effect goes through the loan book's own
 * commands (the normal posting path, balanced journals, idempotency keys derived from the
 * caller's key), in the call's transaction with its audit row:
 * - accept, amount mismatch where the statement shows more: the difference is posted as a
 *   repayment of the order; where it shows less, accepting is refused (reverse on /repay);
 * - accept, ours only: the book's repayment is reversed (the gateway never received it);
 * - accept, gateway only: the credit is applied as its webhook would have been;
 * - refund: the order's overpayment is paid back (createRefund; the order must be OVERPAID); a
 *   gateway-only break whose credit is unapplied starts that credit's two-person refund instead
 *   (the break is `refunding` until the payout is paid, then `refunded`; open again if it fails);
 * - apply: a gateway-only break's unapplied credit is applied to the borrower's later loan with
 *   the borrower's recorded agreement (unapplied-credits.service.ts);
 * - ignore: nothing is posted; the reason is kept.
 */
export async function resolveBreakOf(
  deps: ReconciliationDeps,
  input: ResolveInput,
  actorId: number,
) {
  // A payout day's break is resolved against the payout gateway (decision 0064).
  if (await isPayoutBreak(deps.db, input.breakId)) {
    if (input.action === 'apply') throw conflict('a payout break has no credit to apply');
    return resolvePayoutBreak(deps, { ...input, action: input.action }, actorId);
  }
  const found = await findBreak(deps.db, input.breakId);
  if (!found) throw new AppError('notFound', { field: 'breakId', detail: String(input.breakId) });
  if (found.status !== 'open') throw conflict(`break ${found.id} is already ${found.status}`);
  const reason = input.reason?.trim() ?? '';
  const note = (what: string) => (reason ? `${what}: ${reason}` : what);
  const key = (suffix: string) => `${input.idempotencyKey}:${suffix}`;
  let update: Partial<typeof reconciliationBreaks.$inferInsert>;
  switch (input.action) {
    case 'ignore': {
      if (!reason) throw AppError.invalid('reason', 'is required to ignore a break');
      update = { status: 'ignored', note: reason };
      break;
    }
    case 'refund': {
      if (found.kind === 'gateway_only' && found.creditId !== null) {
        update = await refundUnapplied(deps, input, found.creditId, actorId, reason, note);
        break;
      }
      if (found.orderId === null) throw conflict('the break names no order to refund');
      const order = await findOrder(deps.db, found.orderId);
      if (order?.status !== 'OVERPAID')
        throw conflict(`order is ${order?.status ?? 'missing'}: only an overpayment is refunded`);
      const result = await createRefund(
        deps.loanBook,
        { orderId: found.orderId, idempotencyKey: key('refund'), channel: deps.payouts.provider },
        actorId,
      );
      update = { status: 'refunded', payoutId: result.payoutId ?? null, note: note('refunded') };
      break;
    }
    case 'accept': {
      update = await accept(deps, found, key, actorId, note);
      break;
    }
    case 'apply': {
      if (found.kind !== 'gateway_only' || found.creditId === null)
        throw conflict('only an unapplied credit of the gateway is applied to a loan');
      const { orderNo, agreementChannel, agreementReference } = input;
      if (!orderNo) throw AppError.invalid('orderNo', 'is required to apply the credit');
      if (!agreementChannel)
        throw AppError.invalid('agreementChannel', 'is required: how the borrower agreed');
      if (!agreementReference)
        throw AppError.invalid('agreementReference', 'is required: where the agreement is kept');
      const applied = await applyUnappliedCredit(
        deps,
        {
          creditId: found.creditId,
          orderNo,
          agreementChannel,
          agreementReference,
          idempotencyKey: key('apply'),
        },
        actorId,
      );
      const order = await findOrderByNo(deps.db, applied.orderNo);
      update = {
        status: 'accepted',
        orderId: order?.id ?? null,
        repaymentId: applied.repaymentId,
        note: note(
          `applied to ${applied.orderNo} with the borrower's agreement (${agreementChannel}: ${agreementReference})`,
        ),
      };
      break;
    }
  }
  const now = deps.clock.now();
  await resolveOpenBreak(deps.db, found.id, { ...update, resolvedBy: actorId, resolvedAt: now });
  const dayStatus = await refreshCheckedDayStatus(deps.db, found.dayId);
  return { breakId: found.id, dayStatus };
}

/** A gateway-only break's unapplied credit: its refund is requested (a second person approves). */
async function refundUnapplied(
  deps: ReconciliationDeps,
  input: ResolveInput,
  creditId: number,
  actorId: number,
  reason: string,
  note: (what: string) => string,
): Promise<Partial<typeof reconciliationBreaks.$inferInsert>> {
  if (!reason) throw AppError.invalid('reason', 'is required to refund an unapplied credit');
  const destination = input.refundTo ?? 'borrower_account';
  if (destination === 'payer' && !input.payee)
    throw AppError.invalid('payee', "the payer's account is needed to refund to the payer");
  const refund = await requestCreditRefund(
    deps,
    {
      creditId,
      destination,
      ...(input.payee ? { payee: input.payee } : {}),
      reason,
      idempotencyKey: `${input.idempotencyKey}:refund`,
    },
    actorId,
  );
  return { status: 'refunding', creditRefundId: refund.id, note: note('refund requested') };
}

async function accept(
  deps: ReconciliationDeps,
  found: typeof reconciliationBreaks.$inferSelect,
  key: (suffix: string) => string,
  actorId: number,
  note: (what: string) => string,
): Promise<Partial<typeof reconciliationBreaks.$inferInsert>> {
  if (found.kind === 'amount_mismatch') {
    const ours = found.oursPaise ?? 0n;
    const theirs = found.gatewayPaise ?? 0n;
    if (found.orderId === null) throw conflict('the credit was applied to no order');
    if (theirs <= ours)
      throw conflict('the statement shows less than the book: reverse the repayment instead');
    // The difference reached the lender with the rest of the credit: valued on that day.
    const order = await findOrder(deps.db, found.orderId);
    const valued = found.gatewayAt
      ? creditValueDate(
          found.gatewayAt,
          indiaDateOf(deps.clock.now()),
          order?.disbursalDate ?? null,
        )
      : null;
    const result = await postRepayment(
      deps.loanBook,
      {
        orderId: found.orderId,
        idempotencyKey: key('accept'),
        channel: found.gatewayMethod === 'upi' ? 'upi' : 'virtual_account',
        virtualAccountCode: found.gatewayAccount ?? undefined,
        amountPaise: theirs - ours,
        valueDate: valued?.valueDate,
      },
      actorId,
    );
    const valuedOn = result.valueDate ? `, valued ${result.valueDate}` : '';
    return {
      status: 'accepted',
      repaymentId: result.repaymentId ?? null,
      note: note(`posted the difference of ${theirs - ours} paise${valuedOn}`),
    };
  }
  if (found.kind === 'ours_only') {
    const repaymentId = found.creditId
      ? await repaymentIdOfCredit(deps.db, found.creditId)
      : undefined;
    if (repaymentId === undefined) throw conflict('the credit posted no repayment to reverse');
    await reverseRepayment(
      deps.loanBook,
      {
        repaymentId,
        idempotencyKey: key('reverse'),
        reason: `not on the gateway's statement (reconciliation break ${found.id})`,
      },
      actorId,
    );
    return { status: 'accepted', repaymentId, note: note('repayment reversed') };
  }
  // Gateway only: applied as the webhook would have been, keyed by the gateway's payment id, and
  // so valued on the day the gateway credited it. A credit already recorded but left unmatched
  // is applied again; if the loan book still refuses it, nothing changes and the break stays
  // open (decision 0072).
  if (found.gatewayPaise === null || found.gatewayAt === null)
    throw conflict("the gateway's record was not kept");
  const creditedAt = found.gatewayAt.toISOString();
  const provider = deps.collections.provider;
  const applied = await deps.db.transaction(async (tx) => {
    const loanBook = { ...deps.loanBook, db: tx as unknown as Database };
    const accountNumber = found.gatewayAccount ?? '';
    await applyCollectionCredit(
      tx,
      loanBook,
      provider,
      {
        id: `reconciliation:${found.reference}`,
        type: 'credit.reconciled',
        data: {
          paymentId: found.reference,
          accountNumber,
          method: found.gatewayMethod === 'upi' ? 'upi' : 'bank_transfer',
          amountPaise: Number(found.gatewayPaise),
          creditedAt,
        },
      },
      deps.clock.now(),
    );
    const [recorded] = await creditsOfPayment(tx, provider, found.reference);
    const credit = await applyUnmatchedCredit(
      tx,
      loanBook,
      provider,
      { creditId: recorded!.id, accountNumber },
      deps.clock.now(),
    );
    if (credit.status !== 'applied')
      throw conflict(`the loan book does not take the credit (${credit.note ?? 'unmatched'})`);
    return credit;
  });
  return {
    status: 'accepted',
    orderId: applied.orderId,
    creditId: applied.id,
    repaymentId: applied.repaymentId,
    note: note("gateway's credit applied"),
  };
}

export type { ReconciliationSide };
