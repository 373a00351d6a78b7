import type { Withdrawal, withdrawalListBodySchema } from '@lending/contract';
import { addDays } from '@lending/lending';
import type { z } from 'zod';
import type { Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { indiaDateOf, startOfIndiaDate } from '../../shared/india-date.js';
import { paiseToApi } from '../../shared/paise.js';
import { maskBankAccount, maskName, maskPhone } from '../../shared/pii.js';
import { toIso, toIsoOrNull } from '../../shared/timestamps.js';
import { walletConfig } from './wallet-config.js';
import { post } from './wallet-journal.js';
import { staffNames, type WalletDeps } from './wallet.deps.js';
import * as wallets from './wallet.repository.js';
import type { WalletWithdrawalRow } from './wallet.table.js';
import { ensureWallet } from './wallets.service.js';
import * as repo from './withdrawals.repository.js';

/** The reference a withdrawal's payout travels under (lookups and webhooks find it by this). */
export function withdrawalReference(id: number): string {
  return `wallet-withdrawal-${id}`;
}

export function withdrawalIdOfReference(reference: string): number | undefined {
  const match = /^wallet-withdrawal-(\d{1,10})$/.exec(reference);
  return match ? Number(match[1]) : undefined;
}

const rupees = (paise: bigint) => `₹${(Number(paise) / 100).toFixed(2)}`;

/**
 * A withdrawal request: the amount leaves the spendable balance at once (held), under the
 * wallet's row lock, so concurrent requests can never take more than there is. The borrower's
 * idempotency key makes a retried request the same withdrawal.
 */
export async function requestWithdrawal(
  deps: Pick<WalletDeps, 'db' | 'clock'>,
  customerId: number,
  input: { amountPaise: number; idempotencyKey: string },
) {
  const amount = BigInt(input.amountPaise);
  const config = await walletConfig(deps.db);
  return deps.db.transaction(async (tx) => {
    const at = deps.clock.now();
    const existing = await repo.withdrawalOfKey(tx, customerId, input.idempotencyKey);
    if (existing) {
      if (existing.amountPaise !== amount) {
        throw new AppError('idempotencyKeyReused', { field: input.idempotencyKey });
      }
      const wallet = await wallets.walletOf(tx, customerId);
      return withdrawalAnswer(existing, wallet!.balancePaise);
    }
    await ensureWallet(tx, customerId, at);
    const wallet = await wallets.lockWallet(tx, customerId);
    const customer = await wallets.customerOf(tx, customerId);
    if (!customer?.bankAccountVerified || !customer.bankAccountNumber) {
      throw new AppError('walletBankNotVerified', { field: 'bankAccount' });
    }
    if (amount < BigInt(config.minWithdrawalPaise)) {
      throw new AppError('walletBelowMinimum', {
        field: rupees(amount),
        detail: rupees(BigInt(config.minWithdrawalPaise)),
      });
    }
    if (amount > wallet!.balancePaise) {
      throw new AppError('walletBalanceTooLow', {
        field: rupees(amount),
        detail: rupees(wallet!.balancePaise),
      });
    }
    const today = indiaDateOf(at);
    const asked = await repo.withdrawnOnDay(
      tx,
      customerId,
      startOfIndiaDate(today),
      startOfIndiaDate(addDays(today, 1)),
    );
    if (asked + amount > BigInt(config.dailyCapPaise)) {
      throw new AppError('walletDailyCapReached', {
        field: rupees(amount),
        detail: rupees(BigInt(config.dailyCapPaise)),
      });
    }
    const withdrawal = await repo.insertWithdrawal(tx, {
      customerId,
      amountPaise: amount,
      status: 'pending',
      idempotencyKey: input.idempotencyKey,
      bankAccountNumber: customer.bankAccountNumber,
      ifsc: customer.ifsc,
      requestedAt: at,
    });
    await post(tx, { type: 'walletHold', amount }, `wallet:withdrawal:${withdrawal.id}:hold`, at);
    const balance = await wallets.holdForWithdrawal(tx, customerId, amount, at);
    if (balance === undefined) {
      throw new AppError('walletBalanceTooLow', {
        field: rupees(amount),
        detail: rupees(wallet!.balancePaise),
      });
    }
    return withdrawalAnswer(withdrawal, balance);
  });
}

function withdrawalAnswer(row: WalletWithdrawalRow, balance: bigint) {
  return {
    id: row.id,
    amountPaise: paiseToApi(row.amountPaise),
    status: row.status,
    balancePaise: paiseToApi(balance),
  };
}

// --- staff review ---------------------------------------------------------------------------

function withdrawalView(
  row: WalletWithdrawalRow,
  customer: { customerName: string; customerPhone: string },
  names: Map<number, string>,
): Withdrawal {
  return {
    id: row.id,
    customerName: maskName(customer.customerName),
    customerPhone: maskPhone(customer.customerPhone),
    amountPaise: paiseToApi(row.amountPaise),
    bankAccount: `${maskBankAccount(row.bankAccountNumber)} · ${row.ifsc}`,
    status: row.status,
    requestedAt: toIso(row.requestedAt),
    reviewedBy:
      row.reviewedBy === null ? null : (names.get(row.reviewedBy) ?? `#${row.reviewedBy}`),
    reviewedAt: toIsoOrNull(row.reviewedAt),
    reviewReason: row.reviewReason,
    utr: row.utr,
    failureReason: row.failureReason,
    settledAt: toIsoOrNull(row.settledAt),
  };
}

export async function listWithdrawals(
  deps: Pick<WalletDeps, 'db' | 'staffOf'>,
  body: z.output<typeof withdrawalListBodySchema>,
) {
  const { list, total } = await repo.listWithdrawals(deps.db, body);
  const names = await staffNames(
    deps,
    list.map((r) => r.withdrawal.reviewedBy),
  );
  return { total, list: list.map((r) => withdrawalView(r.withdrawal, r, names)) };
}

export async function withdrawalById(deps: Pick<WalletDeps, 'db' | 'staffOf'>, id: number) {
  const row = await repo.withdrawalWithCustomer(deps.db, id);
  if (!row) throw new AppError('notFound', { field: 'id' });
  const names = await staffNames(deps, [row.withdrawal.reviewedBy]);
  return withdrawalView(row.withdrawal, row, names);
}

/** Held money back to the spendable balance (refused, failed or reversed withdrawal). */
export async function release(tx: Executor, row: WalletWithdrawalRow, at: Date) {
  await post(
    tx,
    { type: 'walletRelease', amount: row.amountPaise },
    `wallet:withdrawal:${row.id}:release`,
    at,
  );
  await wallets.releaseHeld(tx, row.customerId, row.amountPaise, at);
}
