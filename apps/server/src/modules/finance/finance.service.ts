import {
  CASH_FLOW_DAYS_AT_MOST,
  GST_MONTHS_AT_MOST,
  type CashFlowDay,
  type GstMonth,
} from '@lending/contract';
import { addDays, daysBetween } from '@lending/lending';
import type {
  OrderLoanRow,
  orderLoanBodySchema,
  ReconciliationBreakRow,
  reconciliationBreakBodySchema,
  ReconciliationDayRow,
  reconciliationDayBodySchema,
  RepaymentOrderRow,
  repaymentOrderBodySchema,
} from '@lending/contract';
import type { z } from 'zod';
import type { AuditRecorder } from '../../plugins/audit-port.js';
import { AppError } from '../../shared/app-error.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { intFromDb, paiseFromDb, paiseToApi } from '../../shared/paise.js';
import { maskName } from '../../shared/pii.js';
import { toIso } from '../../shared/timestamps.js';
import * as repo from './finance.repository.js';
import {
  RECONCILIATION_RUN_TARGET,
  reconcileDay,
  resolveBreakOf,
  runSummaryOf,
  type ReconciliationDeps,
  type ResolveInput,
} from './reconciliation.service.js';
import { SCHEDULED_RECONCILIATION_ACTION } from './scheduled-reconciliation.js';

export type FinanceDeps = ReconciliationDeps;

const money = (value: unknown) => paiseToApi(paiseFromDb(value));

export async function orderLoans(deps: FinanceDeps, body: z.output<typeof orderLoanBodySchema>) {
  const days = (await repo.orderLoanDays(deps.db, body.filters)).map((row) => ({
    date: row.date,
    count: intFromDb(row.count),
    principal: paiseFromDb(row.principal),
    fee: paiseFromDb(row.fee),
    gst: paiseFromDb(row.gst),
    net: paiseFromDb(row.net),
  }));
  type Day = (typeof days)[number];
  const range = days.reduce(
    (sum, day) => ({
      count: sum.count + day.count,
      principal: sum.principal + day.principal,
      fee: sum.fee + day.fee,
      gst: sum.gst + day.gst,
      net: sum.net + day.net,
    }),
    { count: 0, principal: 0n, fee: 0n, gst: 0n, net: 0n },
  );
  const { list, total } = await repo.listOrderLoans(deps.db, body, range.count);
  const figures = (row: Omit<Day, 'date'>) => ({
    count: row.count,
    principalPaise: paiseToApi(row.principal),
    processingFeePaise: paiseToApi(row.fee),
    gstPaise: paiseToApi(row.gst),
    netPaidPaise: paiseToApi(row.net),
  });
  const pageDays = new Set(list.map((row) => row.payout.processedDate!));
  return {
    total,
    list: list.map((row): OrderLoanRow => ({
      id: row.payout.id,
      date: row.payout.processedDate!,
      orderId: row.payout.orderId,
      orderNo: row.orderNo,
      customerName: maskName(row.customerName),
      principalPaise: paiseToApi(row.payout.grossPaise),
      processingFeePaise: paiseToApi(row.payout.feeWithheldPaise),
      gstPaise: paiseToApi(row.payout.gstWithheldPaise),
      netPaidPaise: paiseToApi(row.payout.amountPaise),
      utr: row.payout.utr,
      channel: row.payout.channel,
      status: row.payout.status === 'reversed' ? 'reversed' : 'processed',
    })),
    totals: figures(range),
    days: days
      .filter((day) => pageDays.has(day.date))
      .map(({ date, ...day }) => ({ date, ...figures(day) }))
      .sort((a, b) => (a.date < b.date ? 1 : -1)),
  };
}

export async function repaymentOrders(
  deps: FinanceDeps,
  body: z.output<typeof repaymentOrderBodySchema>,
) {
  const totals = await repo.repaymentOrderTotals(deps.db, body.filters);
  const { list, total } = await repo.listRepaymentOrders(deps.db, body, intFromDb(totals.count));
  return {
    total,
    list: list.map((row): RepaymentOrderRow => ({
      id: row.journalId,
      valueDate: row.valueDate,
      postedDate: row.postedDate,
      kind: row.reversal ? 'reversal' : 'repayment',
      serialNo: row.serialNo,
      orderId: row.orderId,
      orderNo: row.orderNo,
      channel: row.channel,
      virtualAccountCode: row.virtualAccountCode,
      amountPaise: money(row.amount),
      principalPaise: money(row.principal),
      interestPaise: money(row.interest),
      feePaise: money(row.fee),
      gstPaise: money(row.gst),
      penalPaise: money(row.penal),
      excessPaise: money(row.excess),
    })),
    totals: {
      count: intFromDb(totals.count),
      amountPaise: money(totals.amount),
      principalPaise: money(totals.principal),
      interestPaise: money(totals.interest),
      feePaise: money(totals.fee),
      gstPaise: money(totals.gst),
      penalPaise: money(totals.penal),
      excessPaise: money(totals.excess),
    },
  };
}

type DayListRow = Awaited<ReturnType<typeof repo.listReconciliationDays>>['list'][number];

function dayRow({ day, openBreaks, breaks, lastRun }: DayListRow): ReconciliationDayRow {
  return {
    id: day.id,
    date: day.businessDate,
    side: day.side,
    channel: day.channel,
    systemAmountPaise: paiseToApi(day.systemAmountPaise),
    systemCount: day.systemCount,
    thirdPartyAmountPaise:
      day.thirdPartyAmountPaise === null ? null : paiseToApi(day.thirdPartyAmountPaise),
    thirdPartyCount: day.thirdPartyCount,
    status: day.status,
    openBreaks: intFromDb(openBreaks),
    breaks: intFromDb(breaks),
    checkedAt: toIso(day.checkedAt),
    ...checkedByOf(lastRun),
  };
}

/** Who ran the day's last reconciliation, from its audit row: the schedule or a staff member. */
function checkedByOf(
  lastRun: repo.LastRun,
): Pick<ReconciliationDayRow, 'checkedBy' | 'checkedByName'> {
  if (lastRun === null) return { checkedBy: null, checkedByName: null };
  if (lastRun.action === SCHEDULED_RECONCILIATION_ACTION)
    return { checkedBy: 'scheduled', checkedByName: null };
  return { checkedBy: 'staff', checkedByName: lastRun.actorName || null };
}

function breakRow(row: repo.BreakListRow): ReconciliationBreakRow {
  const { item } = row;
  return {
    id: item.id,
    dayId: item.dayId,
    date: row.date,
    side: row.side,
    kind: item.kind,
    reference: item.reference,
    orderNo: row.orderNo,
    oursPaise: item.oursPaise === null ? null : paiseToApi(item.oursPaise),
    gatewayPaise: item.gatewayPaise === null ? null : paiseToApi(item.gatewayPaise),
    status: item.status,
    note: item.note,
    resolvedBy: item.resolvedAt === null ? null : (row.resolvedBy ?? 'reconciliation job'),
    resolvedAt: item.resolvedAt === null ? null : toIso(item.resolvedAt),
    creditId: item.creditId,
    refundId: item.creditRefundId,
    refundStatus: row.refundStatus,
  };
}

export async function reconciliationDays(
  deps: FinanceDeps,
  body: z.output<typeof reconciliationDayBodySchema>,
) {
  const { list, total } = await repo.listReconciliationDays(deps.db, body);
  return { total, list: list.map(dayRow) };
}

export async function reconciliationBreaks(
  deps: FinanceDeps,
  body: z.output<typeof reconciliationBreakBodySchema>,
) {
  const { list, total } = await repo.listReconciliationBreaks(deps.db, body);
  return { total, list: list.map(breakRow) };
}

export async function resolveBreak(deps: FinanceDeps, input: ResolveInput, actorId: number) {
  const { breakId, dayStatus } = await resolveBreakOf(deps, input, actorId);
  const row = await repo.breakById(deps.db, breakId);
  return { break: breakRow(row!), dayStatus };
}

/**
 * A person reconciles a day on demand: the same `reconcileDay` the schedule runs, and an audit
 * row on the day (whose actor the day list shows as who checked it).
 */
export async function runReconciliation(deps: FinanceDeps, date: string, audit: AuditRecorder) {
  const today = indiaDateOf(deps.clock.now());
  if (date > today) throw AppError.invalid('date', 'must not be after today');
  const ids = await reconcileDay(deps, date);
  await audit.record({
    targetType: RECONCILIATION_RUN_TARGET,
    targetId: date,
    after: await runSummaryOf(deps.db, ids),
  });
  const rows = await repo.daysByIds(deps.db, ids);
  return { days: rows.map(dayRow) };
}

export async function trialBalance(deps: FinanceDeps, date: string) {
  const balances = await repo.trialBalanceOf(deps.db, date);
  const accounts = balances
    .filter((row) => row.balance !== 0n)
    .map((row) => ({
      account: row.account,
      debitPaise: row.balance > 0n ? paiseToApi(row.balance) : 0,
      creditPaise: row.balance < 0n ? paiseToApi(-row.balance) : 0,
    }));
  return {
    date,
    accounts,
    totalDebitPaise: accounts.reduce((sum, row) => sum + row.debitPaise, 0),
    totalCreditPaise: accounts.reduce((sum, row) => sum + row.creditPaise, 0),
  };
}

/** A range refused for the field that ends it: longer than the read allows. */
function badRangeEnd(field: string, limit: string): AppError {
  const reason = { kind: 'atMost', limit } as const;
  return new AppError('validationFailed', {
    field,
    reason,
    errors: [{ field, message: `must be at most ${limit}`, reason }],
  });
}

const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7));

/** The last India date of a `YYYY-MM` month. */
function lastDayOf(month: string): string {
  const index = monthIndex(month); // the next month, as year*12 + (month-1)
  const next = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
  return addDays(next, -1);
}

/** A ledger read's range is required, though a list's filters are not (decision 0064). */
function requiredField(field: string): AppError {
  const reason = { kind: 'required' } as const;
  return new AppError('validationFailed', {
    field,
    reason,
    errors: [{ field, message: 'is required', reason }],
  });
}

interface LedgerReadBody<F> {
  page: number;
  pageSize: number;
  filters?: F | undefined;
  sort?: unknown;
}

/**
 * The asked page of a ledger read's rows, in date order: the reads answer a few dozen rows
 * at most (24 months, 92 days), so they are listed as a list for the background export and
 * paged here; the totals are of the whole range.
 */
function pageOf<T>(rows: readonly T[], body: LedgerReadBody<unknown>) {
  if (body.sort) throw AppError.invalid('sort', 'is not offered: the rows are in date order');
  const start = (body.page - 1) * body.pageSize;
  return { total: rows.length, list: rows.slice(start, start + body.pageSize) };
}

/** GST on fees per India month of the range (months with no fee posting are left out). */
export async function gstByMonth(
  deps: FinanceDeps,
  body: LedgerReadBody<{ monthFrom: string; monthTo: string }>,
) {
  if (!body.filters) throw requiredField('filters.monthFrom');
  const { monthFrom, monthTo } = body.filters;
  const months = monthIndex(monthTo) - monthIndex(monthFrom) + 1;
  if (months > GST_MONTHS_AT_MOST)
    throw badRangeEnd('filters.monthTo', `${GST_MONTHS_AT_MOST} months`);
  const rows = await repo.gstByMonthOf(deps.db, `${monthFrom}-01`, lastDayOf(monthTo));
  const figures = (row: Omit<(typeof rows)[number], 'month'>) => ({
    processingFeePaise: paiseToApi(row.processingFee),
    rolloverFeePaise: paiseToApi(row.rolloverFee),
    feeBasePaise: paiseToApi(row.processingFee + row.rolloverFee),
    gstChargedPaise: paiseToApi(row.gstCharged),
    gstReversedPaise: paiseToApi(row.gstReversed),
    gstNetPaise: paiseToApi(row.gstCharged - row.gstReversed),
  });
  const sum = (pick: (row: (typeof rows)[number]) => bigint) =>
    rows.reduce((acc, row) => acc + pick(row), 0n);
  return {
    ...pageOf(
      rows.map((row): GstMonth => ({ month: row.month, ...figures(row) })),
      body,
    ),
    totals: figures({
      processingFee: sum((row) => row.processingFee),
      rolloverFee: sum((row) => row.rolloverFee),
      gstCharged: sum((row) => row.gstCharged),
      gstReversed: sum((row) => row.gstReversed),
    }),
  };
}

/** Each India day's cash flow in the range (days with no cash line are left out). */
export async function cashFlow(
  deps: FinanceDeps,
  body: LedgerReadBody<{ dateFrom: string; dateTo: string }>,
) {
  if (!body.filters) throw requiredField('filters.dateFrom');
  const { dateFrom, dateTo } = body.filters;
  const days = daysBetween(dateFrom, dateTo) + 1;
  if (days > CASH_FLOW_DAYS_AT_MOST)
    throw badRangeEnd('filters.dateTo', `${CASH_FLOW_DAYS_AT_MOST} days`);
  const rows = await repo.cashFlowOf(deps.db, dateFrom, dateTo);
  type Figures = Omit<(typeof rows)[number], 'date'>;
  const figures = (row: Figures) => ({
    disbursedPaise: paiseToApi(row.disbursed),
    payoutReturnedPaise: paiseToApi(row.returned),
    collectedPaise: paiseToApi(row.collected),
    refundedPaise: paiseToApi(row.refunded),
    walletPaidPaise: paiseToApi(row.walletPaid),
    netPaise: paiseToApi(row.net),
  });
  const keys = ['disbursed', 'returned', 'collected', 'refunded', 'walletPaid', 'net'] as const;
  const totals = Object.fromEntries(
    keys.map((key) => [key, rows.reduce((acc, row) => acc + row[key], 0n)]),
  ) as Figures;
  return {
    ...pageOf(
      rows.map((row): CashFlowDay => ({ date: row.date, ...figures(row) })),
      body,
    ),
    totals: figures(totals),
  };
}
