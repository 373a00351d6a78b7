import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { repayments } from '../loan-book/tables.js';
import {
  collectionCredits,
  virtualAccounts,
  type CollectionCreditRow,
  type VirtualAccountRow,
} from './collections.table.js';

type NewCollectionCredit = typeof collectionCredits.$inferInsert;

/** The customer's virtual account at this gateway, if one was opened: a read, never a write. */
export async function findVirtualAccount(
  db: Executor,
  provider: string,
  customerId: number,
): Promise<VirtualAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(virtualAccounts)
    .where(and(eq(virtualAccounts.customerId, customerId), eq(virtualAccounts.provider, provider)));
  return row;
}

/** The account the gateway credited, by its number. */
export async function virtualAccountOfNumber(
  db: Executor,
  provider: string,
  accountNumber: string,
): Promise<VirtualAccountRow | undefined> {
  const [account] = await db
    .select()
    .from(virtualAccounts)
    .where(
      and(eq(virtualAccounts.provider, provider), eq(virtualAccounts.accountNumber, accountNumber)),
    );
  return account;
}

/** The number of the account the gateway knows by its own id, when the book opened it. */
export async function accountNumberOfProviderAccount(
  db: Executor,
  provider: string,
  providerAccountId: string,
): Promise<string | undefined> {
  const [known] = await db
    .select({ accountNumber: virtualAccounts.accountNumber })
    .from(virtualAccounts)
    .where(
      and(
        eq(virtualAccounts.provider, provider),
        eq(virtualAccounts.providerAccountId, providerAccountId),
      ),
    );
  return known?.accountNumber;
}

/** Nothing happens when the customer (or the account's number) has an account here already. */
export async function insertVirtualAccount(
  db: Executor,
  values: typeof virtualAccounts.$inferInsert,
): Promise<void> {
  await db.insert(virtualAccounts).values(values).onConflictDoNothing();
}

/** Undefined when a credit of this gateway payment was recorded before. */
export async function insertCredit(
  tx: Executor,
  values: NewCollectionCredit,
): Promise<CollectionCreditRow | undefined> {
  const [recorded] = await tx
    .insert(collectionCredits)
    .values(values)
    .onConflictDoNothing()
    .returning();
  return recorded;
}

export async function findCredit(
  db: Executor,
  creditId: number,
): Promise<CollectionCreditRow | undefined> {
  const [credit] = await db
    .select()
    .from(collectionCredits)
    .where(eq(collectionCredits.id, creditId));
  return credit;
}

/** The credit, locked for the transaction (two applications of it take turns). */
export async function lockCredit(
  tx: Executor,
  creditId: number,
): Promise<CollectionCreditRow | undefined> {
  const [credit] = await tx
    .select()
    .from(collectionCredits)
    .where(eq(collectionCredits.id, creditId))
    .for('update');
  return credit;
}

export async function updateCredit(
  tx: Executor,
  creditId: number,
  values: Partial<NewCollectionCredit>,
): Promise<void> {
  await tx.update(collectionCredits).set(values).where(eq(collectionCredits.id, creditId));
}

export function creditsOfPayment(db: Executor, provider: string, paymentId: string) {
  return db
    .select()
    .from(collectionCredits)
    .where(
      and(eq(collectionCredits.provider, provider), eq(collectionCredits.paymentId, paymentId)),
    );
}

/** The provider's credits recorded as credited in `[from, to)`, as they stand. */
export function creditsOfPeriod(
  db: Executor,
  provider: string,
  period: { from: Date; to: Date },
): Promise<CollectionCreditRow[]> {
  return db
    .select()
    .from(collectionCredits)
    .where(
      and(
        eq(collectionCredits.provider, provider),
        sql`${collectionCredits.creditedAt} >= ${period.from.toISOString()}`,
        sql`${collectionCredits.creditedAt} < ${period.to.toISOString()}`,
      ),
    );
}

/** The repayment the credit posted, if it posted one. */
export async function repaymentIdOfCredit(
  db: Executor,
  creditId: number,
): Promise<number | undefined> {
  const [repayment] = await db
    .select({ id: repayments.id })
    .from(collectionCredits)
    .innerJoin(repayments, eq(repayments.id, collectionCredits.repaymentId))
    .where(eq(collectionCredits.id, creditId));
  return repayment?.id;
}

/** A recorded credit as reconciliation compares it: amount and the account it came to. */
export interface RecordedCredit {
  paymentId: string;
  amountPaise: bigint;
  /** Null when the credit came to an account the book does not know. */
  accountNumber: string | null;
}

function recordedCreditsWhere(db: Executor, provider: string, filter: SQL | undefined) {
  return db
    .select({
      paymentId: collectionCredits.paymentId,
      amountPaise: collectionCredits.amountPaise,
      accountNumber: virtualAccounts.accountNumber,
    })
    .from(collectionCredits)
    .leftJoin(virtualAccounts, eq(virtualAccounts.id, collectionCredits.virtualAccountId))
    .where(and(eq(collectionCredits.provider, provider), filter));
}

/** The provider's credits recorded as credited in `[from, to)`. */
export function recordedCreditsOfPeriod(
  db: Executor,
  provider: string,
  period: { from: Date; to: Date },
): Promise<RecordedCredit[]> {
  return recordedCreditsWhere(
    db,
    provider,
    and(
      gte(collectionCredits.creditedAt, period.from),
      lt(collectionCredits.creditedAt, period.to),
    ),
  );
}

export async function recordedCreditOfPayment(
  db: Executor,
  provider: string,
  paymentId: string,
): Promise<RecordedCredit | undefined> {
  const [row] = await recordedCreditsWhere(
    db,
    provider,
    eq(collectionCredits.paymentId, paymentId),
  );
  return row;
}

/** Adds to a credit's note, after what applying it wrote there. */
export async function appendCreditNote(db: Executor, creditId: number, note: string) {
  await db
    .update(collectionCredits)
    .set({
      note: sql`coalesce(${collectionCredits.note} || '; ', '') || ${note}`,
    })
    .where(eq(collectionCredits.id, creditId));
}

/** The virtual account a credit came into, by its row id. */
export async function virtualAccountById(
  db: Executor,
  id: number,
): Promise<VirtualAccountRow | undefined> {
  const [account] = await db.select().from(virtualAccounts).where(eq(virtualAccounts.id, id));
  return account;
}
