import { insidePromotionalHours } from '@lending/contract';
import { findSmsTemplate, sendSms, type SmsGateways } from '../../integrations/index.js';
import type { Database } from '../../plugins/db.js';
import type { Clock } from '../../shared/clock.js';
import { AppError } from '../../shared/app-error.js';
import { promotionalSendHours, smsGatewayRatePerMinute } from '../ops-config/index.js';
import { exclusionsOf } from './audience.js';
import {
  claimPendingRecipients,
  completeCampaignIfDone,
  failClaimsOlderThan,
  markRecipientFailed,
  markRecipientSent,
  markRecipientSkipped,
  sendingCampaigns,
  startDueCampaigns,
  takeSmsRateTurn,
} from './sending.repository.js';
import { job, type Job } from '../../shared/jobs.js';

export interface CampaignSenderDeps {
  db: Database;
  clock: Clock;
  sms: SmsGateways;
}

export interface SendReport {
  /** False when the tick found the clock outside the sending hours in force and sent nothing. */
  insideHours: boolean;
  sent: number;
  skipped: number;
  failed: number;
  completed: number[];
}

/**
 * A claim older than this whose message was never recorded is given up as failed: the
 * server stopped between claiming and sending, and the gateway may or may not have the
 * message. A marketing message is sent at most once, so it is not tried again.
 */
const STALE_CLAIM_MS = 10 * 60_000;

/**
 * One pass of the sending job. Outside the sending hours in force (TRAI's 10:00–21:00 India
 * time, narrowed by the SMS configuration's quiet hours, read at each pass) it sends nothing
 * (a campaign still sending when they end pauses and resumes when they open). Inside: due
 * campaigns start; each
 * sending campaign claims up to its rate per minute of pending numbers, and never more than is
 * left of the SMS gateway's rate this minute (decision 0079), (`for update skip locked` then
 * status `sending`, so two servers never claim the same row), checks opt-outs
 * and the blacklist again (they may have changed since the campaign was made), and hands
 * the rest to the SMS gateway. A campaign with nothing left pending completes.
 */
export async function sendDueCampaignMessages(deps: CampaignSenderDeps): Promise<SendReport> {
  const { db } = deps;
  const now = deps.clock.now();
  const report: SendReport = { insideHours: false, sent: 0, skipped: 0, failed: 0, completed: [] };
  if (!insidePromotionalHours(now, await promotionalSendHours(db))) return report;
  report.insideHours = true;

  await startDueCampaigns(db, now);
  const campaigns = await sendingCampaigns(db);

  for (const campaign of campaigns) {
    const template = await findSmsTemplate(db, campaign.templateCode);
    // A template disabled since (SMSManagement) holds the campaign until it is enabled again.
    if (!template?.enabled) continue;

    const claimed = await claimRecipients(db, campaign.id, campaign.ratePerMinute, now);
    const reasons = await exclusionsOf(
      db,
      claimed.map((row) => row.phone),
    );
    for (const recipient of claimed) {
      const reason = reasons.get(recipient.phone);
      if (reason) {
        await markRecipientSkipped(db, recipient.id, reason);
        report.skipped += 1;
        continue;
      }
      try {
        const { messageId, provider } = await sendSms(
          db,
          deps.sms,
          { phone: recipient.phone, templateId: campaign.templateCode, params: campaign.params },
          now,
        );
        await markRecipientSent(db, recipient.id, {
          provider,
          providerMessageId: messageId,
          at: now,
        });
        report.sent += 1;
      } catch (error) {
        await markRecipientFailed(db, recipient.id, failureText(error));
        report.failed += 1;
      }
    }
    if (await completeIfDone(deps, campaign.id, now)) report.completed.push(campaign.id);
  }
  return report;
}

/** What a recipient's row says of a message that was not sent (no secret is ever in it). */
function failureText(error: unknown): string {
  const text =
    error instanceof AppError
      ? `${error.key}${error.params.field ? ` ${error.params.field}` : ''}: ${error.params.detail ?? ''}`
      : String((error as Error).message);
  return text.slice(0, 300);
}

/**
 * Claims the next pending numbers of a campaign, in number order: at most its rate less what
 * was claimed for it in the last minute, and at most the SMS gateway's rate (smsConfig, read
 * now) less what the gateway took in the last minute (decision 0079): every message recorded
 * (OTPs and reminders too, which always go) and every number claimed and not yet sent, by any
 * server. The count and the claim run under one advisory lock, so two servers' passes take
 * turns and together stay within the gateway's rate.
 */
async function claimRecipients(db: Database, campaignId: number, rate: number, now: Date) {
  const minuteAgo = new Date(now.getTime() - 60_000);
  return db.transaction(async (tx) => {
    await takeSmsRateTurn(tx);
    const gatewayRate = await smsGatewayRatePerMinute(tx);
    return claimPendingRecipients(tx, { campaignId, rate, gatewayRate, now, minuteAgo });
  });
}

async function completeIfDone(deps: CampaignSenderDeps, campaignId: number, now: Date) {
  await failClaimsOlderThan(
    deps.db,
    campaignId,
    new Date(now.getTime() - STALE_CLAIM_MS),
    'interrupted before the gateway answered; not resent',
  );
  return completeCampaignIfDone(deps.db, campaignId, now);
}

/**
 * The sending job: a pass every `intervalMs` (a minute: rates are per minute), never two at
 * once in this process; the row claims keep two servers apart (server.ts's job list).
 */
export function marketingSmsJob(
  deps: CampaignSenderDeps & { intervalMs: number },
): Job<SendReport> {
  return job({
    name: 'marketing_sms',
    intervalMs: deps.intervalMs,
    pass: () => sendDueCampaignMessages(deps),
    report: (report, log) => {
      if (report.sent + report.skipped + report.failed > 0) log.info(report, 'marketing SMS sent');
    },
  });
}
