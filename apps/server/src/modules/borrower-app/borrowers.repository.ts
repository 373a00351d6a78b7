import { and, count, desc, eq, gt, isNull, lte, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { customers } from '../loan-book/tables.js';
import {
  borrowerAccounts,
  borrowerSessions,
  otpRequests,
  type BorrowerAccountRow,
  type OtpPurposeColumn,
} from './borrowers.table.js';

export async function findBorrowerByPhone(db: Executor, phone: string) {
  const [row] = await db.select().from(borrowerAccounts).where(eq(borrowerAccounts.phone, phone));
  return row;
}

export async function findBorrower(
  db: Executor,
  id: number,
): Promise<BorrowerAccountRow | undefined> {
  const [row] = await db.select().from(borrowerAccounts).where(eq(borrowerAccounts.id, id));
  return row;
}

/** Registers the phone, or finds the account a concurrent verification just made. */
export async function registerBorrower(
  db: Executor,
  values: { phone: string; registrationDate: string; channel: string; at: Date },
): Promise<{ row: BorrowerAccountRow; created: boolean }> {
  const [created] = await db
    .insert(borrowerAccounts)
    .values({
      phone: values.phone,
      registrationDate: values.registrationDate,
      registeredAt: values.at,
      channel: values.channel,
      updatedAt: values.at,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return { row: created, created: true };
  return { row: (await findBorrowerByPhone(db, values.phone))!, created: false };
}

export async function updateBorrower(
  db: Executor,
  id: number,
  patch: Partial<Omit<typeof borrowerAccounts.$inferInsert, 'id' | 'phone'>>,
): Promise<BorrowerAccountRow> {
  const [row] = await db
    .update(borrowerAccounts)
    .set(patch)
    .where(eq(borrowerAccounts.id, id))
    .returning();
  return row!;
}

/** Changes the account of a phone number (none changed when there is none). */
export async function updateBorrowerByPhone(
  db: Executor,
  phone: string,
  patch: Partial<Omit<typeof borrowerAccounts.$inferInsert, 'id' | 'phone'>>,
): Promise<void> {
  await db.update(borrowerAccounts).set(patch).where(eq(borrowerAccounts.phone, phone));
}

export async function findBorrowerByPan(db: Executor, pan: string) {
  const [row] = await db.select().from(borrowerAccounts).where(eq(borrowerAccounts.pan, pan));
  return row;
}

export async function insertSession(
  db: Executor,
  values: { borrowerId: number; tokenHash: string; at: Date; expiresAt: Date },
) {
  await db.insert(borrowerSessions).values({
    borrowerId: values.borrowerId,
    tokenHash: values.tokenHash,
    createdAt: values.at,
    lastSeenAt: values.at,
    expiresAt: values.expiresAt,
  });
}

export async function liveSessionOf(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .update(borrowerSessions)
    .set({ lastSeenAt: now })
    .where(
      and(
        eq(borrowerSessions.tokenHash, tokenHash),
        isNull(borrowerSessions.revokedAt),
        gt(borrowerSessions.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

export async function revokeSession(db: Executor, sessionId: number, at: Date) {
  await db
    .update(borrowerSessions)
    .set({ revokedAt: at })
    .where(and(eq(borrowerSessions.id, sessionId), isNull(borrowerSessions.revokedAt)));
}

/** Serialises OTP requests of one phone (rate limits counted without a race). */
export async function lockPhone(db: Executor, phone: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${phone}`}))`);
}

/** Live codes past their expiry are erased (the telemarketing screen must not show them). */
export async function eraseExpiredCodes(db: Executor, now: Date) {
  await db
    .update(otpRequests)
    .set({ liveCode: null })
    .where(and(isNotNull(otpRequests.liveCode), lte(otpRequests.expiresAt, now)));
}

export async function otpCountSince(
  db: Executor,
  by: { phone?: string; purpose?: OtpPurposeColumn; ip?: string },
  since: Date,
): Promise<{ n: number; oldest: Date | null }> {
  const [row] = await db
    .select({ n: count(), oldest: sql<string | Date | null>`min(${otpRequests.createdAt})` })
    .from(otpRequests)
    .where(
      and(
        by.phone ? eq(otpRequests.phone, by.phone) : undefined,
        by.purpose ? eq(otpRequests.purpose, by.purpose) : undefined,
        by.ip ? eq(otpRequests.requestedIp, by.ip) : undefined,
        gt(otpRequests.createdAt, since),
      ),
    );
  return { n: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

export async function closeOpenCodes(
  db: Executor,
  phone: string,
  purpose: OtpPurposeColumn,
  at: Date,
) {
  await db
    .update(otpRequests)
    .set({ closedAt: at, liveCode: null })
    .where(
      and(
        eq(otpRequests.phone, phone),
        eq(otpRequests.purpose, purpose),
        isNull(otpRequests.consumedAt),
        isNull(otpRequests.closedAt),
      ),
    );
}

export async function insertOtpRequest(db: Executor, values: typeof otpRequests.$inferInsert) {
  const [row] = await db.insert(otpRequests).values(values).returning();
  return row!;
}

export async function setOtpMessageId(db: Executor, id: number, messageId: string) {
  await db.update(otpRequests).set({ smsMessageId: messageId }).where(eq(otpRequests.id, id));
}

/** The newest open code of the phone and purpose, locked for the verification. */
export async function lockOpenCode(db: Executor, phone: string, purpose: OtpPurposeColumn) {
  const [row] = await db
    .select()
    .from(otpRequests)
    .where(
      and(
        eq(otpRequests.phone, phone),
        eq(otpRequests.purpose, purpose),
        isNull(otpRequests.consumedAt),
        isNull(otpRequests.closedAt),
      ),
    )
    .orderBy(desc(otpRequests.id))
    .limit(1)
    .for('update');
  return row;
}

export async function updateOtpRequest(
  db: Executor,
  id: number,
  patch: Partial<
    Pick<typeof otpRequests.$inferInsert, 'attempts' | 'liveCode' | 'consumedAt' | 'closedAt'>
  >,
) {
  await db.update(otpRequests).set(patch).where(eq(otpRequests.id, id));
}

export async function findOtpRequest(db: Executor, id: number) {
  const [row] = await db.select().from(otpRequests).where(eq(otpRequests.id, id));
  return row;
}

/**
 * The accounts whose bank account awaits its penny drop, oldest first, with the account their
 * customer saved (the book's customer row).
 */
export function pendingBankVerifications(db: Executor, limit: number) {
  return db
    .select({
      borrowerId: borrowerAccounts.id,
      customerId: customers.id,
      name: customers.name,
      bankName: customers.bankName,
      accountNumber: customers.bankAccountNumber,
      ifsc: customers.ifsc,
    })
    .from(borrowerAccounts)
    .innerJoin(customers, eq(customers.id, borrowerAccounts.customerId))
    .where(eq(borrowerAccounts.bankVerification, 'pending'))
    .orderBy(borrowerAccounts.id)
    .limit(limit);
}

/** Records the penny drop's outcome on an account still pending. */
export async function settleBankVerification(
  tx: Executor,
  borrowerId: number,
  outcome: { verified: boolean; reference: string; at: Date },
): Promise<void> {
  await tx
    .update(borrowerAccounts)
    .set({
      bankVerification: outcome.verified ? 'verified' : 'failed',
      bankVerificationRef: outcome.reference,
      updatedAt: outcome.at,
    })
    .where(
      and(eq(borrowerAccounts.id, borrowerId), eq(borrowerAccounts.bankVerification, 'pending')),
    );
}

/** The accounts registered through an acquisition channel (the channel list's figure). */
export async function registrationsByChannel(db: Executor, channel: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(borrowerAccounts)
    .where(and(eq(borrowerAccounts.channel, channel)));
  return Number(row?.n ?? 0);
}
