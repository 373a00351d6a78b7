import { eq } from 'drizzle-orm';
import type { rechargeListBodySchema } from '@lending/contract';
import type { z } from 'zod';
import type { Executor } from '../../plugins/db.js';
import { indiaDayRange, runList } from '../../shared/list-query.js';
import { payoutRecharges, type PayoutRechargeRow } from './wallet.table.js';

export function listRecharges(db: Executor, body: z.output<typeof rechargeListBodySchema>) {
  return runList(
    db,
    {
      select: () => db.select().from(payoutRecharges),
      where: {
        status: (status) => eq(payoutRecharges.status, status),
        bankReference: (ref) => eq(payoutRecharges.bankReference, ref),
        ...indiaDayRange(payoutRecharges.requestedAt, 'dateFrom', 'dateTo'),
      },
      sortColumns: {
        id: payoutRecharges.id,
        requestedAt: payoutRecharges.requestedAt,
        amountPaise: payoutRecharges.amountPaise,
      },
      defaultSort: { field: 'id', order: 'desc' },
      id: payoutRecharges.id,
    },
    body,
  );
}

export async function rechargeOf(db: Executor, id: number) {
  const [row] = await db.select().from(payoutRecharges).where(eq(payoutRecharges.id, id));
  return row;
}

/** The recharge recorded under this idempotency key, if any. */
export async function rechargeOfKey(db: Executor, idempotencyKey: string) {
  const [existing] = await db
    .select()
    .from(payoutRecharges)
    .where(eq(payoutRecharges.idempotencyKey, idempotencyKey));
  return existing;
}

/** Whether a recharge was recorded under this bank reference (UTR). */
export async function rechargeOfBankReference(
  db: Executor,
  bankReference: string,
): Promise<boolean> {
  const [sameUtr] = await db
    .select({ id: payoutRecharges.id })
    .from(payoutRecharges)
    .where(eq(payoutRecharges.bankReference, bankReference));
  return sameUtr !== undefined;
}

export async function insertRecharge(
  db: Executor,
  values: typeof payoutRecharges.$inferInsert,
): Promise<PayoutRechargeRow> {
  const [row] = await db.insert(payoutRecharges).values(values).returning();
  return row!;
}

/** The recharge, locked until the transaction ends. */
export async function lockRecharge(tx: Executor, id: number) {
  const [row] = await tx
    .select()
    .from(payoutRecharges)
    .where(eq(payoutRecharges.id, id))
    .for('update');
  return row;
}

export async function updateRecharge(
  tx: Executor,
  id: number,
  values: Partial<typeof payoutRecharges.$inferInsert>,
): Promise<void> {
  await tx.update(payoutRecharges).set(values).where(eq(payoutRecharges.id, id));
}
