import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, DatabaseHandle } from './db.js';
import { queryRows } from '../shared/sql-rows.js';

/**
 * Prometheus metrics in the text exposition format, without a client library: request
 * latency by route, job runs and failures with their durations, the database connection pool,
 * and payouts by status read from the book at scrape time. `GET /metrics` exists only when METRICS_TOKEN is set, and answers only a scraper that
 * sends it as a bearer token: route names and volumes are operational data.
 */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A job's pass takes from milliseconds (nothing due) to minutes (a day-end over a big book). */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900];

interface Histogram {
  counts: number[];
  sum: number;
  count: number;
}

export type JobOutcome = 'success' | 'failure';

export interface Metrics {
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  /** A job's pass and, when timed, how long it took (shared/jobs.ts reports every pass). */
  jobRun(job: string, outcome: JobOutcome, seconds?: number): void;
  render(db: Database, database?: MetricsDatabase): Promise<string>;
}

/** What /metrics says of the database: its driver and, on PostgreSQL, the connection pool. */
export type MetricsDatabase = Pick<DatabaseHandle, 'driver' | 'poolStats'>;

const escapeLabel = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

const emptyHistogram = (buckets: number[]): Histogram => ({
  counts: buckets.map(() => 0),
  sum: 0,
  count: 0,
});

function observe(histogram: Histogram, buckets: number[], seconds: number): void {
  buckets.forEach((bound, i) => {
    if (seconds <= bound) histogram.counts[i]! += 1;
  });
  histogram.sum += seconds;
  histogram.count += 1;
}

function renderHistogram(
  lines: string[],
  name: string,
  buckets: number[],
  l: Record<string, string>,
  histogram: Histogram,
): void {
  buckets.forEach((bound, i) => {
    lines.push(`${name}_bucket{${labels({ ...l, le: String(bound) })}} ${histogram.counts[i]}`);
  });
  lines.push(`${name}_bucket{${labels({ ...l, le: '+Inf' })}} ${histogram.count}`);
  lines.push(`${name}_sum{${labels(l)}} ${histogram.sum}`);
  lines.push(`${name}_count{${labels(l)}} ${histogram.count}`);
}

function labels(pairs: Record<string, string>): string {
  return Object.entries(pairs)
    .map(([key, value]) => `${key}="${escapeLabel(value)}"`)
    .join(',');
}

export function createMetrics(): Metrics {
  const requests = new Map<string, { labels: Record<string, string>; histogram: Histogram }>();
  const jobs = new Map<string, { labels: Record<string, string>; total: number }>();
  const jobSeconds = new Map<string, number>();
  const jobDurations = new Map<string, Histogram>();

  return {
    observeRequest(route, method, status, seconds) {
      const key = `${method} ${route} ${Math.floor(status / 100)}xx`;
      let entry = requests.get(key);
      if (!entry) {
        entry = {
          labels: { method, route, status: `${Math.floor(status / 100)}xx` },
          histogram: emptyHistogram(BUCKETS),
        };
        requests.set(key, entry);
      }
      observe(entry.histogram, BUCKETS, seconds);
    },

    jobRun(job, outcome, seconds) {
      const key = `${job} ${outcome}`;
      const entry = jobs.get(key) ?? { labels: { job, outcome }, total: 0 };
      entry.total += 1;
      jobs.set(key, entry);
      if (seconds === undefined) return;
      jobSeconds.set(job, seconds);
      const histogram = jobDurations.get(job) ?? emptyHistogram(JOB_BUCKETS);
      observe(histogram, JOB_BUCKETS, seconds);
      jobDurations.set(job, histogram);
    },

    async render(db, database) {
      const lines: string[] = [];
      // Read first: the payouts' query below takes a connection of the pool it describes.
      const pool = database?.poolStats();
      lines.push('# HELP http_request_duration_seconds Time to answer a request, by route.');
      lines.push('# TYPE http_request_duration_seconds histogram');
      for (const { labels: l, histogram } of requests.values()) {
        renderHistogram(lines, 'http_request_duration_seconds', BUCKETS, l, histogram);
      }
      lines.push('# HELP lending_job_runs_total Background job runs, by job and outcome.');
      lines.push('# TYPE lending_job_runs_total counter');
      for (const { labels: l, total } of jobs.values()) {
        lines.push(`lending_job_runs_total{${labels(l)}} ${total}`);
      }
      lines.push('# HELP lending_job_last_run_seconds How long the last run of a job took.');
      lines.push('# TYPE lending_job_last_run_seconds gauge');
      for (const [job, seconds] of jobSeconds) {
        lines.push(`lending_job_last_run_seconds{${labels({ job })}} ${seconds}`);
      }
      lines.push(
        '# HELP lending_job_duration_seconds How long the runs of a job took, whatever their outcome.',
      );
      lines.push('# TYPE lending_job_duration_seconds histogram');
      for (const [job, histogram] of jobDurations) {
        renderHistogram(lines, 'lending_job_duration_seconds', JOB_BUCKETS, { job }, histogram);
      }
      if (database) {
        lines.push('# HELP lending_database_driver The database the server runs on (value 1).');
        lines.push('# TYPE lending_database_driver gauge');
        lines.push(`lending_database_driver{${labels({ driver: database.driver })}} 1`);
      }
      // PGlite has no pool (one in-process database, one statement at a time): no pool lines.
      if (pool) {
        const gauge = (name: string, help: string, value: number) => {
          lines.push(`# HELP ${name} ${help}`);
          lines.push(`# TYPE ${name} gauge`);
          lines.push(`${name} ${value}`);
        };
        gauge('lending_db_pool_connections', 'Connections the pool holds open.', pool.total);
        gauge('lending_db_pool_idle_connections', 'Open connections not in use.', pool.idle);
        gauge(
          'lending_db_pool_waiting_requests',
          'Queries waiting for a connection (every connection in use).',
          pool.waiting,
        );
        gauge('lending_db_pool_max_connections', 'Connections the pool opens at most.', pool.max);
      }
      const payouts = await queryRows(
        db,
        sql`select status, count(*)::int as n from payouts group by status order by status`,
      );
      lines.push('# HELP lending_payouts Payouts in the book, by status.');
      lines.push('# TYPE lending_payouts gauge');
      for (const row of payouts) {
        lines.push(`lending_payouts{${labels({ status: String(row.status) })}} ${Number(row.n)}`);
      }
      return `${lines.join('\n')}\n`;
    },
  };
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerMetrics(
  app: FastifyInstance,
  db: Database,
  metrics: Metrics,
  token: string | undefined,
  database?: MetricsDatabase,
): void {
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the raw URL: ids in paths would make unbounded label sets.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeRequest(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
  });
  if (!token) return;
  app.get('/metrics', { config: { rateLimit: false } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!sameToken(given, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ status: 'unauthorized' });
    }
    return reply
      .header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(await metrics.render(db, database));
  });
}
