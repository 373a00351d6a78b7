import { z } from 'zod';
import type { Executor, Transaction, Database } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import {
  coolingOffExit,
  orderDueFirstOf,
  postRepayment,
  rollover,
  type LoanBookDeps,
} from '../loan-book/index.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { markRequestPaid, payableRequest } from './payment-requests.repository.js';
import type { GatewayEvent } from '../../integrations/webhooks/webhook-routes.js';
import {
  CollectionGatewayRejected,
  CollectionGatewayUnavailable,
  type CollectionGateway,
  type GatewayVirtualAccount,
} from '../../integrations/collections/collection-gateway.js';
import {
  findCredit,
  findVirtualAccount,
  insertCredit,
  insertVirtualAccount,
  lockCredit,
  updateCredit,
  virtualAccountOfNumber,
} from './collections.repository.js';
import type { CollectionCreditRow, VirtualAccountRow } from './collections.table.js';
import { postUnappliedCredit, releaseIfUnapplied } from './unapplied-credits.js';

/**
 * The customer's virtual account, created at the gateway on first need (idempotent: our row
 * first, then the gateway's own per-customer answer). A gateway that does not answer or
 * refuses → 503 `gatewayUnavailable`, never a 500: the borrower can ask again.
 */
export async function ensureVirtualAccount(
  db: Executor,
  gateway: CollectionGateway,
  customer: { customerId: number; name: string },
  at: Date,
): Promise<VirtualAccountRow> {
  const existing = await findVirtualAccount(db, gateway.provider, customer.customerId);
  if (existing) return existing;
  let account: GatewayVirtualAccount;
  try {
    account = await gateway.createVirtualAccount(customer);
  } catch (error) {
    if (
      error instanceof CollectionGatewayUnavailable ||
      error instanceof CollectionGatewayRejected
    ) {
      throw new AppError('gatewayUnavailable', { detail: error.message });
    }
    throw error;
  }
  await insertVirtualAccount(db, {
    customerId: customer.customerId,
    provider: gateway.provider,
    ...account,
    createdAt: at,
  });
  const row = await findVirtualAccount(db, gateway.provider, customer.customerId);
  if (row!.providerAccountId !== account.providerAccountId) {
    // A concurrent call saved its account first; ours was never shown to anyone, so it is
    // closed rather than left able to take money (best effort: it cannot be matched anyway).
    await gateway.closeVirtualAccount?.(account.providerAccountId).catch(() => undefined);
  }
  return row!;
}

const creditSchema = z.object({
  paymentId: z.string().min(1).max(100),
  accountNumber: z.string().min(1).max(40),
  method: z.enum(['bank_transfer', 'upi']),
  amountPaise: z.int().min(1).max(Number.MAX_SAFE_INTEGER),
  payerReference: z.string().max(200).optional(),
  creditedAt: z.iso.datetime({ offset: true }),
});

/** Open loans take money; the one due first takes it. */
const OPEN_STATUSES = ['OVERDUE', 'DUE', 'ACTIVE'] as const;

/**
 * The India date a gateway's credit is valued on (decisions 0022, 0065): the day the borrower
 * paid, so interest and penal charges stop from then even when the webhook came late or
 * reconciliation found the credit days after. Capped at today (a gateway clock running ahead)
 * and raised to the loan's disbursal date (a credit recovered after a newer loan opened), with
 * the reason, which the credit's note keeps.
 */
export function creditValueDate(
  creditedAt: Date,
  today: string,
  disbursalDate: string | null,
): { valueDate: string; note: string | null } {
  const paidOn = indiaDateOf(creditedAt);
  if (paidOn > today)
    return { valueDate: today, note: `credited ${paidOn}, after today: valued ${today}` };
  if (disbursalDate !== null && paidOn < disbursalDate)
    return {
      valueDate: disbursalDate,
      note: `credited ${paidOn}, before the loan's disbursal: valued ${disbursalDate}`,
    };
  return { valueDate: paidOn, note: null };
}

/**
 * A credit to a virtual account: recorded once per gateway payment id (another event id for
 * the same payment changes nothing), then applied with the payment id as the idempotency key
 * and gateway payment id: to the rollover or cooling-off exit the borrower asked for today if
 * it is exactly its price, else as a repayment of the customer's open loan due first. Money the book cannot
 * take (no open loan, or the loan refuses it) stays `unmatched` for reconciliation, on the books
 * as `liability:unapplied_credit` until it is refunded or applied (unapplied-credits.ts).
 * Returns the id of the credit row this call recorded; undefined when it was recorded before.
 */
export async function applyCollectionCredit(
  tx: Transaction,
  loanBook: LoanBookDeps,
  provider: string,
  event: GatewayEvent,
  at: Date,
): Promise<number | undefined> {
  const parsed = creditSchema.safeParse(event.data);
  if (!parsed.success) throw AppError.invalid('data', 'not a credit');
  const credit = parsed.data;
  const account = await virtualAccountOfNumber(tx, provider, credit.accountNumber);
  const recorded = await insertCredit(tx, {
    provider,
    paymentId: credit.paymentId,
    virtualAccountId: account?.id ?? null,
    method: credit.method,
    amountPaise: BigInt(credit.amountPaise),
    payerReference: credit.payerReference ?? '',
    creditedAt: new Date(credit.creditedAt),
    status: 'unmatched',
    receivedAt: at,
  });
  if (!recorded) return undefined;
  await applyRecordedCredit(tx, loanBook, provider, credit, recorded.id, account, at);
  return recorded.id;
}

/** Applies a credit just recorded: to the rollover or exit asked for, else as a repayment. */
async function applyRecordedCredit(
  tx: Transaction,
  loanBook: LoanBookDeps,
  provider: string,
  credit: z.infer<typeof creditSchema>,
  creditId: number,
  account: VirtualAccountRow | undefined,
  at: Date,
): Promise<void> {
  // Money no loan takes is still the lender's cash, owed back: on the books once (the journal is
  // keyed by the credit); a later application releases it instead of counting the cash again.
  const money = { id: creditId, amountPaise: BigInt(credit.amountPaise) };
  const unmatched = async (note: string) => {
    await updateCredit(tx, creditId, { note });
    await postUnappliedCredit(tx, money, at);
  };
  if (!account) return void (await unmatched('unknown virtual account'));
  const order = await orderDueFirstOf(tx, account.customerId, OPEN_STATUSES);
  if (!order) return void (await unmatched('no open loan'));
  const receipt = {
    idempotencyKey: `collection:${provider}:${credit.paymentId}`,
    amountPaise: BigInt(credit.amountPaise),
    channel: credit.method === 'upi' ? ('upi' as const) : ('virtual_account' as const),
    virtualAccountCode: account.accountNumber,
    gatewayPaymentId: `${provider}:${credit.paymentId}`,
  };
  // A savepoint inside this transaction for each attempt: a refusal rolls back only it.
  const book = { ...loanBook, db: tx as unknown as Database };
  const applied = async (orderId: number, repaymentId: number | undefined, note: string | null) => {
    await releaseIfUnapplied(tx, money, at);
    await updateCredit(tx, creditId, {
      status: 'applied',
      orderId,
      repaymentId: repaymentId ?? null,
      note,
    });
  };
  // The exact price of a rollover or cooling-off exit the borrower asked for today pays it.
  const request = await payableRequest(tx, {
    customerId: account.customerId,
    amountPaise: receipt.amountPaise,
    businessDate: indiaDateOf(at),
  });
  let refusedRequest = '';
  if (request) {
    try {
      const command = request.purpose === 'rollover' ? rollover : coolingOffExit;
      const result = await command(book, { ...receipt, orderId: request.orderId }, null);
      await markRequestPaid(tx, request.id, creditId, at);
      return void (await applied(request.orderId, result.repaymentId, request.purpose));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // The loan moved on since the request (repaid, overdue…): the money still repays it.
      refusedRequest = `${request.purpose} refused (${error.key}); taken as a repayment`;
    }
  }
  // A repayment is valued on the day the money came (the rollover or exit above is a price
  // quoted for today, so it stays on today).
  const valued = creditValueDate(new Date(credit.creditedAt), indiaDateOf(at), order.disbursalDate);
  try {
    const result = await postRepayment(
      book,
      { ...receipt, orderId: order.id, valueDate: valued.valueDate },
      null,
    );
    const notes = [refusedRequest, valued.note, result.valueDateNote].filter(Boolean);
    await applied(order.id, result.repaymentId, notes.join('; ') || null);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await unmatched(`refused by the loan book: ${error.key}`);
  }
}

/**
 * Applies again a credit recorded `unmatched` (no known account, no open loan, or refused by
 * the loan book), the way its webhook would have: for finance accepting a reconciliation break
 * once the cause is gone (decision 0072). The account is looked up by the number the gateway
 * credited. Returns the credit as it stands after: still `unmatched`, with the new reason, when
 * the book refuses it again.
 */
export async function applyUnmatchedCredit(
  tx: Transaction,
  loanBook: LoanBookDeps,
  provider: string,
  input: { creditId: number; accountNumber: string },
  at: Date,
): Promise<CollectionCreditRow> {
  const credit = await lockCredit(tx, input.creditId);
  if (!credit)
    throw new AppError('notFound', { field: 'creditId', detail: String(input.creditId) });
  if (credit.status !== 'unmatched') return credit;
  const account = await virtualAccountOfNumber(tx, provider, input.accountNumber);
  if (account && credit.virtualAccountId === null) {
    await updateCredit(tx, credit.id, { virtualAccountId: account.id });
  }
  await applyRecordedCredit(
    tx,
    loanBook,
    provider,
    {
      paymentId: credit.paymentId,
      accountNumber: input.accountNumber,
      method: credit.method,
      amountPaise: Number(credit.amountPaise),
      payerReference: credit.payerReference,
      creditedAt: credit.creditedAt.toISOString(),
    },
    credit.id,
    account,
    at,
  );
  return (await findCredit(tx, credit.id))!;
}
