import { z } from 'zod';
import { idSchema, phoneSearchSchema } from '../common/fields.js';
import { paiseSchema } from '../common/money.js';
import { listRequestSchema, listResultSchema } from '../common/pagination.js';
import { crossFieldRules, withRanges } from '../common/rules.js';
import { LAWFUL_PROMOTIONAL_HOURS, quietHoursProblem } from '../marketing-sms/promotional-hours.js';

/* ------------------------------------------------------------------------------------------ *
 * System configuration items (docs/product.md §3: item, value, remarks; value type string or array,
 * comma-separated). 'configuration item, value and remarks cannot be empty'.
 * ------------------------------------------------------------------------------------------ */

export const settingTypeSchema = z.enum(['string', 'array']);
export type SettingType = z.infer<typeof settingTypeSchema>;

/** Which screen an item belongs to: systemConfig (general) or systemConfig2 (operations). */
export const settingGroupSchema = z.enum(['general', 'operations']);
export type SettingGroup = z.infer<typeof settingGroupSchema>;

/** An item's key: lower-case words joined by underscores (`reapply_after_days`). */
export const settingKeySchema = z
  .string()
  .trim()
  .min(1, 'cannot be empty')
  .max(64)
  .regex(/^[a-z][a-z0-9_]*$/, 'lower-case letters, digits and underscores');

const notEmpty = (max: number) => z.string().trim().min(1, 'cannot be empty').max(max);

export const systemSettingSchema = z.object({
  item: z.string(),
  value: z.string(),
  type: settingTypeSchema,
  group: settingGroupSchema,
  remarks: z.string(),
  /** A known item: the server validates its value on save. */
  known: z.boolean(),
  /** What in the server reads the item; null when nothing reads it yet. */
  readBy: z.string().nullable(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type SystemSetting = z.infer<typeof systemSettingSchema>;

export const listSettingsBodySchema = listRequestSchema(
  z.strictObject({
    item: z.string().trim().max(64).optional(),
    group: settingGroupSchema.optional(),
  }),
  ['item', 'updatedAt'],
);
export const listSettingsRetSchema = listResultSchema(systemSettingSchema);

export const saveSettingBodySchema = z.strictObject({
  item: settingKeySchema,
  value: notEmpty(2000),
  type: settingTypeSchema,
  group: settingGroupSchema.default('general'),
  remarks: notEmpty(500),
  /** True to create a new item (409 when it exists); false to change an existing one (404). */
  create: z.boolean().default(false),
});
export type SaveSettingBody = z.input<typeof saveSettingBodySchema>;

export const deleteSettingBodySchema = z.strictObject({ item: settingKeySchema });

/* ------------------------------------------------------------------------------------------ *
 * App configuration (docs/product.md §3: telephone, help page, privacy, terms, loan agreement
 * URLs).
 * ------------------------------------------------------------------------------------------ */

/** An address the app opens: https only, at most 500 characters. */
export const httpsUrlSchema = z
  .string()
  .trim()
  .max(500)
  .refine((text) => {
    try {
      const url = new URL(text);
      return url.protocol === 'https:' && url.hostname.includes('.');
    } catch {
      return false;
    }
  }, 'must be an https:// address')
  .meta({ format: 'uri', description: 'An https:// address, at most 500 characters.' });

/** A customer-care number: an Indian mobile, or a toll-free/landline number (digits, + - space). */
export const carePhoneSchema = z
  .string()
  .trim()
  .max(20)
  .regex(/^\+?[0-9][0-9 -]{6,18}[0-9]$/, 'must be a telephone number (digits, spaces, dashes)');

export const appConfigSchema = z.strictObject({
  telephone: carePhoneSchema,
  helpUrl: httpsUrlSchema,
  privacyUrl: httpsUrlSchema,
  termsUrl: httpsUrlSchema,
  loanAgreementUrl: httpsUrlSchema,
});
export type AppConfig = z.infer<typeof appConfigSchema>;
export const appConfigViewSchema = z.object({
  telephone: z.string(),
  helpUrl: z.string(),
  privacyUrl: z.string(),
  termsUrl: z.string(),
  loanAgreementUrl: z.string(),
  updatedAt: z.string().nullable(),
});

/* ------------------------------------------------------------------------------------------ *
 * App version releases (docs/product.md §3: version number, update content, force update, package
 * address).
 * ------------------------------------------------------------------------------------------ */

/** A semantic version `major.minor.patch` (each 0–9999). */
export const versionNumberSchema = z
  .string()
  .trim()
  .regex(/^(0|[1-9]\d{0,3})\.(0|[1-9]\d{0,3})\.(0|[1-9]\d{0,3})$/, 'must look like 1.4.2');

export const appVersionSchema = z.object({
  version: z.string(),
  content: z.string(),
  forceUpdate: z.boolean(),
  packageUrl: z.string(),
  releasedAt: z.string(),
  releasedBy: z.string().nullable(),
});
export type AppVersion = z.infer<typeof appVersionSchema>;

export const listVersionsBodySchema = listRequestSchema(
  z.strictObject({ forceUpdate: z.boolean().optional() }),
  ['version', 'releasedAt'],
);
export const listVersionsRetSchema = listResultSchema(appVersionSchema);

export const saveVersionBodySchema = z.strictObject({
  version: versionNumberSchema,
  content: notEmpty(2000),
  forceUpdate: z.boolean(),
  packageUrl: httpsUrlSchema,
  /** True for a new release (409 when that version exists); false to edit one. */
  create: z.boolean().default(true),
});
export type SaveVersionBody = z.input<typeof saveVersionBodySchema>;
export const deleteVersionBodySchema = z.strictObject({ version: versionNumberSchema });

/* ------------------------------------------------------------------------------------------ *
 * SMS templates, gateway settings and the messages sent.
 * ------------------------------------------------------------------------------------------ */

export const smsCategorySchema = z.enum(['transactional', 'service', 'promotional']);
export const smsLanguageSchema = z.enum(['en', 'hi']);

export const smsTemplateSchema = z.object({
  code: z.string(),
  name: z.string(),
  dltTemplateId: z.string(),
  senderId: z.string(),
  category: smsCategorySchema,
  language: smsLanguageSchema,
  text: z.string(),
  /** The variables the text names (`{#code#}` → `code`). */
  variables: z.array(z.string()),
  enabled: z.boolean(),
  updatedAt: z.string(),
});
export type SmsTemplate = z.infer<typeof smsTemplateSchema>;

export const listSmsTemplatesBodySchema = listRequestSchema(
  z.strictObject({
    category: smsCategorySchema.optional(),
    enabled: z.boolean().optional(),
    text: z.string().trim().max(100).optional(),
  }),
  ['code', 'updatedAt'],
);
export const listSmsTemplatesRetSchema = listResultSchema(smsTemplateSchema);

/** A DLT header (sender id): 6 capital letters (transactional/service) or 6 digits (promotional). */
export const senderIdSchema = z
  .string()
  .trim()
  .regex(/^([A-Z]{6}|[0-9]{6})$/, 'must be 6 capital letters or 6 digits');

export const saveSmsTemplateBodySchema = z.strictObject({
  code: settingKeySchema,
  name: notEmpty(100),
  /** DLT content template id, as registered with the operator (19 digits). */
  dltTemplateId: z
    .string()
    .trim()
    .regex(/^\d{19}$/, 'must be the 19-digit DLT template id'),
  senderId: senderIdSchema,
  category: smsCategorySchema,
  language: smsLanguageSchema,
  text: notEmpty(1000),
  enabled: z.boolean(),
  create: z.boolean().default(false),
});
export type SaveSmsTemplateBody = z.input<typeof saveSmsTemplateBodySchema>;
export const setSmsTemplateEnabledBodySchema = z.strictObject({
  code: settingKeySchema,
  enabled: z.boolean(),
});

/**
 * The SMS providers the configuration may name, and those an adapter is built for (decision
 * 0079). Saving an unbuilt one is refused (4175): the screen offers them disabled, marked not
 * built, rather than as if they worked.
 */
export const SMS_PROVIDERS = ['sandbox', 'msg91', 'gupshup', 'kaleyra'] as const;
export type SmsProvider = (typeof SMS_PROVIDERS)[number];
export const BUILT_SMS_PROVIDERS: readonly SmsProvider[] = ['sandbox', 'msg91'];
export const smsProviderSchema = z.enum(SMS_PROVIDERS);

export const smsConfigViewSchema = z.object({
  /** The provider saved on the screen. */
  provider: z.string(),
  /**
   * The provider the next message goes through: the saved one, except on a server whose
   * environment allows only the sandbox (`SMS_GATEWAY=sandbox`), where it is always `sandbox`.
   */
  providerInForce: z.string(),
  /** Whether this server's environment lets a live provider be chosen (`SMS_GATEWAY=live`). */
  liveProvidersAllowed: z.boolean(),
  senderIds: z.array(z.string()),
  ratePerMinute: z.int(),
  quietStart: z.string(),
  quietEnd: z.string(),
  /** Whether an API key is stored; the key itself is never returned. */
  apiKeySet: z.boolean(),
  /** The last 4 characters of the key, for staff to recognise it. */
  apiKeyHint: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type SmsConfigView = z.infer<typeof smsConfigViewSchema>;

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const clockTimeSchema = z.string().trim().regex(CLOCK_TIME, 'must be a time HH:MM');

export const saveSmsConfigBodySchema = z
  .strictObject({
    provider: smsProviderSchema,
    /** The DLT headers templates may send with; removing one an enabled template uses is 4179. */
    senderIds: z.array(senderIdSchema).min(1).max(20),
    /**
     * The most messages the gateway takes per minute: marketing campaigns are held to what is
     * left of it; transactional messages (OTPs, reminders) count against it but always go.
     */
    ratePerMinute: z.int().min(1).max(100_000),
    quietStart: clockTimeSchema,
    quietEnd: clockTimeSchema,
    /**
     * A new key replaces the stored one; absent keeps it. Never read back. A live provider
     * (msg91) needs one saved, else 400 naming apiKey.
     */
    apiKey: z.string().trim().min(8).max(200).optional(),
  })
  // Quiet hours may narrow TRAI's promotional window, never widen it (decision 0049).
  .superRefine((body, ctx) => {
    if (!CLOCK_TIME.test(body.quietStart) || !CLOCK_TIME.test(body.quietEnd)) return;
    const problem = quietHoursProblem(body.quietStart, body.quietEnd);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  })
  .meta(
    crossFieldRules(
      `quiet hours run overnight: quietEnd is earlier than quietStart, quietStart is ${LAWFUL_PROMOTIONAL_HOURS.end} or earlier and quietEnd ${LAWFUL_PROMOTIONAL_HOURS.start} or later (TRAI's promotional hours, India time)`,
    ),
  );
export type SaveSmsConfigBody = z.input<typeof saveSmsConfigBodySchema>;

export const smsStatusSchema = z.enum(['queued', 'sent', 'delivered', 'failed']);
export const smsMessageViewSchema = z.object({
  id: z.int(),
  phone: z.string(),
  templateCode: z.string(),
  templateName: z.string().nullable(),
  status: smsStatusSchema,
  provider: z.string(),
  gatewayId: z.string(),
  errorCode: z.string().nullable(),
  sentAt: z.string(),
  updatedAt: z.string(),
});
export const listSmsMessagesBodySchema = listRequestSchema(
  withRanges(
    z.strictObject({
      phone: phoneSearchSchema.optional(),
      templateCode: z.string().trim().max(64).optional(),
      status: smsStatusSchema.optional(),
      dateFrom: z.iso.date().optional(),
      dateTo: z.iso.date().optional(),
    }),
    ['dateFrom', 'dateTo'],
  ),
  ['sentAt', 'id'],
);
export const listSmsMessagesRetSchema = listResultSchema(smsMessageViewSchema);

/* ------------------------------------------------------------------------------------------ *
 * Acquisition channels.
 * ------------------------------------------------------------------------------------------ */

export const channelStatusSchema = z.enum(['available', 'unavailable']);
export const channelSchema = z.object({
  code: z.string(),
  name: z.string(),
  partner: z.string(),
  link: z.string(),
  status: channelStatusSchema,
  /** Borrowers registered through the channel. */
  registrations: z.int(),
  updatedAt: z.string(),
});
export type Channel = z.infer<typeof channelSchema>;
export const listChannelsBodySchema = listRequestSchema(
  z.strictObject({
    code: z.string().trim().max(64).optional(),
    status: channelStatusSchema.optional(),
  }),
  ['code', 'updatedAt'],
);
export const listChannelsRetSchema = listResultSchema(channelSchema);
export const saveChannelBodySchema = z.strictObject({
  code: settingKeySchema,
  name: notEmpty(100),
  partner: notEmpty(100),
  link: httpsUrlSchema,
  status: channelStatusSchema,
  create: z.boolean().default(false),
});
export type SaveChannelBody = z.input<typeof saveChannelBodySchema>;

/* ------------------------------------------------------------------------------------------ *
 * Borrower API: the app's configuration and the version check.
 * ------------------------------------------------------------------------------------------ */

export const appClientConfigRetSchema = z.object({
  telephone: z.string(),
  helpUrl: z.string(),
  privacyUrl: z.string(),
  termsUrl: z.string(),
  loanAgreementUrl: z.string(),
  /** Days after a rejection before the borrower may apply again (system item reapply_after_days). */
  reapplyAfterDays: z.int(),
  /** Languages the app offers (system item app_supported_languages). */
  languages: z.array(z.string()),
});
export const versionCheckBodySchema = z.strictObject({ version: versionNumberSchema });
export const versionCheckRetSchema = z.object({
  /** `none`: up to date; `optional`: a newer release; `force`: must update before going on. */
  update: z.enum(['none', 'optional', 'force']),
  latest: z
    .object({
      version: z.string(),
      content: z.string(),
      packageUrl: z.string(),
    })
    .nullable(),
});
export type VersionCheckRet = z.infer<typeof versionCheckRetSchema>;

/* ------------------------------------------------------------------------------------------ *
 * Telemarketing: the one-time codes sent (customerVerifyCode).
 * ------------------------------------------------------------------------------------------ */

export const otpPurposeFilterSchema = z.enum(['login', 'loanAcceptance']);
/** live: can still be used; used; closed: superseded by a newer code or too many attempts; expired. */
export const verifyCodeStatusSchema = z.enum(['live', 'used', 'closed', 'expired']);
export type VerifyCodeStatus = z.infer<typeof verifyCodeStatusSchema>;

export const verifyCodeRowSchema = z.object({
  id: z.int(),
  phone: z.string(),
  purpose: otpPurposeFilterSchema,
  status: verifyCodeStatusSchema,
  attempts: z.int(),
  sentAt: z.string(),
  expiresAt: z.string(),
  /** The SMS's delivery status, when the gateway has reported it. */
  delivery: smsStatusSchema.nullable(),
});
export type VerifyCodeRow = z.infer<typeof verifyCodeRowSchema>;
export const listVerifyCodesBodySchema = listRequestSchema(
  withRanges(
    z.strictObject({
      phone: phoneSearchSchema.optional(),
      purpose: otpPurposeFilterSchema.optional(),
      status: verifyCodeStatusSchema.optional(),
      dateFrom: z.iso.date().optional(),
      dateTo: z.iso.date().optional(),
    }),
    ['dateFrom', 'dateTo'],
  ),
  ['sentAt', 'id'],
);
export const listVerifyCodesRetSchema = listResultSchema(verifyCodeRowSchema);
export const revealVerifyCodeBodySchema = z.strictObject({ id: idSchema });
export const revealVerifyCodeRetSchema = z.object({ code: z.string() });

/* ------------------------------------------------------------------------------------------ *
 * Payment channel statistics (trxStatistcs).
 * ------------------------------------------------------------------------------------------ */

export const trxDirectionSchema = z.enum(['payout', 'collection']);
export const trxStatisticsBodySchema = withRanges(
  z.strictObject({
    /** India dates, both inclusive, at most 92 days. */
    dateFrom: z.iso.date(),
    dateTo: z.iso.date(),
    direction: trxDirectionSchema.optional(),
  }),
  ['dateFrom', 'dateTo'],
);
export const trxStatisticsRowSchema = z.object({
  day: z.string(),
  direction: trxDirectionSchema,
  channel: z.string(),
  count: z.int(),
  /** Payouts processed / collections not reversed. */
  successCount: z.int(),
  amountPaise: paiseSchema,
  successAmountPaise: paiseSchema,
  /** Share of the count that succeeded, in ppm. */
  successPpm: z.int(),
  /**
   * Payouts: mean seconds from creation to the gateway's processed report. Collections: null
   * (the gateway reports a credit once it has settled; there is no pending stage to time).
   */
  averageSettleSeconds: z.int().nullable(),
});
export type TrxStatisticsRow = z.infer<typeof trxStatisticsRowSchema>;
export const trxStatisticsRetSchema = z.object({ list: z.array(trxStatisticsRowSchema) });
