import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export type SmsStatus = 'queued' | 'sent' | 'delivered' | 'failed';

/**
 * Every SMS handed to the gateway and its delivery receipt. Receipts arrive out of order and
 * more than once: the status only moves forward (queued → sent → delivered | failed).
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    providerMessageId: text('provider_message_id').notNull(),
    phone: text('phone').notNull(),
    templateId: text('template_id').notNull(),
    status: text('status').$type<SmsStatus>().notNull(),
    errorCode: text('error_code'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    check('sms_messages_status', sql`${table.status} in ('queued', 'sent', 'delivered', 'failed')`),
    uniqueIndex('sms_messages_provider_message_key').on(table.provider, table.providerMessageId),
    index('sms_messages_phone_idx').on(table.phone, table.createdAt),
    // A sign-in code's delivery, joined by the gateway's message id alone (the code does not
    // keep the provider): without it the verify-code list hashed every message of the book to
    // count a page (765 ms at 200,000 orders, decision 0092).
    index('sms_messages_provider_message_idx').on(table.providerMessageId),
  ],
);

export type SmsMessageRow = typeof smsMessages.$inferSelect;
