import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@lending/lending';
import { checkLedger } from './modules/loan-book/index.js';
import { loanBookDeps, makeApprovedOrder, makeProduct } from './testing/loan-book.factories.js';
import { startFakeRazorpayX } from './integrations/payouts/fake-razorpayx.js';
import { RAZORPAYX_WEBHOOK_PATH } from './integrations/payouts/index.js';
import { payoutReference } from './modules/payouts/index.js';
import { systemClock } from './shared/clock.js';
import { openDatabase, type DatabaseHandle } from './plugins/db.js';
import { indiaDateOf } from './shared/india-date.js';
import { queryRows } from './shared/sql-rows.js';
import {
  signInAsDemoAdmin,
  startServerProcess,
  waitFor,
  type ServerProcess,
} from './testing/server-process.js';
import { createSchema, dropSchema } from './testing/pg-schema.js';
import { seedActiveLoans } from './testing/sql-book.js';

/**
 * Crash safety of the real process (issue #16): the server, started as in production on the
 * PostgreSQL server, is killed with SIGKILL in the middle of a day-end, or of a disburse storm,
 * and started again. The day-end must then finish every date once: no accrual posted twice,
 * none missing; every order must be paid once: one payout at the gateway, one disbursal
 * journal; and the ledger balanced. PostgreSQL only (PGlite is one process's file): skipped
 * without DATABASE_URL.
 */
const databaseUrl = process.env.DATABASE_URL;
const LOANS = 4_000;
const DAYS = 6;
const STORM_ORDERS = 60;
const RAZORPAYX = {
  keyId: 'rzp_test_crash0001',
  keySecret: 'crash-key-secret',
  accountNumber: '7878780080316316',
  webhookSecret: 'crash-webhook-secret',
};

let schema: string;
let handle: DatabaseHandle;
const servers: ServerProcess[] = [];

/** A server on this test's schema, with a fast day-end check and a short lease. */
async function startServer(env: Record<string, string> = {}, ready = false) {
  const server = await startServerProcess(
    {
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      DAY_END_CHECK_SECONDS: '1',
      DAY_END_LEASE_SECONDS: '2',
      ...env,
    },
    { ready },
  );
  servers.push(server);
  return server;
}

describe.skipIf(!databaseUrl)('crash safety of the server process on PostgreSQL', () => {
  beforeAll(async () => {
    schema = `crash_${randomBytes(6).toString('hex')}`;
    await createSchema(databaseUrl!, schema);
    handle = await openDatabase({ databaseUrl, searchPath: schema });
    await handle.migrate();
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    await handle?.close();
    await dropSchema(databaseUrl!, schema);
  });

  it('a day-end killed with SIGKILL midway finishes every date once after a restart', async () => {
    const today = indiaDateOf(new Date());
    const disbursedOn = addDays(today, -DAYS);
    await seedActiveLoans(handle.db, { loans: LOANS, disbursedOn, prefix: 'CRASH' });
    const db = handle.db;
    const progress = async () => {
      const [row] = await queryRows(
        db,
        sql`select coalesce(sum(orders_processed), 0) as processed,
          count(*) filter (where status = 'completed') as completed from day_end_runs`,
      );
      return { processed: Number(row?.processed ?? 0), completed: Number(row?.completed ?? 0) };
    };

    const first = await startServer();
    // Killed once some batches have committed, well before the last date is done.
    const atKill = await waitFor(
      'the first day-end batches',
      async () => {
        const now = await progress();
        return now.processed > 0 ? now : undefined;
      },
      120_000,
    );
    await first.stop('SIGKILL');
    const afterKill = await progress();
    expect(atKill.completed).toBeLessThan(DAYS);
    expect(afterKill.processed).toBeLessThan(LOANS * DAYS);

    const second = await startServer();
    await waitFor(
      'every date completed',
      async () => ((await progress()).completed === DAYS ? true : undefined),
      180_000,
    );
    await second.stop('SIGTERM');

    const [counts] = await queryRows(
      db,
      sql`select
        (select count(*) from ledger_journals where event_type <> 'disbursal') as accruals,
        (select count(*) from (select order_id, event_type, business_date from ledger_journals
           group by 1, 2, 3 having count(*) > 1) d) as duplicates,
        (select count(*) from loan_orders where day_end_date <> ${addDays(today, -1)}::date) as behind,
        (select count(*) from day_end_runs) as runs`,
    );
    expect(Number(counts?.duplicates)).toBe(0);
    expect(Number(counts?.behind)).toBe(0);
    expect(Number(counts?.runs)).toBe(DAYS);
    // One accrual journal per loan and date, none lost and none twice.
    expect(Number(counts?.accruals)).toBe(LOANS * DAYS);
    const ledger = await checkLedger(db);
    expect(ledger.ok).toBe(true);
  }, 400_000);
  it('a disburse storm killed with SIGKILL midway pays every order once after a restart', async () => {
    const db = handle.db;
    const deps = loanBookDeps(db, systemClock);
    const productId = (await makeProduct(deps)).id;
    const orders: number[] = [];
    while (orders.length < STORM_ORDERS) {
      const batch = Array.from({ length: 10 }, () => makeApprovedOrder(deps, productId));
      orders.push(...(await Promise.all(batch)).map((order) => order.id));
    }
    const inStorm = sql.join(
      orders.map((id) => sql`${id}`),
      sql`, `,
    );

    // The gateway outlives the server, as RazorpayX does: it keeps every payout and key, moves
    // each payout to processed a little later, and retries its webhook until a server (the
    // one up at the time) answers 2xx.
    let liveUrl = '';
    let stopped = false;
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const fake = await startFakeRazorpayX({
      ...RAZORPAYX,
      balancePaise: 10_000_000_000,
      // A create answers after 40 ms, as a real gateway takes its time: the storm's sends
      // outlast the first webhooks on any machine, so the kill falls among them.
      replyDelayMs: 40,
      deliver: async (body, headers) => {
        while (!stopped) {
          const answer = await fetch(`${liveUrl}${RAZORPAYX_WEBHOOK_PATH}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headers },
            body,
          }).catch(() => undefined);
          if (answer?.ok) return answer.status;
          await pause(200);
        }
        return 0;
      },
    });
    const advancing = new Set<string>();
    const deliveries: Promise<unknown>[] = [];
    const gatewayClock = setInterval(() => {
      for (const id of fake.payouts.keys()) {
        if (advancing.has(id)) continue;
        advancing.add(id);
        const later = 50 + Math.floor(Math.random() * 200);
        setTimeout(() => deliveries.push(fake.advance(id, 'processed')), later);
      }
    }, 20);
    const env = {
      PAYOUT_GATEWAY: 'razorpayx',
      RAZORPAYX_BASE_URL: fake.url,
      RAZORPAYX_KEY_ID: RAZORPAYX.keyId,
      RAZORPAYX_KEY_SECRET: RAZORPAYX.keySecret,
      RAZORPAYX_ACCOUNT_NUMBER: RAZORPAYX.accountNumber,
      RAZORPAYX_WEBHOOK_SECRET: RAZORPAYX.webhookSecret,
      // The sweep runs every second and looks a payout sent without a known outcome up after
      // one: it re-sends while the first process still dispatches, and at once after the restart.
      PAYOUT_SWEEP_SECONDS: '1',
      PAYOUT_RETRY_AFTER_SECONDS: '1',
    };
    const storm = (url: string, token: string, orderIds: number[]) =>
      orderIds.map((orderId) =>
        fetch(`${url}/admin-api/loan/create_payout`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-token': token },
          body: JSON.stringify({
            orderId,
            idempotencyKey: `crash-storm-${orderId}`,
            channel: 'bank',
          }),
        }).then(
          (response) => ({ orderId, status: response.status }),
          () => ({ orderId, status: 0 }), // no answer: the process died under the call
        ),
      );
    const paid = async () => {
      const [row] = await queryRows(
        db,
        sql`select count(*) filter (where status = 'processed') as processed, count(*) as payouts
          from payouts where order_id in (${inStorm})`,
      );
      return { processed: Number(row?.processed ?? 0), payouts: Number(row?.payouts ?? 0) };
    };

    try {
      const first = await startServer(env, true);
      liveUrl = first.url;
      const clicks = storm(first.url, await signInAsDemoAdmin(first.url), orders);
      // Killed once a few outcomes are recorded, while calls, sends and webhooks are in flight.
      await waitFor(
        'the first payouts processed',
        async () => ((await paid()).processed >= 3 ? true : undefined),
        60_000,
      );
      await first.stop('SIGKILL');
      const sentAtKill = fake.payouts.size;
      const atKill = await paid();
      expect(atKill.processed).toBeGreaterThan(0);
      expect(atKill.processed).toBeLessThan(STORM_ORDERS);
      expect(sentAtKill).toBeLessThan(STORM_ORDERS);

      const second = await startServer(env, true);
      liveUrl = second.url;
      // The console's calls that got no answer are sent again with their own key: a payout the
      // first process committed is answered as it was, one it never saw is created now.
      const unanswered = (await Promise.all(clicks)).filter((click) => click.status !== 200);
      expect(unanswered.every((click) => click.status === 0)).toBe(true);
      const retried = await Promise.all(
        storm(
          second.url,
          await signInAsDemoAdmin(second.url),
          unanswered.map((click) => click.orderId),
        ),
      );
      expect(retried.filter((click) => click.status !== 200)).toEqual([]);
      await waitFor(
        'every order paid',
        async () => ((await paid()).processed === STORM_ORDERS ? true : undefined),
        90_000,
      );
      await second.stop('SIGTERM');
    } finally {
      stopped = true;
      clearInterval(gatewayClock);
      await Promise.all(deliveries);
      await fake.close();
    }

    // One payout per order, in the book and at the gateway, and every call for it under its key:
    // a second payout at the gateway for the same order is money paid twice.
    const ours = await queryRows(
      db,
      sql`select p.id, p.order_id, p.idempotency_key, p.status, p.amount_paise, p.utr, o.status as order_status
        from payouts p join loan_orders o on o.id = p.order_id where p.order_id in (${inStorm})`,
    );
    expect(ours).toHaveLength(STORM_ORDERS);
    const atGateway = [...fake.payouts.values()];
    expect(atGateway).toHaveLength(STORM_ORDERS);
    const creates = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payouts');
    for (const payout of ours) {
      expect(payout).toMatchObject({ status: 'processed', order_status: 'ACTIVE' });
      const reference = payoutReference(Number(payout.id));
      const sent = atGateway.filter((entity) => entity.reference_id === reference);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ amount: Number(payout.amount_paise), utr: payout.utr });
      const keys = new Set(
        creates
          .filter((r) => (r.body as { reference_id?: string }).reference_id === reference)
          .map((r) => r.headers['x-payout-idempotency']),
      );
      expect([...keys]).toEqual([payout.idempotency_key]);
    }
    // Each order's money moved once in the ledger: reserved, released and disbursed once.
    const journals = await queryRows(
      db,
      sql`select order_id, event_type, count(*) as n from ledger_journals
        where order_id in (${inStorm}) group by order_id, event_type`,
    );
    const disbursals = journals.filter((row) => row.event_type === 'disbursal');
    expect(disbursals).toHaveLength(STORM_ORDERS);
    expect(journals.filter((row) => Number(row.n) !== 1)).toEqual([]);
    expect((await checkLedger(db)).ok).toBe(true);
  }, 300_000);
});
