import type { Database } from '../../plugins/db.js';
import type { Clock } from '../../shared/clock.js';
import type { PayoutGateway } from '../../integrations/payouts/payout-gateway.js';

export interface WalletDeps {
  db: Database;
  clock: Clock;
  /** The payout gateway withdrawals are paid through (the loan book's gateway). */
  gateway: PayoutGateway;
  staffOf?: (userId: number) => Promise<{ name: string } | undefined>;
  /** Sandbox only: the confirmed top-up lands in the sandbox's payout account. */
  onRechargeConfirmed?: (amountPaise: bigint) => void;
}

/** The names of the staff a view shows (`#id` for one not found). */
export async function staffNames(deps: Pick<WalletDeps, 'staffOf'>, ids: (number | null)[]) {
  const unique = [...new Set(ids.filter((id): id is number => id !== null))];
  const found = await Promise.all(
    unique.map(async (id) => [id, (await deps.staffOf?.(id))?.name ?? `#${id}`] as const),
  );
  return new Map(found);
}
