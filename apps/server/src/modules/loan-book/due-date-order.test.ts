import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOrder } from '../../shared/list-query.js';
import { queryRows } from '../../shared/sql-rows.js';
import { buildTestApp, type TestApp } from '../../shared/testing/build-test-app.js';
import { loanOrders } from './loan-orders.table.js';

/**
 * The due date may be null (an order has none until it is disbursed), so listOrder sorts it
 * nulls first ascending and nulls last descending. The migrated indexes on it are built in that
 * order (migration 0019), so the order list and the repayment plan read a page from an index
 * in order, either way, instead of sorting every order first.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function plan(order: 'asc' | 'desc', owing: boolean): Promise<string> {
  return t.db.transaction(async (tx) => {
    // An empty book: make the planner show what it would do on a large one.
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    const orderBy = listOrder(
      { dueDate: loanOrders.dueDate },
      loanOrders.id,
      {
        field: 'dueDate',
        order,
      },
      { field: 'dueDate', order },
    );
    const where = owing
      ? sql`where ${inArray(loanOrders.status, ['ACTIVE', 'DUE', 'OVERDUE'])}`
      : sql``;
    const lines = await queryRows(
      tx,
      sql`explain select ${loanOrders.id} from ${loanOrders} ${where}
          order by ${sql.join(orderBy, sql`, `)} limit 20`,
    );
    return lines.map((line) => String(Object.values(line)[0])).join('\n');
  });
}

describe('lists sorted by due date', () => {
  it.each([
    ['the order list', false],
    ['the repayment plan (orders with money owing)', true],
  ] as const)(
    '%s reads its page from an index in order, ascending and descending',
    async (_, owing) => {
      for (const order of ['asc', 'desc'] as const) {
        const shown = await plan(order, owing);
        expect(shown).not.toMatch(/Sort/);
        expect(shown).toMatch(owing ? /loan_orders_owing_due_idx/ : /loan_orders_due_date_idx/);
      }
    },
  );
});
