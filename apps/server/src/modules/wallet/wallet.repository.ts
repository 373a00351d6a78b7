import { and, asc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { walletBalanceListBodySchema } from '@lending/contract';
import type { z } from 'zod';
import { borrowerAccounts } from '../borrower-app/tables.js';
import { customers } from '../loan-book/tables.js';
import type { Executor } from '../../plugins/db.js';
import { runList } from '../../shared/list-query.js';
import { queryRows } from '../../shared/sql-rows.js';
import { invitations, wallets, walletSettings } from './wallet.table.js';

// --- the settings ---------------------------------------------------------------------------

/** The one settings row; undefined until finance first saves it. */
export async function walletSettingsRow(db: Executor) {
  const [row] = await db.select().from(walletSettings).where(eq(walletSettings.id, 1));
  return row;
}

export async function saveWalletSettings(
  db: Executor,
  values: Omit<typeof walletSettings.$inferInsert, 'id'>,
): Promise<void> {
  await db
    .insert(walletSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: walletSettings.id, set: values });
}

// --- wallets --------------------------------------------------------------------------------

/** Makes the customer's wallet unless it exists (two calls at once make one). */
export async function insertWalletIfMissing(
  tx: Executor,
  customerId: number,
  inviteCode: string,
  at: Date,
): Promise<void> {
  await tx.insert(wallets).values({ customerId, inviteCode, updatedAt: at }).onConflictDoNothing();
}

export async function walletOf(tx: Executor, customerId: number) {
  const [wallet] = await tx.select().from(wallets).where(eq(wallets.customerId, customerId));
  return wallet;
}

/** The wallets holding at least `paise` spendable, by customer. */
export function walletsHoldingAtLeast(
  db: Executor,
  paise: bigint,
): Promise<{ customerId: number; balance: bigint }[]> {
  return db
    .select({ customerId: wallets.customerId, balance: wallets.balancePaise })
    .from(wallets)
    .where(gte(wallets.balancePaise, paise))
    .orderBy(asc(wallets.customerId));
}

/** The wallet, locked until the transaction ends. */
export async function lockWallet(tx: Executor, customerId: number) {
  const [wallet] = await tx
    .select()
    .from(wallets)
    .where(eq(wallets.customerId, customerId))
    .for('update');
  return wallet;
}

/** Whose invite code this is. */
export async function customerOfInviteCode(
  tx: Executor,
  inviteCode: string,
): Promise<number | undefined> {
  const [owner] = await tx
    .select({ customerId: wallets.customerId })
    .from(wallets)
    .where(eq(wallets.inviteCode, inviteCode));
  return owner?.customerId;
}

// Each movement of a balance below is one statement, beside the journal that records it.

/**
 * A reward credited: spendable, and counted in `rewarded_paise`, which a clawback lowers by
 * what it recovers only (so it is earned − recovered; the screens read the ledger instead).
 */
export async function addReward(tx: Executor, customerId: number, amount: bigint, at: Date) {
  await tx
    .update(wallets)
    .set({
      balancePaise: sql`${wallets.balancePaise} + ${amount}`,
      rewardedPaise: sql`${wallets.rewardedPaise} + ${amount}`,
      updatedAt: at,
    })
    .where(eq(wallets.customerId, customerId));
}

/** A clawback: what the wallet gives back of a reward leaves the balance and the rewarded. */
export async function takeBackReward(
  tx: Executor,
  customerId: number,
  recovered: bigint,
  at: Date,
) {
  await tx
    .update(wallets)
    .set({
      balancePaise: sql`${wallets.balancePaise} - ${recovered}`,
      // What the wallets keep of rewards: the unrecovered part left with the withdrawal.
      rewardedPaise: sql`${wallets.rewardedPaise} - ${recovered}`,
      updatedAt: at,
    })
    .where(eq(wallets.customerId, customerId));
}

/**
 * A withdrawal's amount from spendable to held; the new balance, or undefined when the
 * balance is short. The guard in the WHERE (and the table's check) is what keeps a wallet from
 * going negative.
 */
export async function holdForWithdrawal(
  tx: Executor,
  customerId: number,
  amount: bigint,
  at: Date,
): Promise<bigint | undefined> {
  const [after] = await tx
    .update(wallets)
    .set({
      balancePaise: sql`${wallets.balancePaise} - ${amount}`,
      heldPaise: sql`${wallets.heldPaise} + ${amount}`,
      updatedAt: at,
    })
    .where(and(eq(wallets.customerId, customerId), sql`${wallets.balancePaise} >= ${amount}`))
    .returning({ balance: wallets.balancePaise });
  return after?.balance;
}

/** Held money back to spendable. */
export async function releaseHeld(tx: Executor, customerId: number, amount: bigint, at: Date) {
  await tx
    .update(wallets)
    .set({
      balancePaise: sql`${wallets.balancePaise} + ${amount}`,
      heldPaise: sql`${wallets.heldPaise} - ${amount}`,
      updatedAt: at,
    })
    .where(eq(wallets.customerId, customerId));
}

/** Held money paid out. */
export async function payOutHeld(tx: Executor, customerId: number, amount: bigint, at: Date) {
  await tx
    .update(wallets)
    .set({
      heldPaise: sql`${wallets.heldPaise} - ${amount}`,
      paidOutPaise: sql`${wallets.paidOutPaise} + ${amount}`,
      updatedAt: at,
    })
    .where(eq(wallets.customerId, customerId));
}

/** A payout reversed after it was paid: the money is held again (released next). */
export async function unpayHeld(tx: Executor, customerId: number, amount: bigint) {
  await tx
    .update(wallets)
    .set({
      heldPaise: sql`${wallets.heldPaise} + ${amount}`,
      paidOutPaise: sql`${wallets.paidOutPaise} - ${amount}`,
    })
    .where(eq(wallets.customerId, customerId));
}

export function listWallets(db: Executor, body: z.output<typeof walletBalanceListBodySchema>) {
  return runList(
    db,
    {
      select: () =>
        db
          .select({ wallet: wallets, customerName: customers.name, customerPhone: customers.phone })
          .from(wallets)
          .innerJoin(customers, eq(customers.id, wallets.customerId)),
      where: {
        phone: (phone) => eq(customers.phone, phone),
        inviteCode: (code) => eq(wallets.inviteCode, code),
        withBalance: (only) =>
          only ? sql`(${wallets.balancePaise} + ${wallets.heldPaise}) > 0` : undefined,
      },
      sortColumns: {
        customerId: wallets.customerId,
        balancePaise: wallets.balancePaise,
        updatedAt: wallets.updatedAt,
      },
      defaultSort: { field: 'balancePaise', order: 'desc' },
      id: wallets.customerId,
    },
    body,
  );
}

/** The wallets' totals (balanceQuery); the rewards' are `rewardFigures`. */
export async function walletTotals(db: Executor) {
  const [row] = await db
    .select({
      wallets: sql<number>`count(*)::int`,
      balance: sql<string>`coalesce(sum(${wallets.balancePaise}), 0)::text`,
      held: sql<string>`coalesce(sum(${wallets.heldPaise}), 0)::text`,
      paidOut: sql<string>`coalesce(sum(${wallets.paidOutPaise}), 0)::text`,
    })
    .from(wallets);
  return {
    wallets: Number(row?.wallets ?? 0),
    balance: BigInt(row?.balance ?? '0'),
    held: BigInt(row?.held ?? '0'),
    paidOut: BigInt(row?.paidOut ?? '0'),
  };
}

// --- the rewards, read from the ledger ------------------------------------------------------

/** What a wallet's invitation rewards came to, in paise (decision 0063). */
export interface RewardFigures {
  /** Every reward credited, those later clawed back included. */
  earned: bigint;
  /** The rewards clawed back, whole: recovered from the wallet and not. */
  clawedBack: bigint;
  /** The part of those clawbacks the wallet no longer held, written off (never owed). */
  unrecovered: bigint;
}

const noRewards = (): RewardFigures => ({ earned: 0n, clawedBack: 0n, unrecovered: 0n });

/** The sum of one journal's entries on one account (a subquery per row: the journal's index). */
const entriesOn = (journal: SQL, account: string) =>
  sql`(select coalesce(sum(e.amount_paise), 0) from ledger_entries e
    where e.journal_id = ${journal} and e.account = ${account})`;

/**
 * Each reward journal of these inviters' invitations, with what it credited and what its
 * clawback took back and wrote off. An invitation names its last reward journal; one earned
 * again after a clawback names the reward before it in its key
 * (`wallet:reward:<invitation>:after:<journal>`), and a reward's clawback is the journal keyed
 * `wallet:clawback:<reward journal>`. Each step is a subquery by the journals' primary or
 * unique key and the entries' journal index, so no plan reads the whole ledger.
 */
function rewardJournals(inviters: SQL) {
  return sql`with recursive chain(customer_id, journal_id) as (
      select ${invitations.inviterId}, ${invitations.rewardJournalId} from ${invitations}
        where ${invitations.rewardJournalId} is not null and ${inviters}
      union all
      select r.customer_id, (select substring(j.idempotency_key from ':after:([0-9]+)$')::bigint
          from ledger_journals j where j.id = r.journal_id)
        from chain r where r.journal_id is not null
    ), rewards as (
      select r.customer_id, r.journal_id,
          (select c.id from ledger_journals c
            where c.idempotency_key = 'wallet:clawback:' || r.journal_id::text) as clawback_id
        from chain r where r.journal_id is not null
    ), journals as (
      select r.customer_id,
          ${entriesOn(sql`r.journal_id`, 'expense:invite_reward')} as earned,
          -${entriesOn(sql`r.clawback_id`, 'expense:invite_reward')} as clawed_back,
          ${entriesOn(sql`r.clawback_id`, 'expense:invite_reward_unrecovered')} as unrecovered
        from rewards r
    )`;
}

/**
 * The three figures from the journals' entries: a reward debits `expense:invite_reward`
 * (earned), its clawback credits it back whole (clawed back) and debits what the wallet could
 * not give back to `expense:invite_reward_unrecovered` (unrecovered).
 */
const figures = sql`coalesce(sum(earned), 0)::text as earned,
    coalesce(sum(clawed_back), 0)::text as clawed_back,
    coalesce(sum(unrecovered), 0)::text as unrecovered`;

function figuresOf(row: Record<string, unknown> | undefined): RewardFigures {
  if (!row) return noRewards();
  return {
    earned: BigInt(String(row.earned)),
    clawedBack: BigInt(String(row.clawed_back)),
    unrecovered: BigInt(String(row.unrecovered)),
  };
}

/** Each of these customers' reward figures (zero for one never rewarded). */
export async function rewardFigures(
  db: Executor,
  customerIds: number[],
): Promise<Map<number, RewardFigures>> {
  const byCustomer = new Map(customerIds.map((id) => [id, noRewards()]));
  if (customerIds.length === 0) return byCustomer;
  const rows = await queryRows(
    db,
    sql`${rewardJournals(inArray(invitations.inviterId, customerIds))}
      select customer_id, ${figures} from journals group by customer_id`,
  );
  for (const row of rows) byCustomer.set(Number(row.customer_id), figuresOf(row));
  return byCustomer;
}

/** Every wallet's reward figures, summed. */
export async function rewardFigureTotals(db: Executor): Promise<RewardFigures> {
  const [row] = await queryRows(
    db,
    sql`${rewardJournals(sql`true`)} select ${figures} from journals`,
  );
  return figuresOf(row);
}

// --- the loan book's customers and the borrower app's accounts (read only) ------------------

/** The customer a borrower account belongs to; null before the profile (KYC) is done. */
export async function customerIdOfBorrower(
  db: Executor,
  borrowerId: number,
): Promise<number | null | undefined> {
  const [account] = await db
    .select({ customerId: borrowerAccounts.customerId })
    .from(borrowerAccounts)
    .where(eq(borrowerAccounts.id, borrowerId));
  return account?.customerId;
}

export async function customerOf(db: Executor, customerId: number) {
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  return customer;
}

export async function customerNameOf(db: Executor, customerId: number) {
  const [customer] = await db
    .select({ name: customers.name })
    .from(customers)
    .where(eq(customers.id, customerId));
  return customer?.name;
}
