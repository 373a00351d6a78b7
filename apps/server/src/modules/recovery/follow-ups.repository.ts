import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { intFromDb, paiseFromDb } from '../../shared/paise.js';
import { queryRows } from '../../shared/sql-rows.js';
import { outstandingSql } from './case-state.repository.js';
import { recoveryCases, recoveryFollowUps, recoveryPromises } from './recovery.table.js';

/** The SQL of contacts: follow-ups, promises, and the order facts a contact quotes. */

/** Contacts made on a case on an India date, refused attempts left out (the conduct guard's count). */
export async function attemptsOn(db: Executor, caseId: number, today: string): Promise<number> {
  const [row] = await queryRows(
    db,
    sql`select count(*)::int as n from recovery_follow_ups where case_id = ${caseId} and india_date = ${today}::date and not refused`,
  );
  return intFromDb(row?.n ?? 0);
}

export async function insertFollowUp(
  db: Executor,
  values: typeof recoveryFollowUps.$inferInsert,
): Promise<number> {
  const [f] = await db
    .insert(recoveryFollowUps)
    .values(values)
    .returning({ id: recoveryFollowUps.id });
  return f!.id;
}

/** The case's open promises give way to a new one. */
export async function replaceOpenPromises(db: Executor, caseId: number, at: Date): Promise<void> {
  await db
    .update(recoveryPromises)
    .set({ status: 'replaced', settledAt: at })
    .where(and(eq(recoveryPromises.caseId, caseId), eq(recoveryPromises.status, 'open')));
}

export async function insertPromises(
  db: Executor,
  promises: (typeof recoveryPromises.$inferInsert)[],
): Promise<void> {
  await db.insert(recoveryPromises).values(promises);
}

/** Counts a contact on the case, with what it changes (follow status, last contact, version). */
export async function countFollowUp(
  db: Executor,
  caseId: number,
  change: { followStatus?: string; lastContactAt?: Date; newVersion?: boolean },
): Promise<void> {
  const { newVersion, ...set } = change;
  await db
    .update(recoveryCases)
    .set({
      ...set,
      followUps: sql`${recoveryCases.followUps} + 1`,
      ...(newVersion ? { version: sql`${recoveryCases.version} + 1` } : {}),
    })
    .where(eq(recoveryCases.id, caseId));
}

/** What the order owes now. */
export async function owedOn(db: Executor, orderId: number): Promise<bigint> {
  const [order] = await queryRows(
    db,
    sql`select ${outstandingSql}::text as owed from loan_orders o where o.id = ${orderId}`,
  );
  return paiseFromDb(order?.owed ?? '0');
}

/** The facts a repayment reminder quotes: order number, the customer's phone, owed, due date. */
export async function reminderFacts(db: Executor, orderId: number) {
  const [row] = await queryRows(
    db,
    sql`select o.order_no, cu.phone, ${outstandingSql}::text as owed, o.due_date::text as due
      from loan_orders o join customers cu on cu.id = o.customer_id where o.id = ${orderId}`,
  );
  return {
    orderNo: String(row!.order_no),
    phone: String(row!.phone),
    owed: paiseFromDb(row!.owed),
    due: String(row!.due),
  };
}
