import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * SMS templates as registered on the DLT platform (TRAI): only an enabled template is sent
 * (sendSms checks). Keyed by the code the server sends with (`otp_login_v1`).
 */
export const smsTemplates = pgTable(
  'sms_templates',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    dltTemplateId: text('dlt_template_id').notNull(),
    senderId: text('sender_id').notNull(),
    category: text('category').$type<'transactional' | 'service' | 'promotional'>().notNull(),
    language: text('language').$type<'en' | 'hi'>().notNull(),
    text: text('text').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    check(
      'sms_templates_category',
      sql`${table.category} in ('transactional', 'service', 'promotional')`,
    ),
    index('sms_templates_category_idx').on(table.category, table.code),
  ],
);
export type SmsTemplateRow = typeof smsTemplates.$inferSelect;
