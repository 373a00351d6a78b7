import { and, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { unappliedCreditBodySchema } from '@lending/contract';
import type { z } from 'zod';
import type { Executor } from '../../plugins/db.js';
import { runList } from '../../shared/list-query.js';
import { collectionCredits, virtualAccounts } from '../collections/tables.js';
import { customers } from '../loan-book/tables.js';
import { staffUsers } from '../user/tables.js';
import { creditRefunds, type CreditRefundRow } from './credit-refunds.table.js';
import { reconciliationBreaks } from './finance.table.js';

type NewCreditRefund = typeof creditRefunds.$inferInsert;

/** A new request, or undefined when its key or a live refund of the credit exists already. */
export async function insertRefund(tx: Executor, values: NewCreditRefund) {
  const [row] = await tx.insert(creditRefunds).values(values).onConflictDoNothing().returning();
  return row;
}

export async function refundByRequestKey(db: Executor, key: string) {
  const [row] = await db.select().from(creditRefunds).where(eq(creditRefunds.requestKey, key));
  return row;
}

/** The refund, locked: two approvals of it take turns, and the second sees the first's. */
export async function lockRefund(tx: Executor, id: number): Promise<CreditRefundRow | undefined> {
  const [row] = await tx.select().from(creditRefunds).where(eq(creditRefunds.id, id)).for('update');
  return row;
}

export async function updateRefund(tx: Executor, id: number, values: Partial<NewCreditRefund>) {
  await tx.update(creditRefunds).set(values).where(eq(creditRefunds.id, id));
}

const requester = alias(staffUsers, 'refund_requester');
const reviewer = alias(staffUsers, 'refund_reviewer');

function refundSelect(db: Executor) {
  return db
    .select({ refund: creditRefunds, requestedBy: requester.name, reviewedBy: reviewer.name })
    .from(creditRefunds)
    .leftJoin(requester, eq(requester.id, creditRefunds.requestedBy))
    .leftJoin(reviewer, eq(reviewer.id, creditRefunds.reviewedBy));
}

export type RefundWithNames = Awaited<ReturnType<typeof refundWithNames>> & object;

export async function refundWithNames(db: Executor, id: number) {
  const [row] = await refundSelect(db).where(eq(creditRefunds.id, id));
  return row;
}

/** The latest refund of each credit (the list shows where it stands). */
export async function latestRefundsOf(db: Executor, creditIds: number[]) {
  if (creditIds.length === 0) return new Map<number, RefundWithNames>();
  const rows = await refundSelect(db)
    .where(inArray(creditRefunds.creditId, creditIds))
    .orderBy(desc(creditRefunds.id));
  const latest = new Map<number, RefundWithNames>();
  for (const row of rows)
    if (!latest.has(row.refund.creditId)) latest.set(row.refund.creditId, row);
  return latest;
}

/** Refunds approved (in payment) since before `before`: the sweep looks them up. */
export function refundsInPaymentSince(db: Executor, before: Date, limit: number) {
  return db
    .select()
    .from(creditRefunds)
    .where(and(eq(creditRefunds.status, 'approved'), lt(creditRefunds.reviewedAt, before)))
    .orderBy(creditRefunds.id)
    .limit(limit);
}

/**
 * Credits no loan took and not returned (`unmatched`, or `refunding` while a refund is under
 * way), with the borrower of the virtual account when known. `agedBefore`: the `age` filter's
 * cut-off (aged: credited before it).
 */
export function listUnappliedCredits(
  db: Executor,
  body: z.output<typeof unappliedCreditBodySchema>,
  agedBefore: Date,
) {
  return runList(
    db,
    {
      select: () =>
        db
          .select({
            credit: collectionCredits,
            virtualAccount: virtualAccounts.accountNumber,
            customerName: customers.name,
            phone: customers.phone,
            bankAccountVerified: customers.bankAccountVerified,
          })
          .from(collectionCredits)
          .leftJoin(virtualAccounts, eq(virtualAccounts.id, collectionCredits.virtualAccountId))
          .leftJoin(customers, eq(customers.id, virtualAccounts.customerId)),
      scope: inArray(collectionCredits.status, ['unmatched', 'refunding']),
      where: {
        age: (age) =>
          age === 'aged'
            ? lt(collectionCredits.creditedAt, agedBefore)
            : gte(collectionCredits.creditedAt, agedBefore),
        status: (status) => eq(collectionCredits.status, status),
      },
      sortColumns: {
        id: collectionCredits.id,
        creditedAt: collectionCredits.creditedAt,
        amountPaise: collectionCredits.amountPaise,
      },
      defaultSort: { field: 'creditedAt', order: 'asc' },
      id: collectionCredits.id,
    },
    body,
  );
}

/** The customer's bank account a refund to the borrower goes to, when verified. */
export async function verifiedAccountOf(db: Executor, customerId: number) {
  const [row] = await db
    .select({
      name: customers.name,
      accountNumber: customers.bankAccountNumber,
      ifsc: customers.ifsc,
      verified: customers.bankAccountVerified,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row?.verified && row.accountNumber !== '' && row.ifsc !== '' ? row : undefined;
}

/** The open gateway-only breaks of a credit (a refund or an application resolves them). */
export async function openBreaksOfCredit(db: Executor, creditId: number) {
  return db
    .select()
    .from(reconciliationBreaks)
    .where(
      and(
        eq(reconciliationBreaks.creditId, creditId),
        eq(reconciliationBreaks.kind, 'gateway_only'),
        inArray(reconciliationBreaks.status, ['open', 'refunding']),
      ),
    );
}

/** A break's outcome as its credit's refund moves (finance's own table). */
export async function setBreaksOfRefund(
  tx: Executor,
  refundId: number,
  values: Partial<typeof reconciliationBreaks.$inferInsert>,
  from: ('refunding' | 'refunded')[] = ['refunding'],
) {
  return tx
    .update(reconciliationBreaks)
    .set(values)
    .where(
      and(
        eq(reconciliationBreaks.creditRefundId, refundId),
        inArray(reconciliationBreaks.status, from),
      ),
    )
    .returning({ id: reconciliationBreaks.id, dayId: reconciliationBreaks.dayId });
}
