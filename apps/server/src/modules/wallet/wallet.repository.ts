import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type {
  invitationListBodySchema,
  rechargeListBodySchema,
  walletBalanceListBodySchema,
  withdrawalListBodySchema,
} from '@lending/contract';
import type { z } from 'zod';
import { alias } from 'drizzle-orm/pg-core';
import { customers } from '../loan-book/tables.js';
import type { Executor } from '../../plugins/db.js';
import { indiaDayRange, runList } from '../../shared/list-query.js';
import { invitations, payoutRecharges, wallets, walletWithdrawals } from './wallet.table.js';

const inviter = alias(customers, 'inviter');
const invitee = alias(customers, 'invitee');

/**
 * How far the invitee got: a cleared loan (repaid), a disbursed one (borrowed), or neither.
 * One aggregate over the invitee's orders (the customer index, a few rows), never EXISTS:
 * PostgreSQL may answer an EXISTS in a CASE with a hash of every matching order of the book,
 * which cost the invitation list 500 ms a page at 200,000 orders (decision 0092).
 */
const stage = sql<'registered' | 'borrowed' | 'repaid'>`(select case
  when bool_or(o.status in ('CLEARED', 'OVERPAID')) then 'repaid'
  when bool_or(o.disbursal_date is not null) then 'borrowed'
  else 'registered' end
  from loan_orders o where o.customer_id = ${invitations.inviteeId})`;

/**
 * The clawback of the invitation's reward, while clawed back (decision 0063): found by its
 * journal's key, which names the reward journal the invitation keeps.
 */
const clawbackJournal = sql`(select j.id, j.at from ledger_journals j
  where ${invitations.rewardedAt} is null
    and j.idempotency_key = 'wallet:clawback:' || ${invitations.rewardJournalId}::text)`;
const clawedBackAt = sql<
  string | null
>`(select to_char(c.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from ${clawbackJournal} c)`;
const unrecovered = sql<string | null>`(select coalesce(sum(e.amount_paise), 0)::text
  from ${clawbackJournal} c left join ledger_entries e
    on e.journal_id = c.id and e.account = 'expense:invite_reward_unrecovered'
  having count(c.id) > 0)`;

export function listInvitations(db: Executor, body: z.output<typeof invitationListBodySchema>) {
  return runList(
    db,
    {
      select: () =>
        db
          .select({
            invitation: invitations,
            inviterName: inviter.name,
            inviterPhone: inviter.phone,
            inviteeName: invitee.name,
            inviteePhone: invitee.phone,
            stage,
            clawedBackAt,
            unrecovered,
          })
          .from(invitations)
          .innerJoin(inviter, eq(inviter.id, invitations.inviterId))
          .innerJoin(invitee, eq(invitee.id, invitations.inviteeId)),
      where: {
        inviterPhone: (phone) => eq(inviter.phone, phone),
        inviteePhone: (phone) => eq(invitee.phone, phone),
        stage: (value) => sql`${stage} = ${value}`,
        rewarded: (rewarded) =>
          rewarded
            ? sql`${invitations.rewardedAt} is not null`
            : sql`${invitations.rewardedAt} is null`,
        ...indiaDayRange(invitations.invitedAt, 'dateFrom', 'dateTo'),
      },
      sortColumns: {
        id: invitations.id,
        invitedAt: invitations.invitedAt,
        rewardedAt: invitations.rewardedAt,
      },
      defaultSort: { field: 'id', order: 'desc' },
      id: invitations.id,
    },
    body,
  );
}

export function listWithdrawals(db: Executor, body: z.output<typeof withdrawalListBodySchema>) {
  return runList(
    db,
    {
      select: () =>
        db
          .select({
            withdrawal: walletWithdrawals,
            customerName: customers.name,
            customerPhone: customers.phone,
          })
          .from(walletWithdrawals)
          .innerJoin(customers, eq(customers.id, walletWithdrawals.customerId)),
      where: {
        phone: (phone) => eq(customers.phone, phone),
        status: (status) => eq(walletWithdrawals.status, status),
        ...indiaDayRange(walletWithdrawals.requestedAt, 'dateFrom', 'dateTo'),
      },
      sortColumns: {
        id: walletWithdrawals.id,
        requestedAt: walletWithdrawals.requestedAt,
        amountPaise: walletWithdrawals.amountPaise,
      },
      defaultSort: { field: 'id', order: 'desc' },
      id: walletWithdrawals.id,
    },
    body,
  );
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
        rewardedPaise: wallets.rewardedPaise,
        updatedAt: wallets.updatedAt,
      },
      defaultSort: { field: 'balancePaise', order: 'desc' },
      id: wallets.customerId,
    },
    body,
  );
}

export function listRecharges(db: Executor, body: z.output<typeof rechargeListBodySchema>) {
  return runList(
    db,
    {
      select: () => db.select().from(payoutRecharges),
      where: {
        status: (status) => eq(payoutRecharges.status, status),
        bankReference: (ref) => eq(payoutRecharges.bankReference, ref),
        ...indiaDayRange(payoutRecharges.requestedAt, 'dateFrom', 'dateTo'),
      },
      sortColumns: {
        id: payoutRecharges.id,
        requestedAt: payoutRecharges.requestedAt,
        amountPaise: payoutRecharges.amountPaise,
      },
      defaultSort: { field: 'id', order: 'desc' },
      id: payoutRecharges.id,
    },
    body,
  );
}

/** The wallets' totals (balanceQuery). */
export async function walletTotals(db: Executor) {
  const [row] = await db
    .select({
      wallets: sql<number>`count(*)::int`,
      balance: sql<string>`coalesce(sum(${wallets.balancePaise}), 0)::text`,
      held: sql<string>`coalesce(sum(${wallets.heldPaise}), 0)::text`,
      rewarded: sql<string>`coalesce(sum(${wallets.rewardedPaise}), 0)::text`,
      paidOut: sql<string>`coalesce(sum(${wallets.paidOutPaise}), 0)::text`,
    })
    .from(wallets);
  return {
    wallets: Number(row?.wallets ?? 0),
    balance: BigInt(row?.balance ?? '0'),
    held: BigInt(row?.held ?? '0'),
    rewarded: BigInt(row?.rewarded ?? '0'),
    paidOut: BigInt(row?.paidOut ?? '0'),
  };
}

/** What the customer asked to withdraw on an India day (refused and failed ones do not count). */
export async function withdrawnOnDay(db: Executor, customerId: number, from: Date, to: Date) {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${walletWithdrawals.amountPaise}), 0)::text` })
    .from(walletWithdrawals)
    .where(
      and(
        eq(walletWithdrawals.customerId, customerId),
        sql`${walletWithdrawals.status} in ('pending', 'paying', 'paid')`,
        gte(walletWithdrawals.requestedAt, from),
        lt(walletWithdrawals.requestedAt, to),
      ),
    );
  return BigInt(row?.total ?? '0');
}
