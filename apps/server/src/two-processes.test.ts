import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@lending/lending';
import { startFakeRazorpayX } from './integrations/payouts/fake-razorpayx.js';
import { RAZORPAYX_WEBHOOK_PATH } from './integrations/payouts/index.js';
import { borrowerAccounts } from './modules/borrower-app/borrowers.table.js';
import { dayEndDueThrough } from './modules/day-end/index.js';
import {
  dueReconciliationDays,
  SCHEDULED_RECONCILIATION_ACTION,
} from './modules/finance/scheduled-reconciliation.js';
import {
  checkLedger,
  createCustomer,
  DEV_AADHAAR_HASH_KEY,
  setCustomerBankAccount,
} from './modules/loan-book/index.js';
import { loanBookDeps, makeApprovedOrder, makeProduct } from './testing/loan-book.factories.js';
import { payoutReference } from './modules/payouts/index.js';
import { DEMO_ADMIN } from './modules/user/seed-accounts.js';
import { openDatabase, type DatabaseHandle } from './plugins/db.js';
import { systemClock } from './shared/clock.js';
import { indiaDateOf } from './shared/india-date.js';
import { queryRows } from './shared/sql-rows.js';
import { createStaff } from './testing/factories.js';
import { testHasher } from './testing/build-test-app.js';
import { seed } from './seed.js';
import { startRoundRobinProxy, type RoundRobinProxy } from './testing/round-robin-proxy.js';
import {
  signInAsDemoAdmin,
  startServerProcess,
  waitFor,
  type ServerProcess,
} from './testing/server-process.js';
import { createSchema, dropSchema } from './testing/pg-schema.js';
import { seedActiveLoans } from './testing/sql-book.js';

/**
 * More than one server (issue #15): two real server processes on one PostgreSQL schema behind
 * a round-robin balancer on loopback (the test's own, which sends each call to the next server
 * that says it is ready). Each is started as the product starts (server.ts), with its own data
 * directory and short job intervals. Through the balancer: a session works on both; the
 * background jobs do each unit of work once (penny drops, the scheduled reconciliation, a
 * disburse storm and its sweeps, an export, the day-end and its collection dispatch); and
 * SIGTERM to one server lets its calls in flight finish while the other takes its day-end over
 * at once. PostgreSQL only: skipped without DATABASE_URL (the CI runs the API suite on it).
 */
const databaseUrl = process.env.DATABASE_URL;
/** Active loans in the book, and the days since their disbursal: the day-end's work. */
const LOANS = 500;
const DAYS = 18;
const STORM_ORDERS = 15;
const PENNY_ACCOUNTS = 4;
const RAZORPAYX = {
  keyId: 'rzp_test_twoserver01',
  keySecret: 'two-servers-key-secret',
  accountNumber: '7878780080316317',
  webhookSecret: 'two-servers-webhook-secret',
};

let schema: string;
let handle: DatabaseHandle;
let servers: ServerProcess[] = [];
let proxy: RoundRobinProxy;
let fake: Awaited<ReturnType<typeof startFakeRazorpayX>>;
let stopGateway = () => {};
let disbursedOn: string;
let stormOrders: number[] = [];
const pennyAccounts: string[] = [];

const rows = (query: ReturnType<typeof sql>) => queryRows(handle.db, query);

/** A call through the balancer (or straight to one server), as the console makes it. */
async function call(
  path: string,
  options: { token?: string; body?: unknown; method?: 'GET' | 'POST'; base?: string } = {},
) {
  const response = await fetch(`${options.base ?? proxy.url}/admin-api${path}`, {
    method: options.method ?? 'POST',
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { 'x-token': options.token } : {}),
    },
    ...(options.method === 'GET' ? {} : { body: JSON.stringify(options.body ?? {}) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    backend: response.headers.get('x-backend'),
    json: (text.startsWith('{') ? JSON.parse(text) : {}) as {
      code: number;
      ret?: Record<string, unknown> & { token?: string };
    },
  };
}

/** Signs in as the administrator through the balancer (or straight to one server). */
function signIn(base?: string): Promise<string> {
  return signInAsDemoAdmin(base ?? proxy.url);
}

/** Collection work for the day-end to deal out: a group of each kind with two collectors. */
async function collectionGroups() {
  const now = new Date();
  for (const [kind, stages] of [
    ['pre', ['PRE']],
    ['collection', ['S1', 'S2', 'S3', 'S4', 'S5']],
  ] as const) {
    const [group] = await rows(
      sql`insert into recovery_groups (kind, name, stages, daily_cap, dispatch_mode, keep_days, created_at)
          values (${kind}, ${`${kind} team`}, ${JSON.stringify(stages)}::jsonb, 100000, 'leastLoaded', 90, now())
          returning id`,
    );
    for (let i = 0; i < 2; i += 1) {
      const staff = await createStaff(handle.db, systemClock, { name: `${kind} collector ${i}` });
      await handle.db.execute(
        sql`insert into recovery_collectors (user_id, group_id, on_duty, weight, created_at)
            values (${staff.id}, ${Number(group!.id)}, true, 1, ${now.toISOString()}::timestamptz)`,
      );
    }
  }
}

/** Borrowers who saved a bank account that waits for its penny drop. */
async function pendingBankAccounts() {
  const now = new Date();
  for (let i = 0; i < PENNY_ACCOUNTS; i += 1) {
    const phone = `98133000${String(i).padStart(2, '0')}`;
    const accountNumber = `60200${String(i).padStart(6, '0')}1`;
    const customer = await createCustomer(
      handle.db,
      DEV_AADHAAR_HASH_KEY,
      {
        name: `Penny Drop ${i}`,
        idType: 'pan',
        idNumber: `PQRSX${String(2000 + i)}Z`,
        phone,
        registrationDate: indiaDateOf(now),
      },
      now,
    );
    await setCustomerBankAccount(handle.db, customer.id, {
      bankName: 'Test Bank',
      accountNumber,
      ifsc: 'HDFC0000001',
      verified: false,
    });
    await handle.db.insert(borrowerAccounts).values({
      phone,
      registrationDate: indiaDateOf(now),
      registeredAt: now,
      customerId: customer.id,
      bankVerification: 'pending',
      updatedAt: now,
    });
    pennyAccounts.push(accountNumber);
  }
}

/** The gateway's side: every payout moves to processed a little later, its webhook retried. */
async function startGateway() {
  let stopped = false;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  fake = await startFakeRazorpayX({
    ...RAZORPAYX,
    balancePaise: 10_000_000_000,
    replyDelayMs: 20,
    deliver: async (body, headers) => {
      while (!stopped) {
        const answer = await fetch(`${proxy.url}${RAZORPAYX_WEBHOOK_PATH}`, {
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
  const clock = setInterval(() => {
    for (const id of fake.payouts.keys()) {
      if (advancing.has(id)) continue;
      advancing.add(id);
      setTimeout(() => deliveries.push(fake.advance(id, 'processed')), 50);
    }
  }, 20);
  stopGateway = () => {
    stopped = true;
    clearInterval(clock);
  };
}

function startServer() {
  return startServerProcess({
    DATABASE_URL: databaseUrl,
    DATABASE_SCHEMA: schema,
    // Info: the test reads a call's "incoming request" line to know it is in flight.
    LOG_LEVEL: 'info',
    RATE_LIMIT_PER_MINUTE: '100000',
    DAY_END_CHECK_SECONDS: '1',
    EXPORT_CHECK_SECONDS: '1',
    PAYOUT_SWEEP_SECONDS: '1',
    PAYOUT_RETRY_AFTER_SECONDS: '1',
    SHUTDOWN_DRAIN_SECONDS: '2',
    SHUTDOWN_GRACE_SECONDS: '20',
    PAYOUT_GATEWAY: 'razorpayx',
    RAZORPAYX_BASE_URL: fake.url,
    RAZORPAYX_KEY_ID: RAZORPAYX.keyId,
    RAZORPAYX_KEY_SECRET: RAZORPAYX.keySecret,
    RAZORPAYX_ACCOUNT_NUMBER: RAZORPAYX.accountNumber,
    RAZORPAYX_WEBHOOK_SECRET: RAZORPAYX.webhookSecret,
  });
}

describe.runIf(databaseUrl)('two server processes behind a round-robin balancer', () => {
  beforeAll(async () => {
    schema = `two_${randomBytes(6).toString('hex')}`;
    await createSchema(databaseUrl!, schema);
    handle = await openDatabase({ databaseUrl, searchPath: schema });
    await handle.migrate();
    // The day-end is held back (a lease a test releases) until the test that watches it.
    await handle.db.execute(
      sql`insert into job_leases (name, holder, expires_at) values ('day-end', 'held by the test', now() + interval '1 hour')`,
    );
    // The first start's accounts (the administrator), before the test's own staff.
    await seed({
      db: handle.db,
      clock: systemClock,
      hasher: testHasher,
      demoData: false,
      warn: () => undefined,
    });
    disbursedOn = addDays(indiaDateOf(new Date()), -DAYS);
    await seedActiveLoans(handle.db, { loans: LOANS, disbursedOn, prefix: 'TWO' });
    await collectionGroups();
    await pendingBankAccounts();
    const deps = loanBookDeps(handle.db, systemClock);
    const productId = (await makeProduct(deps)).id;
    stormOrders = [];
    for (let i = 0; i < STORM_ORDERS; i += 1) {
      stormOrders.push((await makeApprovedOrder(deps, productId)).id);
    }
    // The balancer first (the gateway's webhooks go to it), then the gateway, then the servers.
    proxy = await startRoundRobinProxy([]);
    await startGateway();
    servers = await Promise.all([startServer(), startServer()]);
    proxy.backends.push(...servers.map((server) => server.url));
    proxy.served.push(0, 0);
    await waitFor(
      'the balancer to see both servers ready',
      async () => {
        const answers = await Promise.all([
          call('/user/user_info', { method: 'GET' }),
          call('/user/user_info', { method: 'GET' }),
        ]);
        return new Set(answers.map((a) => a.backend)).size === 2 ? true : undefined;
      },
      30_000,
    );
  }, 180_000);

  afterAll(async () => {
    stopGateway();
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    await proxy?.close();
    await fake?.close();
    await handle?.close();
    await dropSchema(databaseUrl!, schema);
  });

  it('a session signed in through the balancer works on both servers, and a sign-out on one ends it on both', async () => {
    const token = await signIn();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call('/user/user_info', { method: 'GET', token })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.backend))).toEqual(new Set(['0', '1']));
    expect((await call('/user/logout', { token })).status).toBe(200);
    for (const server of servers) {
      const after = await call('/user/user_info', { method: 'GET', token, base: server.url });
      expect(after.status).toBe(401);
    }
  });

  it('penny-drops each saved bank account once between the two servers', async () => {
    await waitFor(
      'every saved account verified',
      async () => {
        const [row] = await rows(
          sql`select count(*)::int as n from borrower_accounts where bank_verification = 'pending'`,
        );
        return row?.n === 0 ? true : undefined;
      },
      30_000,
    );
    const validations = fake.requests
      .filter((r) => r.method === 'POST' && r.path === '/v1/fund_accounts/validations')
      .map(
        (r) =>
          (r.body as { fund_account?: { bank_account?: { account_number?: string } } }).fund_account
            ?.bank_account?.account_number,
      );
    expect(validations.sort()).toEqual([...pennyAccounts].sort());
  });

  it('reconciles each due day once between the two servers', async () => {
    const due = dueReconciliationDays(new Date(), '02:00');
    const perDay = async () =>
      rows(
        sql`select target_id as day, count(*)::int as n from audit_events
            where action = ${SCHEDULED_RECONCILIATION_ACTION} group by target_id order by target_id`,
      );
    await waitFor(
      'every due day reconciled',
      async () => ((await perDay()).length >= due.length ? true : undefined),
      60_000,
    );
    const reconciled = await perDay();
    expect(reconciled.map((row) => row.day)).toEqual(due);
    expect(reconciled.filter((row) => row.n !== 1)).toEqual([]);
  });

  it('a disburse storm through the balancer pays each order once', async () => {
    const token = await signIn();
    // Ten clicks per order, each with its own key, all at once, spread over both servers.
    const clicks = await Promise.all(
      stormOrders.flatMap((orderId) =>
        Array.from({ length: 10 }, (_, i) =>
          call('/loan/create_payout', {
            token,
            body: { orderId, idempotencyKey: `two-storm-${orderId}-${i}`, channel: 'bank' },
          }).then((answer) => ({ orderId, ...answer })),
        ),
      ),
    );
    expect(clicks.filter((c) => c.status !== 200 && c.status !== 409)).toEqual([]);
    expect(new Set(clicks.map((c) => c.backend))).toEqual(new Set(['0', '1']));
    for (const orderId of stormOrders) {
      expect(clicks.filter((c) => c.orderId === orderId && c.status === 200)).toHaveLength(1);
    }
    const inStorm = sql.join(
      stormOrders.map((id) => sql`${id}`),
      sql`, `,
    );
    await waitFor(
      'every storm order paid',
      async () => {
        const [row] = await rows(
          sql`select count(*)::int as n from payouts where order_id in (${inStorm}) and status = 'processed'`,
        );
        return row?.n === STORM_ORDERS ? true : undefined;
      },
      60_000,
    );
    const ours = await rows(
      sql`select p.id, p.idempotency_key, o.status as order_status from payouts p
          join loan_orders o on o.id = p.order_id where p.order_id in (${inStorm})`,
    );
    expect(ours).toHaveLength(STORM_ORDERS);
    const creates = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payouts');
    for (const payout of ours) {
      expect(payout.order_status).toBe('ACTIVE');
      const reference = payoutReference(Number(payout.id));
      expect([...fake.payouts.values()].filter((e) => e.reference_id === reference)).toHaveLength(
        1,
      );
      const keys = new Set(
        creates
          .filter((r) => (r.body as { reference_id?: string }).reference_id === reference)
          .map((r) => r.headers['x-payout-idempotency']),
      );
      expect([...keys]).toEqual([payout.idempotency_key]);
    }
    const journals = await rows(
      sql`select order_id, event_type, count(*)::int as n from ledger_journals
          where order_id in (${inStorm}) group by order_id, event_type`,
    );
    expect(journals.filter((row) => row.event_type === 'disbursal')).toHaveLength(STORM_ORDERS);
    expect(journals.filter((row) => row.n !== 1)).toEqual([]);
  });

  it('an export asked for through the balancer is made once and downloads alike through either server', async () => {
    const token = await signIn();
    const started = await call('/export/start', {
      token,
      body: {
        endpoint: 'order.list',
        route: 'orderList',
        title: 'Order list',
        filters: { status: 'ACTIVE' },
        columns: [
          { field: 'orderNo', header: 'Order number', kind: 'text' },
          { field: 'principalPaise', header: 'Amount', kind: 'money' },
        ],
      },
    });
    expect(started.status).toBe(200);
    const id = Number(started.json.ret!.id);
    const job = await waitFor(
      'the export done',
      async () => {
        const mine = await call('/export/list', { token, body: {} });
        const found = (
          mine.json.ret!.list as { id: number; status: string; rowsWritten: number }[]
        ).find((row) => row.id === id);
        return found?.status === 'done' ? found : undefined;
      },
      60_000,
    );
    expect(job.rowsWritten).toBe(LOANS + STORM_ORDERS);
    const [row] = await rows(
      sql`select attempts, runner, file_id from export_jobs where id = ${id}`,
    );
    expect(row).toMatchObject({ attempts: 1, runner: null });
    // Made once: its one file, and no other file written for it.
    const [files] = await rows(sql`select count(*)::int as n from stored_files`);
    expect(files!.n).toBe(1);
    const downloads = await Promise.all(
      servers.map(async (server) => {
        const response = await fetch(`${server.url}/admin-api/export/download?id=${id}`, {
          headers: { 'x-token': token },
        });
        expect(response.status).toBe(200);
        return Buffer.from(await response.arrayBuffer());
      }),
    );
    expect(downloads[0]!.length).toBeGreaterThan(0);
    expect(downloads[0]!.equals(downloads[1]!)).toBe(true);
  });

  it('SIGTERM to the server running the day-end: its calls in flight finish, the other takes the day-end over at once, each date and case once', async () => {
    const upTo = dayEndDueThrough(new Date(), '00:30');
    const dates: string[] = [];
    for (let d = disbursedOn; d <= upTo; d = addDays(d, 1)) dates.push(d);
    const completed = async () => {
      const [row] = await rows(
        sql`select count(*)::int as n from day_end_runs where status = 'completed'`,
      );
      return Number(row?.n ?? 0);
    };
    // Both servers' day-end checks (every second) race for the date once the lease is free.
    await handle.db.execute(sql`update job_leases set expires_at = now() where name = 'day-end'`);
    await waitFor(
      'a first date completed',
      async () => ((await completed()) > 0 ? true : undefined),
      60_000,
    );
    const [lease] = await rows(sql`select holder from job_leases where name = 'day-end'`);
    const pidOf = (holder: string) => Number(holder.split(':')[1]);
    const leaving = servers.find((server) => server.child.pid === pidOf(String(lease!.holder)))!;
    const staying = servers.find((server) => server !== leaving)!;
    expect(leaving).toBeDefined();
    const doneAtSignal = await completed();
    expect(doneAtSignal).toBeLessThan(dates.length);

    const token = await signIn(staying.url);
    // A call in flight at the leaving server: its headers are read (the server logged it), the
    // rest of its body comes after the signal.
    const requestId = `in-flight-${randomBytes(4).toString('hex')}`;
    const body = JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password });
    const inFlight = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(
        `${leaving.url}/admin-api/user/login`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'x-request-id': requestId,
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (part: string) => (text += part));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      request.on('error', reject);
      request.write(body.slice(0, 10));
      void leaving
        .waitForLine(
          (line) => line.includes(requestId) && line.includes('incoming request'),
          30_000,
        )
        .then(() => {
          leaving.child.kill('SIGTERM');
          // The rest of the body once the shutdown has begun.
          return leaving.waitForLine((line) => line.includes('"msg":"shutting down"'), 10_000);
        })
        .then(() => request.end(body.slice(10)), reject);
    });

    // Meanwhile the console goes on calling through the balancer until the server has gone.
    const throughBalancer: number[] = [];
    let gone = false;
    void leaving.exited.then(() => (gone = true));
    while (!gone) {
      const answers = await Promise.all(
        Array.from({ length: 3 }, () => call('/user/user_info', { method: 'GET', token })),
      );
      throughBalancer.push(...answers.map((a) => a.status));
    }
    const answered = await inFlight;
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.text)).toMatchObject({ code: 0 });
    expect(throughBalancer.length).toBeGreaterThan(0);
    expect(throughBalancer.filter((status) => status !== 200)).toEqual([]);
    expect(await leaving.exited).toBe(0);
    expect(leaving.lines.some((line) => line.includes('day-end stopped between batches'))).toBe(
      true,
    );

    // The lease lasts 300 s: the other server finishing now shows it was released, not lapsed.
    await waitFor(
      'every date completed by the other server',
      async () => ((await completed()) === dates.length ? true : undefined),
      90_000,
    );
    const [after] = await rows(sql`select holder from job_leases where name = 'day-end'`);
    expect(pidOf(String(after!.holder))).toBe(staying.child.pid);
    const runs = await rows(
      sql`select business_date::text as date, orders_processed as n from day_end_runs order by business_date`,
    );
    expect(runs.map((run) => run.date)).toEqual(dates);
    expect(runs.filter((run) => Number(run.n) !== LOANS)).toEqual([]);
    // Every loan carried through every date, and no journal of a date posted twice.
    const [book] = await rows(
      sql`select
            (select count(*)::int from loan_orders where order_no like 'TWO%'
              and day_end_date <> ${upTo}::date) as behind,
            (select count(*)::int from (select j.order_id from ledger_journals j
              join loan_orders o on o.id = j.order_id where o.order_no like 'TWO%'
              group by j.order_id, j.event_type, j.business_date having count(*) > 1) d) as twice,
            (select count(*)::int from ledger_journals j join loan_orders o on o.id = j.order_id
              where o.order_no like 'TWO%' and j.event_type = 'interestAccrual') as accruals`,
    );
    expect(book).toMatchObject({ behind: 0, twice: 0 });
    expect(book!.accruals).toBeGreaterThanOrEqual(LOANS * (DAYS - 4));
    // Each case opened once and dealt to a collector once.
    const cases = await rows(
      sql`select c.kind, c.collector_id,
            (select count(*)::int from recovery_case_moves m where m.case_id = c.id and m.reason = 'auto') as dealt,
            (select count(*)::int from recovery_case_moves m where m.case_id = c.id and m.reason = 'opened') as opened
          from recovery_cases c`,
    );
    expect(cases.filter((c) => c.kind === 'collection')).toHaveLength(LOANS);
    expect(cases.filter((c) => c.dealt !== 1 || c.opened !== 1)).toEqual([]);
    expect((await checkLedger(handle.db)).ok).toBe(true);
  });
});
