import { asc, eq } from 'drizzle-orm';
import type { OrderDetail } from '@lending/contract';
import { totalOf } from '@lending/lending';
import type { Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { paiseToApi } from '../../shared/paise.js';
import { entriesOfJournals, journalsOfOrder } from './ledger.repository.js';
import { balancesOf, findOrder, statusHistoryOf } from './orders.repository.js';
import { payouts } from './payouts.table.js';
import { repayments } from './repayments.table.js';

export async function orderDetail(db: Executor, orderId: number): Promise<OrderDetail> {
  const order = await findOrder(db, orderId);
  if (!order) throw new AppError('notFound', { field: 'orderId', detail: String(orderId) });
  const [history, payoutRows, repaymentRows, journals] = await Promise.all([
    statusHistoryOf(db, orderId),
    db.select().from(payouts).where(eq(payouts.orderId, orderId)).orderBy(asc(payouts.id)),
    db.select().from(repayments).where(eq(repayments.orderId, orderId)).orderBy(asc(repayments.id)),
    journalsOfOrder(db, orderId),
  ]);
  const entries = await entriesOfJournals(
    db,
    journals.map((j) => j.id),
  );
  const outstanding = balancesOf(order)?.outstanding ?? {
    principal: 0n,
    interest: 0n,
    fee: 0n,
    gst: 0n,
    penal: 0n,
  };
  return {
    id: order.id,
    orderNo: order.orderNo,
    customerId: order.customerId,
    productId: order.productId,
    productVersion: order.productVersion,
    productKind: order.productKind,
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
    outstanding: {
      principal: paiseToApi(outstanding.principal),
      interest: paiseToApi(outstanding.interest),
      fee: paiseToApi(outstanding.fee),
      gst: paiseToApi(outstanding.gst),
      penal: paiseToApi(outstanding.penal),
    },
    outstandingTotalPaise: paiseToApi(totalOf(outstanding)),
    overpaidPaise: paiseToApi(order.overpaidPaise),
    rolloverCount: order.rolloverCount,
    overdueDays: order.overdueDays,
    overdueBand: order.overdueBand,
    rbiClass: order.rbiClass,
    machineScore: order.machineScore,
    machineResult: order.machineResult,
    ruleSetVersion: order.ruleSetVersion,
    firstReviewerId: order.firstReviewerId,
    finalReviewerId: order.finalReviewerId,
    statusHistory: history.map((h) => ({
      from: h.fromStatus,
      to: h.toStatus,
      event: h.event,
      actorId: h.actorId,
      at: h.at.toISOString(),
      reason: h.reason,
    })),
    payouts: payoutRows.map((p) => ({
      id: p.id,
      purpose: p.purpose,
      status: p.status,
      amountPaise: paiseToApi(p.amountPaise),
      channel: p.channel,
      utr: p.utr,
      failCount: p.failCount,
      errorMessage: p.errorMessage,
    })),
    repayments: repaymentRows.map((r) => ({
      id: r.id,
      serialNo: r.serialNo,
      type: r.type,
      channel: r.channel,
      virtualAccountCode: r.virtualAccountCode,
      amountPaise: paiseToApi(r.amountPaise),
      excessPaise: paiseToApi(r.excessPaise),
      businessDate: r.businessDate,
      reversed: r.reversed,
    })),
    journals: journals.map((j) => ({
      id: j.id,
      eventType: j.eventType,
      businessDate: j.businessDate,
      lines: entries
        .filter((e) => e.journalId === j.id)
        .map((e) => ({
          account: e.account,
          component: e.component,
          amountPaise: paiseToApi(e.amountPaise),
        })),
    })),
  };
}
