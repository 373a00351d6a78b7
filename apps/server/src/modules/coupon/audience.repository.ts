import type { audienceFiltersSchema } from '@lending/contract';
import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../plugins/db.js';
import { borrowerAccounts } from '../borrower-app/tables.js';
import { customers, loanOrders } from '../loan-book/tables.js';
import { riskBlacklist } from '../risk/tables.js';

export type AudienceFilters = z.output<typeof audienceFiltersSchema>;

/** Statuses after a payout: the orders that count as loans taken. */
const DISBURSED_SQL = sql`('ACTIVE', 'DUE', 'OVERDUE', 'CLEARED', 'WRITTEN_OFF', 'OVERPAID')`;

/** The segment's condition on a borrower account (its customer's orders). */
function segmentCondition(segment: AudienceFilters['segment']): SQL | undefined {
  const ofCustomer = sql`o.customer_id = ${borrowerAccounts.customerId}`;
  switch (segment) {
    case 'all':
      return undefined;
    // The last order cleared, and nothing applied for since (as /order/clearNotLoan reads it).
    case 'clearedNotReborrowed':
      return sql`exists (select 1 from ${loanOrders} o where ${ofCustomer} and o.status = 'CLEARED'
        and o.id = (select max(l.id) from ${loanOrders} l where l.customer_id = o.customer_id))`;
    case 'registeredNotApplied':
      return sql`not exists (select 1 from ${loanOrders} o where ${ofCustomer})`;
    // Overdue now, or cleared late (overdue, or settled with a waiver) before.
    case 'overdueHistory':
      return sql`exists (select 1 from ${loanOrders} o where ${ofCustomer}
        and (o.status = 'OVERDUE' or o.closure_type in ('OVERDUE_CLEAR', 'SETTLED_WITH_WAIVER')))`;
  }
}

/** On the blacklist (active entry) by phone, PAN or bank account. */
const blacklisted = sql`exists (select 1 from ${riskBlacklist} b where b.removed_at is null and (
  (b.kind = 'phone' and b.value = ${borrowerAccounts.phone})
  or (b.kind = 'pan' and b.value = coalesce(${customers.idNumber}, ${borrowerAccounts.pan}))
  or (b.kind = 'bankAccount' and b.value = ${customers.bankAccountNumber} and ${customers.bankAccountNumber} <> '')))`;

function matching(filters: AudienceFilters): SQL[] {
  const conditions: SQL[] = [];
  const segment = segmentCondition(filters.segment);
  if (segment) conditions.push(segment);
  if (filters.customerType) conditions.push(eq(customers.customerType, filters.customerType));
  if (filters.channel) conditions.push(eq(borrowerAccounts.channel, filters.channel));
  if (filters.registeredFrom)
    conditions.push(gte(borrowerAccounts.registrationDate, filters.registeredFrom));
  if (filters.registeredTo)
    conditions.push(lte(borrowerAccounts.registrationDate, filters.registeredTo));
  return conditions;
}

function base(db: Executor) {
  return db
    .select({
      id: borrowerAccounts.id,
      name: sql<string>`coalesce(${customers.name}, ${borrowerAccounts.name}, '')`,
      phone: borrowerAccounts.phone,
      channel: borrowerAccounts.channel,
      registrationDate: borrowerAccounts.registrationDate,
      customerType: customers.customerType,
      loansTaken: sql<number>`(select count(*)::int from ${loanOrders} o where o.customer_id = ${borrowerAccounts.customerId} and o.status in ${DISBURSED_SQL})`,
    })
    .from(borrowerAccounts)
    .leftJoin(customers, eq(customers.id, borrowerAccounts.customerId));
}

async function countWhere(db: Executor, conditions: SQL[]): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(borrowerAccounts)
    .leftJoin(customers, eq(customers.id, borrowerAccounts.customerId))
    .where(and(...conditions));
  return Number(row?.total ?? 0);
}

/** One page of the audience (blacklisted left out), its size, and how many were left out. */
export async function audiencePage(
  db: Executor,
  filters: AudienceFilters,
  page: { page: number; pageSize: number },
) {
  const conditions = matching(filters);
  const reachable = [...conditions, sql`not ${blacklisted}`];
  const [total, all] = await Promise.all([countWhere(db, reachable), countWhere(db, conditions)]);
  const list = await base(db)
    .where(and(...reachable))
    .orderBy(desc(borrowerAccounts.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  return { list, total, blacklisted: all - total };
}

/** Every borrower account the audience holds (blacklisted left out), for a send. */
export async function audienceIds(
  db: Executor,
  filters: AudienceFilters,
): Promise<{ ids: number[]; blacklisted: number }> {
  const conditions = matching(filters);
  const rows = await db
    .select({ id: borrowerAccounts.id, blacklisted: sql<boolean>`${blacklisted}` })
    .from(borrowerAccounts)
    .leftJoin(customers, eq(customers.id, borrowerAccounts.customerId))
    .where(and(...conditions))
    .orderBy(borrowerAccounts.id);
  return {
    ids: rows.filter((row) => !row.blacklisted).map((row) => row.id),
    blacklisted: rows.filter((row) => row.blacklisted).length,
  };
}
