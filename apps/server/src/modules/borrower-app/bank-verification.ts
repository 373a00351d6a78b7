import type { Database } from '../../plugins/db.js';
import type { Clock } from '../../shared/clock.js';
import type { PayoutGateway } from '../../integrations/payouts/index.js';
import { lockCustomerBankAccount, setCustomerBankAccount } from '../loan-book/index.js';
import { pendingBankVerifications, settleBankVerification } from './borrowers.repository.js';
import type { Job } from '../../shared/jobs.js';
import { defaultHolder, withLease, type HeldLease } from '../job-leases/index.js';

/** The lease of the penny drops' pass: one server penny-drops at a time. */
export const BANK_VERIFICATION_LEASE = 'bank_verification';
/** Renewed before each account: a server that stops mid-pass holds the penny drops this long at most. */
const LEASE_MS = 2 * 60_000;

/**
 * Penny-drops the bank accounts borrowers saved (verification `pending`) through the payout
 * gateway's port (the gateway knows no module; this module uses the gateway). Disbursal goes only
 * to a verified account (docs/domain.md), so the dispatcher refuses a payout to one that is not. An
 * account changed meanwhile is left for the next pass. A penny drop has no idempotency key (the
 * gateway sends another rupee at each call), so with several servers the pass runs under a
 * lease (`lease`, renewed before each account): two servers never drop on the same account.
 */
export async function verifyPendingBankAccounts(
  db: Database,
  gateway: PayoutGateway,
  clock: Clock,
  limit = 200,
  lease?: HeldLease,
  signal?: AbortSignal,
): Promise<{ verified: number; failed: number }> {
  const pending = await pendingBankVerifications(db, limit);
  const result = { verified: 0, failed: 0 };
  for (const account of pending) {
    if (!account.accountNumber || !account.ifsc) continue;
    // The server is stopping: the accounts not reached wait for the next pass, anywhere.
    if (signal?.aborted) break;
    await lease?.renew();
    let check;
    try {
      check = await gateway.verifyBankAccount({
        name: account.name,
        accountNumber: account.accountNumber,
        ifsc: account.ifsc,
      });
    } catch {
      continue; // the gateway did not answer: try again on the next pass
    }
    await db.transaction(async (tx) => {
      const current = await lockCustomerBankAccount(tx, account.customerId);
      if (current?.accountNumber !== account.accountNumber || current.ifsc !== account.ifsc) return;
      await setCustomerBankAccount(tx, account.customerId, {
        bankName: account.bankName,
        accountNumber: account.accountNumber,
        ifsc: account.ifsc,
        verified: check.verified,
      });
      await settleBankVerification(tx, account.borrowerId, {
        verified: check.verified,
        reference: check.reference,
        at: clock.now(),
      });
    });
    if (check.verified) result.verified += 1;
    else result.failed += 1;
  }
  return result;
}

/**
 * The job that runs the penny drops every `intervalMs` (server.ts's job list), under the
 * `bank_verification` lease: a server that finds another holding it skips its pass.
 */
export function bankVerificationJob(options: {
  db: Database;
  gateway: PayoutGateway;
  clock: Clock;
  intervalMs: number;
  holder?: string;
}): Job {
  const { db, gateway, clock } = options;
  const terms = {
    name: BANK_VERIFICATION_LEASE,
    holder: options.holder ?? defaultHolder(),
    leaseMs: LEASE_MS,
    clock,
  };
  return {
    name: 'bank_verification',
    intervalMs: options.intervalMs,
    pass: (signal) =>
      withLease(db, terms, (lease) =>
        verifyPendingBankAccounts(db, gateway, clock, 200, lease, signal),
      ),
  };
}
