import { and, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AssetClass, caseListBodySchema } from '@lending/contract';
import type { z } from 'zod';
import type { Executor } from '../../plugins/db.js';
import { inclusiveRange, orderNoIs, runList } from '../../shared/list-query.js';
import { queryRows } from '../../shared/sql-rows.js';
import { customers, loanOrders } from '../loan-book/tables.js';
import { staffUsers } from '../user/tables.js';
import {
  closedOutcomeSql,
  closedStatusSql,
  orderLeftCaseSql,
  promisesNowSql,
} from './case-state.repository.js';
import {
  recoveryCaseMoves,
  recoveryCases,
  recoveryCollectors,
  recoveryFollowUps,
  recoveryGroups,
} from './recovery.table.js';

/** The instant and India date a read answers for (readNow in recovery.deps.ts). */
export interface ReadAt {
  now: Date;
  today: string;
}

/** The caller as a collector (their own cases and their group's unassigned ones), or null: sees all. */
export async function scopeOf(db: Executor, userId: number) {
  const [row] = await db
    .select()
    .from(recoveryCollectors)
    .where(eq(recoveryCollectors.userId, userId));
  return row ? { userId, groupId: row.groupId } : null;
}
export type Scope = Awaited<ReturnType<typeof scopeOf>>;

function scopeCondition(scope: Scope): SQL | undefined {
  if (!scope) return undefined;
  return or(
    eq(recoveryCases.collectorId, scope.userId),
    and(isNull(recoveryCases.collectorId), eq(recoveryCases.groupId, scope.groupId)),
  );
}

/** The case row's order has left the case's condition (the refresh job will close it). */
const leftNow = sql<boolean>`(${recoveryCases.status} = 'open' and ${orderLeftCaseSql('"recovery_cases"', '"loan_orders"')})`;

const attemptsTodaySql = (today: string) =>
  sql<number>`(select count(*)::int from recovery_follow_ups f where f.case_id = ${recoveryCases.id} and f.india_date = ${today}::date and not f.refused)`;
const openPromiseDate = (promises: SQL) =>
  sql<
    string | null
  >`(select min(p.due_date)::text from ${promises} p where p.case_id = ${recoveryCases.id} and p.status = 'open')`;
const openPromisePaise = (promises: SQL) =>
  sql<
    string | null
  >`(select p.amount_paise::text from ${promises} p where p.case_id = ${recoveryCases.id} and p.status = 'open' order by p.due_date, p.id limit 1)`;
const brokenSql = (promises: SQL) =>
  sql<boolean>`exists (select 1 from ${promises} p where p.case_id = ${recoveryCases.id} and p.status = 'broken' and (${recoveryCases.lastContactAt} is null or p.settled_at > ${recoveryCases.lastContactAt}))`;
const recoveredNow = sql<string>`coalesce(${recoveryCases.recoveredPaise}, (select coalesce(sum(r.amount_paise - r.excess_paise), 0) from repayments r where r.order_id = ${recoveryCases.orderId} and not r.reversed and r.received_at >= ${recoveryCases.openedAt}))::text`;
const outstandingNow = sql<string>`(${loanOrders.outstandingPrincipalPaise} + ${loanOrders.outstandingInterestPaise} + ${loanOrders.outstandingFeePaise} + ${loanOrders.outstandingGstPaise} + ${loanOrders.outstandingPenalPaise})::text`;

/** The order owes, as the partial index on the asset class says it (loan_orders_owing_class_idx). */
const orderOwes = sql`${loanOrders.status} in ('ACTIVE', 'DUE', 'OVERDUE')`;
/** The order's asset class while it owes (the last day-end's); null once it owes nothing. */
const owingClass = sql<AssetClass | null>`(case when ${orderOwes} then ${loanOrders.rbiClass} end)`;

function caseSelect(db: Executor, { now, today }: ReadAt) {
  const promises = promisesNowSql(today, now);
  return db
    .select({
      c: recoveryCases,
      status: sql<string>`(case when ${leftNow} then ${closedStatusSql('"loan_orders"')} else ${recoveryCases.status} end)`,
      outcome: sql<
        string | null
      >`(case when ${leftNow} then ${closedOutcomeSql('"recovery_cases"', '"loan_orders"')} else ${recoveryCases.outcome} end)`,
      closedAt: sql<
        string | null
      >`(case when ${leftNow} then ${now.toISOString()}::timestamptz else ${recoveryCases.closedAt} end)::text`,
      orderNo: loanOrders.orderNo,
      overdueDays: loanOrders.overdueDays,
      rbiClass: owingClass,
      rescheduled: loanOrders.rescheduled,
      customerName: customers.name,
      customerPhone: customers.phone,
      collectorName: staffUsers.name,
      groupName: recoveryGroups.name,
      attemptsToday: attemptsTodaySql(today),
      promiseDate: openPromiseDate(promises),
      promisePaise: openPromisePaise(promises),
      broken: brokenSql(promises),
      recovered: recoveredNow,
      outstanding: outstandingNow,
    })
    .from(recoveryCases)
    .innerJoin(loanOrders, eq(loanOrders.id, recoveryCases.orderId))
    .innerJoin(customers, eq(customers.id, loanOrders.customerId))
    .leftJoin(staffUsers, eq(staffUsers.id, recoveryCases.collectorId))
    .leftJoin(recoveryGroups, eq(recoveryGroups.id, recoveryCases.groupId));
}
export type CaseSelectRow = Awaited<ReturnType<typeof caseSelect>>[number];

/** The case list: filters and sorts on the case, its order and its customer, within the caller's scope. */
export function listCaseRows(
  db: Executor,
  at: ReadAt,
  userId: number,
  scope: Scope,
  body: z.output<typeof caseListBodySchema>,
) {
  const mine = body.filters?.mine === true;
  return runList(
    db,
    {
      select: () => caseSelect(db, at),
      scope: scopeCondition(scope),
      where: {
        kind: (kind) => eq(recoveryCases.kind, kind),
        // An open case whose order moved on is done already (the refresh job closes it).
        state: (state) =>
          state === 'open'
            ? and(eq(recoveryCases.status, 'open'), sql`not ${leftNow}`)
            : or(inArray(recoveryCases.status, ['finished', 'closed']), leftNow),
        followedUp: (yes) =>
          yes ? sql`${recoveryCases.followUps} > 0` : eq(recoveryCases.followUps, 0),
        mine: (yes) => (yes ? eq(recoveryCases.collectorId, userId) : undefined),
        assigned: (yes) =>
          yes ? sql`${recoveryCases.collectorId} is not null` : isNull(recoveryCases.collectorId),
        orderNo: (orderNo) => orderNoIs(loanOrders.orderNo, orderNo),
        phone: (phone) => eq(customers.phone, phone),
        stage: (stage) => eq(recoveryCases.stage, stage),
        overdueDaysMin: (d) => gte(loanOrders.overdueDays, d),
        overdueDaysMax: (d) => lte(loanOrders.overdueDays, d),
        amountMin: (p) => sql`${outstandingNow}::bigint >= ${p}`,
        amountMax: (p) => sql`${outstandingNow}::bigint <= ${p}`,
        collectorId: (id) => eq(recoveryCases.collectorId, id),
        groupId: (id) => eq(recoveryCases.groupId, id),
        followStatus: (s) => eq(recoveryCases.followStatus, s),
        ...inclusiveRange(
          sql`(${recoveryCases.lastContactAt} at time zone 'Asia/Kolkata')::date` as never,
          'lastContactFrom',
          'lastContactTo',
        ),
        rbiClass: (rbiClass) => and(orderOwes, eq(loanOrders.rbiClass, rbiClass)),
        rescheduled: (yes) =>
          yes ? sql`${loanOrders.rescheduled}` : sql`not ${loanOrders.rescheduled}`,
      },
      sortColumns: {
        id: recoveryCases.id,
        priority: recoveryCases.priority,
        overdueDays: loanOrders.overdueDays,
        dueDate: recoveryCases.dueDate,
        lastContactAt: recoveryCases.lastContactAt,
        openedAt: recoveryCases.openedAt,
      },
      // A collector's own list: promised today, then broken promises, first.
      defaultSort: mine ? { field: 'priority', order: 'asc' } : { field: 'id', order: 'desc' },
      id: recoveryCases.id,
    },
    body,
  );
}

/** The caller's latest case of an order, within their scope. */
export async function latestCaseOfOrder(db: Executor, at: ReadAt, orderNo: string, scope: Scope) {
  const rows = await caseSelect(db, at)
    .where(and(eq(loanOrders.orderNo, orderNo), scopeCondition(scope)))
    .orderBy(desc(recoveryCases.id))
    .limit(1);
  return rows[0];
}

export async function caseRowOf(db: Executor, at: ReadAt, caseId: number) {
  const [row] = await caseSelect(db, at).where(eq(recoveryCases.id, caseId));
  return row;
}

/** The case's own row, as stored. */
export async function findCase(db: Executor, caseId: number) {
  const [c] = await db.select().from(recoveryCases).where(eq(recoveryCases.id, caseId));
  return c;
}

/** The open cases a collector holds (each with its collector and order), by id. */
export function openCasesWithCollector(db: Executor) {
  return db
    .select({
      id: recoveryCases.id,
      collectorId: recoveryCases.collectorId,
      orderId: recoveryCases.orderId,
    })
    .from(recoveryCases)
    .where(and(eq(recoveryCases.status, 'open'), sql`${recoveryCases.collectorId} is not null`))
    .orderBy(recoveryCases.id);
}

const fromStaff = alias(staffUsers, 'from_staff');
const toStaff = alias(staffUsers, 'to_staff');
const actorStaff = alias(staffUsers, 'actor_staff');

/** The case's moves, latest first, with the staff named. */
export async function caseMoves(db: Executor, caseId: number) {
  return db
    .select({
      m: recoveryCaseMoves,
      fromCollector: fromStaff.name,
      toCollector: toStaff.name,
      actor: actorStaff.name,
    })
    .from(recoveryCaseMoves)
    .leftJoin(fromStaff, eq(fromStaff.id, recoveryCaseMoves.fromCollectorId))
    .leftJoin(toStaff, eq(toStaff.id, recoveryCaseMoves.toCollectorId))
    .leftJoin(actorStaff, eq(actorStaff.id, recoveryCaseMoves.actorId))
    .where(eq(recoveryCaseMoves.caseId, caseId))
    .orderBy(desc(recoveryCaseMoves.id));
}

/** The case's follow-ups, latest first, with the collector named. */
export async function caseFollowUps(db: Executor, caseId: number) {
  return db
    .select({ f: recoveryFollowUps, collector: staffUsers.name })
    .from(recoveryFollowUps)
    .leftJoin(staffUsers, eq(staffUsers.id, recoveryFollowUps.collectorId))
    .where(eq(recoveryFollowUps.caseId, caseId))
    .orderBy(desc(recoveryFollowUps.id));
}

/** The case's promises as of `at`, by due date. */
export async function casePromises(db: Executor, at: ReadAt, caseId: number) {
  return queryRows(
    db,
    sql`select p.id, p.due_date::text as due_date, p.amount_paise::text as amount_paise, p.instalment, p.status
      from ${promisesNowSql(at.today, at.now)} p where p.case_id = ${caseId} order by p.due_date, p.id`,
  );
}
