import {
  addDays,
  fixedEventKindOf,
  overdueBand,
  receivableBalances,
  type ComponentAmounts,
  type FixedEvent,
  type Journal,
  type LedgerEventType,
  type LoanBalances,
  type OrderEvent,
  type Paise,
  type PostedAccrual,
  type PostedRepayment,
  type RestatedRepayment,
  type RestatedStanding,
  type RestatementJournal,
} from '@lending/lending';
import {
  accrualsInEffectFrom,
  journalEventsFrom,
  postJournals,
  type JournalToPost,
} from '../ledger/index.js';
import { accrualKey } from './accruals.js';
import type { CommandContext } from './order-command.js';
import { balanceColumns, updateOrder, type OrderPatch } from './orders.repository.js';
import { recogniseIncome } from './income-recognition.js';
import {
  fixedPaymentsFrom,
  standingRepaymentsFrom,
  updateRepayment,
} from './repayments.repository.js';
import type { RepaymentRow } from './repayments.table.js';

/**
 * What a restatement of an order (a value-dated repayment, a repayment reversal) reads and
 * writes around the engine (decision 0022, 0099): the tail of the order's history from a day,
 * the journals it posts, the later repayments it re-allocates and the order it leaves.
 */

export interface Tail {
  accruals: PostedAccrual[];
  /** `date:event` → the accrual journal in effect (what a reversal undoes). */
  accrualJournal: Map<string, number>;
  /** Repayments in effect from the day on, in value and posting order. */
  later: PostedRepayment[];
  laterRows: Map<string, RepaymentRow>;
  fixed: FixedEvent[];
}

/**
 * What the engine needs of the order from `from` on (decision 0022, step 1): the day-end
 * accruals in effect, the standing repayments valued after it (`on`: valued on it too) and the
 * events no restatement replays.
 */
export async function readTail(
  ctx: CommandContext,
  from: string,
  repaymentsValued: 'after' | 'onOrAfter',
): Promise<Tail> {
  const { tx, order } = ctx;
  const { heads: accrualHeads, entries } = await accrualsInEffectFrom(tx, order.id, from);
  const byDate = new Map<string, PostedAccrual>();
  const accrualJournal = new Map<string, number>();
  for (const head of accrualHeads) {
    const journal: Journal = {
      event: head.event as LedgerEventType,
      lines: entries
        .filter((e) => e.journalId === head.id)
        .map((e) => ({
          account: e.account as Journal['lines'][number]['account'],
          ...(e.component ? { component: e.component as 'interest' } : {}),
          amount: BigInt(e.amountPaise),
        })),
    };
    const amounts = receivableBalances([journal]);
    const accrual = byDate.get(head.date) ?? { date: head.date, interest: 0n, penal: 0n };
    if (head.event === 'interestAccrual') accrual.interest += amounts.interest;
    else accrual.penal += amounts.penal;
    byDate.set(head.date, accrual);
    accrualJournal.set(`${head.date}:${head.event}`, head.id);
  }
  const laterRows = await standingRepaymentsFrom(tx, order.id, from, repaymentsValued);
  const later = laterRows.map(postedRepayment);
  const fixedJournals = await journalEventsFrom(tx, order.id, from);
  const fixed: FixedEvent[] = [];
  for (const j of fixedJournals) {
    const kind = fixedEventKindOf({
      event: j.event as LedgerEventType,
      ...(j.reverses ? { reverses: j.reverses as LedgerEventType } : {}),
    });
    if (kind) fixed.push({ kind, date: j.date });
  }
  const fixedPayments = await fixedPaymentsFrom(tx, order.id, from);
  for (const p of fixedPayments) {
    fixed.push({ kind: p.type === 'renew' ? 'rollover' : 'coolingOffExit', date: p.date });
  }
  return {
    accruals: [...byDate.values()],
    accrualJournal,
    later,
    laterRows: new Map(laterRows.map((row) => [String(row.id), row])),
    fixed,
  };
}

/** A repayment row as the engine sees it. */
export function postedRepayment(row: RepaymentRow): PostedRepayment {
  return {
    ref: String(row.id),
    valueDate: row.valueDate ?? row.businessDate,
    amount: BigInt(row.amountPaise),
    allocated: allocationOf(row),
    excess: BigInt(row.excessPaise),
  };
}

function allocationOf(row: RepaymentRow): ComponentAmounts {
  return {
    principal: BigInt(row.allocatedPrincipalPaise),
    interest: BigInt(row.allocatedInterestPaise),
    fee: BigInt(row.allocatedFeePaise),
    gst: BigInt(row.allocatedGstPaise),
    penal: BigInt(row.allocatedPenalPaise),
  };
}

/**
 * Posts a restatement's journals in the engine's order, every one booked today with the day it
 * restates as its value date and the restatement's reason, so no closed day changes (decision
 * 0101). A day-end never posted before is keyed as the day-end keys it (so the day-end never
 * posts it again); every other journal by the command's key and its slot. Returns the ids by
 * slot.
 */
export async function postRestatement(
  ctx: CommandContext,
  tail: Tail,
  postings: readonly RestatementJournal[],
  key: string,
  reason: string,
  options: {
    /** Journals in effect the tail does not name (the reversed repayment's), by slot. */
    targets?: ReadonlyMap<string, number>;
    /**
     * The last day of a month finance locked: a posting that belongs to a day in it (a day-end a
     * re-opened loan never had, the bounce of a payment valued in it) is valued on the first day
     * after it, its own day named in the reason.
     */
    lockedThrough?: string | null;
  } = {},
): Promise<Map<string, number>> {
  const targets = options.targets ?? new Map<string, number>();
  const locked = options.lockedThrough ?? null;
  const toPost: JournalToPost[] = postings.map((posting) => {
    const inLock = locked !== null && posting.valueDate <= locked;
    const base: JournalToPost = {
      orderId: ctx.order.id,
      journal: posting.journal,
      idempotencyKey:
        posting.role === 'accrual'
          ? accrualKey(ctx.order.id, posting.valueDate, posting.journal.event)
          : `${key}:${posting.slot}`,
      businessDate: ctx.businessDate,
      valueDate: inLock ? addDays(locked, 1) : posting.valueDate,
      reason: inLock
        ? `${reason}; belongs to ${posting.valueDate}, in the period locked through ${locked}`
        : reason,
      at: ctx.now,
    };
    if (posting.role !== 'reversal') return base;
    const { subject } = posting;
    const target =
      targets.get(posting.slot) ??
      (subject.kind === 'accrual'
        ? tail.accrualJournal.get(`${subject.date}:${subject.event}`)
        : subject.kind === 'repayment'
          ? tail.laterRows.get(subject.ref)?.journalId
          : undefined);
    if (target === undefined) throw new Error(`no journal in effect for ${posting.slot}`);
    return { ...base, reversesJournalId: target };
  });
  const ids = await postJournals(ctx.tx, toPost);
  return new Map(postings.map((posting, index) => [posting.slot, ids[index]!]));
}

/** The later repayments a restatement re-allocated, saved with their replayed journals. */
export async function saveRestatedRepayments(
  ctx: CommandContext,
  tail: Tail,
  laterRepayments: readonly RestatedRepayment[],
  journalIds: ReadonlyMap<string, number>,
) {
  const restated = [];
  for (const later of laterRepayments) {
    if (!later.changed) continue;
    const row = tail.laterRows.get(later.ref)!;
    const replayed = journalIds.get(`replay:repayment:${later.ref}`);
    await updateRepayment(ctx.tx, row.id, {
      allocatedPrincipalPaise: later.allocated.principal,
      allocatedInterestPaise: later.allocated.interest,
      allocatedFeePaise: later.allocated.fee,
      allocatedGstPaise: later.allocated.gst,
      allocatedPenalPaise: later.allocated.penal,
      excessPaise: later.excess,
      type: later.settledAfter ? 'full' : 'partial',
      overdueDaysWhenPaid: later.overdueDaysWhenPaid,
      ...(replayed !== undefined ? { journalId: replayed } : {}),
    });
    restated.push({
      id: row.id,
      before: later.before,
      after: { allocated: later.allocated, excess: later.excess },
    });
  }
  return restated;
}

/**
 * The order after a restatement: its balances, overpayment, status, closure and overdue days
 * from the engine's standing, the class and the suspense (income recognition) from `patch`.
 */
export async function saveRestatedOrder(
  ctx: CommandContext,
  restated: { loan: LoanBalances; overpaid: Paise; standing: RestatedStanding },
  event: string,
  patch: OrderPatch,
) {
  const { standing } = restated;
  const closure =
    standing.closure.kind === 'cleared'
      ? { closureType: standing.closure.type, clearedDate: standing.closure.clearedDate }
      : standing.closure.kind === 'open'
        ? { closureType: null, clearedDate: null }
        : {};
  return updateOrder(ctx, {
    ...(await recogniseIncome(ctx, {
      ...balanceColumns(restated.loan),
      ...closure,
      ...patch,
    })),
    overpaidPaise: restated.overpaid,
    status: standing.status,
    lastEvent: event as OrderEvent,
    overdueDays: standing.overdueDays,
    overdueBand: overdueBand(standing.overdueDays),
    updatedAt: ctx.now,
  });
}
