import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * Configuration tables keyed by their natural key (item, version, channel code), not by an
 * identity column: they are the server's settings, not the demo book, and the demo snapshot
 * neither carries them nor sees a sequence move when the seed writes their defaults.
 */

/** System configuration items (systemConfig, systemConfig2). */
export const systemSettings = pgTable(
  'system_settings',
  {
    item: text('item').primaryKey(),
    value: text('value').notNull(),
    type: text('type').$type<'string' | 'array'>().notNull(),
    group: text('group').$type<'general' | 'operations'>().notNull().default('general'),
    remarks: text('remarks').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedBy: integer('updated_by'),
  },
  (table) => [
    check('system_settings_type', sql`${table.type} in ('string', 'array')`),
    check('system_settings_group', sql`${table.group} in ('general', 'operations')`),
    index('system_settings_group_idx').on(table.group, table.item),
  ],
);
export type SystemSettingRow = typeof systemSettings.$inferSelect;

/** The app configuration: one row (key `app`). */
export const appConfigs = pgTable('app_configs', {
  key: text('key').primaryKey(),
  telephone: text('telephone').notNull(),
  helpUrl: text('help_url').notNull(),
  privacyUrl: text('privacy_url').notNull(),
  termsUrl: text('terms_url').notNull(),
  loanAgreementUrl: text('loan_agreement_url').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  updatedBy: integer('updated_by'),
});

/** App version releases; `sortKey` orders versions numerically (major·10⁸ + minor·10⁴ + patch). */
export const appVersions = pgTable(
  'app_versions',
  {
    version: text('version').primaryKey(),
    sortKey: integer('sort_key').notNull(),
    content: text('content').notNull(),
    forceUpdate: boolean('force_update').notNull(),
    packageUrl: text('package_url').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' }).notNull(),
    releasedBy: integer('released_by'),
  },
  (table) => [index('app_versions_sort_idx').on(table.sortKey)],
);
export type AppVersionRow = typeof appVersions.$inferSelect;

/** The SMS gateway's settings: one row (key `sms`). The API key is write-only. */
export const smsGatewaySettings = pgTable('sms_gateway_settings', {
  key: text('key').primaryKey(),
  provider: text('provider').notNull(),
  senderIds: text('sender_ids').array().notNull(),
  ratePerMinute: integer('rate_per_minute').notNull(),
  quietStart: text('quiet_start').notNull(),
  quietEnd: text('quiet_end').notNull(),
  apiKey: text('api_key'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  updatedBy: integer('updated_by'),
});

/** Acquisition channels; borrower_accounts.channel holds the code a registration came by. */
export const acquisitionChannels = pgTable(
  'acquisition_channels',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    partner: text('partner').notNull(),
    link: text('link').notNull(),
    status: text('status').$type<'available' | 'unavailable'>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    check('acquisition_channels_status', sql`${table.status} in ('available', 'unavailable')`),
    index('acquisition_channels_status_idx').on(table.status, table.code),
  ],
);
