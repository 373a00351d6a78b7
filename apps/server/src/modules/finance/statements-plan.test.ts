import { desc, sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../shared/sql-rows.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { orderLoanDays, repaymentLines } from './finance.repository.js';

/**
 * The statements open with no filter, over all time. On the 300,000-order scale book the
 * disbursement statement joined every payout to its order for the totals and sorted every
 * payout for its first page, and the repayment statement matched every journal of the ledger
 * (accruals mostly) against the repayments: 1.2–1.4 s each. Now the disbursement totals read
 * payouts alone (a payout keeps its gross, fee and GST, migration 0029), its page is its index
 * read backwards, and the repayment lines come from the repayments by their own indexes.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function plan(query: SQLWrapper): Promise<string> {
  return t.db.transaction(async (tx) => {
    // An empty book: make the planner show what it would do on a large one.
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    const lines = await queryRows(tx, sql`explain ${query}`);
    return lines.map((line) => String(Object.values(line)[0])).join('\n');
  });
}

describe('the disbursement statement', () => {
  it('counts and sums its days from payouts_statement_idx alone, reading no order', async () => {
    const shown = await plan(orderLoanDays(t.db, undefined));
    expect(shown, shown).toMatch(/Index Only Scan using payouts_statement_idx/);
    expect(shown, shown).not.toMatch(/loan_orders/);
  });
});

describe('the repayment statement', () => {
  it('reads its newest lines from the repayments by journal, never scanning the ledger', async () => {
    const lines = repaymentLines(t.db);
    const shown = await plan(
      t.db.select({ id: lines.journalId }).from(lines).orderBy(desc(lines.journalId)).limit(20),
    );
    expect(shown, shown).toMatch(/Index (Only )?Scan Backward using repayments_journal_idx/);
    expect(shown, shown).toMatch(/using repayments_reversed_journal_idx/);
    expect(shown, shown).not.toMatch(/Scan on ledger_journals/);
  });
});
