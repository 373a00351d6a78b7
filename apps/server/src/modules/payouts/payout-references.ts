import type { Executor } from '../../plugins/db.js';
import { gatewayReferencesOf } from './payout-dispatches.repository.js';

/**
 * The references payouts were sent to the gateway under, and the gateway's own ids of them,
 * for the loan book's payout lists (wired in by the composition root: the book knows no
 * gateway).
 */
export async function payoutGatewayReferences(
  db: Executor,
  payoutIds: readonly number[],
): Promise<Map<number, { reference: string; gatewayPayoutId: string | null }>> {
  if (payoutIds.length === 0) return new Map();
  const rows = await gatewayReferencesOf(db, payoutIds);
  return new Map(
    rows.map((row) => [
      row.payoutId,
      { reference: row.reference, gatewayPayoutId: row.gatewayPayoutId },
    ]),
  );
}
