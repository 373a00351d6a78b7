import type {
  LendStatus,
  LoanFlowRow,
  LoanRecordRow,
  PayoutHistoryEntry,
  WaitLoanRow,
  loanFlowListBodySchema,
  loanRecordListBodySchema,
  waitLoanListBodySchema,
} from '@lending/contract';
import type { z } from 'zod';
import type { Executor } from '../../plugins/db.js';
import { paiseToApi } from '../../shared/paise.js';
import { maskBankAccount, maskName, maskPhone } from '../../shared/pii.js';
import { toIso, toIsoOrNull } from '../../shared/timestamps.js';
import {
  LEND_STATUS_PAYOUTS,
  listLoanRecords,
  listPayoutAttempts,
  listWaitingOrders,
  payoutOutcomeEvents,
} from './disbursement-lists.repository.js';
import type { PayoutStatus } from './payouts.table.js';

/** What the /loan lists need from outside the loan book, wired in by the composition root. */
export interface DisbursementListDeps {
  db: Executor;
  /** Staff names by id (the user module's accounts): who approved, who sent a payout. */
  staffNames?: (ids: readonly number[]) => Promise<ReadonlyMap<number, string>>;
  /** The payout gateway's references of payouts (the payout integration's dispatch rows). */
  gatewayReferences?: (
    payoutIds: readonly number[],
  ) => Promise<ReadonlyMap<number, { reference: string; gatewayPayoutId: string | null }>>;
}

function lendStatusOf(status: PayoutStatus): LendStatus {
  for (const [lend, statuses] of Object.entries(LEND_STATUS_PAYOUTS)) {
    if (statuses.includes(status)) return lend as LendStatus;
  }
  return 'lending';
}

async function namesOf(deps: DisbursementListDeps, ids: readonly (number | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!deps.staffNames || wanted.length === 0) return new Map<number, string>();
  return deps.staffNames(wanted);
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

export function createDisbursementLists(deps: DisbursementListDeps) {
  return {
    async waitList(
      body: z.output<typeof waitLoanListBodySchema>,
    ): Promise<{ list: WaitLoanRow[]; total: number }> {
      const { list, total } = await listWaitingOrders(deps.db, body);
      const names = await namesOf(
        deps,
        list.map(({ order }) => order.finalReviewerId),
      );
      return {
        list: list.map(({ order, customer }) => ({
          id: order.id,
          orderNo: order.orderNo,
          customerName: maskName(customer.name),
          phone: maskPhone(customer.phone),
          customerType: customer.customerType,
          productKind: order.productKind,
          bankName: customer.bankName,
          bankAccount: maskBankAccount(customer.bankAccountNumber),
          ifsc: customer.ifsc,
          bankAccountVerified: customer.bankAccountVerified,
          awaitingAcceptance: order.revisedKfsPendingSince !== null,
          principalPaise: paiseToApi(order.principalPaise),
          feesPaise: paiseToApi(order.processingFeePaise + order.gstOnFeePaise),
          netDisbursedPaise: paiseToApi(order.netDisbursedPaise),
          tenorDays: order.tenorDays,
          approvedById: order.finalReviewerId,
          approvedBy:
            order.finalReviewerId === null ? null : (names.get(order.finalReviewerId) ?? null),
          approvedAt: toIsoOrNull(order.finalReviewedAt),
        })),
        total,
      };
    },

    async recordList(
      body: z.output<typeof loanRecordListBodySchema>,
    ): Promise<{ list: LoanRecordRow[]; total: number }> {
      const { list, total } = await listLoanRecords(deps.db, body);
      return {
        list: list.map(({ payout, order, customer }) => ({
          id: payout.id,
          orderId: order.id,
          orderNo: order.orderNo,
          customerName: maskName(customer.name),
          phone: maskPhone(customer.phone),
          bankAccount: maskBankAccount(customer.bankAccountNumber),
          lendStatus: lendStatusOf(payout.status),
          payoutStatus: payout.status,
          channel: payout.channel,
          utr: payout.utr,
          principalPaise: paiseToApi(order.principalPaise),
          amountPaise: paiseToApi(payout.amountPaise),
          failCount: failuresSoFar(payout),
          errorMessage: payout.errorMessage,
          disbursedDate: payout.status === 'processed' ? payout.processedDate : null,
          requestedAt: toIso(payout.createdAt),
          updatedAt: toIso(payout.updatedAt),
        })),
        total,
      };
    },

    async flowList(
      body: z.output<typeof loanFlowListBodySchema>,
    ): Promise<{ list: LoanFlowRow[]; total: number }> {
      const { list, total } = await listPayoutAttempts(deps.db, body);
      const ids = list.map(({ payout }) => payout.id);
      const [names, references, outcomes] = await Promise.all([
        namesOf(
          deps,
          list.map(({ payout }) => payout.createdBy),
        ),
        deps.gatewayReferences && ids.length > 0
          ? deps.gatewayReferences(ids)
          : Promise.resolve(
              new Map<number, { reference: string; gatewayPayoutId: string | null }>(),
            ),
        payoutOutcomeEvents(deps.db, ids),
      ]);
      const outcomesOf = new Map<number, PayoutHistoryEntry[]>();
      for (const event of outcomes) {
        const after = (event.after ?? {}) as Record<string, unknown>;
        const entries = outcomesOf.get(Number(event.targetId)) ?? [];
        entries.push({
          event: event.action.replace(/^payout\./, ''),
          at: toIso(event.at),
          actor: textOf(event.actorName),
          utr: textOf(after.utr),
          message: textOf(after.errorMessage),
        });
        outcomesOf.set(Number(event.targetId), entries);
      }
      return {
        list: list.map(({ payout, orderNo, orderStatus, customerName, latest }) => {
          const createdBy =
            payout.createdBy === null ? null : (names.get(payout.createdBy) ?? null);
          const reference = references.get(payout.id);
          return {
            id: payout.id,
            orderId: payout.orderId,
            orderNo,
            customerName: maskName(customerName),
            attempt: payout.failCount + 1,
            status: payout.status,
            channel: payout.channel,
            amountPaise: paiseToApi(payout.amountPaise),
            failCount: failuresSoFar(payout),
            errorMessage: payout.errorMessage,
            utr: payout.utr,
            reference: reference?.reference ?? null,
            gatewayPayoutId: reference?.gatewayPayoutId ?? null,
            createdBy,
            createdAt: toIso(payout.createdAt),
            updatedAt: toIso(payout.updatedAt),
            // A new attempt only after a definite failure; an unknown outcome is confirmed
            // with the gateway first (a second payout could pay twice).
            retryable:
              Boolean(latest) &&
              (payout.status === 'failed' || payout.status === 'reversed') &&
              orderStatus === 'DISBURSEMENT_FAILED',
            history: [
              {
                event: 'created',
                at: toIso(payout.createdAt),
                actor: createdBy,
                utr: null,
                message: null,
              },
              ...(outcomesOf.get(payout.id) ?? []),
            ],
          };
        }),
        total,
      };
    },
  };
}

export type DisbursementLists = ReturnType<typeof createDisbursementLists>;

/**
 * "fail count" as staff read it: the order's failed payouts up to and including this
 * one (the column holds the failures before the attempt was made), so a failed first attempt
 * shows 1, not 0.
 */
function failuresSoFar(payout: { failCount: number; status: string }): number {
  return payout.failCount + (payout.status === 'failed' || payout.status === 'reversed' ? 1 : 0);
}
