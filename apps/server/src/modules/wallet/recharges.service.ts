import type { Recharge, rechargeListBodySchema, RechargeRecordBody } from '@lending/contract';
import type { z } from 'zod';
import { AppError } from '../../shared/app-error.js';
import { paiseToApi } from '../../shared/paise.js';
import { toIso, toIsoOrNull } from '../../shared/timestamps.js';
import * as repo from './recharges.repository.js';
import { post } from './wallet-journal.js';
import { staffNames, type WalletDeps } from './wallet.deps.js';
import type { PayoutRechargeRow } from './wallet.table.js';

// Top-ups of the payout account, maker and checker: the maker records what the operating bank
// sent, another person confirms it once the gateway shows it.

function rechargeView(
  row: PayoutRechargeRow,
  names: Map<number, string>,
  callerId: number,
): Recharge {
  return {
    id: row.id,
    amountPaise: paiseToApi(row.amountPaise),
    bankReference: row.bankReference,
    remark: row.remark,
    status: row.status,
    requestedBy: names.get(row.requestedBy) ?? `#${row.requestedBy}`,
    requestedByMe: row.requestedBy === callerId,
    requestedAt: toIso(row.requestedAt),
    reviewedBy:
      row.reviewedBy === null ? null : (names.get(row.reviewedBy) ?? `#${row.reviewedBy}`),
    reviewedAt: toIsoOrNull(row.reviewedAt),
    gatewayBalanceBeforePaise:
      row.gatewayBalanceBeforePaise === null ? null : paiseToApi(row.gatewayBalanceBeforePaise),
    gatewayBalanceAfterPaise:
      row.gatewayBalanceAfterPaise === null ? null : paiseToApi(row.gatewayBalanceAfterPaise),
  };
}

export async function listRecharges(
  deps: Pick<WalletDeps, 'db' | 'staffOf'>,
  body: z.output<typeof rechargeListBodySchema>,
  callerId: number,
) {
  const { list, total } = await repo.listRecharges(deps.db, body);
  const names = await staffNames(
    deps,
    list.flatMap((r) => [r.requestedBy, r.reviewedBy]),
  );
  return { total, list: list.map((r) => rechargeView(r, names, callerId)) };
}

async function rechargeById(
  deps: Pick<WalletDeps, 'db' | 'staffOf'>,
  id: number,
  callerId: number,
) {
  const row = await repo.rechargeOf(deps.db, id);
  if (!row) throw new AppError('notFound', { field: 'id' });
  return rechargeView(row, await staffNames(deps, [row.requestedBy, row.reviewedBy]), callerId);
}

/** The maker records a top-up sent from the operating bank (amount and UTR). */
export async function recordRecharge(
  deps: Pick<WalletDeps, 'db' | 'clock' | 'staffOf'>,
  body: RechargeRecordBody,
  userId: number,
) {
  const existing = await repo.rechargeOfKey(deps.db, body.idempotencyKey);
  if (existing) {
    if (existing.amountPaise !== BigInt(body.amountPaise) || existing.requestedBy !== userId) {
      throw new AppError('idempotencyKeyReused', { field: body.idempotencyKey });
    }
    return rechargeById(deps, existing.id, userId);
  }
  if (await repo.rechargeOfBankReference(deps.db, body.bankReference)) {
    throw new AppError('duplicate', { field: `UTR ${body.bankReference}` });
  }
  const row = await repo.insertRecharge(deps.db, {
    amountPaise: BigInt(body.amountPaise),
    bankReference: body.bankReference,
    remark: body.remark ?? null,
    status: 'pending',
    idempotencyKey: body.idempotencyKey,
    requestedBy: userId,
    requestedAt: deps.clock.now(),
  });
  return rechargeById(deps, row.id, userId);
}

/**
 * The checker confirms the top-up once the gateway shows it (the balance before and after are
 * kept with it: the reconciliation), which posts it to the ledger; or refuses it. Never the
 * person who recorded it.
 */
export async function reviewRecharge(
  deps: WalletDeps,
  body: { id: number; decision: 'confirm' | 'reject' },
  userId: number,
) {
  await deps.db.transaction(async (tx) => {
    const row = await repo.lockRecharge(tx, body.id);
    if (!row) throw new AppError('notFound', { field: 'id' });
    if (row.status !== 'pending') {
      throw new AppError('alreadyReviewed', { field: `recharge ${row.id}`, detail: row.status });
    }
    if (row.requestedBy === userId) {
      throw new AppError('sameMakerChecker', { field: `recharge ${row.id}` });
    }
    const at = deps.clock.now();
    if (body.decision === 'reject') {
      await repo.updateRecharge(tx, row.id, {
        status: 'rejected',
        reviewedBy: userId,
        reviewedAt: at,
      });
      return;
    }
    const before = await deps.gateway.balance().catch(() => null);
    deps.onRechargeConfirmed?.(row.amountPaise);
    const after = await deps.gateway.balance().catch(() => null);
    await post(tx, { type: 'floatRecharge', amount: row.amountPaise }, `recharge:${row.id}`, at);
    await repo.updateRecharge(tx, row.id, {
      status: 'confirmed',
      reviewedBy: userId,
      reviewedAt: at,
      gatewayBalanceBeforePaise: before,
      gatewayBalanceAfterPaise: after,
    });
  });
  return rechargeById(deps, body.id, userId);
}
