import { and, asc, count, eq, gte, inArray } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { customers } from './customers.table.js';
import { loanOrders } from './loan-orders.table.js';
import { disburse, postingsFor, quoteDisbursal, zeroAmounts } from '@lending/lending';
import { AppError } from '../../shared/app-error.js';
import { moveOrder } from './applications.service.js';
import { ledgerJournals } from './ledger.table.js';
import { loadJournal, postJournals } from './ledger.repository.js';
import {
  mustTransition,
  runKeyedOrderCommand,
  runOrderCommand,
  writeAudit,
  type LoanBookDeps,
} from './order-command.js';
import { balanceColumns, balancesOf } from './orders.repository.js';
import { termsFromJson } from './paise-json.js';
import { payouts, type PayoutRow } from './payouts.table.js';
import { repayments } from './repayments.table.js';
import { orderResult } from './results.js';

/**
 * Commits the payout intent before any gateway call: the payout row (queued), the order to
 * DISBURSING and the float reserved, in one transaction. Same key → the original result;
 * a retry after failure needs a new key; one live payout per order (unique index).
 */
export function createPayout(
  deps: LoanBookDeps,
  input: { orderId: number; idempotencyKey: string; channel: string },
  actorId: number | null,
) {
  return runKeyedOrderCommand(deps, 'createPayout', input, async (ctx) => {
    const event = ctx.order.status === 'DISBURSEMENT_FAILED' ? 'retryPayout' : 'createPayout';
    const { to } = mustTransition(ctx.order, event);
    if (ctx.order.revisedKfsPendingSince !== null) {
      throw new AppError('orderStateConflict', {
        field: ctx.order.orderNo,
        detail: 'the borrower has not yet accepted the key fact statement of the approved amount',
      });
    }
    const terms = termsFromJson(ctx.order.terms);
    const { netDisbursed } = quoteDisbursal(terms, ctx.order.principalPaise);
    const [failed] = await ctx.tx
      .select({ n: count() })
      .from(payouts)
      .where(
        and(
          eq(payouts.orderId, ctx.order.id),
          eq(payouts.purpose, 'disbursal'),
          inArray(payouts.status, ['failed', 'reversed']),
        ),
      );
    const [payout] = await ctx.tx
      .insert(payouts)
      .values({
        orderId: ctx.order.id,
        purpose: 'disbursal',
        idempotencyKey: input.idempotencyKey,
        amountPaise: netDisbursed,
        status: 'queued',
        channel: input.channel,
        failCount: failed?.n ?? 0,
        createdBy: actorId,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    await postJournals(ctx.tx, [
      {
        orderId: ctx.order.id,
        journal: postingsFor({ type: 'payoutReservation', amount: netDisbursed }),
        idempotencyKey: `payout:${payout!.id}:reserve`,
        businessDate: ctx.businessDate,
        at: ctx.now,
      },
    ]);
    const updated = await moveOrder(ctx, event, to, actorId, {});
    return orderResult(updated, { payoutId: payout!.id, amountPaise: netDisbursed });
  });
}

export type PayoutOutcome =
  | { status: 'processing' }
  | { status: 'processed'; utr: string; processedDate?: string }
  | { status: 'failed'; errorMessage: string }
  | { status: 'reversed'; errorMessage: string };

async function findPayout(deps: LoanBookDeps, payoutId: number): Promise<PayoutRow> {
  const [row] = await deps.db.select().from(payouts).where(eq(payouts.id, payoutId));
  if (!row) throw new AppError('notFound', { field: 'payoutId', detail: String(payoutId) });
  return row;
}

const OPEN_PAYOUT = ['queued', 'processing', 'unknown'] as const;

/**
 * A gateway outcome (webhook or status lookup). Delivered more than once or out of order: an
 * outcome the payout already has is answered with the current state and changes nothing.
 * processed → the loan opens on the processed date (day 0) with the disbursal journal;
 * failed → DISBURSEMENT_FAILED; reversed (after processed) → the loan's journals are reversed.
 */
export async function recordPayoutResult(
  deps: LoanBookDeps,
  payoutId: number,
  outcome: PayoutOutcome,
  actorId: number | null = null,
) {
  const found = await findPayout(deps, payoutId);
  return runOrderCommand(deps, { orderId: found.orderId, command: 'payoutResult' }, async (ctx) => {
    const [payout] = await ctx.tx
      .select()
      .from(payouts)
      .where(eq(payouts.id, payoutId))
      .for('update');
    if (!payout) throw new AppError('notFound', { field: 'payoutId', detail: String(payoutId) });
    const isOpen = (OPEN_PAYOUT as readonly string[]).includes(payout.status);
    const setPayout = (patch: Partial<typeof payouts.$inferInsert>) =>
      ctx.tx
        .update(payouts)
        .set({ ...patch, updatedAt: ctx.now })
        .where(eq(payouts.id, payout.id));
    const audit = (after: unknown) =>
      writeAudit(ctx.tx, {
        actorId,
        action: `payout.${outcome.status}`,
        targetType: 'payout',
        targetId: payout.id,
        before: { status: payout.status },
        after,
        at: ctx.now,
      });

    if (outcome.status === 'processing') {
      // The gateway has it: a queued or unknown payout is now processing (never backwards).
      if (payout.status === 'queued' || payout.status === 'unknown')
        await setPayout({ status: 'processing' });
      return orderResult(ctx.order, { payoutId: payout.id });
    }
    if (payout.status === outcome.status || (!isOpen && outcome.status !== 'reversed')) {
      return orderResult(ctx.order, { payoutId: payout.id }); // duplicate or late delivery
    }
    if (payout.purpose === 'refund') return refundOutcome(ctx, payout, outcome, setPayout, audit);

    const reservation = await ctx.tx
      .select({ id: ledgerJournals.id })
      .from(ledgerJournals)
      .where(eq(ledgerJournals.idempotencyKey, `payout:${payout.id}:reserve`));
    const release = async () => {
      const original = await loadJournal(ctx.tx, reservation[0]!.id);
      return {
        orderId: ctx.order.id,
        journal: postingsFor({ type: 'reversal', original }),
        idempotencyKey: `payout:${payout.id}:release`,
        businessDate: ctx.businessDate,
        at: ctx.now,
        reversesJournalId: reservation[0]!.id,
      };
    };

    if (outcome.status === 'processed') {
      if (!isOpen)
        throw new AppError('orderStateConflict', {
          field: ctx.order.orderNo,
          detail: `payout ${payout.status}`,
        });
      const { to } = mustTransition(ctx.order, 'payoutProcessed');
      const date = outcome.processedDate ?? ctx.businessDate;
      const terms = termsFromJson(ctx.order.terms);
      const step = disburse(terms, ctx.order.principalPaise, date);
      await postJournals(ctx.tx, [
        await release(),
        {
          orderId: ctx.order.id,
          journal: step.journals[0]!,
          idempotencyKey: `payout:${payout.id}:disbursal`,
          businessDate: date,
          at: ctx.now,
        },
      ]);
      await setPayout({ status: 'processed', utr: outcome.utr, processedDate: date });
      await audit({ status: 'processed', utr: outcome.utr, processedDate: date });
      const updated = await moveOrder(ctx, 'payoutProcessed', to, actorId, {
        ...balanceColumns(step.loan),
        dayEndDate: step.loan.accruedThrough,
        overdueDays: 0,
        overdueBand: null,
        rbiClass: 'STANDARD',
      });
      return orderResult(updated, { payoutId: payout.id });
    }

    if (outcome.status === 'failed') {
      if (!isOpen)
        throw new AppError('orderStateConflict', {
          field: ctx.order.orderNo,
          detail: `payout ${payout.status}`,
        });
      const { to } = mustTransition(ctx.order, 'payoutFailed');
      await postJournals(ctx.tx, [await release()]);
      await setPayout({ status: 'failed', errorMessage: outcome.errorMessage });
      await audit({ status: 'failed', errorMessage: outcome.errorMessage });
      const updated = await moveOrder(ctx, 'payoutFailed', to, actorId, {}, outcome.errorMessage);
      return orderResult(updated, { payoutId: payout.id });
    }

    // reversed: from processed (the loan is undone) or still open (treated as failed money-wise).
    const { to } = mustTransition(ctx.order, 'payoutReversed');
    if (isOpen) {
      await postJournals(ctx.tx, [await release()]);
    } else {
      const [paid] = await ctx.tx
        .select({ n: count() })
        .from(repayments)
        .where(and(eq(repayments.orderId, ctx.order.id), eq(repayments.reversed, false)));
      if ((paid?.n ?? 0) > 0) {
        throw new AppError('orderStateConflict', {
          field: ctx.order.orderNo,
          detail: 'repaid (reverse the repayments first)',
        });
      }
      // Undo the disbursal and every accrual since, newest first: the receivables return to zero.
      const [disbursal] = await ctx.tx
        .select()
        .from(ledgerJournals)
        .where(eq(ledgerJournals.idempotencyKey, `payout:${payout.id}:disbursal`));
      const since = await ctx.tx
        .select({ id: ledgerJournals.id })
        .from(ledgerJournals)
        .where(and(eq(ledgerJournals.orderId, ctx.order.id), gte(ledgerJournals.id, disbursal!.id)))
        .orderBy(asc(ledgerJournals.id));
      const reversals = [];
      for (const { id } of since.reverse()) {
        const original = await loadJournal(ctx.tx, id);
        reversals.push({
          orderId: ctx.order.id,
          journal: postingsFor({ type: 'reversal', original }),
          idempotencyKey: `payout:${payout.id}:reverse:${id}`,
          businessDate: ctx.businessDate,
          at: ctx.now,
          reversesJournalId: id,
        });
      }
      await postJournals(ctx.tx, reversals);
    }
    await setPayout({ status: 'reversed', errorMessage: outcome.errorMessage });
    await audit({ status: 'reversed', errorMessage: outcome.errorMessage });
    const loan = balancesOf(ctx.order);
    const updated = await moveOrder(
      ctx,
      'payoutReversed',
      to,
      actorId,
      loan
        ? {
            ...balanceColumns({
              ...loan,
              outstanding: zeroAmounts(),
              penalCharged: 0n,
              principalDisbursed: 0n,
            }),
            disbursalDate: null,
            dueDate: null,
            accruedThroughDate: null,
            dayEndDate: null,
            overdueDays: 0,
            overdueBand: null,
            rbiClass: null,
          }
        : {},
      outcome.errorMessage,
    );
    return orderResult(updated, { payoutId: payout.id });
  });
}

type CommandCtx = Parameters<Parameters<typeof runOrderCommand>[2]>[0];

async function refundOutcome(
  ctx: CommandCtx,
  payout: PayoutRow,
  outcome: PayoutOutcome,
  setPayout: (patch: Partial<typeof payouts.$inferInsert>) => Promise<unknown>,
  audit: (after: unknown) => Promise<void>,
) {
  if (outcome.status === 'processed') {
    const { to } = mustTransition(ctx.order, 'refundProcessed');
    await postJournals(ctx.tx, [
      {
        orderId: ctx.order.id,
        journal: postingsFor({ type: 'refund', amount: payout.amountPaise }),
        idempotencyKey: `payout:${payout.id}:refund`,
        businessDate: outcome.processedDate ?? ctx.businessDate,
        at: ctx.now,
      },
    ]);
    await setPayout({
      status: 'processed',
      utr: outcome.utr,
      processedDate: outcome.processedDate ?? ctx.businessDate,
    });
    await audit({ status: 'processed', utr: outcome.utr });
    const updated = await moveOrder(ctx, 'refundProcessed', to, null, {
      overpaidPaise: 0n,
      clearedDate: ctx.businessDate,
    });
    return orderResult(updated, { payoutId: payout.id });
  }
  // A failed or reversed refund leaves the order OVERPAID: the money is still owed back.
  const errorMessage = 'errorMessage' in outcome ? outcome.errorMessage : null;
  await setPayout({ status: outcome.status as PayoutRow['status'], errorMessage });
  await audit({ status: outcome.status, errorMessage });
  return orderResult(ctx.order, { payoutId: payout.id });
}

/** Refund of an overpayment: a refund payout of the held excess; CLEARED when it is processed. */
export function createRefund(
  deps: LoanBookDeps,
  input: { orderId: number; idempotencyKey: string; channel: string },
  actorId: number | null,
) {
  return runKeyedOrderCommand(deps, 'createRefund', input, async (ctx) => {
    if (ctx.order.status !== 'OVERPAID' || ctx.order.overpaidPaise === 0n) {
      throw new AppError('orderStateConflict', {
        field: ctx.order.orderNo,
        detail: ctx.order.status,
      });
    }
    const [payout] = await ctx.tx
      .insert(payouts)
      .values({
        orderId: ctx.order.id,
        purpose: 'refund',
        idempotencyKey: input.idempotencyKey,
        amountPaise: ctx.order.overpaidPaise,
        status: 'queued',
        channel: input.channel,
        createdBy: actorId,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .onConflictDoNothing()
      .returning();
    if (!payout)
      throw new AppError('orderStateConflict', {
        field: ctx.order.orderNo,
        detail: 'refund already in progress',
      });
    await writeAudit(ctx.tx, {
      actorId,
      action: 'payout.refund',
      targetType: 'payout',
      targetId: payout.id,
      after: { amount: payout.amountPaise },
      at: ctx.now,
    });
    return orderResult(ctx.order, { payoutId: payout.id, amountPaise: payout.amountPaise });
  });
}

/** What a payout gateway needs to send one payout: amount, key and the borrower's own account. */
export interface PayoutInstruction {
  payoutId: number;
  orderId: number;
  purpose: PayoutRow['purpose'];
  status: PayoutRow['status'];
  idempotencyKey: string;
  amountPaise: bigint;
  beneficiary: { name: string; accountNumber: string; ifsc: string; verified: boolean };
  updatedAt: Date;
}

function instructionQuery(db: Executor) {
  return db
    .select({
      payoutId: payouts.id,
      orderId: payouts.orderId,
      purpose: payouts.purpose,
      status: payouts.status,
      idempotencyKey: payouts.idempotencyKey,
      amountPaise: payouts.amountPaise,
      name: customers.name,
      accountNumber: customers.bankAccountNumber,
      ifsc: customers.ifsc,
      verified: customers.bankAccountVerified,
      updatedAt: payouts.updatedAt,
    })
    .from(payouts)
    .innerJoin(loanOrders, eq(loanOrders.id, payouts.orderId))
    .innerJoin(customers, eq(customers.id, loanOrders.customerId));
}

function toInstruction(
  row: Awaited<ReturnType<typeof instructionQuery>>[number],
): PayoutInstruction {
  return {
    payoutId: row.payoutId,
    orderId: row.orderId,
    purpose: row.purpose,
    status: row.status,
    idempotencyKey: row.idempotencyKey,
    amountPaise: row.amountPaise,
    beneficiary: {
      name: row.name,
      accountNumber: row.accountNumber,
      ifsc: row.ifsc,
      verified: row.verified,
    },
    updatedAt: row.updatedAt,
  };
}

export async function payoutInstruction(
  db: Executor,
  payoutId: number,
): Promise<PayoutInstruction | undefined> {
  const [row] = await instructionQuery(db).where(eq(payouts.id, payoutId));
  return row ? toInstruction(row) : undefined;
}

/** Payouts whose outcome the book does not know yet (queued, processing, unknown), oldest first. */
export async function openPayouts(db: Executor, limit = 500): Promise<PayoutInstruction[]> {
  const rows = await instructionQuery(db)
    .where(inArray(payouts.status, [...OPEN_PAYOUT]))
    .orderBy(asc(payouts.id))
    .limit(limit);
  return rows.map(toInstruction);
}

/**
 * The gateway call's outcome is unknown (timeout, lost reply): the payout keeps its funds
 * reserved and its order DISBURSING until a status lookup, a retry with the same key or a
 * webhook says what happened (docs/security.md). Only a queued payout becomes unknown: once the
 * gateway has reported it (processing), its outcome is the gateway's to tell.
 */
export async function markPayoutUnknown(
  db: Executor,
  payoutId: number,
  reason: string,
  at: Date,
): Promise<boolean> {
  const updated = await db
    .update(payouts)
    .set({ status: 'unknown', errorMessage: reason.slice(0, 500), updatedAt: at })
    .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'queued')))
    .returning({ id: payouts.id });
  return updated.length > 0;
}
