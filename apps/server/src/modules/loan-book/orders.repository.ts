import { and, asc, count, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { ClosureType, LoanBalances, OrderEvent, OrderStatus } from '@lending/lending';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { paiseFromDb } from '../../shared/paise.js';
import { queryRows } from '../../shared/sql-rows.js';
import { loanOrders, orderStatusHistory, type LoanOrderRow } from './loan-orders.table.js';

export async function lockOrder(tx: Executor, orderId: number): Promise<LoanOrderRow> {
  const [row] = await tx.select().from(loanOrders).where(eq(loanOrders.id, orderId)).for('update');
  if (!row) throw new AppError('notFound', { field: 'orderId', detail: String(orderId) });
  return row;
}

/** By order number as staff type it (spaces around, any case). */
export async function findOrderByNo(
  db: Executor,
  orderNo: string,
): Promise<LoanOrderRow | undefined> {
  const [row] = await db
    .select()
    .from(loanOrders)
    .where(eq(loanOrders.orderNo, orderNo.trim().toUpperCase()));
  return row;
}

/** Values may be SQL: the order number comes from a database sequence. */
export async function insertOrder(
  tx: Executor,
  values: PgInsertValue<typeof loanOrders>,
): Promise<LoanOrderRow> {
  const [row] = await tx.insert(loanOrders).values(values).returning();
  return row!;
}

export async function findOrder(db: Executor, orderId: number): Promise<LoanOrderRow | undefined> {
  const [row] = await db.select().from(loanOrders).where(eq(loanOrders.id, orderId));
  return row;
}

/** The columns an order's engine balances are read from. */
const balanceSource = {
  disbursalDate: loanOrders.disbursalDate,
  dueDate: loanOrders.dueDate,
  accruedThroughDate: loanOrders.accruedThroughDate,
  outstandingPrincipalPaise: loanOrders.outstandingPrincipalPaise,
  outstandingInterestPaise: loanOrders.outstandingInterestPaise,
  outstandingFeePaise: loanOrders.outstandingFeePaise,
  outstandingGstPaise: loanOrders.outstandingGstPaise,
  outstandingPenalPaise: loanOrders.outstandingPenalPaise,
  principalDisbursedPaise: loanOrders.principalDisbursedPaise,
  penalChargedPaise: loanOrders.penalChargedPaise,
  rolloverCount: loanOrders.rolloverCount,
};

/** The engine's view of a disbursed order; null before the payout is processed. */
export function balancesOf(
  row: Pick<LoanOrderRow, keyof typeof balanceSource>,
): LoanBalances | null {
  if (!row.disbursalDate || !row.dueDate || !row.accruedThroughDate) return null;
  return {
    outstanding: {
      principal: row.outstandingPrincipalPaise,
      interest: row.outstandingInterestPaise,
      fee: row.outstandingFeePaise,
      gst: row.outstandingGstPaise,
      penal: row.outstandingPenalPaise,
    },
    principalDisbursed: row.principalDisbursedPaise,
    penalCharged: row.penalChargedPaise,
    disbursalDate: row.disbursalDate,
    dueDate: row.dueDate,
    accruedThrough: row.accruedThroughDate,
    rolloverCount: row.rolloverCount,
  };
}

export type OrderPatch = Partial<Omit<typeof loanOrders.$inferInsert, 'id' | 'orderNo'>>;

/** The columns that mirror an engine LoanBalances. */
export function balanceColumns(loan: LoanBalances): OrderPatch {
  return {
    outstandingPrincipalPaise: loan.outstanding.principal,
    outstandingInterestPaise: loan.outstanding.interest,
    outstandingFeePaise: loan.outstanding.fee,
    outstandingGstPaise: loan.outstanding.gst,
    outstandingPenalPaise: loan.outstanding.penal,
    principalDisbursedPaise: loan.principalDisbursed,
    penalChargedPaise: loan.penalCharged,
    disbursalDate: loan.disbursalDate,
    dueDate: loan.dueDate,
    accruedThroughDate: loan.accruedThrough,
    rolloverCount: loan.rolloverCount,
  };
}

/** One change a command made to an order: the row as locked, the row as written. */
export interface OrderChange {
  before: LoanOrderRow;
  after: LoanOrderRow;
  /** The event the change records (its `lastEvent`); undefined when it records none. */
  event: OrderEvent | undefined;
}

/**
 * Told of each order change inside the command's transaction, so what it writes commits or
 * rolls back with the change (and a throw rolls the change back). Other modules subscribe when
 * the app is wired (`LoanBookDeps.onOrderChanged`), so the book depends on none of them.
 */
export type OrderChangeSubscriber = (tx: Executor, change: OrderChange) => Promise<void>;

/**
 * Writes the order, guarded by the status it was locked in: a row that moved meanwhile (it
 * cannot while locked, but the guard keeps the rule in SQL) is a conflict, never overwritten.
 * Every command's change of an order passes here (the day-end's set-based update only moves
 * ACTIVE to DUE to OVERDUE), so this is where the subscribers hear of it: the repay module
 * lapses a waiting waiver or write-off the order no longer qualifies for (decision 0054).
 */
export async function updateOrder(
  command: {
    tx: Executor;
    /** The row as the command locked it. */
    order: LoanOrderRow;
    onOrderChanged: readonly OrderChangeSubscriber[];
  },
  patch: OrderPatch,
): Promise<LoanOrderRow> {
  const { tx, order: row } = command;
  const [updated] = await tx
    .update(loanOrders)
    .set(patch)
    .where(and(eq(loanOrders.id, row.id), eq(loanOrders.status, row.status)))
    .returning();
  if (!updated)
    throw new AppError('orderStateConflict', { field: row.orderNo, detail: row.status });
  for (const subscriber of command.onOrderChanged)
    await subscriber(tx, { before: row, after: updated, event: patch.lastEvent ?? undefined });
  return updated;
}

export interface StatusChange {
  orderId: number;
  from: OrderStatus | null;
  to: OrderStatus;
  event: OrderEvent | 'create';
  actorId: number | null;
  at: Date;
  reason?: string | null | undefined;
}

export async function insertStatusHistory(tx: Executor, changes: StatusChange[]): Promise<void> {
  if (changes.length === 0) return;
  await tx.insert(orderStatusHistory).values(
    changes.map((c) => ({
      orderId: c.orderId,
      fromStatus: c.from,
      toStatus: c.to,
      event: c.event,
      actorId: c.actorId,
      at: c.at,
      reason: c.reason ?? null,
    })),
  );
}

export function statusHistoryOf(db: Executor, orderId: number) {
  return db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.id));
}

export function ordersByIds(db: Executor, ids: number[]) {
  return db.select().from(loanOrders).where(inArray(loanOrders.id, ids));
}

/** The customer's order in one of `statuses` due first (the lowest id among equal due dates). */
export async function orderDueFirstOf(
  db: Executor,
  customerId: number,
  statuses: readonly OrderStatus[],
): Promise<Pick<LoanOrderRow, 'id' | 'disbursalDate'> | undefined> {
  const [order] = await db
    .select({ id: loanOrders.id, disbursalDate: loanOrders.disbursalDate })
    .from(loanOrders)
    .where(and(eq(loanOrders.customerId, customerId), inArray(loanOrders.status, [...statuses])))
    .orderBy(asc(loanOrders.dueDate), asc(loanOrders.id))
    .limit(1);
  return order;
}

/** `LN` + India date (YYYYMMDD) + a database sequence: unique under concurrency. */
export function nextOrderNumberSql(indiaDate: string) {
  return sql<string>`'LN' || ${indiaDate.replaceAll('-', '')} || lpad(nextval('loan_order_number_seq')::text, 6, '0')`;
}

export function nextRepaymentSerialSql(indiaDate: string) {
  return sql<string>`'RP' || ${indiaDate.replaceAll('-', '')} || lpad(nextval('repayment_serial_seq')::text, 8, '0')`;
}

export type { ClosureType };

/** The loans with money owing; only they accrue and age at the day-end. */
const OWING: OrderStatus[] = ['ACTIVE', 'DUE', 'OVERDUE'];

/** What the day-end reads of an order: its balances, state and terms, nothing else. */
const dayEndSource = {
  id: loanOrders.id,
  customerId: loanOrders.customerId,
  status: loanOrders.status,
  lastEvent: loanOrders.lastEvent,
  terms: loanOrders.terms,
  rbiClass: loanOrders.rbiClass,
  classifiedDate: loanOrders.classifiedDate,
  overdueSince: loanOrders.overdueSince,
  suspenseInterestPaise: loanOrders.suspenseInterestPaise,
  suspensePenalPaise: loanOrders.suspensePenalPaise,
  ...balanceSource,
};

export type DayEndOrder = Pick<LoanOrderRow, keyof typeof dayEndSource>;

/**
 * The day-end's next batch: owing orders after `afterId`, in id order, not yet closed for
 * `date`, locked. Plain FOR UPDATE: a concurrent command on an order is waited for, and the
 * WHERE is re-checked on the locked row, so an order is never processed twice for one date.
 * Only the columns the day-end reads (not the key facts and applicant features).
 */
export function lockOrdersForDayEnd(
  tx: Executor,
  date: string,
  afterId: number,
  limit: number,
): Promise<DayEndOrder[]> {
  return tx
    .select(dayEndSource)
    .from(loanOrders)
    .where(
      and(
        inArray(loanOrders.status, OWING),
        or(isNull(loanOrders.dayEndDate), lt(loanOrders.dayEndDate, date)),
        gt(loanOrders.id, afterId),
      ),
    )
    .orderBy(loanOrders.id)
    .limit(limit)
    .for('update');
}

/** An order as the day-end leaves it for a date: its state, accruals and ageing. */
export interface DayEndValues {
  orderId: number;
  status: OrderStatus;
  lastEvent: string | null;
  interest: bigint;
  penal: bigint;
  penalCharged: bigint;
  accruedThrough: string;
  overdueDays: number;
  band: string | null;
  rbi: string | null;
  /** The business date the order entered `rbi` (unchanged when the class did not change). */
  classifiedDate: string | null;
  overdueSince: string | null;
  suspenseInterest: bigint;
  suspensePenal: bigint;
}

/**
 * Writes a batch's day-end results in one statement and marks each order closed for `date`.
 * The values go as one array per column (`unnest`): one statement of fourteen parameters
 * whatever the batch size, instead of fourteen parameters an order (issue #15).
 */
export async function saveDayEndValues(
  tx: Executor,
  date: string,
  at: Date,
  orders: DayEndValues[],
): Promise<void> {
  if (orders.length === 0) return;
  const column = <T>(values: T[]) => sql.param(values);
  await tx.execute(sql`
    update loan_orders as o set
      status = v.status,
      last_event = v.last_event,
      outstanding_interest_paise = v.interest,
      outstanding_penal_paise = v.penal,
      penal_charged_paise = v.penal_charged,
      accrued_through_date = v.accrued,
      day_end_date = ${date}::date,
      overdue_days = v.od,
      overdue_band = v.band,
      rbi_class = v.rbi,
      classified_date = v.classified,
      overdue_since = v.overdue_since,
      suspense_interest_paise = v.suspense_interest,
      suspense_penal_paise = v.suspense_penal,
      updated_at = ${at.toISOString()}::timestamptz
    from unnest(
      ${column(orders.map((o) => o.orderId))}::int[],
      ${column(orders.map((o) => o.status))}::text[],
      ${column(orders.map((o) => o.lastEvent))}::text[],
      ${column(orders.map((o) => o.interest.toString()))}::bigint[],
      ${column(orders.map((o) => o.penal.toString()))}::bigint[],
      ${column(orders.map((o) => o.penalCharged.toString()))}::bigint[],
      ${column(orders.map((o) => o.accruedThrough))}::date[],
      ${column(orders.map((o) => o.overdueDays))}::int[],
      ${column(orders.map((o) => o.band))}::text[],
      ${column(orders.map((o) => o.rbi))}::text[],
      ${column(orders.map((o) => o.classifiedDate))}::date[],
      ${column(orders.map((o) => o.overdueSince))}::date[],
      ${column(orders.map((o) => o.suspenseInterest.toString()))}::bigint[],
      ${column(orders.map((o) => o.suspensePenal.toString()))}::bigint[]
    ) as v(id, status, last_event, interest, penal, penal_charged, accrued, od, band, rbi,
      classified, overdue_since, suspense_interest, suspense_penal)
    where o.id = v.id`);
}

/** The earliest date an owing order was last closed by the day-end (where a first run starts). */
export async function oldestDayEndDate(db: Executor): Promise<string | undefined> {
  const [row] = await db
    .select({ d: sql<string | null>`min(${loanOrders.dayEndDate})::text` })
    .from(loanOrders)
    .where(inArray(loanOrders.status, OWING));
  return row?.d ?? undefined;
}

// ——— reads of the whole book, in id order (the simulator works through them so) ———

/** How many orders the book holds (an empty book is where the demo book may be loaded). */
export async function countOrders(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(loanOrders);
  return row?.n ?? 0;
}

/** Every order in one of the statuses, by id. */
export function ordersInStatuses(
  db: Executor,
  statuses: readonly OrderStatus[],
): Promise<LoanOrderRow[]> {
  return db
    .select()
    .from(loanOrders)
    .where(inArray(loanOrders.status, [...statuses]))
    .orderBy(asc(loanOrders.id));
}

/** Each order's status, for the orders given (asked for a thousand at a time). */
export async function statusesOfOrders(db: Executor, ids: number[]): Promise<Map<number, string>> {
  const statusOf = new Map<number, string>();
  for (let i = 0; i < ids.length; i += 1000) {
    for (const row of await db
      .select({ id: loanOrders.id, status: loanOrders.status })
      .from(loanOrders)
      .where(inArray(loanOrders.id, ids.slice(i, i + 1000)))) {
      statusOf.set(row.id, row.status);
    }
  }
  return statusOf;
}

/** Machine rejections nobody has referred to people yet (still the machine's last word), by id. */
export function machineRejectionsNotReferred(db: Executor): Promise<LoanOrderRow[]> {
  return db
    .select()
    .from(loanOrders)
    .where(
      and(
        eq(loanOrders.status, 'REJECTED'),
        eq(loanOrders.machineResult, 'reject'),
        isNull(loanOrders.firstReviewerId),
        eq(loanOrders.lastEvent, 'machineReject'),
      ),
    )
    .orderBy(asc(loanOrders.id));
}

/** Whether the customer has a cleared order (what makes their next one a re-loan). */
export async function hasClearedOrder(db: Executor, customerId: number): Promise<boolean> {
  const [cleared] = await db
    .select({ id: loanOrders.id })
    .from(loanOrders)
    .where(and(eq(loanOrders.customerId, customerId), eq(loanOrders.status, 'CLEARED')))
    .limit(1);
  return cleared !== undefined;
}

/** What each of the orders owes in all (principal, interest, fee, GST and penal), by order id. */
export async function outstandingTotalsOf(
  db: Executor,
  orderIds: readonly number[],
): Promise<Map<number, bigint>> {
  const owed = new Map<number, bigint>();
  if (orderIds.length === 0) return owed;
  for (const row of await queryRows(
    db,
    sql`select id, (outstanding_principal_paise + outstanding_interest_paise + outstanding_fee_paise + outstanding_gst_paise + outstanding_penal_paise)::text as owed
        from loan_orders where id in (${sql.join(
          orderIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  )) {
    owed.set(Number(row.id), paiseFromDb(row.owed));
  }
  return owed;
}
