import { z } from 'zod';
import { idSchema } from '../common/fields.js';
import { idempotencyKeySchema } from '../common/money.js';
import { listRequestSchema, listResultSchema } from '../common/pagination.js';

/**
 * /toolMage/marketingSMS and marketingSendSMS: promotional SMS campaigns. A campaign is an
 * audience (a list from the book or an uploaded .xlsx of phones), a DLT-registered
 * promotional template with its variables filled in, a send time inside TRAI's hours and a
 * rate; the server resolves the audience once, skipping opted-out and blacklisted numbers.
 */

export const campaignStatusSchema = z.enum(['scheduled', 'sending', 'completed', 'cancelled']);
export type CampaignStatus = z.infer<typeof campaignStatusSchema>;

/**
 * The most rows a selection may name: one page of a list at its largest (pageSizeSchema), as a
 * selection belongs to the page it was made on (decision 0024).
 */
export const MAX_SELECTED_ROWS = 100;

/** The list screens whose selected rows can be a campaign's audience (decision 0067). */
export const selectableListSchema = z.enum(['clearNotLoan', 'regNotLoan']);
export type SelectableList = z.infer<typeof selectableListSchema>;

/** Who a campaign goes to. Book lists are read when the campaign is created. */
export const campaignAudienceSchema = z.discriminatedUnion('source', [
  /** Customers whose last loan cleared and who have not borrowed again (/order/clearNotLoan). */
  z.strictObject({
    source: z.literal('clearNotLoan'),
    /** Only those who cleared in the last N days; absent = all. */
    withinDays: z.int().min(1).max(3650).optional(),
  }),
  /** App accounts that never applied (/order/regNotLoan). */
  z.strictObject({
    source: z.literal('regNotLoan'),
    /** Only those who registered in the last N days; absent = all. */
    withinDays: z.int().min(1).max(3650).optional(),
  }),
  /** A list of phone numbers uploaded as .xlsx (marketingSms.list_import). */
  z.strictObject({ source: z.literal('upload'), listId: idSchema }),
  /**
   * Rows staff selected on /order/clearNotLoan or /order/regNotLoan (decision 0067). Each must
   * still be on that list when the campaign is created, or the call is refused naming it.
   */
  z.strictObject({
    source: z.literal('selected'),
    /** The screen the rows were selected on. */
    list: selectableListSchema,
    /** The rows' ids: customers on clearNotLoan, app accounts on regNotLoan. */
    ids: z
      .array(idSchema)
      .min(1, 'select at least one row')
      .max(MAX_SELECTED_ROWS)
      .refine((ids) => new Set(ids).size === ids.length, 'names a row twice'),
  }),
]);
export type CampaignAudience = z.infer<typeof campaignAudienceSchema>;
export const audienceSourceSchema = z.enum(['clearNotLoan', 'regNotLoan', 'upload']);

/** Template variable values (`{#amount#}` → `amount`): the same text for every recipient. */
const paramsSchema = z
  .record(
    z.string().regex(/^[a-zA-Z0-9_]{1,40}$/),
    z.string().trim().min(1, 'cannot be empty').max(30),
  )
  .refine((params) => Object.keys(params).length <= 10, 'at most 10 variables');

export const campaignSchema = z.object({
  id: z.int(),
  name: z.string(),
  templateCode: z.string(),
  templateName: z.string().nullable(),
  /** The message as it goes out (variables filled in). */
  text: z.string(),
  /** The book list, or the upload; for rows selected on a list screen, that screen's list. */
  audienceSource: audienceSourceSchema,
  /** How many rows staff selected on the list screen (audience `selected`); null otherwise. */
  selectedRows: z.int().nullable(),
  /** Every number the audience named, excluded ones included. */
  audienceSize: z.int(),
  /** Handed to the gateway so far. */
  sent: z.int(),
  /** Gateway receipts: delivered / failed (a message with neither is still under way). */
  delivered: z.int(),
  failed: z.int(),
  /** Skipped because the number opted out of promotional messages (DND / STOP). */
  optedOut: z.int(),
  /** Skipped because the number is on the blacklist. */
  blacklisted: z.int(),
  /** Still to send. */
  pending: z.int(),
  ratePerMinute: z.int(),
  status: campaignStatusSchema,
  sendAt: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const listCampaignsBodySchema = listRequestSchema(
  z.strictObject({
    name: z.string().trim().max(100).optional(),
    status: campaignStatusSchema.optional(),
  }),
  ['createdAt', 'sendAt'],
);
export const listCampaignsRetSchema = listResultSchema(campaignSchema);

/** The promotional templates a campaign may use (enabled, category promotional). */
export const campaignTemplateSchema = z.object({
  code: z.string(),
  name: z.string(),
  senderId: z.string(),
  language: z.string(),
  text: z.string(),
  variables: z.array(z.string()),
});
export type CampaignTemplate = z.infer<typeof campaignTemplateSchema>;
export const campaignTemplatesRetSchema = z.object({
  list: z.array(campaignTemplateSchema),
  /**
   * The sending hours in force (India time, start inclusive, end exclusive): TRAI's 10:00–21:00
   * narrowed by the SMS configuration's quiet hours (decision 0049), for the form to check.
   */
  sendHours: z.object({ start: z.string(), end: z.string() }),
});

export const previewAudienceBodySchema = z.strictObject({ audience: campaignAudienceSchema });
export const audiencePreviewSchema = z.object({
  /** Numbers the audience names (duplicates once). */
  total: z.int(),
  optedOut: z.int(),
  blacklisted: z.int(),
  /** Who would receive the message. */
  eligible: z.int(),
});
export type AudiencePreview = z.infer<typeof audiencePreviewSchema>;

export const createCampaignBodySchema = z.strictObject({
  name: z.string().trim().min(1, 'cannot be empty').max(100),
  templateCode: z.string().trim().min(1, 'cannot be empty').max(64),
  params: paramsSchema.default({}),
  audience: campaignAudienceSchema,
  /** When sending starts (an instant with offset); absent = now. Must be inside 10:00–21:00 IST. */
  sendAt: z.iso.datetime({ offset: true }).optional(),
  /** Messages per minute handed to the gateway. */
  ratePerMinute: z.int().min(1).max(10_000).default(100),
  /** The same key again answers the campaign it created, never a second campaign. */
  idempotencyKey: idempotencyKeySchema,
});
export type CreateCampaignBody = z.input<typeof createCampaignBodySchema>;

export const cancelCampaignBodySchema = z.strictObject({ id: idSchema });

/** Uploaded phone lists (.xlsx), for the `upload` audience. */
export const audienceListSchema = z.object({
  id: z.int(),
  fileName: z.string(),
  phones: z.int(),
  uploadedBy: z.string(),
  uploadedAt: z.string(),
});
export type AudienceList = z.infer<typeof audienceListSchema>;
export const audienceListsRetSchema = z.object({ list: z.array(audienceListSchema) });
