import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { invitationListBodySchema } from '@lending/contract';
import type { z } from 'zod';
import { alias } from 'drizzle-orm/pg-core';
import { customers, loanOrders } from '../loan-book/tables.js';
import type { Executor } from '../../plugins/db.js';
import { indiaDayRange, runList } from '../../shared/list-query.js';
import { invitations } from './wallet.table.js';

/** A loan repaid in full: cleared, or paid beyond what was owed (the excess is refunded). */
export const REPAID_STATUSES: readonly string[] = ['CLEARED', 'OVERPAID'];
const REPAID = sql.raw(`(${REPAID_STATUSES.map((status) => `'${status}'`).join(', ')})`);

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

/**
 * Invitations whose reward is not credited and whose invitee has repaid a loan, oldest first
 * (decision 0043: repaid, not disbursed).
 */
export async function invitationsDueReward(db: Executor, limit: number): Promise<number[]> {
  const due = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(
        isNull(invitations.rewardedAt),
        sql`exists (select 1 from loan_orders o where o.customer_id = ${invitations.inviteeId} and o.status in ${REPAID})`,
      ),
    )
    .orderBy(asc(invitations.id))
    .limit(limit);
  return due.map((row) => row.id);
}

/** The invitation, locked until the transaction ends. */
export async function lockInvitation(tx: Executor, id: number) {
  const [invitation] = await tx
    .select()
    .from(invitations)
    .where(eq(invitations.id, id))
    .for('update');
  return invitation;
}

/** The invitation that brought this invitee (one at most), locked until the transaction ends. */
export async function lockInvitationOfInvitee(tx: Executor, inviteeId: number) {
  const [invitation] = await tx
    .select()
    .from(invitations)
    .where(eq(invitations.inviteeId, inviteeId))
    .for('update');
  return invitation;
}

/** A new invitation; false when the invitee already has one. */
export async function insertInvitation(
  tx: Executor,
  values: { inviterId: number; inviteeId: number; inviteCode: string; invitedAt: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(invitations)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: invitations.id });
  return inserted.length > 0;
}

export async function markRewarded(
  tx: Executor,
  id: number,
  reward: { rewardPaise: bigint; rewardedAt: Date; rewardJournalId: number },
): Promise<void> {
  await tx.update(invitations).set(reward).where(eq(invitations.id, id));
}

/** Clawed back: no longer rewarded (the reward journal stays named). */
export async function markClawedBack(tx: Executor, id: number): Promise<void> {
  await tx.update(invitations).set({ rewardedAt: null }).where(eq(invitations.id, id));
}

/** How many customers this inviter brought. */
export async function invitationCount(db: Executor, inviterId: number): Promise<number> {
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(invitations)
    .where(eq(invitations.inviterId, inviterId));
  return Number(count?.n ?? 0);
}

// --- the loan book's orders (read only) -----------------------------------------------------

/** Whether the customer ever applied for a loan (any order, whatever became of it). */
export async function hasAnyLoan(tx: Executor, customerId: number): Promise<boolean> {
  const [applied] = await tx
    .select({ id: loanOrders.id })
    .from(loanOrders)
    .where(eq(loanOrders.customerId, customerId))
    .limit(1);
  return applied !== undefined;
}

export async function hasRepaidLoan(tx: Executor, customerId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: loanOrders.id })
    .from(loanOrders)
    .where(and(eq(loanOrders.customerId, customerId), sql`${loanOrders.status} in ${REPAID}`))
    .limit(1);
  return row !== undefined;
}
