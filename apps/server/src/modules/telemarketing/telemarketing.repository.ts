import type { callListBodySchema, leadListBodySchema } from '@lending/contract';
import { and, eq, isNull, lte, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../plugins/db.js';
import { inclusiveRange, runList } from '../../shared/list-query.js';
import { queryRows } from '../../shared/sql-rows.js';
import { borrowerAccounts } from '../borrower-app/tables.js';
import { customers } from '../loan-book/tables.js';
import { marketingOptOuts } from '../marketing-sms/tables.js';
import { staffUsers } from '../user/tables.js';
import {
  telemarketingCalls,
  telemarketingLeads,
  type CallOutcomeColumn,
  type CallRefusalColumn,
} from './telemarketing.table.js';

/** The interface a telemarketer's role holds: who may be given leads. */
export const CALL_INTERFACE = 'telemarketing.call_record';

const lead = telemarketingLeads;

/** The loan-book customer behind a lead: its own, or the app account's once the profile is saved. */
const leadCustomerId = sql`coalesce(${lead.customerId}, ${borrowerAccounts.customerId})`;

/**
 * How far a lead went after its assignment: an order applied for since, then paid out. Orders
 * from before the assignment do not count (a cleared loan is why the lead is on the list).
 */
const conversion = sql<string>`(select case
    when count(*) filter (where o.disbursal_date is not null) > 0 then 'disbursed'
    when count(*) > 0 then 'applied' else 'none' end
  from loan_orders o
  where ${lead.assignedAt} is not null and o.customer_id = ${leadCustomerId}
    and o.applied_at >= ${lead.assignedAt})`;

/**
 * Puts on the call list everyone who qualifies now and is not on it yet (one row per phone):
 * app accounts with no order at all, customers whose last order cleared, and customers whose
 * last order was rejected and whose wait to apply again is over (decision 0075): the longest
 * of `waits.settingDays` (the system setting), `waits.riskDays` (riskConfig) and the re-apply
 * days of the rejection code a reviewer chose, counted in India days from the rejection's India
 * date (decision 0071), so they may apply on `since_date` or later.
 */
export async function insertNewLeads(
  db: Executor,
  now: Date,
  waits: { today: string; settingDays: number; riskDays: number },
): Promise<number> {
  const registered = await queryRows(
    db,
    sql`insert into telemarketing_leads (phone, source, borrower_account_id, customer_id, since_date, created_at)
      select ba.phone, 'regNotLoan', ba.id, ba.customer_id, ba.registration_date, ${now}
      from borrower_accounts ba
      where not exists (select 1 from loan_orders o where o.customer_id = ba.customer_id)
      order by ba.id
      on conflict (phone) do nothing
      returning id`,
  );
  const cleared = await queryRows(
    db,
    sql`insert into telemarketing_leads (phone, source, borrower_account_id, customer_id, since_date, created_at)
      select c.phone, 'clearNotLoan', ba.id, c.id, last_order.cleared_date, ${now}
      from (select customer_id, max(id) as last_id from loan_orders group by customer_id) s
      join loan_orders last_order on last_order.id = s.last_id
      join customers c on c.id = s.customer_id
      left join borrower_accounts ba on ba.customer_id = c.id
      where last_order.status = 'CLEARED' and last_order.cleared_date is not null
      order by c.id
      on conflict (phone) do nothing
      returning id`,
  );
  const wait = Math.max(waits.settingDays, waits.riskDays);
  const mayReapply = await queryRows(
    db,
    sql`insert into telemarketing_leads (phone, source, borrower_account_id, customer_id, since_date, created_at)
      select c.phone, 'rejectReapply', ba.id, c.id, w.may_apply_on, ${now}
      from (select customer_id, max(id) as last_id from loan_orders group by customer_id) s
      join loan_orders last_order on last_order.id = s.last_id
      join customers c on c.id = s.customer_id
      left join borrower_accounts ba on ba.customer_id = c.id
      cross join lateral (
        select (last_order.updated_at at time zone 'Asia/Kolkata')::date
          + greatest(${wait}::int, coalesce((select max(rc.reapply_after_days)
              from review_tasks t join rejection_codes rc on rc.id = t.rejection_code_id
              where t.order_id = last_order.id and t.decision = 'reject'), 0)) as may_apply_on
      ) w
      where last_order.status = 'REJECTED' and w.may_apply_on <= ${waits.today}::date
      order by c.id
      on conflict (phone) do nothing
      returning id`,
  );
  return registered.length + cleared.length + mayReapply.length;
}

/** Why an imported phone stays off the call list (decision 0080). */
export type ImportRefusal = 'onList' | 'optedOut' | 'blacklisted' | 'orderOpen';

/** Order statuses after which a customer may be offered a new loan: nothing open, nothing owed. */
const CLOSED_ORDER_STATUSES = ['CLEARED', 'REJECTED', 'CANCELLED', 'OVERPAID'];

const phoneArray = (phones: readonly string[]) =>
  sql`array[${sql.join(
    phones.map((phone) => sql`${phone}`),
    sql`, `,
  )}]::text[]`;

/**
 * The phones among `phones` that may not be put on the call list, each with why: on it
 * already (a lead keeps its first source), opted out of marketing, on the blacklist, or a
 * customer's with an order in progress or unpaid (a telemarketer offers a loan to someone who
 * has none running).
 */
export async function importRefusals(
  db: Executor,
  phones: readonly string[],
): Promise<Map<string, ImportRefusal>> {
  if (phones.length === 0) return new Map();
  const rows = await queryRows(
    db,
    sql`select p.phone, case
        when exists (select 1 from telemarketing_leads l where l.phone = p.phone) then 'onList'
        when exists (select 1 from marketing_opt_outs m where m.phone = p.phone) then 'optedOut'
        when exists (select 1 from risk_blacklist b
          where b.kind = 'phone' and b.value = p.phone and b.removed_at is null) then 'blacklisted'
        when exists (select 1 from customers c join loan_orders o on o.customer_id = c.id
          where c.phone = p.phone and o.status not in (${sql.join(
            CLOSED_ORDER_STATUSES.map((status) => sql`${status}`),
            sql`, `,
          )})) then 'orderOpen'
      end as reason
      from unnest(${phoneArray(phones)}) as p(phone)`,
  );
  const refusals = new Map<string, ImportRefusal>();
  for (const row of rows) {
    if (row.reason) refusals.set(String(row.phone), row.reason as ImportRefusal);
  }
  return refusals;
}

/**
 * Puts imported phones on the call list, since `today`, linked to the app account and the
 * latest loan-book customer with that phone when there are any. A phone that reached the list
 * meanwhile (a refresh or another import at the same moment) is left as it is: the answer
 * holds only the phones this call put on it, with their lead ids.
 */
export async function insertImportedLeads(
  db: Executor,
  phones: readonly string[],
  now: Date,
  today: string,
): Promise<Map<string, number>> {
  if (phones.length === 0) return new Map();
  const rows = await queryRows(
    db,
    sql`insert into telemarketing_leads (phone, source, borrower_account_id, customer_id, since_date, created_at)
      select p.phone, 'imported', ba.id,
        coalesce((select max(c.id) from customers c where c.phone = p.phone), ba.customer_id),
        ${today}::date, ${now}
      from unnest(${phoneArray(phones)}) with ordinality as p(phone, n)
      left join borrower_accounts ba on ba.phone = p.phone
      order by p.n
      on conflict (phone) do nothing
      returning id, phone`,
  );
  return new Map(rows.map((row) => [String(row.phone), Number(row.id)]));
}

/**
 * The calls a lead's number had on an India day, whoever made them; refused attempts are no
 * calls (decision 0057) and do not count towards the daily cap (decision 0063).
 */
const callsOn = (today: string) =>
  sql<number>`(select count(*)::int from telemarketing_calls c where c.lead_id = ${lead.id} and c.india_date = ${today}::date and not c.refused)`;

/**
 * The lead's number opted out of marketing (a STOP reply, the DND registry or a request to
 * staff): it is never called (decision 0068).
 */
const optedOut = sql<boolean>`exists (select 1 from ${marketingOptOuts} m where m.phone = ${lead.phone})`;

/** When the number opted out of marketing, or undefined while it has not. */
export async function optOutOf(db: Executor, phone: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: marketingOptOuts.optedOutAt })
    .from(marketingOptOuts)
    .where(eq(marketingOptOuts.phone, phone));
  return row?.at;
}

/** userList; `holderId` limits it to one telemarketer's leads (their own view). */
export function listLeads(
  db: Executor,
  body: z.output<typeof leadListBodySchema>,
  holderId: number | null,
  today: string,
) {
  return runList(
    db,
    {
      select: () =>
        db
          .select({
            lead,
            name: sql<string | null>`coalesce(${customers.name}, ${borrowerAccounts.name})`,
            telemarketerName: staffUsers.name,
            conversion,
            callsToday: callsOn(today),
            optedOut,
          })
          .from(lead)
          .leftJoin(borrowerAccounts, eq(borrowerAccounts.id, lead.borrowerAccountId))
          .leftJoin(customers, sql`${customers.id} = ${leadCustomerId}`)
          .leftJoin(staffUsers, eq(staffUsers.id, lead.telemarketerId)),
      ...(holderId === null ? {} : { scope: eq(lead.telemarketerId, holderId) }),
      where: {
        phone: (phone) => (phone ? eq(lead.phone, phone) : undefined),
        source: (source) => eq(lead.source, source),
        followStatus: (status) =>
          status === 'new' ? isNull(lead.lastOutcome) : eq(lead.lastOutcome, status),
        telemarketerId: (id) => eq(lead.telemarketerId, id),
        unassigned: (only) => (only ? isNull(lead.telemarketerId) : undefined),
        nextCallBy: (date) => lte(lead.nextCallDate, date),
      },
      sortColumns: {
        sinceDate: lead.sinceDate,
        nextCallDate: lead.nextCallDate,
        lastCallAt: lead.lastCallAt,
        assignedAt: lead.assignedAt,
      },
      defaultSort: { field: 'sinceDate', order: 'desc' },
      id: lead.id,
    },
    body,
  );
}

/** checkList; `callerId` limits it to one telemarketer's calls. */
export function listCalls(
  db: Executor,
  body: z.output<typeof callListBodySchema>,
  callerId: number | null,
) {
  const call = telemarketingCalls;
  return runList(
    db,
    {
      select: () =>
        db
          .select({
            call,
            source: lead.source,
            phone: lead.phone,
            name: sql<string | null>`coalesce(${customers.name}, ${borrowerAccounts.name})`,
            telemarketerName: staffUsers.name,
          })
          .from(call)
          .innerJoin(lead, eq(lead.id, call.leadId))
          .leftJoin(borrowerAccounts, eq(borrowerAccounts.id, lead.borrowerAccountId))
          .leftJoin(customers, sql`${customers.id} = ${leadCustomerId}`)
          .innerJoin(staffUsers, eq(staffUsers.id, call.telemarketerId)),
      ...(callerId === null ? {} : { scope: eq(call.telemarketerId, callerId) }),
      where: {
        phone: (phone) => (phone ? eq(lead.phone, phone) : undefined),
        telemarketerId: (id) => eq(call.telemarketerId, id),
        outcome: (outcome) =>
          outcome === 'refused' ? eq(call.refused, true) : eq(call.outcome, outcome),
        ...inclusiveRange<'calledFrom', 'calledTo', string>(
          call.indiaDate,
          'calledFrom',
          'calledTo',
        ),
      },
      sortColumns: { calledAt: call.at },
      defaultSort: { field: 'calledAt', order: 'desc' },
      id: call.id,
    },
    body,
  );
}

/**
 * Enabled accounts whose role records telemarketing calls, with the leads each holds. System
 * roles (admin holds every interface) do not make anyone a telemarketer.
 */
export async function telemarketers(db: Executor, onlyUserId?: number) {
  const rows = await queryRows(
    db,
    sql`select u.id, u.name,
        (select count(*) from telemarketing_leads l where l.telemarketer_id = u.id)::int as leads
      from staff_users u
      where u.status = 'enabled'
        and exists (select 1 from staff_user_roles ur join roles r on r.id = ur.role_id
          where ur.user_id = u.id and not r.is_system and ${CALL_INTERFACE} = any(r.interfaces))
        ${onlyUserId === undefined ? sql`` : sql`and u.id = ${onlyUserId}`}
      order by u.name, u.id`,
  );
  return rows.map((r) => ({ userId: Number(r.id), name: String(r.name), leads: Number(r.leads) }));
}

/**
 * The rate report's cohorts: leads grouped by telemarketer and India day of assignment, with
 * how many of them were called (by their holder, since the assignment), connected, applied
 * and were paid out. A refused attempt is no call.
 */
export async function rateRows(
  db: Executor,
  range: { from: string; to: string; telemarketerId?: number | undefined },
) {
  const since = sql`c.lead_id = l.id and c.telemarketer_id = l.telemarketer_id and c.at >= l.assigned_at and not c.refused`;
  const orders = sql`o.customer_id = coalesce(l.customer_id, ba.customer_id) and o.applied_at >= l.assigned_at`;
  const only: SQL =
    range.telemarketerId === undefined
      ? sql``
      : sql`and l.telemarketer_id = ${range.telemarketerId}`;
  const rows = await queryRows(
    db,
    sql`select l.assigned_date::text as date, l.telemarketer_id, u.name,
        count(*)::int as assigned,
        (count(*) filter (where exists (select 1 from telemarketing_calls c where ${since})))::int as called,
        (count(*) filter (where exists (select 1 from telemarketing_calls c where ${since}
          and c.outcome in ('connected', 'promise'))))::int as connected,
        (count(*) filter (where exists (select 1 from loan_orders o where ${orders})))::int as applied,
        (count(*) filter (where exists (select 1 from loan_orders o where ${orders}
          and o.disbursal_date is not null)))::int as disbursed
      from telemarketing_leads l
      join staff_users u on u.id = l.telemarketer_id
      left join borrower_accounts ba on ba.id = l.borrower_account_id
      where l.assigned_date between ${range.from}::date and ${range.to}::date ${only}
      group by l.assigned_date, l.telemarketer_id, u.name
      order by l.assigned_date desc, u.name, l.telemarketer_id`,
  );
  return rows.map((r) => ({
    date: String(r.date),
    telemarketerId: Number(r.telemarketer_id),
    name: String(r.name),
    assigned: Number(r.assigned),
    called: Number(r.called),
    connected: Number(r.connected),
    applied: Number(r.applied),
    disbursed: Number(r.disbursed),
  }));
}

export async function findLead(db: Executor, id: number) {
  const [row] = await db.select().from(lead).where(eq(lead.id, id));
  return row;
}

/** Leads among `ids` that exist. */
export async function existingLeadIds(db: Executor, ids: readonly number[]): Promise<number[]> {
  const rows = await queryRows(
    db,
    sql`select id from telemarketing_leads where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return rows.map((r) => Number(r.id));
}

/** A lead whose number has not opted out of marketing: one that may be called (decision 0068). */
function callable(db: Executor) {
  return notExists(
    db
      .select({ phone: marketingOptOuts.phone })
      .from(marketingOptOuts)
      .where(eq(marketingOptOuts.phone, lead.phone)),
  );
}

/**
 * Callable leads nobody holds that came on the list on or before `sinceOnOrBefore`: the newest
 * first (then by id), at most `limit`.
 */
export function unassignedLeadsSince(
  db: Executor,
  sinceOnOrBefore: string,
  limit: number,
): Promise<{ id: number }[]> {
  return db
    .select({ id: lead.id })
    .from(lead)
    .where(and(isNull(lead.telemarketerId), lte(lead.sinceDate, sinceOnOrBefore), callable(db)))
    .orderBy(sql`${lead.sinceDate} desc`, lead.id)
    .limit(limit);
}

/**
 * The telemarketer's callable leads due a call on `today` (never called, or their next call
 * date come), by id, at most `limit`.
 */
export function leadsDueACall(
  db: Executor,
  telemarketerId: number,
  today: string,
  limit: number,
): Promise<{ id: number }[]> {
  return db
    .select({ id: lead.id })
    .from(lead)
    .where(
      and(
        eq(lead.telemarketerId, telemarketerId),
        or(isNull(lead.lastOutcome), lte(lead.nextCallDate, today)),
        callable(db),
      ),
    )
    .orderBy(lead.id)
    .limit(limit);
}

/**
 * Hands the leads to the telemarketer. A lead they already hold keeps its assignment (and so
 * its place in the rate report's cohort); one held by someone else moves.
 */
export async function assignLeads(
  db: Executor,
  ids: readonly number[],
  values: { telemarketerId: number; at: Date; date: string; by: number },
): Promise<void> {
  await db
    .update(lead)
    .set({
      telemarketerId: values.telemarketerId,
      assignedAt: values.at,
      assignedDate: values.date,
      assignedBy: values.by,
    })
    .where(
      and(
        sql`${lead.id} in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
        sql`${lead.telemarketerId} is distinct from ${values.telemarketerId}`,
      ),
    );
}

/** Records a call and sums it into its lead (calls, last outcome, next call). */
export async function insertCall(
  db: Executor,
  values: typeof telemarketingCalls.$inferInsert & { outcome: CallOutcomeColumn },
): Promise<number> {
  const [row] = await db
    .insert(telemarketingCalls)
    .values(values)
    .returning({ id: telemarketingCalls.id });
  await db
    .update(lead)
    .set({
      calls: sql`${lead.calls} + 1`,
      lastOutcome: values.outcome,
      lastCallAt: values.at,
      nextCallDate: values.nextCallDate ?? null,
    })
    .where(eq(lead.id, values.leadId));
  return row!.id;
}

/**
 * Locks the lead's row for the caller's transaction and counts its calls of the India day: two
 * telemarketers calling the same number at once are counted one after the other, so the cap
 * holds whatever runs at once (the second waits for the first's commit, then counts it).
 */
export async function lockLeadCallsOn(db: Executor, leadId: number, today: string) {
  await queryRows(db, sql`select id from telemarketing_leads where id = ${leadId} for update`);
  // A statement of its own: counted in the same one as the lock, the count would read the
  // snapshot taken before the wait and miss the call the lock waited for.
  const [row] = await queryRows(
    db,
    sql`select ${callsOn(today)} as n from telemarketing_leads where id = ${leadId}`,
  );
  return Number(row?.n ?? 0);
}

/** Keeps a refused attempt in the call history; its lead's summary is left as it was. */
export async function insertRefusedCall(
  db: Executor,
  values: Omit<typeof telemarketingCalls.$inferInsert, 'outcome' | 'nextCallDate' | 'refused'> & {
    refusal: CallRefusalColumn;
    refusalHours: string | null;
  },
): Promise<void> {
  await db.insert(telemarketingCalls).values({ ...values, refused: true });
}
