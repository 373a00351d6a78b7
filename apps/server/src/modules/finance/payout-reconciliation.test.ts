import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_SANDBOX_WEBHOOK_SECRET } from '../../integrations/config.js';
import {
  createManualScheduler,
  createSandboxPayoutGateway,
  type SandboxPayoutGateway,
} from '../../integrations/payouts/index.js';
import { payoutReference } from '../payouts/index.js';
import { payouts } from '../../testing/tables.js';
import { AppError } from '../../shared/app-error.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { checkLedger, createPayout, type LoanBookDeps } from '../loan-book/index.js';
import {
  loanBookDeps,
  makeActiveOrder,
  makeApprovedOrder,
  makeProduct,
} from '../../testing/loan-book.factories.js';
import { reconciliationBreaks, reconciliationDays } from './finance.table.js';
import {
  reconcilePayoutDay,
  resolvePayoutBreak,
  type PayoutReconciliationDeps,
} from './payout-reconciliation.js';

/**
 * The payout side of the daily reconciliation against the sandbox gateway's statement (what
 * it paid). Its webhooks go nowhere, as if lost, so the book and the gateway differ exactly
 * as each case sets up.
 */
let t: TestApp;
let book: LoanBookDeps;
let gateway: SandboxPayoutGateway;
let deps: PayoutReconciliationDeps;
const scheduler = createManualScheduler();
const DAY = '2025-03-10';
const NEXT_DAY = '2025-03-11';
const beneficiary = { name: 'Asha Verma', accountNumber: '12345678901', ifsc: 'SBIN0001234' };
const moveTo = (iso: string) => t.clock.advance(Date.parse(iso) - t.clock.now().getTime());

/** The gateway pays the book's payout (its amount unless told otherwise), processed now. */
async function gatewayPays(payoutId: number, amountPaise?: bigint) {
  const [payout] = await t.db.select().from(payouts).where(eq(payouts.id, payoutId));
  await gateway.createPayout({
    idempotencyKey: `gw-${payoutId}`,
    amountPaise: amountPaise ?? payout!.amountPaise,
    beneficiary,
    purpose: 'disbursal',
    reference: payoutReference(payoutId),
  });
  await scheduler.drain();
}

async function payoutOf(orderId: number) {
  const [payout] = await t.db.select().from(payouts).where(eq(payouts.orderId, orderId));
  return payout!;
}

async function breaksOf(dayId: number) {
  return t.db.select().from(reconciliationBreaks).where(eq(reconciliationBreaks.dayId, dayId));
}

async function dayOf(dayId: number) {
  const [day] = await t.db
    .select()
    .from(reconciliationDays)
    .where(eq(reconciliationDays.id, dayId));
  return day!;
}

const ids = { matched: 0, misstated: 0, unpaid: 0, lostWebhook: 0, lateEvening: 0, earlyNext: 0 };

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  book = loanBookDeps(t.db, t.clock);
  gateway = createSandboxPayoutGateway({
    clock: t.clock,
    secret: DEV_SANDBOX_WEBHOOK_SECRET,
    deliver: async () => 200,
    scheduler,
    minDelayMs: 0,
    maxDelayMs: 0,
    failureRate: 0,
    reversalRate: 0,
    duplicateRate: 0,
    random: () => 0.5,
  });
  deps = { db: t.db, clock: t.clock, loanBook: book, payouts: gateway };
  const product = await makeProduct(book);

  moveTo(`${DAY}T06:30:00.000Z`); // noon, India time
  const matched = await makeActiveOrder(book, product.id);
  ids.matched = (await payoutOf(matched.id)).id;
  await gatewayPays(ids.matched);
  const misstated = await makeActiveOrder(book, product.id);
  ids.misstated = (await payoutOf(misstated.id)).id;
  await gatewayPays(ids.misstated);
  gateway.misstate(payoutReference(ids.misstated), 1_000n);
  // The book says processed; the gateway never paid it.
  const unpaid = await makeActiveOrder(book, product.id);
  ids.unpaid = (await payoutOf(unpaid.id)).id;
  // The gateway paid; its webhook never came, so the book still waits.
  const waiting = await makeApprovedOrder(book, product.id);
  const sent = await createPayout(
    book,
    { orderId: waiting.id, idempotencyKey: 'recon-lost-webhook', channel: 'sandbox' },
    null,
  );
  ids.lostWebhook = sent.payoutId!;
  await gatewayPays(ids.lostWebhook);

  moveTo(`${DAY}T18:29:00.000Z`); // 23:59 India time
  const lateEvening = await makeActiveOrder(book, product.id);
  ids.lateEvening = (await payoutOf(lateEvening.id)).id;
  await gatewayPays(ids.lateEvening);
  moveTo(`${DAY}T18:31:00.000Z`); // 00:01 India time, the next day
  const earlyNext = await makeActiveOrder(book, product.id);
  ids.earlyNext = (await payoutOf(earlyNext.id)).id;
  await gatewayPays(ids.earlyNext);
  moveTo(`${NEXT_DAY}T12:00:00.000Z`);
}, 60_000);
afterAll(() => t.close());

describe('payout reconciliation against the gateway’s statement', () => {
  let dayId: number;

  it('finds each kind of break and fails the day while one is open', async () => {
    dayId = await reconcilePayoutDay(deps, DAY);
    const breaks = await breaksOf(dayId);
    const byKind = Object.fromEntries(breaks.map((item) => [item.kind, item]));
    expect(breaks).toHaveLength(3);
    expect(byKind.amount_mismatch).toMatchObject({
      reference: payoutReference(ids.misstated),
      gatewayPaise: 1_000n,
      status: 'open',
    });
    expect(byKind.amount_mismatch!.oursPaise).toBe(
      (await payoutOf(byKind.amount_mismatch!.orderId!)).amountPaise,
    );
    expect(byKind.ours_only).toMatchObject({
      reference: payoutReference(ids.unpaid),
      gatewayPaise: null,
    });
    expect(byKind.gateway_only).toMatchObject({
      reference: payoutReference(ids.lostWebhook),
      oursPaise: null,
    });
    expect(byKind.gateway_only!.orderId).not.toBeNull();

    const day = await dayOf(dayId);
    const [inBook] = await t.db.select().from(payouts).where(eq(payouts.id, ids.matched));
    expect(day).toMatchObject({ side: 'payout', channel: 'sandbox', status: 'failed' });
    // The book: matched, misstated, unpaid and the one at 23:59; not the one at 00:01.
    expect(day.systemCount).toBe(4);
    // The statement: matched, misstated (as it shows it), the lost webhook's and 23:59's.
    expect(day.thirdPartyCount).toBe(4);
    expect(day.systemAmountPaise).toBe(inBook!.amountPaise * 4n);
    expect(day.thirdPartyAmountPaise).toBe(inBook!.amountPaise * 3n + 1_000n);
  });

  it('puts 23:59 and 00:01 India time on their own days', async () => {
    const nextId = await reconcilePayoutDay(deps, NEXT_DAY);
    const next = await dayOf(nextId);
    expect(next).toMatchObject({ systemCount: 1, thirdPartyCount: 1, status: 'passed' });
    expect(await breaksOf(nextId)).toEqual([]);
    const breaks = await breaksOf(dayId);
    expect(breaks.map((item) => item.reference)).not.toContain(payoutReference(ids.lateEvening));
  });

  it('passes a day without payouts on either side', async () => {
    const emptyId = await reconcilePayoutDay(deps, '2025-03-01');
    expect(await dayOf(emptyId)).toMatchObject({
      systemCount: 0,
      systemAmountPaise: 0n,
      thirdPartyCount: 0,
      thirdPartyAmountPaise: 0n,
      status: 'passed',
    });
  });

  it('accepts a gateway-only payout through the webhook’s path: the book’s payout is processed', async () => {
    const gatewayOnly = (await breaksOf(dayId)).find((item) => item.kind === 'gateway_only')!;
    const resolved = await resolvePayoutBreak(
      deps,
      { breakId: gatewayOnly.id, action: 'accept' },
      1,
    );
    expect(resolved.dayStatus).toBe('failed');
    const payout = await t.db.select().from(payouts).where(eq(payouts.id, ids.lostWebhook));
    expect(payout[0]).toMatchObject({ status: 'processed', processedDate: DAY });
    const [after] = await t.db
      .select()
      .from(reconciliationBreaks)
      .where(eq(reconciliationBreaks.id, gatewayOnly.id));
    expect(after).toMatchObject({ status: 'accepted', payoutId: ids.lostWebhook, resolvedBy: 1 });
    expect(after!.note).toMatch(/applied: processed/);
    const ledger = await checkLedger(t.db);
    expect(ledger.unbalancedJournals).toEqual([]);
    expect(ledger.mismatchedOrders).toEqual([]);
    // A second decision on the same break is refused.
    await expect(
      resolvePayoutBreak(deps, { breakId: gatewayOnly.id, action: 'accept' }, 1),
    ).rejects.toMatchObject({ key: 'conflict' });
  });

  it('refuses to accept what cannot be posted, and ignores with a reason only', async () => {
    const breaks = await breaksOf(dayId);
    const mismatch = breaks.find((item) => item.kind === 'amount_mismatch')!;
    const oursOnly = breaks.find((item) => item.kind === 'ours_only')!;
    for (const item of [mismatch, oursOnly]) {
      const refused = resolvePayoutBreak(deps, { breakId: item.id, action: 'accept' }, 1);
      await expect(refused).rejects.toBeInstanceOf(AppError);
      await expect(refused).rejects.toMatchObject({ key: 'conflict' });
    }
    await expect(
      resolvePayoutBreak(deps, { breakId: mismatch.id, action: 'refund' }, 1),
    ).rejects.toMatchObject({ key: 'conflict' });
    await expect(
      resolvePayoutBreak(deps, { breakId: mismatch.id, action: 'ignore', reason: '  ' }, 1),
    ).rejects.toMatchObject({ key: 'validationFailed', params: { field: 'reason' } });
    await resolvePayoutBreak(
      deps,
      { breakId: mismatch.id, action: 'ignore', reason: 'gateway corrected its statement' },
      1,
    );
    const last = await resolvePayoutBreak(
      deps,
      { breakId: oursOnly.id, action: 'ignore', reason: 'paid by hand, bank confirmed' },
      1,
    );
    expect(last.dayStatus).toBe('passed');
    expect((await dayOf(dayId)).status).toBe('passed');
  });

  it('keeps a day’s resolved breaks when it is reconciled again', async () => {
    const again = await reconcilePayoutDay(deps, DAY);
    expect(again).toBe(dayId);
    const breaks = await breaksOf(dayId);
    // The lost webhook's payout is in the book now: no new break for it.
    expect(breaks).toHaveLength(3);
    expect(breaks.every((item) => item.status !== 'open')).toBe(true);
    expect((await dayOf(dayId)).status).toBe('passed');
  });
});
