import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loanBookApi } from '@lending/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMigrationsFolder } from '../../plugins/db.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { callEndpoint, loginAs } from '../../testing/factories.js';
import { findOrder, type LoanBookDeps } from './index.js';
import {
  loanBookDeps,
  makeActiveOrder,
  makeApprovedOrder,
  makeProduct,
} from '../../testing/loan-book.factories.js';
import { payouts } from './payouts.table.js';

/**
 * A payout keeps what it paid out against (migration 0029): a disbursal's principal and the
 * processing fee and GST withheld from it, so the disbursement statement sums payouts alone.
 */
let t: TestApp;
let deps: LoanBookDeps;
let admin: string;
let productId: number;

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  deps = loanBookDeps(t.db, t.clock);
  admin = await loginAs(t.app);
  productId = (await makeProduct(deps)).id;
});
afterAll(() => t.close());

async function payoutsOf(orderId: number) {
  return t.db.select().from(payouts).where(eq(payouts.orderId, orderId)).orderBy(payouts.id);
}

describe("a payout's gross, fee and GST withheld", () => {
  it('a disbursal made through the API carries its order’s principal, fee and GST', async () => {
    const order = await makeApprovedOrder(deps, productId, 730_000n);
    const response = await callEndpoint(
      t.app,
      loanBookApi.createPayout,
      { orderId: order.id, idempotencyKey: 'payout-amounts-0001' },
      admin,
    );
    expect(response.statusCode).toBe(200);
    const approved = (await findOrder(t.db, order.id))!;
    const [payout] = await payoutsOf(order.id);
    expect(payout).toMatchObject({
      grossPaise: 730_000n,
      feeWithheldPaise: approved.processingFeePaise,
      gstWithheldPaise: approved.gstOnFeePaise,
      amountPaise: approved.netDisbursedPaise,
    });
    expect(approved.processingFeePaise).toBeGreaterThan(0n);
    expect(payout!.grossPaise - payout!.feeWithheldPaise - payout!.gstWithheldPaise).toBe(
      payout!.amountPaise,
    );
  });

  it('the migration fills the payouts made before it: from the order, a refund withholding nothing', async () => {
    const order = await makeActiveOrder(deps, productId, 610_000n);
    const before = (await findOrder(t.db, order.id))!;
    // The book as it was before migration 0029, with a refund made then as well.
    await t.db.execute(sql.raw(`drop index repayments_reversed_journal_idx`));
    await t.db.execute(
      sql.raw(`alter table payouts drop column gross_paise, drop column fee_withheld_paise,
        drop column gst_withheld_paise`),
    );
    await t.db.execute(
      sql.raw(`insert into payouts (order_id, purpose, idempotency_key, amount_paise, status,
          channel, created_at, updated_at)
        values (${order.id}, 'refund', 'payout-amounts-refund', 12345, 'processed', 'sandbox', now(), now())`),
    );
    for (const statement of migration0029()) await t.db.execute(sql.raw(statement));

    const [disbursal, refund] = await payoutsOf(order.id);
    expect(disbursal).toMatchObject({
      purpose: 'disbursal',
      grossPaise: 610_000n,
      feeWithheldPaise: before.processingFeePaise,
      gstWithheldPaise: before.gstOnFeePaise,
    });
    expect(refund).toMatchObject({
      purpose: 'refund',
      grossPaise: 12_345n,
      feeWithheldPaise: 0n,
      gstWithheldPaise: 0n,
    });
  });
});

/** Migration 0029's statements, from the committed file (found by its name in the journal). */
function migration0029(): string[] {
  const folder = defaultMigrationsFolder();
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const entry = journal.entries.find((e) =>
    e.tag.endsWith('_payout_amounts_and_statement_indexes'),
  );
  const text = readFileSync(path.join(folder, `${entry!.tag}.sql`), 'utf8');
  return text
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter(Boolean);
}
