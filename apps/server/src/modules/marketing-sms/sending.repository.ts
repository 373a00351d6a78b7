import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { smsMessages } from '../../integrations/index.js';
import type { Executor } from '../../plugins/db.js';
import { queryRows } from '../../shared/sql-rows.js';
import {
  marketingSmsCampaigns,
  marketingSmsRecipients,
  type CampaignRow,
  type SkipReason,
} from './marketing-sms.table.js';

/** The sending job's statements: due campaigns start, recipients are claimed and marked. */

/** Scheduled campaigns whose send time has come start sending. */
export async function startDueCampaigns(db: Executor, now: Date): Promise<void> {
  await db
    .update(marketingSmsCampaigns)
    .set({ status: 'sending' })
    .where(
      and(eq(marketingSmsCampaigns.status, 'scheduled'), lte(marketingSmsCampaigns.sendAt, now)),
    );
}

/** The campaigns sending now, the earliest first. */
export function sendingCampaigns(db: Executor): Promise<CampaignRow[]> {
  return db
    .select()
    .from(marketingSmsCampaigns)
    .where(eq(marketingSmsCampaigns.status, 'sending'))
    .orderBy(marketingSmsCampaigns.sendAt, marketingSmsCampaigns.id);
}

/** Serialises the claims of every server, so two passes never both take the same minute's room. */
const SMS_RATE_LOCK = 712079;

/**
 * Waits for this transaction's turn to count and claim (an advisory transaction lock, released
 * at commit): two servers' passes take turns, and together stay within the gateway's rate.
 */
export async function takeSmsRateTurn(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SMS_RATE_LOCK})`);
}

/**
 * Claims (status `sending`, `for update skip locked`) the next pending numbers of a campaign,
 * in number order: at most `rate` less what was claimed for it since `minuteAgo`, and at most
 * `gatewayRate` less the messages the gateway took since then (read newest first through the
 * primary key and never more than the rate, so the count stays cheap however long the log
 * grows) and the numbers any sending campaign has claimed and not yet sent.
 */
export async function claimPendingRecipients(
  tx: Executor,
  claim: { campaignId: number; rate: number; gatewayRate: number; now: Date; minuteAgo: Date },
): Promise<{ id: number; phone: string }[]> {
  const { campaignId, rate, gatewayRate, now, minuteAgo } = claim;
  const r = marketingSmsRecipients;
  const c = marketingSmsCampaigns;
  const m = smsMessages;
  const rows = await queryRows(
    tx,
    sql`update ${r} set status = 'sending', claimed_at = ${now}
        where id in (
          select id from ${r}
          where campaign_id = ${campaignId} and status = 'pending'
          order by id
          limit greatest(0, least(
            ${rate}::int - (
              select count(*)::int from ${r}
              where campaign_id = ${campaignId} and claimed_at > ${minuteAgo}
            ),
            ${gatewayRate}::int - (
              select count(*)::int from (
                select ${m.createdAt} as created_at from ${m}
                order by ${m.id} desc limit ${gatewayRate}::int
              ) newest where created_at > ${minuteAgo}
            ) - (
              select count(*)::int from ${r}
              where campaign_id in (select id from ${c} where status = 'sending')
              and status = 'sending' and claimed_at > ${minuteAgo}
            )
          ))
          for update skip locked
        )
        returning id, phone`,
  );
  return rows.map((row) => ({ id: Number(row.id), phone: String(row.phone) }));
}

export async function markRecipientSkipped(
  db: Executor,
  id: number,
  reason: SkipReason,
): Promise<void> {
  await db
    .update(marketingSmsRecipients)
    .set({ status: 'skipped', skipReason: reason })
    .where(eq(marketingSmsRecipients.id, id));
}

export async function markRecipientSent(
  db: Executor,
  id: number,
  sent: { provider: string; providerMessageId: string; at: Date },
): Promise<void> {
  await db
    .update(marketingSmsRecipients)
    .set({
      status: 'sent',
      provider: sent.provider,
      providerMessageId: sent.providerMessageId,
      sentAt: sent.at,
    })
    .where(eq(marketingSmsRecipients.id, id));
}

export async function markRecipientFailed(
  db: Executor,
  id: number,
  errorText: string,
): Promise<void> {
  await db
    .update(marketingSmsRecipients)
    .set({ status: 'failed', errorText })
    .where(eq(marketingSmsRecipients.id, id));
}

/** Fails the campaign's claims made at or before `claimedBy` that were never marked sent. */
export async function failClaimsOlderThan(
  db: Executor,
  campaignId: number,
  claimedBy: Date,
  errorText: string,
): Promise<void> {
  const r = marketingSmsRecipients;
  await db
    .update(r)
    .set({ status: 'failed', errorText })
    .where(and(eq(r.campaignId, campaignId), eq(r.status, 'sending'), lte(r.claimedAt, claimedBy)));
}

/** Completes a sending campaign that has no number pending or claimed; false if it has. */
export async function completeCampaignIfDone(
  db: Executor,
  campaignId: number,
  at: Date,
): Promise<boolean> {
  const r = marketingSmsRecipients;
  const done = await db
    .update(marketingSmsCampaigns)
    .set({ status: 'completed', completedAt: at })
    .where(
      and(
        eq(marketingSmsCampaigns.id, campaignId),
        eq(marketingSmsCampaigns.status, 'sending'),
        sql`not exists (select 1 from ${r} where ${r.campaignId} = ${campaignId} and ${inArray(r.status, ['pending', 'sending'])})`,
      ),
    )
    .returning({ id: marketingSmsCampaigns.id });
  return done.length > 0;
}
