import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export type CampaignStatus = 'scheduled' | 'sending' | 'completed' | 'cancelled';
export type AudienceSource = 'clearNotLoan' | 'regNotLoan' | 'upload';

/**
 * A promotional SMS campaign (/toolMage/marketingSMS). Its audience is resolved into
 * recipient rows when it is created; the sending job hands them to the gateway at the
 * campaign's rate, only inside TRAI's hours. One campaign per idempotency key.
 */
export const marketingSmsCampaigns = pgTable(
  'marketing_sms_campaigns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    templateCode: text('template_code').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    audienceSource: text('audience_source').$type<AudienceSource>().notNull(),
    /** The audience as asked (filters or upload list id), kept for the record. */
    audience: jsonb('audience').$type<Record<string, unknown>>().notNull(),
    ratePerMinute: integer('rate_per_minute').notNull(),
    sendAt: timestamp('send_at', { withTimezone: true, mode: 'date' }).notNull(),
    status: text('status').$type<CampaignStatus>().notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The request the key was first used for: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    check(
      'marketing_sms_campaigns_status',
      sql`${table.status} in ('scheduled', 'sending', 'completed', 'cancelled')`,
    ),
    check(
      'marketing_sms_campaigns_source',
      sql`${table.audienceSource} in ('clearNotLoan', 'regNotLoan', 'upload')`,
    ),
    check('marketing_sms_campaigns_rate', sql`${table.ratePerMinute} > 0`),
    uniqueIndex('marketing_sms_campaigns_key').on(table.idempotencyKey),
    // The sending job looks for due campaigns; the list pages newest first.
    index('marketing_sms_campaigns_due_idx').on(table.status, table.sendAt),
    index('marketing_sms_campaigns_created_idx').on(table.createdAt, table.id),
  ],
);

export type RecipientStatus = 'pending' | 'sending' | 'sent' | 'skipped' | 'failed';
export type SkipReason = 'optedOut' | 'blacklisted';

/**
 * One number of a campaign's audience: at most one message per number and campaign
 * (unique), whatever runs at once. `sending` is a claim: the job sets it before calling the
 * gateway, so a second server never picks the same row (decision 0042).
 */
export const marketingSmsRecipients = pgTable(
  'marketing_sms_recipients',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => marketingSmsCampaigns.id),
    phone: text('phone').notNull(),
    status: text('status').$type<RecipientStatus>().notNull(),
    skipReason: text('skip_reason').$type<SkipReason>(),
    /** The gateway's message id: delivery receipts on sms_messages give the outcome. */
    provider: text('provider'),
    providerMessageId: text('provider_message_id'),
    errorText: text('error_text'),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    check(
      'marketing_sms_recipients_status',
      sql`${table.status} in ('pending', 'sending', 'sent', 'skipped', 'failed')`,
    ),
    check(
      'marketing_sms_recipients_skip',
      sql`${table.skipReason} is null or ${table.skipReason} in ('optedOut', 'blacklisted')`,
    ),
    uniqueIndex('marketing_sms_recipients_phone_key').on(table.campaignId, table.phone),
    index('marketing_sms_recipients_status_idx').on(table.campaignId, table.status, table.id),
    index('marketing_sms_recipients_message_idx').on(table.provider, table.providerMessageId),
  ],
);

/**
 * Numbers that opted out of promotional messages (a STOP reply, the national DND registry,
 * or a request to staff): never sent a campaign message (TRAI TCCCPR), nor called by
 * telemarketing (decision 0068).
 */
export const marketingOptOuts = pgTable(
  'marketing_opt_outs',
  {
    phone: text('phone').primaryKey(),
    source: text('source').$type<'stopReply' | 'dndRegistry' | 'staff'>().notNull(),
    optedOutAt: timestamp('opted_out_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    check(
      'marketing_opt_outs_source',
      sql`${table.source} in ('stopReply', 'dndRegistry', 'staff')`,
    ),
  ],
);

/** A phone list uploaded as .xlsx, to be a campaign's audience. */
export const marketingAudienceLists = pgTable(
  'marketing_audience_lists',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    fileName: text('file_name').notNull(),
    uploadedBy: integer('uploaded_by').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('marketing_audience_lists_uploaded_idx').on(table.uploadedAt, table.id)],
);

export const marketingAudienceListPhones = pgTable(
  'marketing_audience_list_phones',
  {
    listId: integer('list_id')
      .notNull()
      .references(() => marketingAudienceLists.id),
    phone: text('phone').notNull(),
  },
  (table) => [primaryKey({ columns: [table.listId, table.phone] })],
);

export type CampaignRow = typeof marketingSmsCampaigns.$inferSelect;
export type RecipientRow = typeof marketingSmsRecipients.$inferSelect;
