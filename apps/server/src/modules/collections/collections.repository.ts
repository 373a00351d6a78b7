import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { collectionCredits, virtualAccounts } from './collections.table.js';

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
