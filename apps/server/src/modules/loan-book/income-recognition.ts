import { randomUUID } from 'node:crypto';
import { settleSuspense, type Account, type SuspenseAmounts } from '@lending/lending';
import { orderAccountBalances, postJournals } from '../ledger/index.js';
import type { CommandContext } from './order-command.js';
import type { OrderPatch } from './orders.repository.js';

const SUSPENSE_ACCOUNTS: readonly Account[] = ['suspense:interest', 'suspense:penal'];

/**
 * RBI income recognition after a command changed an order (decision 0098): an NPA's interest
 * and penal owed are all held in suspense, and what a payment, waiver, coupon or write-off takes
 * off a loan is released from suspense to income (recognised when received). Reads what the
 * ledger holds in suspense for the order (the command's own journals included), posts the
 * balanced journals that settle it, and returns the patch with the suspense columns. Nothing
 * to do for a loan that is not NPA and holds nothing in suspense (the standard book).
 */
export async function recogniseIncome(ctx: CommandContext, patch: OrderPatch): Promise<OrderPatch> {
  const { order } = ctx;
  const npa = (patch.rbiClass === undefined ? order.rbiClass : patch.rbiClass) === 'NPA';
  if (!npa && order.suspenseInterestPaise === 0n && order.suspensePenalPaise === 0n) return patch;
  const balances = await orderAccountBalances(ctx.tx, order.id, SUSPENSE_ACCOUNTS);
  // Suspense is a credit balance: what it holds is the negative of its sum.
  const held: SuspenseAmounts = {
    interest: -(balances.get('suspense:interest') ?? 0n),
    penal: -(balances.get('suspense:penal') ?? 0n),
  };
  const owed: SuspenseAmounts = {
    interest: patch.outstandingInterestPaise ?? order.outstandingInterestPaise,
    penal: patch.outstandingPenalPaise ?? order.outstandingPenalPaise,
  };
  const settled = settleSuspense(owed, held, npa);
  const key = ctx.idempotencyKey ?? randomUUID();
  await postJournals(
    ctx.tx,
    settled.journals.map((journal, index) => ({
      orderId: order.id,
      journal,
      idempotencyKey: `${key}:suspense:${index}`,
      businessDate: ctx.businessDate,
      at: ctx.now,
    })),
  );
  return {
    ...patch,
    suspenseInterestPaise: settled.suspense.interest,
    suspensePenalPaise: settled.suspense.penal,
  };
}
