import { loanBookApi, walletApi } from '@lending/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../shared/sql-rows.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { badBody, callEndpoint, createStaff, loginAs } from '../../testing/factories.js';
import { checkLedger, postRepayment, type LoanBookDeps } from '../loan-book/index.js';
import {
  loanBookDeps,
  makeActiveOrder,
  makeCustomer,
  makeProduct,
} from '../../testing/loan-book.factories.js';
import { creditDueRewards } from './invitations.service.js';
import { invitations, wallets } from './wallet.table.js';
import { ensureWallet, inviteCodeOf } from './wallets.service.js';
import { requestWithdrawal } from './withdrawals.service.js';

/**
 * The wallets' reward figures (decision 0063): earned, clawed back and not recovered, each read
 * from the ledger, against the ledger's accounts to the paisa. Rewards are ₹100 (the default).
 */
let t: TestApp;
let deps: LoanBookDeps;
let productId: number;
let finance: string;
let reverser: string;
let key = 0;
const k = () => `wallet-totals-${++key}`;

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  deps = loanBookDeps(t.db, t.clock);
  productId = (await makeProduct(deps)).id;
  finance = await loginAs(
    t.app,
    await createStaff(t.db, t.clock, {
      interfaces: ['wallet.balance_list', 'wallet.balance_summary'],
    }),
  );
  reverser = await loginAs(
    t.app,
    await createStaff(t.db, t.clock, { interfaces: ['repay.reverse'] }),
  );
}, 60_000);
afterAll(() => t.close());

async function inviter() {
  const customer = await makeCustomer(deps);
  await ensureWallet(t.db, customer.id, t.clock.now());
  return customer;
}

/** An invitee of `inviterId` whose first loan is repaid; the repayment's id. */
async function repaidInvitee(inviterId: number) {
  const order = await makeActiveOrder(deps, productId);
  await t.db.insert(invitations).values({
    inviterId,
    inviteeId: order.customerId,
    inviteCode: inviteCodeOf(inviterId),
    invitedAt: t.clock.now(),
  });
  return { order, repaymentId: await repay(order.id) };
}

async function repay(orderId: number) {
  const paid = await postRepayment(
    deps,
    { orderId, idempotencyKey: k(), channel: 'upi', amountPaise: 100_000_000n },
    null,
  );
  expect(paid.status).toBe('OVERPAID');
  const [repayment] = await queryRows(
    t.db,
    sql`select id from repayments where order_id = ${orderId} order by id desc limit 1`,
  );
  return Number(repayment!.id);
}

/** The bank returns the payment: the loan leaves repaid and the reward is clawed back. */
async function reverse(repaymentId: number) {
  const reversed = await callEndpoint(
    t.app,
    loanBookApi.reverseRepayment,
    { repaymentId, idempotencyKey: k(), reason: 'Returned by the bank' },
    reverser,
  );
  expect(reversed.statusCode).toBe(200);
}

async function walletRow(phone: string) {
  const res = await callEndpoint(
    t.app,
    walletApi.listWalletBalances,
    { page: 1, pageSize: 20, filters: { phone } },
    finance,
  );
  expect(res.statusCode).toBe(200);
  const [row] = res.json().ret.list;
  return row!;
}

async function ledgerAccount(account: string, eventType?: string) {
  const [row] = await queryRows(
    t.db,
    sql`select coalesce(sum(e.amount_paise), 0)::text as total from ledger_entries e
      join ledger_journals j on j.id = e.journal_id
      where e.account = ${account} and (${eventType ?? null}::text is null or j.event_type = ${eventType ?? null})`,
  );
  return BigInt(String(row!.total));
}

async function storedWallet(customerId: number) {
  const [row] = await t.db.select().from(wallets).where(eq(wallets.customerId, customerId));
  return row!;
}

describe('wallet reward totals: earned, clawed back, not recovered', () => {
  it('shows a reward clawed back in part recovered and in part written off, apart and exact', async () => {
    const asha = await inviter();
    const first = await repaidInvitee(asha.id);
    await repaidInvitee(asha.id);
    expect(await creditDueRewards(deps)).toBe(2);
    // ₹150 of the ₹200 goes into a withdrawal under review: ₹50 stays spendable.
    await requestWithdrawal(deps, asha.id, { amountPaise: 150_00, idempotencyKey: k() });
    await reverse(first.repaymentId);

    const row = await walletRow(asha.phone);
    // The clawback took back the ₹50 spendable; the ₹50 already withdrawn is written off.
    expect(row).toMatchObject({
      balancePaise: 0,
      heldPaise: 150_00,
      earnedPaise: 200_00,
      clawedBackPaise: 100_00,
      unrecoveredPaise: 50_00,
    });
    // The old "rewarded" (₹150: earned less what was recovered, the written-off ₹50 still in
    // it) is no longer answered under any name.
    expect(row).not.toHaveProperty('rewardedPaise');
    // What the borrower keeps of rewards is earned − clawed back; what the wallet has had of
    // them (still in it, held or paid) is that plus the part not recovered.
    const stored = await storedWallet(asha.id);
    expect(row.earnedPaise - row.clawedBackPaise).toBe(100_00);
    expect(stored.balancePaise + stored.heldPaise + stored.paidOutPaise).toBe(
      BigInt(row.earnedPaise - row.clawedBackPaise + row.unrecoveredPaise),
    );
    expect(stored.rewardedPaise).toBe(150_00n);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('counts each earning and each clawback of an invitation earned again', async () => {
    const ravi = await inviter();
    const { order, repaymentId } = await repaidInvitee(ravi.id);
    await creditDueRewards(deps);
    await reverse(repaymentId);
    const again = await repay(order.id);
    await creditDueRewards(deps);
    await reverse(again);
    await repay(order.id);
    await creditDueRewards(deps);
    expect(await walletRow(ravi.phone)).toMatchObject({
      balancePaise: 100_00,
      earnedPaise: 300_00,
      clawedBackPaise: 200_00,
      unrecoveredPaise: 0,
    });
    const never = await inviter();
    expect(await walletRow(never.phone)).toMatchObject({
      earnedPaise: 0,
      clawedBackPaise: 0,
      unrecoveredPaise: 0,
    });
  });

  it('sums to the ledger to the paisa in the balance summary', async () => {
    const summary = await callEndpoint(t.app, walletApi.walletBalanceSummary, {}, finance);
    expect(summary.statusCode).toBe(200);
    const totals = summary.json().ret;
    expect(totals).not.toHaveProperty('rewardedTotalPaise');
    // The two wallets above: ₹500 earned, ₹300 clawed back, ₹50 of it not recovered.
    expect(totals).toMatchObject({
      earnedTotalPaise: 500_00,
      clawedBackTotalPaise: 300_00,
      unrecoveredTotalPaise: 50_00,
    });
    expect(BigInt(totals.earnedTotalPaise)).toBe(
      await ledgerAccount('expense:invite_reward', 'walletReward'),
    );
    expect(BigInt(-totals.clawedBackTotalPaise)).toBe(
      await ledgerAccount('expense:invite_reward', 'walletClawback'),
    );
    // Kept = the reward expense's balance; not recovered = the write-off account's, no receivable.
    expect(BigInt(totals.earnedTotalPaise - totals.clawedBackTotalPaise)).toBe(
      await ledgerAccount('expense:invite_reward'),
    );
    expect(BigInt(totals.unrecoveredTotalPaise)).toBe(
      await ledgerAccount('expense:invite_reward_unrecovered'),
    );
    // And the wallets' side: what they hold, hold for payouts and paid is kept + not recovered.
    expect(
      BigInt(totals.walletLiabilityPaise + totals.paidOutTotalPaise) -
        BigInt(
          totals.earnedTotalPaise - totals.clawedBackTotalPaise + totals.unrecoveredTotalPaise,
        ),
    ).toBe(0n);
    expect(-(await ledgerAccount('liability:wallet'))).toBe(
      BigInt(totals.walletLiabilityPaise - totals.heldPaise),
    );
  });

  it('no longer sorts by the old rewarded figure', async () => {
    const res = await callEndpoint(
      t.app,
      walletApi.listWalletBalances,
      badBody({ page: 1, pageSize: 20, sort: { field: 'rewardedPaise', order: 'desc' } }),
      finance,
    );
    expect(res.statusCode).toBe(400);
  });
});
