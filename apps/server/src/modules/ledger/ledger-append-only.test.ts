import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { queryRows } from '../../shared/sql-rows.js';
import { checkLedger, type LoanBookDeps } from '../loan-book/index.js';
import { loanBookDeps, makeActiveOrder, makeProduct } from '../../testing/loan-book.factories.js';

let t: TestApp;

/** The database's own refusal, under drizzle's "Failed query" wrapper. */
async function refusal(statement: ReturnType<typeof sql>): Promise<string> {
  const error = await t.db.execute(statement).then(
    () => null,
    (caught: unknown) => caught as Error & { cause?: Error },
  );
  return error?.cause?.message ?? error?.message ?? 'accepted';
}
let deps: LoanBookDeps;

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  deps = loanBookDeps(t.db, t.clock);
  const product = await makeProduct(deps);
  await makeActiveOrder(deps, product.id);
});
afterAll(() => t.close());

describe('the ledger is append-only in the database itself', () => {
  it('refuses to change a posted entry', async () => {
    expect(await refusal(sql`UPDATE ledger_entries SET amount_paise = amount_paise + 1`)).toMatch(
      /append-only/,
    );
  });

  it('refuses to remove entries or journals', async () => {
    expect(await refusal(sql`DELETE FROM ledger_entries`)).toMatch(/append-only/);
    expect(await refusal(sql`DELETE FROM ledger_journals`)).toMatch(/append-only/);
  });

  it('leaves the postings as they were', async () => {
    const rows = await queryRows(t.db, sql`SELECT count(*) AS n FROM ledger_entries`);
    expect(Number(rows[0]?.n)).toBeGreaterThan(0);
    const check = await checkLedger(t.db);
    expect(check.unbalancedJournals).toEqual([]);
    expect(check.mismatchedOrders).toEqual([]);
  });
});
