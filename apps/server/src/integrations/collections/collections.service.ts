import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor, Transaction, Database } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { loanOrders, postRepayment, type LoanBookDeps } from '../../modules/loan-book/index.js';
import type { GatewayEvent } from '../webhooks/webhook-routes.js';
import {
  CollectionGatewayRejected,
  CollectionGatewayUnavailable,
  type CollectionGateway,
  type GatewayVirtualAccount,
} from './collection-gateway.js';
import { collectionCredits, virtualAccounts, type VirtualAccountRow } from './collections.table.js';

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
  const where = and(
    eq(virtualAccounts.customerId, customer.customerId),
    eq(virtualAccounts.provider, gateway.provider),
  );
  const [existing] = await db.select().from(virtualAccounts).where(where);
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
  await db
    .insert(virtualAccounts)
    .values({
      customerId: customer.customerId,
      provider: gateway.provider,
      ...account,
      createdAt: at,
    })
    .onConflictDoNothing();
  const [row] = await db.select().from(virtualAccounts).where(where);
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
 * A credit to a virtual account: recorded once per gateway payment id (another event id for
 * the same payment changes nothing), then posted as a repayment of the customer's open loan
 * with the payment id as the idempotency key and gateway payment id. Money the book cannot
 * take (no open loan, or the loan refuses it) stays `unmatched` for reconciliation.
 */
export async function applyCollectionCredit(
  tx: Transaction,
  loanBook: LoanBookDeps,
  provider: string,
  event: GatewayEvent,
  at: Date,
): Promise<void> {
  const parsed = creditSchema.safeParse(event.data);
  if (!parsed.success) throw AppError.invalid('data', 'not a credit');
  const credit = parsed.data;
  const [account] = await tx
    .select()
    .from(virtualAccounts)
    .where(
      and(
        eq(virtualAccounts.provider, provider),
        eq(virtualAccounts.accountNumber, credit.accountNumber),
      ),
    );
  const [recorded] = await tx
    .insert(collectionCredits)
    .values({
      provider,
      paymentId: credit.paymentId,
      virtualAccountId: account?.id ?? null,
      method: credit.method,
      amountPaise: BigInt(credit.amountPaise),
      payerReference: credit.payerReference ?? '',
      creditedAt: new Date(credit.creditedAt),
      status: 'unmatched',
      receivedAt: at,
    })
    .onConflictDoNothing()
    .returning();
  if (!recorded) return;
  const unmatched = (note: string) =>
    tx.update(collectionCredits).set({ note }).where(eq(collectionCredits.id, recorded.id));
  if (!account) return void (await unmatched('unknown virtual account'));
  const [order] = await tx
    .select({ id: loanOrders.id })
    .from(loanOrders)
    .where(
      and(
        eq(loanOrders.customerId, account.customerId),
        inArray(loanOrders.status, [...OPEN_STATUSES]),
      ),
    )
    .orderBy(asc(loanOrders.dueDate), asc(loanOrders.id))
    .limit(1);
  if (!order) return void (await unmatched('no open loan'));
  try {
    // A savepoint inside this transaction: a refusal rolls back only the repayment.
    const result = await postRepayment(
      { ...loanBook, db: tx as unknown as Database },
      {
        orderId: order.id,
        idempotencyKey: `collection:${provider}:${credit.paymentId}`,
        amountPaise: BigInt(credit.amountPaise),
        channel: credit.method === 'upi' ? 'upi' : 'virtual_account',
        virtualAccountCode: account.accountNumber,
        gatewayPaymentId: `${provider}:${credit.paymentId}`,
      },
      null,
    );
    await tx
      .update(collectionCredits)
      .set({ status: 'applied', orderId: order.id, repaymentId: result.repaymentId ?? null })
      .where(eq(collectionCredits.id, recorded.id));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await unmatched(`refused by the loan book: ${error.key}`);
  }
}

export function creditsOfPayment(db: Executor, provider: string, paymentId: string) {
  return db
    .select()
    .from(collectionCredits)
    .where(
      and(eq(collectionCredits.provider, provider), eq(collectionCredits.paymentId, paymentId)),
    );
}
