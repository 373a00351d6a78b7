import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { withdrawalListBodySchema } from '@lending/contract';
import type { z } from 'zod';
import { customers } from '../loan-book/tables.js';
import type { Executor } from '../../plugins/db.js';
import { indiaDayRange, runList } from '../../shared/list-query.js';
import { walletWithdrawals, type WalletWithdrawalRow } from './wallet.table.js';

export function listWithdrawals(db: Executor, body: z.output<typeof withdrawalListBodySchema>) {
  return runList(
    db,
    {
      select: () =>
        db
          .select({
            withdrawal: walletWithdrawals,
            customerName: customers.name,
            customerPhone: customers.phone,
          })
          .from(walletWithdrawals)
          .innerJoin(customers, eq(customers.id, walletWithdrawals.customerId)),
      where: {
        phone: (phone) => eq(customers.phone, phone),
        status: (status) => eq(walletWithdrawals.status, status),
        ...indiaDayRange(walletWithdrawals.requestedAt, 'dateFrom', 'dateTo'),
      },
      sortColumns: {
        id: walletWithdrawals.id,
        requestedAt: walletWithdrawals.requestedAt,
        amountPaise: walletWithdrawals.amountPaise,
      },
      defaultSort: { field: 'id', order: 'desc' },
      id: walletWithdrawals.id,
    },
    body,
  );
}

/** What the customer asked to withdraw on an India day (refused and failed ones do not count). */
export async function withdrawnOnDay(db: Executor, customerId: number, from: Date, to: Date) {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${walletWithdrawals.amountPaise}), 0)::text` })
    .from(walletWithdrawals)
    .where(
      and(
        eq(walletWithdrawals.customerId, customerId),
        sql`${walletWithdrawals.status} in ('pending', 'paying', 'paid')`,
        gte(walletWithdrawals.requestedAt, from),
        lt(walletWithdrawals.requestedAt, to),
      ),
    );
  return BigInt(row?.total ?? '0');
}

/** The customer's withdrawal asked for under this idempotency key, if any. */
export async function withdrawalOfKey(tx: Executor, customerId: number, idempotencyKey: string) {
  const [existing] = await tx
    .select()
    .from(walletWithdrawals)
    .where(
      and(
        eq(walletWithdrawals.customerId, customerId),
        eq(walletWithdrawals.idempotencyKey, idempotencyKey),
      ),
    );
  return existing;
}

export async function insertWithdrawal(
  tx: Executor,
  values: typeof walletWithdrawals.$inferInsert,
): Promise<WalletWithdrawalRow> {
  const [withdrawal] = await tx.insert(walletWithdrawals).values(values).returning();
  return withdrawal!;
}

/** The withdrawal, locked until the transaction ends. */
export async function lockWithdrawal(tx: Executor, id: number) {
  const [row] = await tx
    .select()
    .from(walletWithdrawals)
    .where(eq(walletWithdrawals.id, id))
    .for('update');
  return row;
}

export async function updateWithdrawal(
  tx: Executor,
  id: number,
  values: Partial<typeof walletWithdrawals.$inferInsert>,
): Promise<void> {
  await tx.update(walletWithdrawals).set(values).where(eq(walletWithdrawals.id, id));
}

/** One withdrawal with its customer's name and phone, as the review list shows it. */
export async function withdrawalWithCustomer(db: Executor, id: number) {
  const [row] = await db
    .select({
      withdrawal: walletWithdrawals,
      customerName: customers.name,
      customerPhone: customers.phone,
    })
    .from(walletWithdrawals)
    .innerJoin(customers, eq(customers.id, walletWithdrawals.customerId))
    .where(eq(walletWithdrawals.id, id));
  return row;
}

/** The customer's latest withdrawals, newest first. */
export function recentWithdrawals(db: Executor, customerId: number, limit: number) {
  return db
    .select()
    .from(walletWithdrawals)
    .where(eq(walletWithdrawals.customerId, customerId))
    .orderBy(sql`${walletWithdrawals.id} desc`)
    .limit(limit);
}

/** Withdrawals in payment since before `before` (their webhook has not settled them), oldest first. */
export function withdrawalsPayingSince(db: Executor, before: Date, limit: number) {
  return db
    .select()
    .from(walletWithdrawals)
    .where(and(eq(walletWithdrawals.status, 'paying'), lt(walletWithdrawals.reviewedAt, before)))
    .orderBy(asc(walletWithdrawals.id))
    .limit(limit);
}

/** For tests and the simulator: the withdrawals of some ids. */
export function withdrawalsByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(walletWithdrawals).where(inArray(walletWithdrawals.id, ids));
}

/** Withdrawals still waiting for review that were asked for before `before`, oldest first. */
export function pendingWithdrawalsBefore(
  db: Executor,
  before: Date,
): Promise<WalletWithdrawalRow[]> {
  return db
    .select()
    .from(walletWithdrawals)
    .where(and(eq(walletWithdrawals.status, 'pending'), lt(walletWithdrawals.requestedAt, before)))
    .orderBy(asc(walletWithdrawals.id));
}
