import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export type BankVerification = 'none' | 'pending' | 'verified' | 'failed';

/**
 * A borrower's app account: registered by verifying a phone OTP (registration date, channel).
 * The loan-book customer is created when the profile (KYC) is saved; what the app keeps beside
 * it is the profile as entered: occupation, income and PAN, and Aadhaar only as last 4 digits
 * + the loan book's keyed hash (docs/domain.md).
 */
export const borrowerAccounts = pgTable(
  'borrower_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phone: text('phone').notNull(),
    registrationDate: date('registration_date', { mode: 'string' }).notNull(),
    registeredAt: timestamp('registered_at', { withTimezone: true, mode: 'date' }).notNull(),
    channel: text('channel').notNull().default(''),
    customerId: integer('customer_id'),
    name: text('name'),
    birthDate: date('birth_date', { mode: 'string' }),
    region: text('region'),
    occupation: text('occupation'),
    monthlyIncomePaise: bigint('monthly_income_paise', { mode: 'bigint' }),
    pan: text('pan'),
    aadhaarLast4: text('aadhaar_last4'),
    aadhaarHash: text('aadhaar_hash'),
    bankVerification: text('bank_verification').$type<BankVerification>().notNull().default('none'),
    bankVerificationRef: text('bank_verification_ref'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    check('borrower_accounts_phone', sql`${table.phone} ~ '^[6-9][0-9]{9}$'`),
    check(
      'borrower_accounts_pan',
      sql`${table.pan} is null or ${table.pan} ~ '^[A-Z]{5}[0-9]{4}[A-Z]$'`,
    ),
    check(
      'borrower_accounts_aadhaar_last4',
      sql`${table.aadhaarLast4} is null or ${table.aadhaarLast4} ~ '^[0-9]{4}$'`,
    ),
    check(
      'borrower_accounts_bank_verification',
      sql`${table.bankVerification} in ('none', 'pending', 'verified', 'failed')`,
    ),
    uniqueIndex('borrower_accounts_phone_key').on(table.phone),
    uniqueIndex('borrower_accounts_customer_key').on(table.customerId),
    uniqueIndex('borrower_accounts_pan_key').on(table.pan),
    uniqueIndex('borrower_accounts_aadhaar_key').on(table.aadhaarHash),
    index('borrower_accounts_registration_idx').on(table.registrationDate),
  ],
);

export type BorrowerAccountRow = typeof borrowerAccounts.$inferSelect;

/** Borrower sessions: the opaque token is stored only as its SHA-256 (docs/security.md). */
export const borrowerSessions = pgTable(
  'borrower_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowerAccounts.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('borrower_sessions_token_key').on(table.tokenHash),
    index('borrower_sessions_borrower_idx').on(table.borrowerId),
  ],
);

export type OtpPurposeColumn = 'login' | 'loanAcceptance';

/**
 * One-time passwords sent by SMS. Verification compares a keyed hash (constant time). The code
 * itself is kept only while it is live, because the telemarketing 'customer verify code'
 * screen reads it to a borrower whose SMS did not arrive; it is erased when the code is used,
 * superseded, exhausted or expired (docs/decisions/0013).
 */
export const otpRequests = pgTable(
  'otp_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phone: text('phone').notNull(),
    purpose: text('purpose').$type<OtpPurposeColumn>().notNull(),
    codeHash: text('code_hash').notNull(),
    /** The live code for the telemarketing screen; null once used, superseded or expired. */
    liveCode: text('live_code'),
    attempts: integer('attempts').notNull().default(0),
    requestedIp: text('requested_ip').notNull(),
    smsMessageId: text('sms_message_id'),
    templateId: text('template_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    /** Superseded by a newer code, or exhausted by wrong attempts. */
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    check('otp_requests_purpose', sql`${table.purpose} in ('login', 'loanAcceptance')`),
    index('otp_requests_phone_idx').on(table.phone, table.createdAt),
    index('otp_requests_ip_idx').on(table.requestedIp, table.createdAt),
    index('otp_requests_live_idx')
      .on(table.expiresAt)
      .where(sql`${table.liveCode} is not null`),
  ],
);

export type OtpRequestRow = typeof otpRequests.$inferSelect;
