import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Borrowers (docs/product.md §3 customer labels). Aadhaar is never stored whole (docs/domain.md):
 * only its last 4 digits and a keyed HMAC-SHA256 (`AADHAAR_HASH_KEY`) to find duplicates. PAN is
 * kept as issued (it is printed on the key fact statement and bank mandates).
 */
export const customers = pgTable(
  'customers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    idType: text('id_type').$type<'aadhaar' | 'pan'>().notNull(),
    /** PAN as issued; null for Aadhaar. */
    idNumber: text('id_number'),
    /** Last 4 digits of the Aadhaar number; null for PAN. */
    idLast4: text('id_last4'),
    /** HMAC-SHA256 of the Aadhaar number under the server key (hex); null for PAN. */
    idHash: text('id_hash'),
    phone: text('phone').notNull(),
    birthDate: date('birth_date', { mode: 'string' }),
    region: text('region').notNull().default(''),
    registrationDate: date('registration_date', { mode: 'string' }).notNull(),
    customerType: text('customer_type').$type<'new' | 'old'>().notNull().default('new'),
    channel: text('channel').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    bankAccountNumber: text('bank_account_number').notNull().default(''),
    ifsc: text('ifsc').notNull().default(''),
    bankAccountVerified: boolean('bank_account_verified').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    check('customers_id_type', sql`${table.idType} in ('aadhaar', 'pan')`),
    check(
      'customers_id_shape',
      sql`(${table.idType} = 'aadhaar' and ${table.idNumber} is null and ${table.idLast4} ~ '^[0-9]{4}$' and ${table.idHash} is not null)
       or (${table.idType} = 'pan' and ${table.idNumber} ~ '^[A-Z]{5}[0-9]{4}[A-Z]$' and ${table.idLast4} is null and ${table.idHash} is null)`,
    ),
    check('customers_phone', sql`${table.phone} ~ '^[6-9][0-9]{9}$'`),
    check('customers_ifsc', sql`${table.ifsc} = '' or ${table.ifsc} ~ '^[A-Z]{4}0[A-Z0-9]{6}$'`),
    check('customers_type', sql`${table.customerType} in ('new', 'old')`),
    uniqueIndex('customers_aadhaar_hash_key').on(table.idHash),
    uniqueIndex('customers_pan_key').on(table.idNumber),
    index('customers_phone_idx').on(table.phone),
    // The dashboard counts the day's registrations of customers without an app account.
    index('customers_registration_idx').on(table.registrationDate, table.id),
  ],
);

export type CustomerRow = typeof customers.$inferSelect;
