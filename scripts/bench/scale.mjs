// Scale benchmark (issue #15): a book of BENCH_ORDERS orders (default 1,000,000) and 40 % as
// many customers on the local PostgreSQL server (its own schema, dropped afterwards), with
// rows at scale in every table the console's lists read, then the real app built in-process
// on it and measured over loopback: every list call the console makes (support/scale-lists:
// first page, a filtered page, page 50, by order number, by phone) at 50 concurrent clients
// (p50/p99 beside GET /health/live under the same load), every report and the dashboard
// (support/scale-reports: median of three), and a 100,000-row export (time, peak RSS above
// idle). Prints figures beside budgets; never fails on time. Two parts bring their own book or
// server and need none of this one (support/): `dayend`, the day-end over BENCH_DAYEND_LOANS
// active loans (default 1,000,000) beside SQL passes over the same rows; `memory`, the built
// server's RSS on PGlite with the demo book after start.
//
// Knobs: BENCH_PARTS (lists, reports, export, dayend, memory; default all), BENCH_ONLY=<text,…>
// (only the lists and reports whose id, path or name contains one of the texts), BENCH_LIST_REQUESTS
// (requests per list call under load, default 100), BENCH_KEEP_SCHEMA=1 / BENCH_REUSE_SCHEMA.
import { randomBytes } from 'node:crypto';
import { register } from 'tsx/esm/api';
import pg from 'pg';

// Everything below imports the server's TypeScript: only after tsx's loader is registered.
register();
const { openDatabase } = await import('../../apps/server/src/plugins/db.ts');
const { buildApp } = await import('../../apps/server/src/app.ts');
const { loadConfig } = await import('../../apps/server/src/config.ts');
const { seed } = await import('../../apps/server/src/seed.ts');
const { testHasher } = await import('../../apps/server/src/testing/build-test-app.ts');
const { ManualClock } = await import('../../apps/server/src/shared/clock.ts');
const { rollUpLedger } = await import('../../apps/server/src/modules/ledger/index.ts');
const { addDays } = await import('../../packages/lending/src/index.ts');
const { measureDayEnd, dayEndTableRows } = await import('./support/day-end-book.mjs');
const { measureServerMemory } = await import('./support/server-memory.mjs');
const { generate, scenarioCount, TODAY, YESTERDAY } = await import('./support/scale-generator.mjs');
const { generateExtras } = await import('./support/scale-generator-extras.mjs');
const { measureLists, searchTargets } = await import('./support/scale-lists.mjs');
const { measureReports } = await import('./support/scale-reports.mjs');
const { measureExport } = await import('./support/scale-export.mjs');
const { fmt, phase, printTable, table } = await import('./support/scale-table.mjs');
const { CLIENTS } = await import('./support/scale-load.mjs');

const databaseUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const N = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const C = Math.max(1, Math.floor(N * 0.4));
/** Requests per list call under load: 100 keeps a run over every list to a bounded time. */
// BENCH_REQUESTS is its older name (decisions 0051–0053 name it).
const LIST_REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? process.env.BENCH_REQUESTS ?? 100);
const ONLY = process.env.BENCH_ONLY || undefined;
// BENCH_REUSE_SCHEMA=<a schema kept by BENCH_KEEP_SCHEMA=1> measures that book again without
// building it (about nine minutes at 1,000,000 orders), and keeps it; BENCH_PARTS picks the
// measurements (lists, reports, export, dayend, memory; default all of them).
const REUSE_SCHEMA = process.env.BENCH_REUSE_SCHEMA;
const PARTS = new Set((process.env.BENCH_PARTS ?? 'lists,reports,export,dayend,memory').split(','));
const DAYEND_LOANS = Number(process.env.BENCH_DAYEND_LOANS ?? 1_000_000);
/** The parts that bring their own book or server: measured first, without building the book. */
const OWN_BOOK_PARTS = ['dayend', 'memory'];

// An export still running when the benchmark stops fails against the closed pool: say so, and go on.
process.on('unhandledRejection', (error) =>
  console.log(`  (after close: ${String(error).slice(0, 120)})`),
);

console.log(`database: ${databaseUrl.replace(/:[^:@/]*@/, ':***@')}`);
const log = (message) => console.log(`  ${message}`);
if (PARTS.has('dayend'))
  await phase(`day-end over ${fmt(DAYEND_LOANS)} loans (own book)`, async () =>
    table.push(...dayEndTableRows(await measureDayEnd({ loans: DAYEND_LOANS, log }))),
  );
if (PARTS.has('memory'))
  await phase('server memory (PGlite, demo book)', async () =>
    table.push(...(await measureServerMemory({ log }))),
  );
if ([...PARTS].every((part) => OWN_BOOK_PARTS.includes(part))) {
  printTable(N);
  process.exit(0);
}
console.log(
  `book: ${fmt(N)} orders, ${fmt(C)} customers, ${scenarioCount} engine scenarios; today ${TODAY}; ${CLIENTS} clients × ${LIST_REQUESTS} requests per list call${ONLY ? `; only "${ONLY}"` : ''}`,
);
const schema = REUSE_SCHEMA ?? `bench_scale_${randomBytes(5).toString('hex')}`;
const admin = new pg.Client({ connectionString: databaseUrl });
await admin.connect();
if (!REUSE_SCHEMA) await admin.query(`create schema "${schema}"`);
const handle = await openDatabase({ databaseUrl, searchPath: schema });
const client = new pg.Client({
  connectionString: databaseUrl,
  options: `-c search_path=${schema}`,
});
await client.connect();
let app;
try {
  const clock = new ManualClock(new Date(`${TODAY}T06:30:00Z`));
  if (REUSE_SCHEMA) {
    console.log(`  reusing the book in schema ${schema}`);
    // A book kept by an older build takes the migrations made since (idempotent), and the
    // tables the generator fills since.
    await phase('migrate', () => handle.migrate());
    const filled = await phase('generate tables added since', () =>
      generateExtras(client, { orders: N, customers: C, today: TODAY }),
    );
    if (filled.length > 0) await client.query('vacuum (analyze)');
  } else {
    await phase('migrate', () => handle.migrate());
    await phase('seed admin', () =>
      seed({ db: handle.db, clock, hasher: testHasher, demoData: false, warn: () => undefined }),
    );
    const counts = await phase('generate book', () =>
      generate(client, handle.db, schema, { orders: N, customers: C }),
    );
    console.log(
      `  rows: ${Object.entries(counts)
        .map(([k, v]) => `${k} ${typeof v === 'number' ? fmt(v) : v}`)
        .join(', ')}`,
    );
  }
  // The ledger's daily totals, as the server's rollup job keeps them (decision 0086): the
  // generated journals all at once here, what a kept book posted since on a reused one.
  const rolled = await phase('ledger rollup', () => rollUpLedger(handle.db, clock.now()));
  console.log(`  ledger rollup: ${fmt(rolled?.totals ?? 0)} daily totals rows added or updated`);

  const config = { ...loadConfig({}, []), logLevel: 'silent', rateLimitPerMinute: 10_000_000 };
  const { mkdtempSync } = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  app = await phase('build app', async () => {
    const built = await buildApp({
      config: { ...config, consoleDist: path.join(os.tmpdir(), `no-console-${schema}`) },
      db: handle.db,
      clock,
      hasher: testHasher,
      logger: false,
      uploadDir: mkdtempSync(path.join(os.tmpdir(), 'bench-uploads-')),
    });
    await built.listen({ host: '127.0.0.1', port: 0 });
    return built;
  });
  const base = `http://127.0.0.1:${app.server.address().port}`;
  const login = await (
    await fetch(`${base}/admin-api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'Admin12345' }),
    })
  ).json();
  if (login.code !== 0) throw new Error(`sign-in failed: ${login.msg}`);
  const token = login.ret.token;

  // Search targets: orders deep in the book (and their phones), one per kind of list.
  const targets = await searchTargets(client, N);

  if (PARTS.has('lists'))
    await phase(`lists (${CLIENTS} concurrent clients)`, () =>
      measureLists({ base, token, targets, requests: LIST_REQUESTS, only: ONLY }),
    );
  if (PARTS.has('reports'))
    await phase('reports and dashboard (sequential, median of 3)', () =>
      measureReports({
        base,
        token,
        only: ONLY,
        dates: {
          yesterday: YESTERDAY,
          ninetyDaysAgo: addDays(TODAY, -90),
          thirtyDaysAgo: addDays(TODAY, -30),
          monthFrom: '2025-01',
          monthTo: '2025-06',
        },
      }),
    );
  if (PARTS.has('export')) await phase('export', () => measureExport({ base, token, client }));
} finally {
  printTable(N);
  // An export still running keeps app.close() waiting for it (graceful shutdown): give it a
  // few seconds, then drop the schema under it (it fails, and the process exits below).
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  await Promise.race([app?.close(), sleep(10_000)]);
  await client.end();
  await Promise.race([handle.close(), sleep(5_000)]);
  // BENCH_KEEP_SCHEMA=1 leaves the book in place for EXPLAIN ANALYZE by hand (drop it after).
  if (process.env.BENCH_KEEP_SCHEMA === '1' || REUSE_SCHEMA) console.log(`kept schema ${schema}`);
  else await admin.query(`drop schema if exists "${schema}" cascade`);
  await admin.end();
}
process.exit(0);
