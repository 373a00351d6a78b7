import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { repayments } from './repayments.table.js';

/** Repayments of an order that still stand (not reversed). */
export async function countLiveRepayments(tx: Executor, orderId: number): Promise<number> {
  const [paid] = await tx
    .select({ n: count() })
    .from(repayments)
    .where(and(eq(repayments.orderId, orderId), eq(repayments.reversed, false)));
  return paid?.n ?? 0;
}
