import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { queryRows } from '../../shared/sql-rows.js';
import { borrowerAccounts } from '../borrower-app/tables.js';
import { customers, loanOrders } from '../loan-book/tables.js';
import {
  marketingAudienceListPhones,
  marketingAudienceLists,
  marketingOptOuts,
} from './marketing-sms.table.js';

/**
 * The audiences' reads (the book's lists, as /order/clearNotLoan and /order/regNotLoan read
 * them, through the book's and the borrower app's tables.ts, as coupon/audience.repository.ts
 * does), the uploaded lists' numbers, and the opt-outs this module keeps.
 */

/** The phones of customers whose last order cleared (on or after `since`, when given). */
export async function clearedNotReborrowedPhones(
  db: Executor,
  since: string | null,
): Promise<string[]> {
  const rows = await queryRows(
    db,
    sql`select distinct c.phone from ${customers} c
        join ${loanOrders} o on o.id = (select max(l.id) from ${loanOrders} l where l.customer_id = c.id)
        where o.status = 'CLEARED' and o.cleared_date is not null
        ${since ? sql`and o.cleared_date >= ${since}` : sql``}`,
  );
  return rows.map((row) => String(row.phone));
}

/** The phones of app accounts with no order (registered on or after `since`, when given). */
export async function registeredNotAppliedPhones(
  db: Executor,
  since: string | null,
): Promise<string[]> {
  const rows = await queryRows(
    db,
    sql`select distinct a.phone from ${borrowerAccounts} a
        where not exists (select 1 from ${loanOrders} o where o.customer_id = a.customer_id)
        ${since ? sql`and a.registration_date >= ${since}` : sql``}`,
  );
  return rows.map((row) => String(row.phone));
}

function idList(ids: readonly number[]) {
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
}

/** Of these customers, those whose last order cleared, each with its phone (by customer id). */
export async function clearedNotReborrowedAmong(
  db: Executor,
  customerIds: readonly number[],
): Promise<Map<number, string>> {
  const rows = await queryRows(
    db,
    sql`select c.id, c.phone from ${customers} c
        join ${loanOrders} o on o.id = (select max(l.id) from ${loanOrders} l where l.customer_id = c.id)
        where c.id in (${idList(customerIds)}) and o.status = 'CLEARED' and o.cleared_date is not null`,
  );
  return new Map(rows.map((row) => [Number(row.id), String(row.phone)]));
}

/** Of these app accounts, those with no order, each with its phone (by account id). */
export async function registeredNotAppliedAmong(
  db: Executor,
  accountIds: readonly number[],
): Promise<Map<number, string>> {
  const rows = await queryRows(
    db,
    sql`select a.id, a.phone from ${borrowerAccounts} a
        where a.id in (${idList(accountIds)})
        and not exists (select 1 from ${loanOrders} o where o.customer_id = a.customer_id)`,
  );
  return new Map(rows.map((row) => [Number(row.id), String(row.phone)]));
}

export async function audienceListExists(db: Executor, listId: number): Promise<boolean> {
  const [list] = await db
    .select({ id: marketingAudienceLists.id })
    .from(marketingAudienceLists)
    .where(eq(marketingAudienceLists.id, listId));
  return list !== undefined;
}

export async function audienceListPhones(db: Executor, listId: number): Promise<string[]> {
  const rows = await db
    .select({ phone: marketingAudienceListPhones.phone })
    .from(marketingAudienceListPhones)
    .where(eq(marketingAudienceListPhones.listId, listId));
  return rows.map((row) => row.phone);
}

/** Which of these numbers opted out of promotional messages. */
export async function optedOutAmong(db: Executor, phones: readonly string[]): Promise<string[]> {
  if (phones.length === 0) return [];
  const rows = await db
    .select({ phone: marketingOptOuts.phone })
    .from(marketingOptOuts)
    .where(inArray(marketingOptOuts.phone, [...phones]));
  return rows.map((row) => row.phone);
}

/** Records a reply opt-out; a number already opted out keeps its first one. */
export async function addReplyOptOut(tx: Executor, phone: string, at: Date): Promise<void> {
  await tx
    .insert(marketingOptOuts)
    .values({ phone, source: 'stopReply', optedOutAt: at })
    .onConflictDoNothing();
}

/** Removes the number's opt-out if a reply made it (others stay). */
export async function removeReplyOptOut(tx: Executor, phone: string): Promise<void> {
  await tx
    .delete(marketingOptOuts)
    .where(and(eq(marketingOptOuts.phone, phone), eq(marketingOptOuts.source, 'stopReply')));
}

/** The app accounts' phones that have not opted out, by account id. */
export async function accountPhonesNotOptedOut(db: Executor): Promise<{ phone: string }[]> {
  const optedOut = db.select({ phone: marketingOptOuts.phone }).from(marketingOptOuts);
  return db
    .select({ phone: borrowerAccounts.phone })
    .from(borrowerAccounts)
    .where(notInArray(borrowerAccounts.phone, optedOut))
    .orderBy(sql`${borrowerAccounts.id}`);
}

/** Records an opt-out (a STOP reply or the DND registry); a number already out keeps its first. */
export async function addOptOut(
  db: Executor,
  optOut: { phone: string; source: 'stopReply' | 'dndRegistry'; at: Date },
): Promise<void> {
  await db
    .insert(marketingOptOuts)
    .values({ phone: optOut.phone, source: optOut.source, optedOutAt: optOut.at })
    .onConflictDoNothing();
}
