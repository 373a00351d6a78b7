import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from './db.js';

/**
 * Prometheus metrics through prom-client: request latency by route, job runs and failures with
 * their durations, the database connection pool, and the gauges the composition root adds (the
 * payouts by status, read from the book at scrape time). Each app has a registry of its own
 * (tests build several apps in one process). `GET /metrics` exists only when METRICS_TOKEN is
 * set, and answers only a scraper that sends it as a bearer token: route names and volumes are
 * operational data.
 */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A job's pass takes from milliseconds (nothing due) to minutes (a day-end over a big book). */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900];

export type JobOutcome = 'success' | 'failure';

/**
 * prom-client names `le` first on a bucket's line (`{le="0.05",job="day_end"}`); this server's
 * /metrics has always named it last (`{job="day_end",le="0.05"}`). Prometheus reads either, but
 * scripts and alerts that match our text need not change. A bucket's `le` value is a number or
 * +Inf, never a quote, so the line is unambiguous.
 */
const LE_FIRST = /^(\w+_bucket)\{le="([^"]*)",(.+)\} /gm;
const leLast = (text: string) => text.replace(LE_FIRST, '$1{$3,le="$2"} ');

export interface Metrics {
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  /** A job's pass and, when timed, how long it took (shared/jobs.ts reports every pass). */
  jobRun(job: string, outcome: JobOutcome, seconds?: number): void;
  /** The exposition text, every gauge read now. */
  render(): Promise<string>;
  readonly contentType: string;
}

/** What /metrics says of the database: its driver and, on PostgreSQL, the connection pool. */
export type MetricsDatabase = Pick<DatabaseHandle, 'driver' | 'poolStats'>;

/** A gauge whose values are read when Prometheus scrapes (a count in the book, say). */
export interface ReadGauge<Label extends string> {
  name: string;
  help: string;
  labelNames: readonly Label[];
  read(): Promise<{ labels: Record<Label, string>; value: number }[]>;
}

export function createMetrics(
  options: { database?: MetricsDatabase; gauges?: readonly ReadGauge<string>[] } = {},
): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route.',
    labelNames: ['method', 'route', 'status'],
    buckets: BUCKETS,
    registers,
  });
  const jobRuns = new Counter({
    name: 'lending_job_runs_total',
    help: 'Background job runs, by job and outcome.',
    labelNames: ['job', 'outcome'],
    registers,
  });
  const jobLastRun = new Gauge({
    name: 'lending_job_last_run_seconds',
    help: 'How long the last run of a job took.',
    labelNames: ['job'],
    registers,
  });
  const jobDurations = new Histogram({
    name: 'lending_job_duration_seconds',
    help: 'How long the runs of a job took, whatever their outcome.',
    labelNames: ['job'],
    buckets: JOB_BUCKETS,
    registers,
  });
  const { database } = options;
  if (database) {
    new Gauge({
      name: 'lending_database_driver',
      help: 'The database the server runs on (value 1).',
      labelNames: ['driver'],
      registers,
    }).set({ driver: database.driver }, 1);
    // PGlite has no pool (one in-process database, one statement at a time): no pool gauges.
    // Registered before the read gauges: prom-client collects in registration order, so the
    // pool is read before a read gauge's query takes one of its connections.
    if (database.poolStats()) poolGauges(database, registers);
  }
  for (const gauge of options.gauges ?? []) {
    new Gauge({
      name: gauge.name,
      help: gauge.help,
      labelNames: [...gauge.labelNames],
      registers,
      async collect() {
        const values = await gauge.read();
        this.reset();
        for (const { labels, value } of values) this.set(labels, value);
      },
    });
  }

  return {
    observeRequest(route, method, status, seconds) {
      requests.observe({ method, route, status: `${Math.floor(status / 100)}xx` }, seconds);
    },
    jobRun(job, outcome, seconds) {
      jobRuns.inc({ job, outcome });
      if (seconds === undefined) return;
      jobLastRun.set({ job }, seconds);
      jobDurations.observe({ job }, seconds);
    },
    render: async () => leLast(await registry.metrics()),
    contentType: registry.contentType,
  };
}

function poolGauges(database: MetricsDatabase, registers: Registry[]): void {
  const pool = (name: string, help: string, read: (stats: PoolStatsOf) => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        const stats = database.poolStats();
        if (stats) this.set(read(stats));
      },
    });
  pool('lending_db_pool_connections', 'Connections the pool holds open.', (s) => s.total);
  pool('lending_db_pool_idle_connections', 'Open connections not in use.', (s) => s.idle);
  pool(
    'lending_db_pool_waiting_requests',
    'Queries waiting for a connection (every connection in use).',
    (s) => s.waiting,
  );
  pool('lending_db_pool_max_connections', 'Connections the pool opens at most.', (s) => s.max);
}

type PoolStatsOf = NonNullable<ReturnType<MetricsDatabase['poolStats']>>;

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  token: string | undefined,
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
      .header('content-type', metrics.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.render());
  });
}
