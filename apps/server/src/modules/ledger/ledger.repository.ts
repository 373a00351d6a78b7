import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  addDays,
  assertBalanced,
  type Account,
  type Component,
  type Journal,
  type LedgerEventType,
} from '@lending/lending';
import type { Executor } from '../../plugins/db.js';
import { intFromDb, paiseFromDb } from '../../shared/paise.js';
import { queryRows } from '../../shared/sql-rows.js';
import { ledgerPeriodForPosting } from './ledger-period.repository.js';
import { ledgerEntries, ledgerJournals } from './ledger.table.js';

export interface JournalToPost {
  /** Null for wallet and payout-account journals (decision 0043). */
  orderId: number | null;
  journal: Journal;
  idempotencyKey: string;
  businessDate: string;
  at: Date;
  reversesJournalId?: number;
  /** A value-dated posting's day (decision 0022); absent: the business date. */
  valueDate?: string;
  /**
   * Why it is posted on another day than the one it belongs to ("value date X, posted Y"):
   * kept on the journal, shown by the adjustments report.
   */
  reason?: string;
}

/**
 * A journal whose business date is closed (its day-end completed) is booked on the first open
 * business day instead, closed-through + 1, and keeps the day it belongs to as its value date,
 * with a reason: so a closed day's trial balance never changes after its day-end (the trigger
 * of migration 0034 refuses it otherwise). A journal of an open day is left as it is.
 */
export function bookOnOpenDay(journal: JournalToPost, closedThrough: string | null): JournalToPost {
  if (closedThrough === null || journal.businessDate > closedThrough) return journal;
  return {
    ...journal,
    businessDate: addDays(closedThrough, 1),
    valueDate: journal.valueDate ?? journal.businessDate,
    reason: journal.reason ?? `belongs to closed day ${journal.businessDate}`,
  };
}

/**
 * Posts journals (each asserted balanced) with their entries, in one statement: the journals
 * and the entries go as arrays (`unnest`), so a day-end batch of a thousand journals is one
 * round trip and no per-row value building (issue #15). Entries are inserted in the journals'
 * and lines' order (`ordinality`), so their ids keep each journal's line order. Append-only:
 * nothing here ever updates or deletes a ledger row. A journal of a closed business day is
 * booked on the first open one (`bookOnOpenDay`). Returns the journal ids in order.
 */
export async function postJournals(tx: Executor, toPost: JournalToPost[]): Promise<number[]> {
  if (toPost.length === 0) return [];
  for (const j of toPost) assertBalanced(j.journal);
  const { closedThrough } = await ledgerPeriodForPosting(tx);
  const journals = toPost.map((j) => bookOnOpenDay(j, closedThrough));
  const lines = journals.flatMap((j) =>
    j.journal.lines.map((line) => ({ key: j.idempotencyKey, line })),
  );
  const column = <T>(values: T[]) => sql.param(values);
  const rows = await queryRows(
    tx,
    sql`
    with journal as (
      insert into ledger_journals (order_id, event_type, reverses_event_type, reverses_journal_id,
        idempotency_key, business_date, value_date, reason, at)
      select * from unnest(
        ${column(journals.map((j) => j.orderId))}::int[],
        ${column(journals.map((j) => j.journal.event))}::text[],
        ${column(journals.map((j) => j.journal.reverses ?? null))}::text[],
        ${column(journals.map((j) => j.reversesJournalId ?? null))}::bigint[],
        ${column(journals.map((j) => j.idempotencyKey))}::text[],
        ${column(journals.map((j) => j.businessDate))}::date[],
        ${column(journals.map((j) => j.valueDate ?? null))}::date[],
        ${column(journals.map((j) => j.reason ?? null))}::text[],
        ${column(journals.map((j) => j.at.toISOString()))}::timestamptz[])
      returning id, idempotency_key
    ),
    entry as (
      insert into ledger_entries (journal_id, account, component, amount_paise)
      select journal.id, e.account, e.component, e.amount
      from unnest(
        ${column(lines.map((l) => l.key))}::text[],
        ${column(lines.map((l) => l.line.account))}::text[],
        ${column(lines.map((l) => l.line.component ?? null))}::text[],
        ${column(lines.map((l) => l.line.amount.toString()))}::bigint[])
        with ordinality as e(key, account, component, amount, n)
      join journal on journal.idempotency_key = e.key
      order by e.n
    )
    select id, idempotency_key from journal`,
  );
  const idOf = new Map(rows.map((row) => [String(row.idempotency_key), intFromDb(row.id)]));
  return journals.map((j) => idOf.get(j.idempotencyKey)!);
}

/** A posted journal in the engine's shape (to reverse it line by line). */
export async function loadJournal(db: Executor, journalId: number): Promise<Journal> {
  const [head] = await db.select().from(ledgerJournals).where(eq(ledgerJournals.id, journalId));
  if (!head) throw new Error(`journal ${journalId} not found`);
  const lines = await db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.journalId, journalId))
    .orderBy(asc(ledgerEntries.id));
  return {
    event: head.eventType as LedgerEventType,
    ...(head.reversesEventType ? { reverses: head.reversesEventType as LedgerEventType } : {}),
    lines: lines.map((line) => ({
      account: line.account as Account,
      ...(line.component ? { component: line.component as Component } : {}),
      amount: paiseFromDb(line.amountPaise),
    })),
  };
}

export function journalsOfOrder(db: Executor, orderId: number) {
  return db
    .select()
    .from(ledgerJournals)
    .where(eq(ledgerJournals.orderId, orderId))
    .orderBy(asc(ledgerJournals.id));
}

/** The journal posted under an idempotency key, if any (keys name a command's postings). */
export async function journalByKey(db: Executor, idempotencyKey: string) {
  const [journal] = await db
    .select()
    .from(ledgerJournals)
    .where(eq(ledgerJournals.idempotencyKey, idempotencyKey));
  return journal;
}

export async function journalIdByKey(
  db: Executor,
  idempotencyKey: string,
): Promise<number | undefined> {
  const [journal] = await db
    .select({ id: ledgerJournals.id })
    .from(ledgerJournals)
    .where(eq(ledgerJournals.idempotencyKey, idempotencyKey));
  return journal?.id;
}

/** An order's journals from one on (ids are posting order), oldest first. */
export async function journalIdsOfOrderFrom(
  db: Executor,
  orderId: number,
  fromJournalId: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: ledgerJournals.id })
    .from(ledgerJournals)
    .where(and(eq(ledgerJournals.orderId, orderId), gte(ledgerJournals.id, fromJournalId)))
    .orderBy(asc(ledgerJournals.id));
  return rows.map((row) => row.id);
}

const journalValueDate = sql<string>`coalesce(${ledgerJournals.valueDate}, ${ledgerJournals.businessDate})`;

/** Not undone by a later journal (a value-date reversal or any other). */
const notReversed = sql`not exists (select 1 from ledger_journals r where r.reverses_journal_id = ${ledgerJournals.id})`;

/**
 * An order's accrual journals in effect valued on or after a day, oldest first, with their
 * entries (unordered): what a value-dated repayment restates (decision 0022).
 */
export async function accrualsInEffectFrom(db: Executor, orderId: number, valueDate: string) {
  const heads = await db
    .select({ id: ledgerJournals.id, event: ledgerJournals.eventType, date: journalValueDate })
    .from(ledgerJournals)
    .where(
      and(
        eq(ledgerJournals.orderId, orderId),
        inArray(ledgerJournals.eventType, ['interestAccrual', 'penalAccrual']),
        sql`${journalValueDate} >= ${valueDate}`,
        notReversed,
      ),
    )
    .orderBy(asc(ledgerJournals.id));
  const entries =
    heads.length === 0
      ? []
      : await db
          .select()
          .from(ledgerEntries)
          .where(
            inArray(
              ledgerEntries.journalId,
              heads.map((h) => h.id),
            ),
          );
  return { heads, entries };
}

/**
 * An order's journals of a day on or after `businessDate`, by their event (and what they
 * reverse), each dated by the day it belongs to: its value date when it has one (a journal of
 * a closed day booked on the next open one), else its business date.
 */
export function journalEventsFrom(db: Executor, orderId: number, businessDate: string) {
  return db
    .select({
      event: ledgerJournals.eventType,
      reverses: ledgerJournals.reversesEventType,
      date: journalValueDate,
    })
    .from(ledgerJournals)
    .where(
      and(
        eq(ledgerJournals.orderId, orderId),
        gte(ledgerJournals.businessDate, businessDate),
        sql`${journalValueDate} >= ${businessDate}`,
      ),
    );
}

export function entriesOfJournals(db: Executor, journalIds: number[]) {
  if (journalIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.journalId, journalIds))
    .orderBy(asc(ledgerEntries.id));
}

/**
 * One order's balance of each of `accounts` (debit positive), from its entries: what the loan
 * book's income recognition reads of the suspense before it settles it.
 */
export async function orderAccountBalances(
  db: Executor,
  orderId: number,
  accounts: readonly Account[],
): Promise<Map<Account, bigint>> {
  const rows = await db
    .select({ account: ledgerEntries.account, sum: sql<string>`sum(${ledgerEntries.amountPaise})` })
    .from(ledgerEntries)
    .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
    .where(and(eq(ledgerJournals.orderId, orderId), inArray(ledgerEntries.account, [...accounts])))
    .groupBy(ledgerEntries.account);
  return new Map(rows.map((row) => [row.account as Account, paiseFromDb(row.sum)]));
}
