import { loanBookApi, walletApi } from '@lending/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPayoutsConfig } from '../../integrations/payouts/index.js';
import { manualGateways } from '../../integrations/testing/manual-gateways.js';
import { queryRows } from '../../shared/sql-rows.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { callEndpoint, createStaff, loginAs, post } from '../../testing/factories.js';
import { checkLedger, postRepayment, type LoanBookDeps } from '../loan-book/index.js';
import {
  loanBookDeps,
  makeActiveOrder,
  makeCustomer,
  makeProduct,
} from '../../testing/loan-book.factories.js';
import { invitations, wallets } from './wallet.table.js';
import {
  bindInvite,
  clawbackReward,
  creditDueRewards,
  creditWallet,
} from './invitations.service.js';
import { ensureWallet, inviteCodeOf } from './wallets.service.js';
import { requestWithdrawal } from './withdrawals.service.js';

const WALLET = [
  'wallet.invitation_list',
  'wallet.withdrawal_list',
  'wallet.withdrawal_review',
  'wallet.config_get',
  'wallet.config_save',
  'wallet.balance_summary',
  'wallet.balance_list',
  'wallet.recharge_list',
  'wallet.recharge_record',
  'wallet.recharge_review',
];

let t: TestApp;
let deps: LoanBookDeps;
let productId: number;
let finance: string;
let finance2: string;
let noGrant: string;
/** What the sandbox's next draw answers: below 0.5 fails the payout (failure rate 0.5). */
let nextDraw = 0.9;
let gateways: ReturnType<typeof manualGateways>;
let key = 0;
const k = () => `wallet-test-${++key}`;

beforeAll(async () => {
  gateways = manualGateways(() => t.app);
  const payouts = loadPayoutsConfig({});
  t = await buildTestApp({
    demoData: false,
    gateways: {
      deliver: gateways.deliver,
      scheduler: gateways.scheduler,
      config: gateways.config,
      random: () => nextDraw,
      payouts: {
        ...payouts,
        sandbox: { ...payouts.sandbox, failureRate: 0.5, reversalRate: 0, duplicateRate: 1 },
      },
    },
  });
  deps = loanBookDeps(t.db, t.clock);
  productId = (await makeProduct(deps)).id;
  const maker = await createStaff(t.db, t.clock, { interfaces: WALLET });
  finance = await loginAs(t.app, maker);
  finance2 = await loginAs(t.app, await createStaff(t.db, t.clock, { interfaces: WALLET }));
  noGrant = await loginAs(
    t.app,
    await createStaff(t.db, t.clock, { interfaces: ['wallet.invitation_list'] }),
  );
}, 60_000);
afterAll(() => t.close());

/** An inviter and an invitee whose first loan was disbursed and then repaid in full. */
async function invitationWithRepaidLoan() {
  const inviter = await makeCustomer(deps);
  await ensureWallet(t.db, inviter.id, t.clock.now());
  const order = await makeActiveOrder(deps, productId);
  // The invitee entered the code before applying (bindInvite refuses after: tested below).
  await t.db.insert(invitations).values({
    inviterId: inviter.id,
    inviteeId: order.customerId,
    inviteCode: inviteCodeOf(inviter.id),
    invitedAt: t.clock.now(),
  });
  const paid = await postRepayment(
    deps,
    { orderId: order.id, idempotencyKey: k(), channel: 'upi', amountPaise: 100_000_000n },
    null,
  );
  expect(paid.status).toBe('OVERPAID');
  return { inviter, order };
}

/** Runs the sandbox's payout steps and webhook deliveries (newest first) until none is left. */
async function drainWebhooks() {
  while (gateways.scheduler.tasks.length > 0) await gateways.scheduler.runAllReversed();
}

async function balanceOf(customerId: number) {
  const [row] = await t.db.select().from(wallets).where(eq(wallets.customerId, customerId));
  return { balance: row!.balancePaise, held: row!.heldPaise, paidOut: row!.paidOutPaise };
}

async function ledgerAccount(account: string) {
  const [row] = await queryRows(
    t.db,
    sql`select coalesce(sum(amount_paise), 0)::text as total from ledger_entries where account = ${account}`,
  );
  return BigInt(String(row?.total ?? '0'));
}

describe('invitations and rewards', () => {
  it('binds a code once, before the first application, never the own code', async () => {
    const inviter = await makeCustomer(deps);
    await ensureWallet(t.db, inviter.id, t.clock.now());
    const invitee = await makeCustomer(deps);
    await expect(bindInvite(deps, invitee.id, 'IVNOPE')).rejects.toMatchObject({
      key: 'inviteCodeUnknown',
    });
    await expect(bindInvite(deps, inviter.id, inviteCodeOf(inviter.id))).rejects.toMatchObject({
      key: 'inviteNotAllowed',
    });
    await bindInvite(deps, invitee.id, inviteCodeOf(inviter.id));
    await expect(bindInvite(deps, invitee.id, inviteCodeOf(inviter.id))).rejects.toMatchObject({
      key: 'inviteNotAllowed',
    });
    const borrower = await makeActiveOrder(deps, productId);
    await expect(
      bindInvite(deps, borrower.customerId, inviteCodeOf(inviter.id)),
    ).rejects.toMatchObject({
      key: 'inviteNotAllowed',
      params: { detail: expect.stringMatching(/applied/) },
    });
  });

  it('credits the reward once when the invitee repaid, in a balanced journal', async () => {
    const { inviter } = await invitationWithRepaidLoan();
    const expenseBefore = await ledgerAccount('expense:invite_reward');
    await creditDueRewards(deps);
    await creditDueRewards(deps);
    await Promise.all([creditDueRewards(deps), creditDueRewards(deps)]);
    expect((await balanceOf(inviter.id)).balance).toBe(100_00n);
    expect((await ledgerAccount('expense:invite_reward')) - expenseBefore).toBe(100_00n);

    const list = await callEndpoint(
      t.app,
      walletApi.listInvitations,
      { page: 1, pageSize: 20, filters: { inviterPhone: inviter.phone } },
      finance,
    );
    const row = list.json().ret.list[0];
    expect(row).toMatchObject({ stage: 'repaid', rewardPaise: 100_00 });
    expect(row!.inviterPhone).not.toBe(inviter.phone);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });
});

describe('a reward clawed back when the repayment that earned it is reversed', () => {
  let reverser = '';
  const reverse = (repaymentId: number, idempotencyKey = k()) =>
    callEndpoint(
      t.app,
      loanBookApi.reverseRepayment,
      { repaymentId, idempotencyKey, reason: 'Returned by the bank' },
      reverser,
    );

  async function invitationRow(inviterPhone: string) {
    const list = await callEndpoint(
      t.app,
      walletApi.listInvitations,
      { page: 1, pageSize: 20, filters: { inviterPhone } },
      finance,
    );
    expect(list.statusCode).toBe(200);
    return list.json().ret.list[0] as Record<string, unknown>;
  }

  /** The reward and clawback journals of one inviter's wallet, oldest first. */
  async function rewardJournals(invitationId: number) {
    const rows = await queryRows(
      t.db,
      sql`select j.event_type as event from ledger_journals j
        where j.idempotency_key like ${`wallet:reward:${invitationId}%`}
           or j.idempotency_key in (select 'wallet:clawback:' || r.id from ledger_journals r
             where r.idempotency_key like ${`wallet:reward:${invitationId}%`})
        order by j.id`,
    );
    return rows.map((row) => row.event);
  }

  async function rewardedInvitation() {
    const { inviter, order } = await invitationWithRepaidLoan();
    await creditDueRewards(deps);
    expect((await balanceOf(inviter.id)).balance).toBe(100_00n);
    const [repayment] = await queryRows(
      t.db,
      sql`select id from repayments where order_id = ${order.id} order by id desc limit 1`,
    );
    const [invitation] = await t.db
      .select()
      .from(invitations)
      .where(eq(invitations.inviteeId, order.customerId));
    return { inviter, order, repaymentId: Number(repayment!.id), invitationId: invitation!.id };
  }

  beforeAll(async () => {
    reverser = await loginAs(
      t.app,
      await createStaff(t.db, t.clock, { interfaces: ['repay.reverse'] }),
    );
  });

  it('takes the reward back from the wallet in a balanced journal, once however often it is told', async () => {
    const { inviter, order, repaymentId, invitationId } = await rewardedInvitation();
    const expenseBefore = await ledgerAccount('expense:invite_reward');
    const key = k();
    const reversed = await reverse(repaymentId, key);
    expect(reversed.statusCode).toBe(200);
    expect(await balanceOf(inviter.id)).toMatchObject({ balance: 0n, held: 0n });
    expect((await ledgerAccount('expense:invite_reward')) - expenseBefore).toBe(-100_00n);
    expect(await invitationRow(inviter.phone)).toMatchObject({
      stage: 'borrowed',
      rewardStatus: 'clawedBack',
      rewardPaise: 100_00,
      rewardedAt: null,
      clawedBackAt: t.clock.now().toISOString(),
      unrecoveredPaise: 0,
    });
    // The same reversal again (a retried request), the clawback told again, the job run again.
    expect((await reverse(repaymentId, key)).statusCode).toBe(200);
    expect(
      await t.db.transaction((tx) => clawbackReward(tx, order.customerId, t.clock.now())),
    ).toBe(null);
    expect(await creditDueRewards(deps)).toBe(0);
    expect(await rewardJournals(invitationId)).toEqual(['walletReward', 'walletClawback']);
    expect(await balanceOf(inviter.id)).toMatchObject({ balance: 0n });
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('earns the reward again only once when the loan is repaid again', async () => {
    const { inviter, order, repaymentId, invitationId } = await rewardedInvitation();
    expect((await reverse(repaymentId)).statusCode).toBe(200);
    expect((await balanceOf(inviter.id)).balance).toBe(0n);
    const again = await postRepayment(
      deps,
      { orderId: order.id, idempotencyKey: k(), channel: 'upi', amountPaise: 100_000_000n },
      null,
    );
    expect(again.status).toBe('OVERPAID');
    await creditDueRewards(deps);
    await Promise.all([creditDueRewards(deps), creditDueRewards(deps)]);
    expect((await balanceOf(inviter.id)).balance).toBe(100_00n);
    expect(await rewardJournals(invitationId)).toEqual([
      'walletReward',
      'walletClawback',
      'walletReward',
    ]);
    expect(await invitationRow(inviter.phone)).toMatchObject({
      rewardStatus: 'credited',
      clawedBackAt: null,
      unrecoveredPaise: null,
    });
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('never takes a wallet below zero: what was withdrawn is written off, not owed', async () => {
    const { inviter, repaymentId } = await rewardedInvitation();
    await requestWithdrawal(deps, inviter.id, { amountPaise: 100_00, idempotencyKey: k() });
    expect(await balanceOf(inviter.id)).toMatchObject({ balance: 0n, held: 100_00n });
    const unrecoveredBefore = await ledgerAccount('expense:invite_reward_unrecovered');
    expect((await reverse(repaymentId)).statusCode).toBe(200);
    // The withdrawal under way is left alone; nothing was spendable to take back.
    expect(await balanceOf(inviter.id)).toMatchObject({ balance: 0n, held: 100_00n });
    expect((await ledgerAccount('expense:invite_reward_unrecovered')) - unrecoveredBefore).toBe(
      100_00n,
    );
    expect(await invitationRow(inviter.phone)).toMatchObject({
      rewardStatus: 'clawedBack',
      unrecoveredPaise: 100_00,
    });
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('never takes a wallet below zero when a withdrawal and the clawback run at once', async () => {
    const { inviter, repaymentId } = await rewardedInvitation();
    const unrecoveredBefore = await ledgerAccount('expense:invite_reward_unrecovered');
    const [withdrawal, reversal] = await Promise.allSettled([
      requestWithdrawal(deps, inviter.id, { amountPaise: 100_00, idempotencyKey: k() }),
      reverse(repaymentId),
    ]);
    expect(reversal.status === 'fulfilled' && reversal.value.statusCode).toBe(200);
    const unrecovered =
      (await ledgerAccount('expense:invite_reward_unrecovered')) - unrecoveredBefore;
    // Whichever came first, the money is either held for the payout and written off, or back.
    const wallet = await balanceOf(inviter.id);
    expect(wallet.balance).toBe(0n);
    if (withdrawal.status === 'fulfilled') {
      expect(wallet.held).toBe(100_00n);
      expect(unrecovered).toBe(100_00n);
    } else {
      expect(withdrawal.reason).toMatchObject({ key: 'walletBalanceTooLow' });
      expect(wallet.held).toBe(0n);
      expect(unrecovered).toBe(0n);
    }
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('takes back what is left of a reward partly spent, and the rest is written off', async () => {
    const { inviter, repaymentId } = await rewardedInvitation();
    // Another 50 rupees of rewards, then 120 withdrawn: 30 of this reward is left.
    await t.db.transaction((tx) =>
      creditWallet(tx, inviter.id, 50_00n, `test-credit:${inviter.id}`, t.clock.now()),
    );
    await requestWithdrawal(deps, inviter.id, { amountPaise: 120_00, idempotencyKey: k() });
    expect((await reverse(repaymentId)).statusCode).toBe(200);
    expect(await balanceOf(inviter.id)).toMatchObject({ balance: 0n, held: 120_00n });
    expect(await invitationRow(inviter.phone)).toMatchObject({ unrecoveredPaise: 70_00 });
    expect((await checkLedger(t.db)).ok).toBe(true);
  });
});

describe('withdrawals', () => {
  async function walletWith(amount: bigint) {
    const customer = await makeCustomer(deps);
    await t.db.transaction((tx) =>
      creditWallet(tx, customer.id, amount, `test-credit:${customer.id}`, t.clock.now()),
    );
    return customer;
  }

  it('refuses more than the balance with a clear error, and a retry is the same withdrawal', async () => {
    const { inviter } = await invitationWithRepaidLoan();
    await creditDueRewards(deps);
    await expect(
      requestWithdrawal(deps, inviter.id, { amountPaise: 100_01, idempotencyKey: k() }),
    ).rejects.toMatchObject({ key: 'walletBalanceTooLow', params: { detail: '₹100.00' } });
    const again = k();
    const first = await requestWithdrawal(deps, inviter.id, {
      amountPaise: 100_00,
      idempotencyKey: again,
    });
    const retry = await requestWithdrawal(deps, inviter.id, {
      amountPaise: 100_00,
      idempotencyKey: again,
    });
    expect(retry.id).toBe(first.id);
    expect(await balanceOf(inviter.id)).toMatchObject({ balance: 0n, held: 100_00n });
    await expect(
      requestWithdrawal(deps, inviter.id, { amountPaise: 100_00, idempotencyKey: k() }),
    ).rejects.toMatchObject({ key: 'walletBalanceTooLow' });
  });

  it('never takes a wallet below zero under concurrent requests', async () => {
    const customer = await walletWith(500_00n);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () =>
        requestWithdrawal(deps, customer.id, { amountPaise: 200_00, idempotencyKey: k() }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect(await balanceOf(customer.id)).toMatchObject({ balance: 100_00n, held: 400_00n });
  });

  it('pays an approved withdrawal once through the gateway and its webhooks', async () => {
    const customer = await walletWith(300_00n);
    const asked = await requestWithdrawal(deps, customer.id, {
      amountPaise: 300_00,
      idempotencyKey: k(),
    });
    nextDraw = 0.9;
    const approved = await callEndpoint(
      t.app,
      walletApi.reviewWithdrawal,
      { id: asked.id, decision: 'approve' },
      finance,
    );
    expect(approved.json().ret.status).toBe('paying');
    const again = await callEndpoint(
      t.app,
      walletApi.reviewWithdrawal,
      { id: asked.id, decision: 'approve' },
      finance2,
    );
    expect(again.json().code).toBe(4121);
    await drainWebhooks();
    expect(await balanceOf(customer.id)).toMatchObject({ balance: 0n, held: 0n, paidOut: 300_00n });
    const list = await callEndpoint(
      t.app,
      walletApi.listWithdrawals,
      { page: 1, pageSize: 5, filters: { phone: customer.phone } },
      finance,
    );
    expect(list.json().ret.list[0]).toMatchObject({ status: 'paid', utr: expect.any(String) });
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('returns the money to the wallet when the payout fails, or when refused', async () => {
    const customer = await walletWith(400_00n);
    const failing = await requestWithdrawal(deps, customer.id, {
      amountPaise: 250_00,
      idempotencyKey: k(),
    });
    const liabilityBefore = await ledgerAccount('liability:wallet');
    nextDraw = 0.1;
    await callEndpoint(
      t.app,
      walletApi.reviewWithdrawal,
      { id: failing.id, decision: 'approve' },
      finance,
    );
    nextDraw = 0.9;
    await drainWebhooks();
    expect(await balanceOf(customer.id)).toMatchObject({ balance: 400_00n, held: 0n, paidOut: 0n });
    expect((await ledgerAccount('liability:wallet')) - liabilityBefore).toBe(-250_00n);

    const refused = await requestWithdrawal(deps, customer.id, {
      amountPaise: 150_00,
      idempotencyKey: k(),
    });
    const noReason = await callEndpoint(
      t.app,
      walletApi.reviewWithdrawal,
      { id: refused.id, decision: 'reject' },
      finance,
    );
    expect(noReason.json().code).toBe(4000);
    await callEndpoint(
      t.app,
      walletApi.reviewWithdrawal,
      { id: refused.id, decision: 'reject', reason: 'account under review' },
      finance,
    );
    expect(await balanceOf(customer.id)).toMatchObject({ balance: 400_00n, held: 0n });
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('refuses a second review (409): a refused withdrawal is never approved and paid after all', async () => {
    const customer = await walletWith(200_00n);
    const asked = await requestWithdrawal(deps, customer.id, {
      amountPaise: 200_00,
      idempotencyKey: k(),
    });
    const refused = await callEndpoint(
      t.app,
      walletApi.reviewWithdrawal,
      { id: asked.id, decision: 'reject', reason: 'name does not match the account' },
      finance,
    );
    expect(refused.json().ret).toMatchObject({ status: 'rejected' });
    expect(await balanceOf(customer.id)).toMatchObject({ balance: 200_00n, held: 0n });
    // Another checker approves the same withdrawal: refused, naming it and how it was decided.
    for (const decision of ['approve', 'reject'] as const) {
      const again = await callEndpoint(
        t.app,
        walletApi.reviewWithdrawal,
        { id: asked.id, decision, reason: 'second look' },
        finance2,
      );
      expect(again.statusCode, decision).toBe(409);
      expect(again.json()).toMatchObject({
        code: 4121,
        msg: `withdrawal ${asked.id} has already been reviewed (rejected)`,
      });
    }
    // Nothing went to the payout gateway: the money stays in the wallet, the refusal stands.
    await drainWebhooks();
    expect(await balanceOf(customer.id)).toMatchObject({
      balance: 200_00n,
      held: 0n,
      paidOut: 0n,
    });
    const list = await callEndpoint(
      t.app,
      walletApi.listWithdrawals,
      { page: 1, pageSize: 5, filters: { phone: customer.phone } },
      finance,
    );
    expect(list.json().ret.list).toMatchObject([{ id: asked.id, status: 'rejected' }]);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('keeps the ledger: wallet accounts equal the wallets table', async () => {
    const [totals] = await queryRows(
      t.db,
      sql`select coalesce(sum(balance_paise), 0)::text as balance, coalesce(sum(held_paise), 0)::text as held from wallets`,
    );
    expect(-(await ledgerAccount('liability:wallet'))).toBe(BigInt(String(totals!.balance)));
    expect(-(await ledgerAccount('liability:wallet_withdrawal'))).toBe(
      BigInt(String(totals!.held)),
    );
  });
});

describe('configuration, balance and recharges', () => {
  it('saves the rules and refuses a daily cap below the least withdrawal', async () => {
    const bad = await callEndpoint(
      t.app,
      walletApi.saveWalletConfig,
      {
        rewardsEnabled: true,
        rewardPaise: 50_00,
        minWithdrawalPaise: 500_00,
        dailyCapPaise: 100_00,
      },
      finance,
    );
    expect(bad.json()).toMatchObject({ code: 4000 });
    expect(bad.json().msg).toMatch(/dailyCapPaise/);
    const saved = await callEndpoint(
      t.app,
      walletApi.saveWalletConfig,
      {
        rewardsEnabled: true,
        rewardPaise: 50_00,
        minWithdrawalPaise: 100_00,
        dailyCapPaise: 1_000_00,
      },
      finance,
    );
    expect(saved.json().ret).toMatchObject({ rewardPaise: 50_00, updatedBy: expect.any(String) });
    const read = await callEndpoint(t.app, walletApi.getWalletConfig, {}, finance);
    expect(read.json().ret.dailyCapPaise).toBe(1_000_00);
  });

  it('a recharge needs a second person, lands at the gateway and in the ledger', async () => {
    const recorded = await callEndpoint(
      t.app,
      walletApi.recordRecharge,
      { amountPaise: 1_000_000_00, bankReference: 'UTR0001', idempotencyKey: k() },
      finance,
    );
    const id = recorded.json().ret.id;
    const self = await callEndpoint(
      t.app,
      walletApi.reviewRecharge,
      { id, decision: 'confirm' },
      finance,
    );
    expect(self.json().code).toBe(4120);
    const before = await callEndpoint(t.app, walletApi.walletBalanceSummary, {}, finance);
    const confirmed = await callEndpoint(
      t.app,
      walletApi.reviewRecharge,
      { id, decision: 'confirm' },
      finance2,
    );
    expect(confirmed.json().ret).toMatchObject({ status: 'confirmed' });
    const after = await callEndpoint(t.app, walletApi.walletBalanceSummary, {}, finance);
    expect(after.json().ret.gatewayBalancePaise! - before.json().ret.gatewayBalancePaise!).toBe(
      1_000_000_00,
    );
    expect(await ledgerAccount('cash:operating_bank')).toBe(-1_000_000_00n);
    const duplicate = await callEndpoint(
      t.app,
      walletApi.recordRecharge,
      { amountPaise: 5_00, bankReference: 'UTR0001', idempotencyKey: k() },
      finance,
    );
    expect(duplicate.json().code).toBe(4091);
  });

  it('answers 403 without the interface', async () => {
    for (const path of [
      '/wallet/withdrawal_review',
      '/wallet/config_save',
      '/wallet/balance_list',
    ]) {
      const response = await post(t.app, path, {}, noGrant);
      expect(response.statusCode).toBe(403);
    }
  });
});
