import type {
  repaymentRecordBodySchema,
  RepaymentRecord,
  repayPlanBodySchema,
  RepayPlanRow,
  RepayQueryOrder,
  RepayQueryRet,
} from '@lending/contract';
import type { Paise } from '@lending/lending';
import type { z } from 'zod';
import type { CollectionGateway } from '../../integrations/index.js';
import type { Database } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import type { Clock } from '../../shared/clock.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { paiseFromDb, paiseToApi } from '../../shared/paise.js';
import { maskName, maskPhone } from '../../shared/pii.js';
import { clearingOfOrder, payToIfOpened, rolloverQuoteOfOrder } from '../borrower-app/index.js';
import type { LoanBookDeps, LoanOrderRow } from '../loan-book/index.js';
import * as repo from './repay.repository.js';

export interface RepayDeps {
  db: Database;
  clock: Clock;
  /** The gateway whose accounts the borrower app opens (the query only reads which exist). */
  collections: CollectionGateway;
  /** The loan book's commands (offline repayments post through its repayment command). */
  loanBook: LoanBookDeps;
  /**
   * Where uploaded receipts were kept before they moved into the database (decision 0091):
   * read at start to copy any left there.
   */
  uploadDir: string;
  /** A staff member's name (makers and checkers in the lists). */
  staffOf?: (userId: number) => Promise<{ name: string } | undefined>;
  /** The amount above which a waiver waits for a second person (operations setting). */
  waiverApprovalAbove: () => Promise<Paise>;
}

type OwingStatus = RepayPlanRow['status'];

/**
 * The repayment plan's page: each order as staff read it, with the amount that clears it
 * today priced by the engine (through the borrower app's own quote, not a second formula).
 */
export async function repayPlan(
  deps: RepayDeps,
  body: z.output<typeof repayPlanBodySchema>,
  callerId: number,
) {
  const today = indiaDateOf(deps.clock.now());
  const { list, total } = await repo.listRepayPlan(deps.db, body);
  return {
    total,
    list: await Promise.all(
      list.map(async ({ order, customerName, customerPhone, paid, pendingWaiver }) => {
        const clearing = clearingOfOrder(order, today);
        const row: RepayPlanRow = {
          id: order.id,
          orderNo: order.orderNo,
          customerName: maskName(customerName),
          customerPhone: maskPhone(customerPhone),
          status: order.status as OwingStatus,
          principalPaise: paiseToApi(order.principalPaise),
          dueDate: order.dueDate ?? today,
          overdueDays: order.overdueDays,
          rolloverCount: order.rolloverCount,
          duePrincipalPaise: paiseToApi(order.outstandingPrincipalPaise),
          dueInterestPaise: paiseToApi(order.outstandingInterestPaise),
          dueFeePaise: paiseToApi(order.outstandingFeePaise),
          dueGstPaise: paiseToApi(order.outstandingGstPaise),
          duePenalPaise: paiseToApi(order.outstandingPenalPaise),
          paidPaise: paiseToApi(paiseFromDb(paid)),
          outstandingPaise: paiseToApi(
            order.outstandingPrincipalPaise +
              order.outstandingInterestPaise +
              order.outstandingFeePaise +
              order.outstandingGstPaise +
              order.outstandingPenalPaise,
          ),
          clearingTodayPaise: paiseToApi(clearing?.total ?? 0n),
          clearingDate: today,
          pendingWaiver: pendingWaiver
            ? {
                id: pendingWaiver.id,
                kind: pendingWaiver.kind,
                amountPaise: paiseToApi(pendingWaiver.amountPaise),
                toWaivePaise: paiseToApi(
                  pendingWaiver.amounts === null
                    ? (clearing?.total ?? 0n)
                    : pendingWaiver.amountPaise,
                ),
                settle: pendingWaiver.amounts === null,
                reason: pendingWaiver.reason,
                requestedBy:
                  (await deps.staffOf?.(pendingWaiver.requestedBy))?.name ??
                  `#${pendingWaiver.requestedBy}`,
                yours: pendingWaiver.requestedBy === callerId,
                requestedAt: pendingWaiver.requestedAt.toISOString(),
              }
            : null,
        };
        return row;
      }),
    ),
  };
}

export async function repaymentRecords(
  deps: RepayDeps,
  body: z.output<typeof repaymentRecordBodySchema>,
) {
  const { list, total } = await repo.listRepaymentRecords(deps.db, body);
  return {
    total,
    list: list.map(({ repayment: r, orderNo, customerName }): RepaymentRecord => ({
      id: r.id,
      serialNo: r.serialNo,
      orderId: r.orderId,
      orderNo,
      customerName: maskName(customerName),
      channel: r.channel,
      virtualAccountCode: r.virtualAccountCode,
      reference: r.gatewayPaymentId,
      amountPaise: paiseToApi(r.amountPaise),
      principalPaise: paiseToApi(r.allocatedPrincipalPaise),
      interestPaise: paiseToApi(r.allocatedInterestPaise),
      feePaise: paiseToApi(r.allocatedFeePaise),
      gstPaise: paiseToApi(r.allocatedGstPaise),
      penalPaise: paiseToApi(r.allocatedPenalPaise),
      excessPaise: paiseToApi(r.excessPaise),
      valueDate: r.valueDate ?? r.businessDate,
      postedAt: r.receivedAt.toISOString(),
      kind: r.type === 'renew' ? 'renew' : 'normal',
      // decision 0028: a renewal neither clears the loan nor pays part of it; `normal` is a
      // cooling-off exit, which clears it.
      coverage: r.type === 'renew' ? null : r.type === 'partial' ? 'partial' : 'full',
      status: r.reversed ? 'reversed' : 'posted',
      reversedAt: r.reversedAt?.toISOString() ?? null,
      reversalReason: r.reversalReason,
    })),
  };
}

/**
 * An order by number, or a phone number's orders: what clears each on the chosen date (per
 * component), its rollover quote and where the borrower pays. Every figure comes from the
 * borrower app's services, so staff quote exactly what the app shows and the book accepts.
 * A read: it writes nothing and calls no gateway (decision 0058).
 */
export async function repayQuery(
  deps: RepayDeps,
  body: { orderNo?: string | undefined; phone?: string | undefined; date?: string | undefined },
): Promise<RepayQueryRet> {
  const today = indiaDateOf(deps.clock.now());
  const date = body.date ?? today;
  if (date < today) throw AppError.invalid('date', 'must not be before today');
  const rows = await repo.ordersForQuery(deps.db, {
    ...(body.orderNo ? { orderNo: body.orderNo } : {}),
    ...(body.phone ? { phone: body.phone } : {}),
  });
  const instructionsOf = new Map<number, Promise<Instructions>>();
  const orders: RepayQueryOrder[] = [];
  for (const { order, customerName, customerPhone } of rows) {
    const clearing = clearingOfOrder(order, date);
    let instructions: Instructions = { instructions: null, instructionsMissing: null };
    if (clearing) {
      if (!instructionsOf.has(order.customerId)) {
        instructionsOf.set(order.customerId, instructionsFor(deps, order));
      }
      instructions = await instructionsOf.get(order.customerId)!;
    }
    orders.push({
      id: order.id,
      orderNo: order.orderNo,
      customerName: maskName(customerName),
      customerPhone: maskPhone(customerPhone),
      status: order.status,
      dueDate: order.dueDate,
      overdueDays: order.overdueDays,
      rolloverCount: order.rolloverCount,
      clearing: clearing
        ? {
            date: clearing.date,
            principalPaise: paiseToApi(clearing.components.principal),
            interestPaise: paiseToApi(clearing.components.interest),
            feePaise: paiseToApi(clearing.components.fee),
            gstPaise: paiseToApi(clearing.components.gst),
            penalPaise: paiseToApi(clearing.components.penal),
            totalPaise: paiseToApi(clearing.total),
            overdueDays: clearing.overdueDays,
          }
        : null,
      rollover: rolloverQuoteOfOrder(order, date),
      ...instructions,
    });
  }
  return { date, orders };
}

interface Instructions {
  instructions: RepayQueryOrder['instructions'];
  instructionsMissing: RepayQueryOrder['instructionsMissing'];
}

/**
 * The borrower's own virtual account and UPI id when the app has opened them; none yet is said
 * so, never opened from here: a query must not create an account at the gateway.
 */
async function instructionsFor(deps: RepayDeps, order: LoanOrderRow): Promise<Instructions> {
  const instructions = await payToIfOpened(deps, order.customerId);
  return instructions
    ? { instructions, instructionsMissing: null }
    : { instructions: null, instructionsMissing: 'noPaymentAccountYet' };
}
