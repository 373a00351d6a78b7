import type {
  CreditRefund,
  UnappliedCreditRow,
  applyCreditBodySchema,
  requestCreditRefundBodySchema,
  reviewCreditRefundBodySchema,
  unappliedCreditBodySchema,
} from '@lending/contract';
import { daysBetween } from '@lending/lending';
import type { z } from 'zod';
import type { AuditRecorder } from '../../plugins/audit-port.js';
import { AppError } from '../../shared/app-error.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { paiseToApi } from '../../shared/paise.js';
import { maskBankAccount, maskName, maskPhone } from '../../shared/pii.js';
import { toIso } from '../../shared/timestamps.js';
import {
  applyCreditByAgreement,
  borrowerOfCredit,
  holdCreditForRefund,
  notFoundField,
  setRefundStatusOfCredit,
} from '../collections/index.js';
import { findOrderByNo } from '../loan-book/index.js';
import { unappliedCreditDays } from '../ops-config/index.js';
import { sendCreditRefund } from './credit-refund-payouts.js';
import * as repo from './credit-refunds.repository.js';
import type { CreditRefundRow } from './credit-refunds.table.js';
import type { Database } from '../../plugins/db.js';
import type { Clock } from '../../shared/clock.js';
import type { CollectionGateway } from '../../integrations/collections/collection-gateway.js';
import type { PayoutGateway } from '../../integrations/payouts/index.js';
import type { LoanBookDeps } from '../loan-book/index.js';

/** What unapplied credits need: finance's deps (ReconciliationDeps has the same). */
export interface UnappliedCreditsDeps {
  db: Database;
  clock: Clock;
  loanBook: LoanBookDeps;
  collections: Pick<CollectionGateway, 'provider'>;
  payouts: PayoutGateway;
}
type ReconciliationDeps = UnappliedCreditsDeps;

const DAY_MS = 86_400_000;

export function refundView(row: repo.RefundWithNames): CreditRefund {
  const { refund } = row;
  return {
    id: refund.id,
    creditId: refund.creditId,
    amountPaise: paiseToApi(refund.amountPaise),
    status: refund.status,
    destination: refund.destination,
    accountNumber: maskBankAccount(refund.accountNumber),
    ifsc: refund.ifsc,
    reason: refund.reason,
    requestedBy: row.requestedBy ?? String(refund.requestedBy),
    requestedAt: toIso(refund.requestedAt),
    reviewedBy: refund.reviewedBy === null ? null : (row.reviewedBy ?? String(refund.reviewedBy)),
    reviewedAt: refund.reviewedAt === null ? null : toIso(refund.reviewedAt),
    reviewReason: refund.reviewReason,
    utr: refund.utr,
    failureReason: refund.failureReason,
  };
}

async function refundAnswer(deps: ReconciliationDeps, id: number) {
  return refundView((await repo.refundWithNames(deps.db, id))!);
}

/** Credits no loan took and not returned, aged against `unapplied_credit_days` (masked). */
export async function unappliedCredits(
  deps: ReconciliationDeps,
  body: z.output<typeof unappliedCreditBodySchema>,
) {
  const agedAfterDays = await unappliedCreditDays(deps.db);
  const now = deps.clock.now();
  const today = indiaDateOf(now);
  const { list, total } = await repo.listUnappliedCredits(
    deps.db,
    body,
    new Date(now.getTime() - agedAfterDays * DAY_MS),
  );
  const refunds = await repo.latestRefundsOf(
    deps.db,
    list.map((row) => row.credit.id),
  );
  return {
    total,
    agedAfterDays,
    list: list.map(({ credit, ...row }): UnappliedCreditRow => {
      const refund = refunds.get(credit.id);
      return {
        id: credit.id,
        paymentId: credit.paymentId,
        creditedAt: toIso(credit.creditedAt),
        amountPaise: paiseToApi(credit.amountPaise),
        status: credit.status === 'refunding' ? 'refunding' : 'unmatched',
        note: credit.note,
        ageDays: daysBetween(indiaDateOf(credit.creditedAt), today),
        aged: now.getTime() - credit.creditedAt.getTime() > agedAfterDays * DAY_MS,
        customerName: row.customerName === null ? null : maskName(row.customerName),
        phone: row.phone === null ? null : maskPhone(row.phone),
        virtualAccount: row.virtualAccount === null ? null : maskBankAccount(row.virtualAccount),
        payerReference: credit.payerReference,
        borrowerAccountVerified: row.bankAccountVerified ?? false,
        refund: refund ? refundView(refund) : null,
      };
    }),
  };
}

export type RequestRefundInput = z.output<typeof requestCreditRefundBodySchema>;

/**
 * One person asks to refund an unapplied credit: to the payer's account (as the payer's bank
 * reported it) or to the borrower's verified bank account. The credit is held (`refunding`) so
 * nothing else takes it; a second person approves. The same key answers the same request.
 */
export async function requestCreditRefund(
  deps: ReconciliationDeps,
  input: RequestRefundInput,
  actorId: number,
  audit?: AuditRecorder,
): Promise<CreditRefund> {
  const existing = await repo.refundByRequestKey(deps.db, input.idempotencyKey);
  if (existing) {
    if (existing.creditId !== input.creditId)
      throw new AppError('duplicate', { field: 'idempotencyKey' });
    return refundAnswer(deps, existing.id);
  }
  const id = await deps.db.transaction(async (tx) => {
    const credit = await holdCreditForRefund(tx, input.creditId);
    if (credit.status !== 'unmatched')
      throw new AppError('conflict', {
        detail: `credit ${credit.id} is ${credit.status}: only an unapplied credit is refunded`,
      });
    let payee: { name: string; accountNumber: string; ifsc: string };
    if (input.destination === 'payer') {
      payee = input.payee!;
    } else {
      const borrower = await borrowerOfCredit(tx, credit);
      if (!borrower)
        throw AppError.invalid('destination', 'the credit names no borrower: refund to the payer');
      const account = await repo.verifiedAccountOf(tx, borrower.customerId);
      if (!account)
        throw AppError.invalid('destination', 'the borrower has no verified bank account');
      payee = account;
    }
    const row = await repo.insertRefund(tx, {
      creditId: credit.id,
      amountPaise: credit.amountPaise,
      status: 'requested',
      destination: input.destination,
      beneficiaryName: payee.name,
      accountNumber: payee.accountNumber,
      ifsc: payee.ifsc,
      reason: input.reason,
      requestKey: input.idempotencyKey,
      requestedBy: actorId,
      requestedAt: deps.clock.now(),
    });
    if (!row) throw new AppError('conflict', { detail: `credit ${credit.id} has a live refund` });
    await setRefundStatusOfCredit(tx, credit.id, 'refunding');
    await audit?.record({
      targetType: 'collection_credit',
      targetId: credit.id,
      before: { status: credit.status },
      after: { status: 'refunding', refundId: row.id, destination: input.destination },
    });
    return row.id;
  });
  return refundAnswer(deps, id);
}

/**
 * The second person's decision. The requester's own approval is refused; a refund already
 * decided answers 409 (`alreadyReviewed`) unless it is the same approval again (its key), which
 * re-sends under the refund's own gateway key: two approvals, however concurrent, pay once.
 */
export async function reviewCreditRefund(
  deps: ReconciliationDeps,
  body: z.output<typeof reviewCreditRefundBodySchema>,
  actorId: number,
): Promise<CreditRefund> {
  const decided = await deps.db.transaction(async (tx) => {
    const row = await repo.lockRefund(tx, body.refundId);
    if (!row) throw notFoundField('refundId', body.refundId);
    if (row.reviewKey === body.idempotencyKey && row.reviewedBy === actorId)
      return row.status === 'approved' ? row : undefined;
    if (row.status !== 'requested')
      throw new AppError('alreadyReviewed', { field: `refund ${row.id}`, detail: row.status });
    if (row.requestedBy === actorId)
      throw new AppError('sameMakerChecker', { field: `refund ${row.id}` });
    const at = deps.clock.now();
    const review = {
      reviewKey: body.idempotencyKey,
      reviewedBy: actorId,
      reviewedAt: at,
      reviewReason: body.reason ?? null,
    };
    if (body.decision === 'reject') {
      await repo.updateRefund(tx, row.id, { ...review, status: 'rejected', settledAt: at });
      await setRefundStatusOfCredit(tx, row.creditId, 'unmatched');
      await reopenBreaks(tx, row.id, `refund rejected: ${body.reason ?? ''}`);
      return undefined;
    }
    await repo.updateRefund(tx, row.id, { ...review, status: 'approved' });
    return { ...row, ...review, status: 'approved' as const };
  });
  if (decided) await sendCreditRefund(deps, decided);
  return refundAnswer(deps, body.refundId);
}

/** Breaks waiting on a refund that will not be paid are open again, with why. */
export async function reopenBreaks(
  tx: Parameters<typeof repo.setBreaksOfRefund>[0],
  refundId: number,
  note: string,
) {
  return repo.setBreaksOfRefund(tx, refundId, {
    status: 'open',
    note,
    resolvedBy: null,
    resolvedAt: null,
  });
}

/**
 * Applies an unapplied credit, with the borrower's recorded agreement, to a loan of the same
 * borrower: the loan book's repayment, and the liability released. Audited with the agreement.
 */
export async function applyUnappliedCredit(
  deps: ReconciliationDeps,
  body: z.output<typeof applyCreditBodySchema>,
  actorId: number,
  audit?: AuditRecorder,
) {
  const order = await findOrderByNo(deps.db, body.orderNo);
  if (!order) throw notFoundField('orderNo', body.orderNo);
  const agreement = `${body.agreementChannel}: ${body.agreementReference}`;
  const credit = await deps.db.transaction((tx) =>
    applyCreditByAgreement(
      tx,
      deps.loanBook,
      deps.collections.provider,
      { creditId: body.creditId, orderId: order.id, orderNo: order.orderNo, agreement },
      actorId,
      deps.clock.now(),
    ),
  );
  await audit?.record({
    targetType: 'collection_credit',
    targetId: credit.id,
    after: {
      status: 'applied',
      orderNo: order.orderNo,
      repaymentId: credit.repaymentId,
      agreement: { channel: body.agreementChannel, reference: body.agreementReference },
    },
  });
  return { creditId: credit.id, orderNo: order.orderNo, repaymentId: credit.repaymentId };
}

export type { CreditRefundRow };
