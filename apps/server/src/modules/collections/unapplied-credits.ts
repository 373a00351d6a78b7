import { postingsFor, type LedgerEvent } from '@lending/lending';
import type { Database, Executor, Transaction } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { journalIdByKey, postJournals } from '../ledger/index.js';
import { findOrder, postRepayment, type LoanBookDeps } from '../loan-book/index.js';
import { lockCredit, updateCredit, virtualAccountById } from './collections.repository.js';
import type { CollectionCreditRow } from './collections.table.js';

/**
 * The ledger of a credit no loan took: on the books at once as `liability:unapplied_credit`
 * against the collection account (`unappliedCredit`, one journal per credit, keyed by it), and
 * released once: by its refund's payout (`unappliedCreditRefund`) or by the loan it is applied to
 * later (`unappliedCreditApplied`, beside the repayment's own journal, which counts the cash).
 */
export const unappliedJournalKey = (creditId: number) => `collection:unapplied:${creditId}`;

/** 404 naming the field in the answer's field errors (the message alone says "Not found"). */
export function notFoundField(field: string, value: string | number) {
  const detail = `no such ${field}: ${value}`;
  return new AppError('notFound', { field, detail, errors: [{ field, message: detail }] });
}

type CreditMoney = Pick<CollectionCreditRow, 'id' | 'amountPaise'>;

async function postOnce(tx: Executor, event: LedgerEvent, key: string, at: Date) {
  const posted = await journalIdByKey(tx, key);
  if (posted !== undefined) return posted;
  const [id] = await postJournals(tx, [
    {
      orderId: null,
      journal: postingsFor(event),
      idempotencyKey: key,
      businessDate: indiaDateOf(at),
      at,
    },
  ]);
  return id!;
}

/** The money of a credit left unmatched is put on the books, once. */
export function postUnappliedCredit(tx: Executor, credit: CreditMoney, at: Date) {
  return postOnce(
    tx,
    { type: 'unappliedCredit', amount: credit.amountPaise },
    unappliedJournalKey(credit.id),
    at,
  );
}

/**
 * Releases the liability of a credit that was unapplied: `applied` when a loan took it, or
 * `refund:<id>` when its refund was paid. A credit left unmatched before its journal existed
 * (older rows) gets it first, so the release never leaves the liability below zero.
 */
export async function releaseUnappliedCredit(
  tx: Executor,
  credit: CreditMoney,
  how: { applied: true } | { refundId: number },
  at: Date,
) {
  await postUnappliedCredit(tx, credit, at);
  if ('applied' in how)
    return postOnce(
      tx,
      { type: 'unappliedCreditApplied', amount: credit.amountPaise },
      `${unappliedJournalKey(credit.id)}:applied`,
      at,
    );
  return postOnce(
    tx,
    { type: 'unappliedCreditRefund', amount: credit.amountPaise },
    `${unappliedJournalKey(credit.id)}:refund:${how.refundId}`,
    at,
  );
}

/** Releases it only if it was ever put on the books (a credit applied on arrival never was). */
export async function releaseIfUnapplied(tx: Executor, credit: CreditMoney, at: Date) {
  if ((await journalIdByKey(tx, unappliedJournalKey(credit.id))) === undefined) return;
  await releaseUnappliedCredit(tx, credit, { applied: true }, at);
}

/** The borrower of a credit: its virtual account's customer, or null (unknown payer). */
export async function borrowerOfCredit(tx: Executor, credit: CollectionCreditRow) {
  if (credit.virtualAccountId === null) return null;
  const account = await virtualAccountById(tx, credit.virtualAccountId);
  return account ? { customerId: account.customerId, accountNumber: account.accountNumber } : null;
}

export interface ApplyByAgreementInput {
  creditId: number;
  orderId: number;
  /** The loan's number, as staff named it (errors name it). */
  orderNo: string;
  /** How the borrower agreed, kept on the credit: e.g. `phone: call 2026-11-29 ref 123`. */
  agreement: string;
}

/**
 * An unapplied credit applied, with the borrower's agreement, as a repayment of a loan of the
 * same borrower opened since: the loan book's normal repayment (keyed by the credit, so a retry
 * posts nothing twice), and the liability released instead of cash counted again.
 */
export async function applyCreditByAgreement(
  tx: Transaction,
  loanBook: LoanBookDeps,
  provider: string,
  input: ApplyByAgreementInput,
  actorId: number,
  at: Date,
): Promise<CollectionCreditRow> {
  const credit = await lockCredit(tx, input.creditId);
  if (!credit) throw notFoundField('creditId', input.creditId);
  if (credit.status === 'applied' && credit.orderId === input.orderId) return credit;
  if (credit.status !== 'unmatched')
    throw new AppError('conflict', { detail: `the credit is ${credit.status}, not unapplied` });
  const borrower = await borrowerOfCredit(tx, credit);
  if (!borrower)
    throw new AppError('conflict', { detail: 'the credit names no borrower: refund it instead' });
  const order = await findOrder(tx, input.orderId);
  if (!order) throw notFoundField('orderNo', input.orderNo);
  if (order.customerId !== borrower.customerId)
    throw AppError.invalid('orderNo', "is not a loan of the credit's borrower");
  const result = await postRepayment(
    { ...loanBook, db: tx as unknown as Database },
    {
      orderId: order.id,
      idempotencyKey: `${unappliedJournalKey(credit.id)}:apply`,
      amountPaise: credit.amountPaise,
      channel: credit.method === 'upi' ? 'upi' : 'virtual_account',
      virtualAccountCode: borrower.accountNumber,
      gatewayPaymentId: `${provider}:${credit.paymentId}`,
    },
    actorId,
  );
  await releaseUnappliedCredit(tx, credit, { applied: true }, at);
  await updateCredit(tx, credit.id, {
    status: 'applied',
    orderId: order.id,
    repaymentId: result.repaymentId ?? null,
    note: `applied with the borrower's agreement (${input.agreement})`,
  });
  return {
    ...credit,
    status: 'applied',
    orderId: order.id,
    repaymentId: result.repaymentId ?? null,
  };
}

/** Locks an unapplied credit for its refund and marks it so (nothing else may take it). */
export async function holdCreditForRefund(tx: Executor, creditId: number) {
  const credit = await lockCredit(tx, creditId);
  if (!credit) throw notFoundField('creditId', creditId);
  return credit;
}

/** A credit's status as its refund moves: refunding, refunded, or back to unmatched. */
export async function setRefundStatusOfCredit(
  tx: Executor,
  creditId: number,
  status: 'unmatched' | 'refunding' | 'refunded',
) {
  await updateCredit(tx, creditId, { status });
}
