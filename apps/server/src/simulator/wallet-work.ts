import { customerIdOfPhone } from '../modules/loan-book/index.js';
import {
  bindInvite,
  creditDueRewards,
  ensureWallet,
  pendingWithdrawalsBefore,
  recordRecharge,
  requestWithdrawal,
  reviewRecharge,
  reviewWithdrawal,
  walletOf,
  walletsHoldingAtLeast,
  type WalletDeps,
} from '../modules/wallet/index.js';
import { AppError } from '../shared/app-error.js';
import { startOfIndiaDate } from '../shared/india-date.js';
import type { Prng } from './prng.js';
import type { SimulationWorld } from './world.js';

/**
 * The demo book's invitations and wallets (decision 0043), on its own random stream so the
 * rest of the book draws as before: about a quarter of new borrowers enter an earlier
 * borrower's invite code; rewards are credited when invitees repay; inviters ask to withdraw
 * their wallet; finance approves most (paid through the payout sandbox) and refuses a few;
 * the payout account is topped up weekly (one records, another confirms). The last day's
 * requests and top-up are still waiting when the book is handed over.
 */
export function createWalletWork(world: SimulationWorld, prng: Prng) {
  const { db, clock } = world;
  const deps: WalletDeps = {
    db,
    clock,
    gateway: world.app.integrations.payouts.gateway,
    ...(world.app.integrations.payouts.sandbox
      ? { onRechargeConfirmed: (amount) => world.app.integrations.payouts.sandbox!.deposit(amount) }
      : {}),
  };
  const inviters: number[] = [];
  let recharges = 0;

  async function refusedAllowed(action: () => Promise<unknown>) {
    try {
      await action();
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }

  /** After a borrower's profile: maybe enter a friend's code; every borrower gets a code. */
  async function afterRegistration(phone: string) {
    const customerId = await customerIdOfPhone(db, phone);
    if (customerId === undefined) return;
    if (inviters.length > 0 && prng.chance(0.25)) {
      const inviter = prng.pick(inviters.slice(-200));
      await refusedAllowed(async () => {
        const wallet = await walletOf(db, inviter);
        await bindInvite(deps, customerId, wallet!.inviteCode);
      });
    }
    await ensureWallet(db, customerId, clock.now());
    inviters.push(customerId);
  }

  /** 19:00 each day: rewards, withdrawal requests and their review, the weekly top-up. */
  async function daily(today: string, lastDay: boolean) {
    await creditDueRewards(deps);
    // Yesterday's requests are reviewed (today's wait for tomorrow).
    if (world.financeId !== null) {
      const pending = await pendingWithdrawalsBefore(db, startOfIndiaDate(today));
      for (const row of pending) {
        const approve = prng.chance(0.85);
        await refusedAllowed(() =>
          reviewWithdrawal(
            deps,
            approve
              ? { id: row.id, decision: 'approve' }
              : { id: row.id, decision: 'reject', reason: 'Bank account name does not match' },
            world.financeId!,
          ),
        );
        await world.scheduler.drain();
      }
    }
    const funded = await walletsHoldingAtLeast(db, 100_00n);
    for (const wallet of funded) {
      if (!prng.chance(0.3)) continue;
      await refusedAllowed(() =>
        requestWithdrawal(deps, wallet.customerId, {
          amountPaise: Number(wallet.balance),
          idempotencyKey: `sim-withdraw-${wallet.customerId}-${today}`,
        }),
      );
    }
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
    if (weekday === 1 || lastDay) {
      recharges += 1;
      const recorded = await recordRecharge(
        deps,
        {
          amountPaise: prng.int(5, 20) * 1_00_000_00,
          bankReference: `SIMUTR${today.replaceAll('-', '')}${String(recharges).padStart(3, '0')}`,
          idempotencyKey: `sim-recharge-${today}`,
        },
        world.makerId,
      );
      if (!lastDay && world.makerId !== world.backOfficeId) {
        await reviewRecharge(deps, { id: recorded.id, decision: 'confirm' }, world.backOfficeId);
      }
    }
  }

  return { afterRegistration, daily };
}
