import { postJournals, type JournalToPost } from '../ledger/index.js';
import type { CommandContext } from './order-command.js';

/** Keys of a command's journals: `<command key>:<n>:<event>`. */
export function commandJournals(
  orderId: number,
  key: string,
  journals: readonly { event: string; lines: unknown[] }[],
  businessDate: string,
  at: Date,
): JournalToPost[] {
  return journals.map((journal, index) => ({
    orderId,
    journal: journal as JournalToPost['journal'],
    idempotencyKey: `${key}:${index}:${journal.event}`,
    businessDate,
    at,
  }));
}

/**
 * Posts a money command's journals: first the accruals the order had not caught up with,
 * then the command's own, keyed by the command's idempotency key. Returns the journal ids.
 */
export function postCommandJournals(
  ctx: CommandContext,
  accruals: JournalToPost[],
  idempotencyKey: string,
  journals: readonly { event: string; lines: unknown[] }[],
): Promise<number[]> {
  return postJournals(ctx.tx, [
    ...accruals,
    ...commandJournals(ctx.order.id, idempotencyKey, journals, ctx.businessDate, ctx.now),
  ]);
}
