import { and, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type {
  CaseDetail,
  CaseRow,
  caseDetailBodySchema,
  caseListBodySchema,
  collectorListBodySchema,
  CollectorRow,
  dailyProcessBodySchema,
  dailyProcessRetSchema,
  followUpBodySchema,
  collectionGroupListBodySchema,
  GroupRow,
  instalmentPlanBodySchema,
  manualDispatchBodySchema,
  moveBookBodySchema,
  RecoverySettings,
  saveCollectorBodySchema,
  saveGroupBodySchema,
  takeBackBodySchema,
} from '@lending/contract';
import { addDays } from '@lending/lending';
import type { z } from 'zod';
import { customers, loanOrders, staffUsers } from '../../db-schema.js';
import { sendSms, SMS_TEMPLATES, type SmsGateways } from '../../integrations/index.js';
import type { Database, Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import type { Clock } from '../../shared/clock.js';
import { indiaDateOf, startOfIndiaDate } from '../../shared/india-date.js';
import { inclusiveRange, orderNoIs, runList } from '../../shared/list-query.js';
import { intFromDb, paiseFromDb, paiseToApi } from '../../shared/paise.js';
import { maskName, maskPhone } from '../../shared/pii.js';
import { queryRows } from '../../shared/sql-rows.js';
import { brokenPromiseLimit } from '../ops-config/index.js';
import { capOf } from './dispatch.js';
import type { ContactRules } from './recovery.settings.js';
import { withinContactHours } from '../../shared/contact-hours.js';
import { indiaClockOf } from '../../shared/india-date.js';
import {
  autoDispatch,
  casesNowSql,
  closedOutcomeSql,
  closedStatusSql,
  closeSettledCases,
  collectorLoads,
  orderLeftCaseSql,
  outstandingSql,
  promisesNowSql,
  refreshPriorities,
  settlePromises,
} from './recovery.engine.js';
import {
  recoveryCaseMoves,
  recoveryCases,
  recoveryCollectors,
  recoveryFollowUps,
  recoveryGroups,
  recoveryPromises,
  type CaseKind,
} from './recovery.table.js';

export interface RecoveryDeps {
  /** The module's database (joins an audited call's transaction). */
  db: Database;
  /** The plain database: a refused contact is recorded after the failed call's rollback. */
  rawDb: Database;
  clock: Clock;
  settings: RecoverySettings;
  /** The conduct guard's hours and cap, read at each contact (operations settings). */
  contactRules: () => Promise<ContactRules>;
  sms: SmsGateways;
}

type Body<S extends z.ZodType> = z.output<S>;
type DailyRow = z.output<typeof dailyProcessRetSchema>['list'][number];

/** The caller as a collector (their own cases and their group's unassigned ones), or null: sees all. */
export async function scopeOf(db: Executor, userId: number) {
  const [row] = await db
    .select()
    .from(recoveryCollectors)
    .where(eq(recoveryCollectors.userId, userId));
  return row ? { userId, groupId: row.groupId } : null;
}
type Scope = Awaited<ReturnType<typeof scopeOf>>;

function scopeCondition(scope: Scope): SQL | undefined {
  if (!scope) return undefined;
  return or(
    eq(recoveryCases.collectorId, scope.userId),
    and(isNull(recoveryCases.collectorId), eq(recoveryCases.groupId, scope.groupId)),
  );
}

/**
 * The instant and India date a read answers for. Reads never write (decision 0052): a case
 * whose order moved on since the refresh job last ran shows closed, and a promise met or
 * lapsed shows kept or broken, derived in the read's own query (casesNowSql, promisesNowSql).
 */
export function readNow(deps: RecoveryDeps): { now: Date; today: string } {
  const now = deps.clock.now();
  return { now, today: indiaDateOf(now) };
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

function caseSelect(db: Executor, { now, today }: { now: Date; today: string }) {
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
type CaseSelectRow = Awaited<ReturnType<typeof caseSelect>>[number];

function toCaseRow(r: CaseSelectRow, today: string): CaseRow {
  const c = r.c;
  return {
    id: c.id,
    kind: c.kind,
    orderId: c.orderId,
    orderNo: r.orderNo,
    customerName: maskName(r.customerName),
    customerPhone: maskPhone(r.customerPhone),
    status: r.status as CaseRow['status'],
    outcome: (r.outcome as CaseRow['outcome']) ?? null,
    stage: c.stage,
    dueDate: c.dueDate,
    overdueDays: r.overdueDays,
    owedAtAssignmentPaise: paiseToApi(c.owedAtAssignmentPaise),
    outstandingPaise: paiseToApi(paiseFromDb(r.outstanding)),
    recoveredPaise: paiseToApi(paiseFromDb(r.recovered)),
    collectorId: c.collectorId,
    collectorName: r.collectorName,
    groupId: c.groupId,
    groupName: r.groupName,
    undispatchedReason: (c.undispatchedReason as CaseRow['undispatchedReason']) ?? null,
    followStatus: (c.followStatus as CaseRow['followStatus']) ?? null,
    promiseDate: r.promiseDate,
    promisePaise: r.promisePaise === null ? null : paiseToApi(paiseFromDb(r.promisePaise)),
    promiseBroken: Boolean(r.broken),
    promiseToday: r.promiseDate === today,
    lastContactAt: c.lastContactAt?.toISOString() ?? null,
    attemptsToday: intFromDb(r.attemptsToday),
    assignedAt: c.assignedAt?.toISOString() ?? null,
    openedAt: c.openedAt.toISOString(),
    closedAt: r.closedAt === null ? null : new Date(r.closedAt).toISOString(),
  };
}

export async function listCases(
  deps: RecoveryDeps,
  userId: number,
  body: Body<typeof caseListBodySchema>,
) {
  const at = readNow(deps);
  const scope = await scopeOf(deps.db, userId);
  const mine = body.filters?.mine === true;
  const { list, total } = await runList(
    deps.db,
    {
      select: () => caseSelect(deps.db, at),
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
  return { total, list: list.map((r) => toCaseRow(r, at.today)) };
}

/** A case the caller may reach: 404 when there is none, 403 when it is another collector's. */
async function caseInScope(db: Executor, userId: number, caseId: number) {
  const [c] = await db.select().from(recoveryCases).where(eq(recoveryCases.id, caseId));
  if (!c) throw new AppError('notFound', { field: 'caseId' });
  const scope = await scopeOf(db, userId);
  if (
    scope &&
    c.collectorId !== scope.userId &&
    !(c.collectorId === null && c.groupId === scope.groupId)
  )
    throw new AppError('caseOutOfScope', { field: String(caseId) });
  return c;
}

export async function caseDetail(
  deps: RecoveryDeps,
  userId: number,
  body: Body<typeof caseDetailBodySchema>,
): Promise<CaseDetail> {
  const at = readNow(deps);
  let caseId = body.caseId;
  if (caseId === undefined) {
    const scope = await scopeOf(deps.db, userId);
    const rows = await caseSelect(deps.db, at)
      .where(and(eq(loanOrders.orderNo, body.orderNo!), scopeCondition(scope)))
      .orderBy(desc(recoveryCases.id))
      .limit(1);
    if (!rows[0]) throw new AppError('notFound', { field: 'orderNo' });
    caseId = rows[0].c.id;
  }
  await caseInScope(deps.db, userId, caseId);
  const [row] = await caseSelect(deps.db, at).where(eq(recoveryCases.id, caseId));
  const item = toCaseRow(row!, at.today);
  const rules = await deps.contactRules();
  const names = new Map(
    (await deps.db.select({ id: staffUsers.id, name: staffUsers.name }).from(staffUsers)).map(
      (s) => [s.id, s.name] as const,
    ),
  );
  const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
  const moves = await deps.db
    .select()
    .from(recoveryCaseMoves)
    .where(eq(recoveryCaseMoves.caseId, caseId))
    .orderBy(desc(recoveryCaseMoves.id));
  const followUps = await deps.db
    .select()
    .from(recoveryFollowUps)
    .where(eq(recoveryFollowUps.caseId, caseId))
    .orderBy(desc(recoveryFollowUps.id));
  const promises = await queryRows(
    deps.db,
    sql`select p.id, p.due_date::text as due_date, p.amount_paise::text as amount_paise, p.instalment, p.status
      from ${promisesNowSql(at.today, at.now)} p where p.case_id = ${caseId} order by p.due_date, p.id`,
  );
  return {
    case: item,
    moves: moves.map((m) => ({
      id: m.id,
      reason: m.reason as CaseDetail['moves'][number]['reason'],
      fromCollector: nameOf(m.fromCollectorId),
      toCollector: nameOf(m.toCollectorId),
      fromStage: m.fromStage,
      toStage: m.toStage,
      actor: nameOf(m.actorId),
      note: m.note,
      at: m.at.toISOString(),
    })),
    followUps: followUps.map((f) => ({
      id: f.id,
      collector: nameOf(f.collectorId),
      channel: f.channel as CaseDetail['followUps'][number]['channel'],
      result: (f.result as CaseDetail['followUps'][number]['result']) ?? null,
      detailCode: f.detailCode,
      promiseDate: f.promiseDate,
      promisePaise: f.promisePaise === null ? null : paiseToApi(f.promisePaise),
      remarks: f.remarks,
      refused: f.refused,
      refusal: f.refusal,
      at: f.at.toISOString(),
    })),
    promises: promises.map((p) => ({
      id: intFromDb(p.id),
      dueDate: String(p.due_date),
      amountPaise: paiseToApi(paiseFromDb(p.amount_paise)),
      instalment: p.instalment === null ? null : intFromDb(p.instalment),
      status: String(p.status) as 'open' | 'kept' | 'broken',
    })),
    contact: {
      phone: item.customerPhone,
      windowStart: rules.contactStart,
      windowEnd: rules.contactEnd,
      withinHours: withinContactHours(
        indiaClockOf(deps.clock.now()),
        rules.contactStart,
        rules.contactEnd,
      ),
      attemptsToday: item.attemptsToday,
      attemptCap: rules.attemptCapPerDay,
    },
  };
}

/**
 * The conduct guard (RBI fair practices code): a contact only within the contact hours and
 * under the daily attempt cap per case, both operations settings read at each contact (the
 * hours can narrow 08:00–19:00 India time, never widen it). A refused attempt is recorded (outside the
 * call's transaction, which the refusal rolls back) and the caller told why.
 */
export type Defer = (work: () => Promise<void>) => void;

async function guardContact(
  deps: RecoveryDeps,
  c: { id: number },
  userId: number,
  channel: string,
  now: Date,
  defer: Defer,
) {
  const today = indiaDateOf(now);
  const clock = indiaClockOf(now);
  const rules = await deps.contactRules();
  let refusal: 'outsideHours' | 'attemptCap' | null = null;
  if (!withinContactHours(clock, rules.contactStart, rules.contactEnd)) refusal = 'outsideHours';
  else {
    const [row] = await queryRows(
      deps.db,
      sql`select count(*)::int as n from recovery_follow_ups where case_id = ${c.id} and india_date = ${today}::date and not refused`,
    );
    if (intFromDb(row?.n ?? 0) >= rules.attemptCapPerDay) refusal = 'attemptCap';
  }
  if (!refusal) return;
  const failed = refusal;
  // The refusal rolls the call's transaction back; the record is written once it has ended.
  defer(async () => {
    await deps.rawDb.insert(recoveryFollowUps).values({
      caseId: c.id,
      collectorId: userId,
      channel,
      refused: true,
      refusal: failed,
      indiaDate: today,
      at: now,
    });
  });
  if (refusal === 'outsideHours')
    throw new AppError('contactOutsideHours', {
      field: String(c.id),
      detail: `${rules.contactStart}–${rules.contactEnd}`,
    });
  throw new AppError('contactCapReached', {
    field: String(c.id),
    detail: String(rules.attemptCapPerDay),
  });
}

/** A command's case brought up to date with the book first: closed if its order moved on, its promises settled. */
async function openCaseForAction(deps: RecoveryDeps, userId: number, caseId: number) {
  const now = deps.clock.now();
  let c = await caseInScope(deps.db, userId, caseId);
  if (c.status === 'open' && (await closeSettledCases(deps.db, now, [c.id])) > 0)
    c = await caseInScope(deps.db, userId, caseId);
  await settlePromises(deps.db, indiaDateOf(now), now, [c.id]);
  if (c.status !== 'open')
    throw new AppError('conflict', { field: 'caseId', detail: `case ${caseId} is ${c.status}` });
  return c;
}

export async function logFollowUp(
  deps: RecoveryDeps,
  userId: number,
  body: Body<typeof followUpBodySchema>,
  defer: Defer,
) {
  const now = deps.clock.now();
  const today = indiaDateOf(now);
  if (body.promiseDate && body.promiseDate < today)
    throw AppError.invalid('promiseDate', 'a promise date cannot be in the past');
  const c = await openCaseForAction(deps, userId, body.caseId);
  await guardContact(deps, c, userId, body.channel, now, defer);
  const [f] = await deps.db
    .insert(recoveryFollowUps)
    .values({
      caseId: c.id,
      collectorId: userId,
      channel: body.channel,
      result: body.result,
      detailCode: body.detailCode || null,
      promiseDate: body.result === 'promise' ? body.promiseDate! : null,
      promisePaise: body.result === 'promise' ? BigInt(body.promisePaise!) : null,
      remarks: body.remarks,
      indiaDate: today,
      at: now,
    })
    .returning({ id: recoveryFollowUps.id });
  if (body.result === 'promise') {
    // A new promise replaces the open ones.
    await deps.db
      .update(recoveryPromises)
      .set({ status: 'replaced', settledAt: now })
      .where(and(eq(recoveryPromises.caseId, c.id), eq(recoveryPromises.status, 'open')));
    await deps.db.insert(recoveryPromises).values({
      caseId: c.id,
      followUpId: f!.id,
      collectorId: userId,
      dueDate: body.promiseDate!,
      amountPaise: BigInt(body.promisePaise!),
      cumulativePaise: BigInt(body.promisePaise!),
      madeAt: now,
    });
  }
  await deps.db
    .update(recoveryCases)
    .set({
      followStatus: body.result,
      lastContactAt: now,
      followUps: sql`${recoveryCases.followUps} + 1`,
      version: sql`${recoveryCases.version} + 1`,
    })
    .where(eq(recoveryCases.id, c.id));
  await refreshPriorities(deps.db, today, [c.id]);
  return { followUpId: f!.id };
}

export async function instalmentPlan(
  deps: RecoveryDeps,
  userId: number,
  body: Body<typeof instalmentPlanBodySchema>,
) {
  const now = deps.clock.now();
  const today = indiaDateOf(now);
  body.instalments.forEach((item, i) => {
    if (item.dueDate < today)
      throw AppError.invalid(`instalments.${i}.dueDate`, 'a promise date cannot be in the past');
    if (i > 0 && item.dueDate <= body.instalments[i - 1]!.dueDate)
      throw AppError.invalid(`instalments.${i}.dueDate`, 'dates must follow one another');
  });
  const c = await openCaseForAction(deps, userId, body.caseId);
  const [order] = await queryRows(
    deps.db,
    sql`select ${outstandingSql}::text as owed from loan_orders o where o.id = ${c.orderId}`,
  );
  const owed = paiseFromDb(order?.owed ?? '0');
  const sum = body.instalments.reduce((s, i) => s + BigInt(i.amountPaise), 0n);
  if (sum > owed)
    throw AppError.invalid(
      'instalments',
      `the instalments add up to more than is owed (${owed} paise)`,
    );
  const [f] = await deps.db
    .insert(recoveryFollowUps)
    .values({
      caseId: c.id,
      collectorId: userId,
      channel: 'call',
      result: 'promise',
      detailCode: 'instalmentPlan',
      promiseDate: body.instalments[0]!.dueDate,
      promisePaise: BigInt(body.instalments[0]!.amountPaise),
      remarks: body.remarks,
      indiaDate: today,
      at: now,
    })
    .returning({ id: recoveryFollowUps.id });
  await deps.db
    .update(recoveryPromises)
    .set({ status: 'replaced', settledAt: now })
    .where(and(eq(recoveryPromises.caseId, c.id), eq(recoveryPromises.status, 'open')));
  let cumulative = 0n;
  await deps.db.insert(recoveryPromises).values(
    body.instalments.map((item, i) => {
      cumulative += BigInt(item.amountPaise);
      return {
        caseId: c.id,
        followUpId: f!.id,
        collectorId: userId,
        dueDate: item.dueDate,
        amountPaise: BigInt(item.amountPaise),
        cumulativePaise: cumulative,
        instalment: i + 1,
        madeAt: now,
      };
    }),
  );
  await deps.db
    .update(recoveryCases)
    .set({ followStatus: 'promise', followUps: sql`${recoveryCases.followUps} + 1` })
    .where(eq(recoveryCases.id, c.id));
  await refreshPriorities(deps.db, today, [c.id]);
  return { followUpId: f!.id };
}

export async function sendReminder(
  deps: RecoveryDeps,
  userId: number,
  caseId: number,
  defer: Defer,
) {
  const now = deps.clock.now();
  const c = await openCaseForAction(deps, userId, caseId);
  await guardContact(deps, c, userId, 'sms', now, defer);
  const [row] = await queryRows(
    deps.db,
    sql`select o.order_no, cu.phone, ${outstandingSql}::text as owed, o.due_date::text as due
      from loan_orders o join customers cu on cu.id = o.customer_id where o.id = ${c.orderId}`,
  );
  const owed = paiseFromDb(row!.owed);
  const { messageId } = await sendSms(
    deps.db,
    deps.sms,
    {
      phone: String(row!.phone),
      templateId: SMS_TEMPLATES.repaymentReminder,
      params: {
        orderNo: String(row!.order_no),
        amount: (Number(owed) / 100).toFixed(2),
        dueDate: String(row!.due),
      },
    },
    now,
  );
  await deps.db.insert(recoveryFollowUps).values({
    caseId: c.id,
    collectorId: userId,
    channel: 'sms',
    detailCode: 'reminder',
    remarks: `reminder SMS ${SMS_TEMPLATES.repaymentReminder}`,
    indiaDate: indiaDateOf(now),
    at: now,
  });
  await deps.db
    .update(recoveryCases)
    .set({ lastContactAt: now, followUps: sql`${recoveryCases.followUps} + 1` })
    .where(eq(recoveryCases.id, c.id));
  // The contact follows up a broken promise: the case leaves the top of the list.
  await refreshPriorities(deps.db, indiaDateOf(now), [c.id]);
  return { messageId };
}

/* ---------------- groups and collectors ---------------- */

export async function listGroups(
  deps: RecoveryDeps,
  body: Body<typeof collectionGroupListBodySchema>,
) {
  const { list, total } = await runList(
    deps.db,
    {
      select: () =>
        deps.db
          .select({
            g: recoveryGroups,
            members: sql<number>`(select count(*)::int from recovery_collectors rc where rc.group_id = ${recoveryGroups.id})`,
            openCases: sql<number>`(select count(*)::int from recovery_cases c where c.group_id = ${recoveryGroups.id} and c.status = 'open')`,
          })
          .from(recoveryGroups),
      where: {
        kind: (kind) => eq(recoveryGroups.kind, kind),
        active: (active) => eq(recoveryGroups.active, active),
      },
      sortColumns: { id: recoveryGroups.id, name: recoveryGroups.name },
      defaultSort: { field: 'id', order: 'asc' },
      id: recoveryGroups.id,
    },
    body,
  );
  const limit = await brokenPromiseLimit(deps.db);
  return {
    total,
    list: list.map(({ g, members, openCases }): GroupRow => ({
      id: g.id,
      kind: g.kind,
      name: g.name,
      stages: g.stages,
      dailyCap: g.dailyCap,
      dispatchMode: g.dispatchMode,
      keepDays: g.keepDays,
      active: g.active,
      brokenPromiseLimit: g.brokenPromiseLimit,
      brokenPromiseLimitInForce: g.brokenPromiseLimit ?? limit,
      members: intFromDb(members),
      openCases: intFromDb(openCases),
    })),
  };
}

export async function saveGroup(deps: RecoveryDeps, body: Body<typeof saveGroupBodySchema>) {
  const values = {
    kind: body.kind,
    name: body.name,
    stages: body.stages,
    dailyCap: body.dailyCap,
    dispatchMode: body.dispatchMode,
    keepDays: body.keepDays,
    active: body.active,
    ...(body.brokenPromiseLimit === undefined
      ? {}
      : { brokenPromiseLimit: body.brokenPromiseLimit }),
  };
  const [clash] = await deps.db
    .select({ id: recoveryGroups.id })
    .from(recoveryGroups)
    .where(and(eq(recoveryGroups.kind, body.kind), eq(recoveryGroups.name, body.name)));
  if (clash && clash.id !== body.id) throw new AppError('duplicate', { field: body.name });
  if (body.id === undefined) {
    await deps.db.insert(recoveryGroups).values({ ...values, createdAt: deps.clock.now() });
    return { ok: true as const };
  }
  const [existing] = await deps.db
    .select()
    .from(recoveryGroups)
    .where(eq(recoveryGroups.id, body.id));
  if (!existing) throw new AppError('notFound', { field: 'id' });
  if (existing.kind !== body.kind)
    throw new AppError('conflict', { field: 'kind', detail: 'a group keeps its kind' });
  await deps.db.update(recoveryGroups).set(values).where(eq(recoveryGroups.id, body.id));
  return { ok: true as const };
}

export async function deleteGroup(deps: RecoveryDeps, id: number) {
  const [g] = await deps.db.select().from(recoveryGroups).where(eq(recoveryGroups.id, id));
  if (!g) throw new AppError('notFound', { field: 'id' });
  const [use] = await queryRows(
    deps.db,
    sql`select (select count(*)::int from recovery_collectors where group_id = ${id}) as members,
      (select count(*)::int from recovery_cases where group_id = ${id} and status = 'open') as open_cases`,
  );
  if (intFromDb(use!.members) > 0 || intFromDb(use!.open_cases) > 0)
    throw new AppError('conflict', {
      field: 'id',
      detail: `group ${g.name} still has ${intFromDb(use!.members)} members and ${intFromDb(use!.open_cases)} open cases`,
    });
  // Closed cases keep their history; the group name leaves them.
  await deps.db.update(recoveryCases).set({ groupId: null }).where(eq(recoveryCases.groupId, id));
  await deps.db.delete(recoveryGroups).where(eq(recoveryGroups.id, id));
  return { ok: true as const };
}

export async function listCollectors(
  deps: RecoveryDeps,
  body: Body<typeof collectorListBodySchema>,
) {
  const now = deps.clock.now();
  const today = indiaDateOf(now);
  const monthStart = startOfIndiaDate(`${today.slice(0, 8)}01`).toISOString();
  const since = startOfIndiaDate(today).toISOString();
  const { list, total } = await runList(
    deps.db,
    {
      select: () =>
        deps.db
          .select({
            rc: recoveryCollectors,
            name: staffUsers.name,
            email: staffUsers.email,
            g: recoveryGroups,
            openCases: sql<number>`(select count(*)::int from recovery_cases c where c.collector_id = ${recoveryCollectors.userId} and c.status = 'open')`,
            assignedToday: sql<number>`(select count(*)::int from recovery_case_moves m where m.to_collector_id = ${recoveryCollectors.userId} and m.reason in ('auto', 'manual', 'moveBook') and m.at >= ${since}::timestamptz)`,
            contactsToday: sql<number>`(select count(*)::int from recovery_follow_ups f where f.collector_id = ${recoveryCollectors.userId} and f.india_date = ${today}::date and not f.refused)`,
            recovered: sql<string>`(select coalesce(sum(r.amount_paise - r.excess_paise), 0)::text from repayments r join recovery_cases c on c.order_id = r.order_id
              where c.collector_id = ${recoveryCollectors.userId} and not r.reversed and r.received_at >= greatest(c.assigned_at, ${monthStart}::timestamptz)
              and (c.closed_at is null or r.received_at <= c.closed_at))`,
          })
          .from(recoveryCollectors)
          .innerJoin(staffUsers, eq(staffUsers.id, recoveryCollectors.userId))
          .innerJoin(recoveryGroups, eq(recoveryGroups.id, recoveryCollectors.groupId)),
      where: {
        kind: (kind) => eq(recoveryGroups.kind, kind),
        groupId: (id) => eq(recoveryCollectors.groupId, id),
        onDuty: (on) => eq(recoveryCollectors.onDuty, on),
      },
      sortColumns: { userId: recoveryCollectors.userId, name: staffUsers.name },
      defaultSort: { field: 'userId', order: 'asc' },
      id: recoveryCollectors.userId,
    },
    body,
  );
  return {
    total,
    list: list.map((r): CollectorRow => ({
      userId: r.rc.userId,
      name: r.name,
      email: r.email,
      groupId: r.g.id,
      groupName: r.g.name,
      kind: r.g.kind,
      onDuty: r.rc.onDuty,
      dailyCap: r.rc.dailyCap ?? r.g.dailyCap,
      weight: r.rc.weight,
      openCases: intFromDb(r.openCases),
      assignedToday: intFromDb(r.assignedToday),
      contactsToday: intFromDb(r.contactsToday),
      recoveredThisMonthPaise: paiseToApi(paiseFromDb(r.recovered)),
    })),
  };
}

export async function saveCollector(
  deps: RecoveryDeps,
  body: Body<typeof saveCollectorBodySchema>,
) {
  const [user] = await deps.db.select().from(staffUsers).where(eq(staffUsers.id, body.userId));
  if (!user) throw new AppError('notFound', { field: 'userId' });
  const [group] = await deps.db
    .select()
    .from(recoveryGroups)
    .where(eq(recoveryGroups.id, body.groupId));
  if (!group) throw new AppError('notFound', { field: 'groupId' });
  const values = {
    groupId: body.groupId,
    onDuty: body.onDuty,
    dailyCap: body.dailyCap,
    weight: body.weight,
  };
  await deps.db
    .insert(recoveryCollectors)
    .values({ userId: body.userId, ...values, createdAt: deps.clock.now() })
    .onConflictDoUpdate({ target: recoveryCollectors.userId, set: values });
  return { ok: true as const };
}

/* ---------------- dispatch ---------------- */

/**
 * Manual dispatch of selected cases to one receiver, in one transaction: the receiver's row
 * and the cases are locked, so two dispatchers racing for the receiver's last places cannot
 * both pass the cap check. A case already with the receiver, closed, of the wrong kind or
 * stage, or over the cap: 409 and nothing moves.
 */
export async function manualDispatch(
  deps: RecoveryDeps,
  actorId: number,
  body: Body<typeof manualDispatchBodySchema>,
) {
  const now = deps.clock.now();
  await closeSettledCases(deps.db, now, body.caseIds);
  return deps.db.transaction(async (tx) => {
    const [receiver] = await tx
      .select()
      .from(recoveryCollectors)
      .where(eq(recoveryCollectors.userId, body.collectorId))
      .for('update');
    if (!receiver) throw new AppError('notFound', { field: 'collectorId' });
    const [group] = await tx
      .select()
      .from(recoveryGroups)
      .where(eq(recoveryGroups.id, receiver.groupId));
    const ids = [...new Set(body.caseIds)].sort((a, b) => a - b);
    const cases = await tx
      .select()
      .from(recoveryCases)
      .where(inArray(recoveryCases.id, ids))
      .orderBy(recoveryCases.id)
      .for('update');
    if (cases.length !== ids.length) throw new AppError('notFound', { field: 'caseIds' });
    for (const c of cases) {
      const why =
        c.status !== 'open'
          ? `case ${c.id} is ${c.status}`
          : c.kind !== group!.kind
            ? `case ${c.id} is not a ${group!.kind} case`
            : !group!.stages.includes(c.stage)
              ? `group ${group!.name} does not take stage ${c.stage}`
              : c.collectorId === receiver.userId
                ? `case ${c.id} is already with this collector`
                : null;
      if (why) throw new AppError('conflict', { field: 'caseIds', detail: why });
    }
    if (!receiver.onDuty)
      throw new AppError('conflict', { field: 'collectorId', detail: 'the collector is off duty' });
    const load = (await collectorLoads(tx, indiaDateOf(now))).find(
      (c) => c.userId === receiver.userId,
    )!;
    const cap = capOf(load, {
      id: group!.id,
      kind: group!.kind,
      stages: group!.stages,
      dailyCap: group!.dailyCap,
      mode: group!.dispatchMode,
      active: group!.active,
      lastCollectorId: null,
    });
    if (load.assignedToday + cases.length > cap)
      throw new AppError('conflict', {
        field: 'collectorId',
        detail: `the collector has ${Math.max(cap - load.assignedToday, 0)} of ${cap} places left today`,
      });
    await assignCases(
      tx,
      cases,
      receiver.userId,
      group!.id,
      group!.keepDays,
      'manual',
      actorId,
      now,
    );
    return { dispatched: cases.length, undispatched: [] };
  });
}

async function assignCases(
  tx: Executor,
  cases: { id: number; collectorId: number | null; stage: string }[],
  collectorId: number,
  groupId: number,
  keepDays: number,
  reason: 'manual' | 'moveBook',
  actorId: number,
  now: Date,
  note?: string,
) {
  const today = indiaDateOf(now);
  for (const c of cases)
    await tx.execute(sql`update recovery_cases c set collector_id = ${collectorId}, group_id = ${groupId},
        assigned_at = ${now.toISOString()}::timestamptz, keep_until = ${addDays(today, keepDays - 1)}::date,
        owed_at_assignment_paise = ${outstandingSql}, undispatched_reason = null, version = c.version + 1
      from loan_orders o where o.id = c.order_id and c.id = ${c.id}`);
  if (cases.length > 0)
    await tx.insert(recoveryCaseMoves).values(
      cases.map((c) => ({
        caseId: c.id,
        reason,
        fromCollectorId: c.collectorId,
        toCollectorId: collectorId,
        fromStage: c.stage,
        toStage: c.stage,
        actorId,
        note: note ?? null,
        at: now,
      })),
    );
}

export async function takeBack(
  deps: RecoveryDeps,
  actorId: number,
  body: Body<typeof takeBackBodySchema>,
) {
  const now = deps.clock.now();
  await closeSettledCases(deps.db, now, body.caseIds);
  return deps.db.transaction(async (tx) => {
    const ids = [...new Set(body.caseIds)].sort((a, b) => a - b);
    const cases = await tx
      .select()
      .from(recoveryCases)
      .where(inArray(recoveryCases.id, ids))
      .orderBy(recoveryCases.id)
      .for('update');
    if (cases.length !== ids.length) throw new AppError('notFound', { field: 'caseIds' });
    for (const c of cases)
      if (c.status !== 'open' || c.collectorId === null)
        throw new AppError('conflict', {
          field: 'caseIds',
          detail:
            c.status !== 'open' ? `case ${c.id} is ${c.status}` : `case ${c.id} is in the pool`,
        });
    await tx
      .update(recoveryCases)
      .set({
        collectorId: null,
        groupId: null,
        assignedAt: null,
        keepUntil: null,
        version: sql`${recoveryCases.version} + 1`,
      })
      .where(inArray(recoveryCases.id, ids));
    await tx.insert(recoveryCaseMoves).values(
      cases.map((c) => ({
        caseId: c.id,
        reason: 'takeBack',
        fromCollectorId: c.collectorId,
        fromStage: c.stage,
        toStage: c.stage,
        actorId,
        note: body.remarks,
        at: now,
      })),
    );
    return { dispatched: 0, undispatched: [] };
  });
}

/** Every open case of one collector to another of a group of the same kind (caps do not apply: a book moves whole). */
export async function moveBook(
  deps: RecoveryDeps,
  actorId: number,
  body: Body<typeof moveBookBodySchema>,
) {
  if (body.fromCollectorId === body.toCollectorId)
    throw AppError.invalid('toCollectorId', 'choose another collector');
  const now = deps.clock.now();
  // The book moves without the cases whose order moved on: those close first.
  const held = await deps.db
    .select({ id: recoveryCases.id })
    .from(recoveryCases)
    .where(
      and(eq(recoveryCases.collectorId, body.fromCollectorId), eq(recoveryCases.status, 'open')),
    );
  await closeSettledCases(
    deps.db,
    now,
    held.map((c) => c.id),
  );
  return deps.db.transaction(async (tx) => {
    const pair = await tx
      .select()
      .from(recoveryCollectors)
      .where(inArray(recoveryCollectors.userId, [body.fromCollectorId, body.toCollectorId]))
      .orderBy(recoveryCollectors.userId)
      .for('update');
    const to = pair.find((c) => c.userId === body.toCollectorId);
    const from = pair.find((c) => c.userId === body.fromCollectorId);
    if (!from) throw new AppError('notFound', { field: 'fromCollectorId' });
    if (!to) throw new AppError('notFound', { field: 'toCollectorId' });
    const groups = await tx
      .select()
      .from(recoveryGroups)
      .where(inArray(recoveryGroups.id, [from.groupId, to.groupId]));
    const toGroup = groups.find((g) => g.id === to.groupId)!;
    const fromGroup = groups.find((g) => g.id === from.groupId)!;
    if (toGroup.kind !== fromGroup.kind)
      throw new AppError('conflict', {
        field: 'toCollectorId',
        detail: 'the receiver works another kind of case',
      });
    const cases = await tx
      .select()
      .from(recoveryCases)
      .where(and(eq(recoveryCases.collectorId, from.userId), eq(recoveryCases.status, 'open')))
      .orderBy(recoveryCases.id)
      .for('update');
    if (cases.length === 0)
      throw new AppError('conflict', { field: 'fromCollectorId', detail: 'no open cases to move' });
    await assignCases(tx, cases, to.userId, toGroup.id, toGroup.keepDays, 'moveBook', actorId, now);
    return { dispatched: cases.length, undispatched: [] };
  });
}

export async function runDispatch(deps: RecoveryDeps, actorId: number, kind: CaseKind) {
  const now = deps.clock.now();
  await closeSettledCases(deps.db, now);
  return autoDispatch(deps.db, [kind], now, actorId);
}

/* ---------------- daily process and performance ---------------- */

export async function dailyProcess(
  deps: RecoveryDeps,
  userId: number,
  body: Body<typeof dailyProcessBodySchema>,
) {
  const { now, today } = readNow(deps);
  const cases = casesNowSql(now);
  const promises = promisesNowSql(today, now);
  const date = body.date ?? today;
  const from = startOfIndiaDate(date).toISOString();
  const to = startOfIndiaDate(addDays(date, 1)).toISOString();
  const scope = await scopeOf(deps.db, userId);
  const rows = await queryRows(
    deps.db,
    sql`select rc.user_id, s.name, g.name as group_name,
      (select count(*)::int from ${cases} c where c.collector_id = rc.user_id and c.kind = ${body.kind}
        and c.assigned_at < ${to}::timestamptz and (c.closed_at is null or c.closed_at >= ${from}::timestamptz)) as held,
      (select count(*)::int from recovery_case_moves m join recovery_cases c on c.id = m.case_id
        where m.to_collector_id = rc.user_id and c.kind = ${body.kind} and m.reason in ('auto', 'manual', 'moveBook')
        and m.at >= ${from}::timestamptz and m.at < ${to}::timestamptz) as new_cases,
      (select count(distinct f.case_id)::int from recovery_follow_ups f join recovery_cases c on c.id = f.case_id
        where f.collector_id = rc.user_id and c.kind = ${body.kind} and f.india_date = ${date}::date and not f.refused) as contacted,
      (select count(distinct f.case_id)::int from recovery_follow_ups f join recovery_cases c on c.id = f.case_id
        where f.collector_id = rc.user_id and c.kind = ${body.kind} and f.india_date = ${date}::date and f.result in ('promise', 'connected')) as connected,
      (select count(*)::int from ${promises} p join recovery_cases c on c.id = p.case_id
        where p.collector_id = rc.user_id and c.kind = ${body.kind} and p.made_at >= ${from}::timestamptz and p.made_at < ${to}::timestamptz) as promises,
      (select count(*)::int from ${promises} p join recovery_cases c on c.id = p.case_id
        where p.collector_id = rc.user_id and c.kind = ${body.kind} and p.status = 'kept' and p.settled_at >= ${from}::timestamptz and p.settled_at < ${to}::timestamptz) as kept,
      (select coalesce(sum(r.amount_paise - r.excess_paise), 0)::text from repayments r join ${cases} c on c.order_id = r.order_id
        where c.collector_id = rc.user_id and c.kind = ${body.kind} and not r.reversed and r.received_at >= c.assigned_at
        and (c.closed_at is null or r.received_at <= c.closed_at)
        and r.received_at >= ${from}::timestamptz and r.received_at < ${to}::timestamptz) as recovered,
      (select count(*)::int from ${cases} c where c.collector_id = rc.user_id and c.kind = ${body.kind} and c.status = 'finished'
        and c.closed_at >= ${from}::timestamptz and c.closed_at < ${to}::timestamptz) as cleared,
      (select count(*)::int from recovery_follow_ups f join recovery_cases c on c.id = f.case_id
        where f.collector_id = rc.user_id and c.kind = ${body.kind} and f.india_date = ${date}::date and f.refused) as refused
      from recovery_collectors rc join staff_users s on s.id = rc.user_id join recovery_groups g on g.id = rc.group_id
      where g.kind = ${body.kind} ${scope ? sql`and rc.user_id = ${scope.userId}` : sql``}
      order by g.name, s.name`,
  );
  const list = rows.map((r): DailyRow => ({
    id: `c${intFromDb(r.user_id)}`,
    collectorId: intFromDb(r.user_id),
    collectorName: String(r.name),
    groupName: String(r.group_name),
    held: intFromDb(r.held),
    newCases: intFromDb(r.new_cases),
    contacted: intFromDb(r.contacted),
    connected: intFromDb(r.connected),
    promises: intFromDb(r.promises),
    promisesKept: intFromDb(r.kept),
    recoveredPaise: paiseToApi(paiseFromDb(r.recovered)),
    cleared: intFromDb(r.cleared),
    refused: intFromDb(r.refused),
  }));
  // A total line per group after its collectors.
  const out: DailyRow[] = [];
  const groupsSeen = [...new Set(list.map((r) => r.groupName))];
  for (const name of groupsSeen) {
    const members = list.filter((r) => r.groupName === name);
    out.push(...members);
    const sum = (k: keyof DailyRow) => members.reduce((s, r) => s + (r[k] as number), 0);
    out.push({
      id: `g${name}`,
      collectorId: null,
      collectorName: null,
      groupName: name,
      held: sum('held'),
      newCases: sum('newCases'),
      contacted: sum('contacted'),
      connected: sum('connected'),
      promises: sum('promises'),
      promisesKept: sum('promisesKept'),
      recoveredPaise: sum('recoveredPaise'),
      cleared: sum('cleared'),
      refused: sum('refused'),
    });
  }
  return { date, list: out };
}
