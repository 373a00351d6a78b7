import type { AssetClassReason, OrderDetail } from '@lending/contract';
import {
  clearingAmountOn,
  COMPONENTS,
  componentSummary,
  daysPastDue,
  totalOf,
  zeroAmounts,
  type Account,
  type Component,
  type ComponentAmounts,
  type IndiaDate,
  type Journal,
  type LedgerEventType,
} from '@lending/lending';
import type { Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { paiseFromDb, paiseToApi } from '../../shared/paise.js';
import {
  maskAadhaarLast4,
  maskBankAccount,
  maskName,
  maskPan,
  maskPhone,
} from '../../shared/pii.js';
import { toIso, toIsoOrNull } from '../../shared/timestamps.js';
import { auditTrailOf } from '../audit/index.js';
import { assetClassHistoryOf } from './asset-class-history.repository.js';
import { findCustomer } from './customers.repository.js';
import type { CustomerRow } from './customers.table.js';
import { entriesOfJournals, journalsOfOrder } from '../ledger/index.js';
import type { LoanOrderRow } from './loan-orders.table.js';
import { balancesOf, findOrder, findOrderByNo, statusHistoryOf } from './orders.repository.js';
import { termsFromJson } from './paise-json.js';
import { payoutsOfOrder } from './payouts.repository.js';
import { productName } from './products.repository.js';
import { repaymentsOfOrder, rolloversOfOrder } from './repayments.repository.js';
import type { MachineReview } from './review-ports.js';

/** Staff names for the actors of an order's history (wired from the user module). */
export type StaffNameLookup = (userId: number) => Promise<{ name: string } | undefined>;

/**
 * A waiver or write-off request of the order (decisions 0045, 0050) as the repay module keeps
 * it: the detail lists every one and shows the one waiting for a second person.
 */
export interface OrderApprovalRequest {
  id: number;
  kind: OrderDetail['approvalRequests'][number]['kind'];
  status: OrderDetail['approvalRequests'][number]['status'];
  amountPaise: bigint;
  /** Null when the request is for the whole outstanding. */
  amounts: Record<string, number> | null;
  reason: string;
  requestedBy: number;
  requestedAt: Date;
  decidedBy: number | null;
  decidedAt: Date | null;
  decisionReason: string | null;
  lapseEvent: string | null;
}

/**
 * The order's requests, oldest first, read in the caller's transaction. The repay module owns
 * them; app.ts hands its reader in, so the book reads none of repay's tables.
 */
export type ApprovalRequestsOf = (
  db: Executor,
  orderId: number,
) => Promise<readonly OrderApprovalRequest[]>;

export interface OrderDetailOptions {
  /** The India business date the clearing amount is quoted for (default: today in India). */
  today?: IndiaDate;
  staffOf?: StaffNameLookup;
  /** The order's waiver and write-off requests; without it the detail lists none. */
  approvalRequestsOf?: ApprovalRequestsOf;
  /** Machine review's own decision (risk's record); without it the order's result is shown. */
  machineDecisionOf?: MachineReview['decisionOf'];
}

/** Statuses in which the borrower owes money on a disbursed loan. */
const OPEN_LOAN = new Set(['ACTIVE', 'DUE', 'OVERDUE']);

function amountsToApi(amounts: ComponentAmounts) {
  return {
    principal: paiseToApi(amounts.principal),
    interest: paiseToApi(amounts.interest),
    fee: paiseToApi(amounts.fee),
    gst: paiseToApi(amounts.gst),
    penal: paiseToApi(amounts.penal),
  };
}

function customerView(row: CustomerRow): OrderDetail['customer'] {
  return {
    id: row.id,
    name: maskName(row.name),
    phone: maskPhone(row.phone),
    idType: row.idType,
    idNumber:
      row.idType === 'pan' ? maskPan(row.idNumber ?? '') : maskAadhaarLast4(row.idLast4 ?? ''),
    customerType: row.customerType,
    channel: row.channel,
    registrationDate: row.registrationDate,
    bankName: row.bankName,
    bankAccount: maskBankAccount(row.bankAccountNumber),
    ifsc: row.ifsc,
    bankAccountVerified: row.bankAccountVerified,
  };
}

function termsView(order: LoanOrderRow): OrderDetail['terms'] {
  const terms = order.terms;
  return {
    tenorDays: terms.tenorDays,
    processingFeePpm: terms.processingFeePpm,
    gstPpm: terms.gstPpm,
    interestPerDayPpm: terms.interestPerDayPpm,
    penalPerDayPaise:
      terms.penalPerDayPaise === undefined ? null : paiseToApi(paiseFromDb(terms.penalPerDayPaise)),
    penalPerDayPpm: terms.penalPerDayPpm ?? null,
    penalCapPpm: terms.penalCapPpm,
    rolloverFeePpm: terms.rolloverFeePpm,
    rolloverDays: terms.rolloverDays,
    maxRollovers: terms.maxRollovers,
    allowOverdueRollover: terms.allowOverdueRollover,
    coolingOffDays: terms.coolingOffDays ?? null,
    allocationOrder: [...terms.allocationOrder],
  };
}

function keyFactsView(order: LoanOrderRow): OrderDetail['keyFacts'] {
  const kfs = order.keyFacts;
  const paise = (value: string) => paiseToApi(paiseFromDb(value));
  return {
    principalPaise: paise(kfs.principalPaise),
    processingFeePaise: paise(kfs.processingFeePaise),
    gstOnFeePaise: paise(kfs.gstOnFeePaise),
    netDisbursedPaise: paise(kfs.netDisbursedPaise),
    totalInterestPaise: paise(kfs.totalInterestPaise),
    dueAmountPaise: paise(kfs.dueAmountPaise),
    aprPercent: kfs.aprPercent,
    tenorDays: kfs.tenorDays,
    interestPerDayPpm: kfs.interestPerDayPpm,
    penalPerDayPaise: kfs.penalPerDayPaise === undefined ? null : paise(kfs.penalPerDayPaise),
    penalPerDayPpm: kfs.penalPerDayPpm ?? null,
    penalCapPpm: kfs.penalCapPpm,
    coolingOffDays: kfs.coolingOffDays,
    acceptedAt: toIso(order.kfsAcceptedAt),
    channel: order.kfsChannel,
  };
}

/** The names of the staff who acted on the order, looked up once each. */
async function staffNames(ids: Iterable<number | null>, staffOf: StaffNameLookup | undefined) {
  const names = new Map<number, string>();
  if (!staffOf) return names;
  for (const id of new Set([...ids].filter((id): id is number => id !== null))) {
    const staff = await staffOf(id);
    if (staff) names.set(id, staff.name);
  }
  return names;
}

/**
 * One order as the detail routes show it (/loan/loanDetail, /repay/overdueRepaymentDetail):
 * customer (masked), product and terms snapshot, key fact statement, amounts per component from
 * the ledger, the clearing amount today, the asset class (RBI) with its history, history,
 * payouts, repayments, rollovers, waivers, journals and the audit trail. By id, or by order
 * number.
 */
export async function orderDetail(
  db: Executor,
  which: number | { orderId?: number | undefined; orderNo?: string | undefined },
  options: OrderDetailOptions = {},
): Promise<OrderDetail> {
  const key = typeof which === 'number' ? { orderId: which } : which;
  const order =
    key.orderId !== undefined
      ? await findOrder(db, key.orderId)
      : await findOrderByNo(db, key.orderNo ?? '');
  if (!order) {
    throw key.orderId !== undefined
      ? new AppError('notFound', { field: 'orderId', detail: String(key.orderId) })
      : new AppError('notFound', { field: 'orderNo', detail: key.orderNo ?? '' });
  }
  const orderId = order.id;
  const [
    history,
    payoutRows,
    repaymentRows,
    rolloverRows,
    journals,
    customer,
    product,
    requests,
    machine,
    classHistory,
  ] = await Promise.all([
    statusHistoryOf(db, orderId),
    payoutsOfOrder(db, orderId),
    repaymentsOfOrder(db, orderId),
    rolloversOfOrder(db, orderId),
    journalsOfOrder(db, orderId),
    findCustomer(db, order.customerId),
    productName(db, order.productId),
    // Every request of the order; at most one waits (decisions 0045, 0050), decided on the
    // repayment plan; the others were approved, rejected or lapsed (decision 0054).
    options.approvalRequestsOf?.(db, orderId) ?? [],
    options.machineDecisionOf?.(db, orderId) ?? null,
    assetClassHistoryOf(db, orderId),
  ]);
  const waiting = requests.find((request) => request.status === 'pending');
  if (!customer) throw new Error(`order ${order.orderNo} has no customer ${order.customerId}`);
  const [entries, audit, names] = await Promise.all([
    entriesOfJournals(
      db,
      journals.map((j) => j.id),
    ),
    auditTrailOf(db, [
      { type: 'order', ids: [orderId] },
      { type: 'payout', ids: payoutRows.map((p) => p.id) },
    ]),
    staffNames(
      [
        ...history.map((h) => h.actorId),
        order.firstReviewerId,
        order.finalReviewerId,
        ...requests.flatMap((request) => [request.requestedBy, request.decidedBy]),
      ],
      options.staffOf,
    ),
  ]);

  const engineJournals = journals.map((j) => ({
    row: j,
    journal: {
      event: j.eventType as LedgerEventType,
      ...(j.reversesEventType ? { reverses: j.reversesEventType as LedgerEventType } : {}),
      lines: entries
        .filter((e) => e.journalId === j.id)
        .map((e) => ({
          account: e.account as Account,
          ...(e.component ? { component: e.component as Component } : {}),
          amount: paiseFromDb(e.amountPaise),
        })),
    } satisfies Journal,
  }));
  const summary = componentSummary(engineJournals.map((j) => j.journal));

  const loan = balancesOf(order);
  const outstanding = loan?.outstanding ?? zeroAmounts();
  const today = options.today ?? indiaDateOf(new Date());
  const clearing =
    loan && OPEN_LOAN.has(order.status) && totalOf(outstanding) > 0n
      ? clearingAmountOn(loan, termsFromJson(order.terms), today)
      : null;

  const attemptOf = new Map<number, number>();
  const attemptsSoFar = new Map<string, number>();
  for (const p of payoutRows) {
    const n = (attemptsSoFar.get(p.purpose) ?? 0) + 1;
    attemptsSoFar.set(p.purpose, n);
    attemptOf.set(p.id, n);
  }

  // A waiver or write-off journal and its audit row share the command's instant; the audit
  // row names who gave it and why.
  const WAIVER_ACTIONS = ['order.waivePartial', 'order.waiverSettle', 'order.writeOff'];
  const waiverAudit = new Map(
    audit
      .filter((event) => WAIVER_ACTIONS.includes(event.action))
      .map((event) => [event.at.getTime(), event] as const),
  );

  return {
    id: order.id,
    orderNo: order.orderNo,
    customerId: order.customerId,
    productId: order.productId,
    productVersion: order.productVersion,
    productKind: order.productKind,
    productName: product ?? '',
    customer: customerView(customer),
    terms: termsView(order),
    keyFacts: keyFactsView(order),
    appliedAt: toIso(order.appliedAt),
    clearedDate: order.clearedDate,
    status: order.status,
    closureType: order.closureType,
    principalPaise: paiseToApi(order.principalPaise),
    processingFeePaise: paiseToApi(order.processingFeePaise),
    gstOnFeePaise: paiseToApi(order.gstOnFeePaise),
    netDisbursedPaise: paiseToApi(order.netDisbursedPaise),
    dueAmountPaise: paiseToApi(order.dueAmountPaise),
    aprPercent: order.keyFacts.aprPercent,
    tenorDays: order.tenorDays,
    disbursalDate: order.disbursalDate,
    dueDate: order.dueDate,
    outstanding: amountsToApi(outstanding),
    outstandingTotalPaise: paiseToApi(totalOf(outstanding)),
    amounts: {
      charged: amountsToApi(summary.charged),
      paid: amountsToApi(summary.paid),
      waived: amountsToApi(summary.waived),
      writtenOff: amountsToApi(summary.writtenOff),
      outstanding: amountsToApi(summary.outstanding),
    },
    clearingToday: clearing
      ? {
          date: clearing.date,
          components: amountsToApi(clearing.components),
          totalPaise: paiseToApi(clearing.total),
          overdueDays: clearing.overdueDays,
        }
      : null,
    overpaidPaise: paiseToApi(order.overpaidPaise),
    rolloverCount: order.rolloverCount,
    overdueDays: order.overdueDays,
    overdueBand: order.overdueBand,
    rbiClass: order.rbiClass,
    classifiedDate: order.classifiedDate,
    // As of the order's last day-end, the date its class was decided on.
    rbiDaysPastDue:
      order.overdueSince !== null && order.dayEndDate !== null
        ? daysPastDue(order.overdueSince, order.dayEndDate)
        : 0,
    rescheduled: order.rescheduled,
    suspense: {
      interestPaise: paiseToApi(order.suspenseInterestPaise),
      penalPaise: paiseToApi(order.suspensePenalPaise),
    },
    classHistory: classHistory.map((h) => ({
      businessDate: h.businessDate,
      fromClass: h.fromClass,
      toClass: h.toClass,
      daysPastDue: h.daysPastDue,
      // The day-end and the commands write only the contract's reasons (the answer is checked
      // against it).
      reason: h.reason as AssetClassReason,
      causeOrderNo: h.causeOrderNo,
      at: toIso(h.at),
    })),
    machineScore: order.machineScore,
    // The machine's own decision (pass, refer or reject): the order keeps only where it sent the
    // application (a refer goes on to people as a pass does).
    machineResult: machine ?? order.machineResult,
    ruleSetVersion: order.ruleSetVersion,
    firstReviewerId: order.firstReviewerId,
    finalReviewerId: order.finalReviewerId,
    statusHistory: history.map((h) => ({
      from: h.fromStatus,
      to: h.toStatus,
      event: h.event,
      actorId: h.actorId,
      actorName: h.actorId === null ? null : (names.get(h.actorId) ?? null),
      at: toIso(h.at),
      reason: h.reason,
    })),
    payouts: payoutRows.map((p) => ({
      id: p.id,
      attempt: attemptOf.get(p.id) ?? 1,
      purpose: p.purpose,
      status: p.status,
      amountPaise: paiseToApi(p.amountPaise),
      channel: p.channel,
      utr: p.utr,
      failCount: p.failCount,
      errorMessage: p.errorMessage,
      processedDate: p.processedDate,
      createdAt: toIso(p.createdAt),
      updatedAt: toIso(p.updatedAt),
    })),
    repayments: repaymentRows.map((r) => ({
      id: r.id,
      serialNo: r.serialNo,
      type: r.type,
      channel: r.channel,
      virtualAccountCode: r.virtualAccountCode,
      amountPaise: paiseToApi(r.amountPaise),
      allocated: amountsToApi({
        principal: r.allocatedPrincipalPaise,
        interest: r.allocatedInterestPaise,
        fee: r.allocatedFeePaise,
        gst: r.allocatedGstPaise,
        penal: r.allocatedPenalPaise,
      }),
      excessPaise: paiseToApi(r.excessPaise),
      businessDate: r.businessDate,
      valueDate: r.valueDate ?? r.businessDate,
      receivedAt: toIso(r.receivedAt),
      reversed: r.reversed,
      reversedAt: toIsoOrNull(r.reversedAt),
      reversalReason: r.reversalReason,
    })),
    rollovers: rolloverRows.map((r) => ({
      rolloverNumber: r.rolloverNumber,
      fromDueDate: r.fromDueDate,
      toDueDate: r.toDueDate,
      feePaise: paiseToApi(r.feePaise),
      gstPaise: paiseToApi(r.gstPaise),
      interestPaise: paiseToApi(r.interestPaise),
      penalPaise: paiseToApi(r.penalPaise),
      totalPaise: paiseToApi(r.totalPaise),
      businessDate: r.businessDate,
      at: toIso(r.at),
    })),
    waivers: engineJournals
      .filter(({ journal }) => journal.event === 'waiver' || journal.event === 'writeOff')
      .map(({ row, journal }) => {
        const amounts = zeroAmounts();
        for (const line of journal.lines)
          if (line.component) amounts[line.component] -= line.amount;
        const given = waiverAudit.get(row.at.getTime());
        const reason = (given?.after as { reason?: unknown } | null | undefined)?.reason;
        return {
          journalId: row.id,
          kind: journal.event === 'waiver' ? ('waiver' as const) : ('writeOff' as const),
          amounts: amountsToApi(amounts),
          totalPaise: paiseToApi(COMPONENTS.reduce((sum, c) => sum + amounts[c], 0n)),
          businessDate: row.businessDate,
          at: toIso(row.at),
          actorName: given?.actorName || null,
          reason: typeof reason === 'string' ? reason : null,
        };
      }),
    pendingApproval: waiting
      ? {
          kind: waiting.kind,
          amountPaise: paiseToApi(waiting.amountPaise),
          whole: waiting.amounts === null,
          reason: waiting.reason,
          requestedBy: names.get(waiting.requestedBy) ?? `#${waiting.requestedBy}`,
          requestedAt: toIso(waiting.requestedAt),
        }
      : null,
    approvalRequests: requests.map((request) => ({
      id: request.id,
      kind: request.kind,
      status: request.status,
      amountPaise: paiseToApi(request.amountPaise),
      whole: request.amounts === null,
      reason: request.reason,
      requestedBy: names.get(request.requestedBy) ?? `#${request.requestedBy}`,
      requestedAt: toIso(request.requestedAt),
      decidedBy:
        request.decidedBy === null
          ? null
          : (names.get(request.decidedBy) ?? `#${request.decidedBy}`),
      decidedAt: toIsoOrNull(request.decidedAt),
      decisionReason: request.decisionReason,
      lapseEvent: request.lapseEvent,
    })),
    journals: engineJournals.map(({ row }) => ({
      id: row.id,
      eventType: row.eventType,
      reversesEventType: row.reversesEventType,
      businessDate: row.businessDate,
      valueDate: row.valueDate,
      reason: row.reason,
      at: toIso(row.at),
      lines: entries
        .filter((e) => e.journalId === row.id)
        .map((e) => ({
          account: e.account,
          component: e.component,
          amountPaise: paiseToApi(e.amountPaise),
        })),
    })),
    auditTrail: audit.map((event) => ({
      id: event.id,
      action: event.action,
      actorName: event.actorName,
      summary: event.summary,
      at: toIso(event.at),
    })),
  };
}
