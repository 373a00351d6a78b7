import { sql } from 'drizzle-orm';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './testing/build-test-app.js';
import { redactUrl } from './plugins/auth.js';

describe('serving the console', () => {
  let withConsole: TestApp;
  let withoutConsole: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'console-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    // What the build's precompress step writes beside an asset (marked to tell them apart).
    writeFileSync(path.join(dist, 'assets', 'app-1234.js.br'), 'brotli bytes');
    writeFileSync(path.join(dist, 'assets', 'app-1234.js.gz'), 'gzip bytes');
    [withConsole, withoutConsole] = await Promise.all([
      buildTestApp({ config: { consoleDist: dist } }),
      buildTestApp(),
    ]);
  });
  afterAll(async () => {
    await withConsole.close();
    await withoutConsole.close();
  });

  it('serves index.html at / and for console routes (SPA fallback)', async () => {
    for (const url of [
      '/',
      '/dashboard',
      '/approve/reviewFirst/reviewFirstWait',
      '/login?redirect=%2F',
    ]) {
      const response = await withConsole.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<title>console</title>');
    }
  });

  it('serves assets, and a missing asset is a 404', async () => {
    const asset = await withConsole.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await withConsole.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('sends the compressed copy the browser accepts, brotli first', async () => {
    const send = (encoding: string) =>
      withConsole.app.inject({
        method: 'GET',
        url: '/assets/app-1234.js',
        headers: { 'accept-encoding': encoding },
      });
    const br = await send('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    // A cache between the server and the browser keeps one copy per encoding.
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.body).toBe('brotli bytes');
    const gz = await send('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body).toBe('gzip bytes');
    const plain = await send('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('keeps API misses as JSON 4004, even with the console present', async () => {
    const response = await withConsole.app.inject({ method: 'GET', url: '/admin-api/missing' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe(4004);
  });

  it('answers 503 with a hint when the console is not built', async () => {
    const response = await withoutConsole.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/text\/plain/);
    expect(response.body).toMatch(/not built.*npm run build/);
  });

  it('sends a strict Content-Security-Policy and the other security headers', async () => {
    const response = await withConsole.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "connect-src 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    const api = await withConsole.app.inject({ method: 'POST', url: '/admin-api/config/index' });
    expect(api.headers['content-security-policy']).toBeDefined();
  });
});

describe('redactUrl', () => {
  it('removes tokens from logged URLs', () => {
    expect(redactUrl('/admin-api/user/user_info?token=abc.def-ghi')).toBe(
      '/admin-api/user/user_info?token=[REDACTED]',
    );
    expect(redactUrl('/x?a=1&TOKEN=s3cret&b=2')).toBe('/x?a=1&TOKEN=[REDACTED]&b=2');
    expect(redactUrl('/x?a=1')).toBe('/x?a=1');
  });
});

describe('health and request ids', () => {
  let t: TestApp;
  const readiness = { ready: false };
  beforeAll(async () => {
    t = await buildTestApp({ readiness });
  });
  afterAll(() => t.close());

  it('is live at once, and ready only once set up and until shutdown begins', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'live' });
    const starting = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(starting.statusCode).toBe(503);
    readiness.ready = true;
    const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    readiness.ready = false;
    expect((await t.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(503);
  });

  it("answers with the caller's request id when well formed, and a new one otherwise", async () => {
    const echoed = await t.app.inject({
      method: 'GET',
      url: '/health/live',
      headers: { 'x-request-id': 'lb-7f3a:42' },
    });
    expect(echoed.headers['x-request-id']).toBe('lb-7f3a:42');
    const injected = await t.app.inject({
      method: 'GET',
      url: '/health/live',
      headers: { 'x-request-id': 'bad\nid forged log line' },
    });
    expect(injected.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const api = await t.app.inject({ method: 'POST', url: '/admin-api/nothing' });
    expect(api.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('metrics for Prometheus', () => {
  const token = 'scrape-token-0123456789';
  let withMetrics: TestApp;
  let withoutMetrics: TestApp;
  beforeAll(async () => {
    [withMetrics, withoutMetrics] = await Promise.all([
      buildTestApp({ config: { metricsToken: token } }),
      buildTestApp(),
    ]);
  });
  afterAll(async () => {
    await withMetrics.close();
    await withoutMetrics.close();
  });

  it('counts requests by route pattern and jobs by outcome and duration, for the bearer of the token only', async () => {
    await withMetrics.app.inject({ method: 'POST', url: '/admin-api/user/login', payload: {} });
    withMetrics.app.metrics.jobRun('day_end', 'success', 1.5);
    withMetrics.app.metrics.jobRun('day_end', 'failure', 0.02);
    const refused = await withMetrics.app.inject({ method: 'GET', url: '/metrics' });
    expect(refused.statusCode).toBe(401);
    const wrong = await withMetrics.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer scrape-token-0123456780' },
    });
    expect(wrong.statusCode).toBe(401);
    const scraped = await withMetrics.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.headers['content-type']).toContain('text/plain; version=0.0.4');
    expect(scraped.body).toMatch(
      /http_request_duration_seconds_count\{method="POST",route="\/admin-api\/user\/login",status="4xx"\} 1/,
    );
    expect(scraped.body).toContain('lending_job_runs_total{job="day_end",outcome="success"} 1');
    expect(scraped.body).toContain('lending_job_runs_total{job="day_end",outcome="failure"} 1');
    expect(scraped.body).toContain('lending_job_last_run_seconds{job="day_end"} 0.02');
    // Every run's duration, whatever its outcome, in one histogram per job.
    expect(scraped.body).toContain('# TYPE lending_job_duration_seconds histogram');
    expect(scraped.body).toContain(
      'lending_job_duration_seconds_bucket{job="day_end",le="0.05"} 1',
    );
    expect(scraped.body).toContain('lending_job_duration_seconds_bucket{job="day_end",le="1"} 1');
    expect(scraped.body).toContain('lending_job_duration_seconds_bucket{job="day_end",le="5"} 2');
    expect(scraped.body).toContain(
      'lending_job_duration_seconds_bucket{job="day_end",le="+Inf"} 2',
    );
    expect(scraped.body).toContain('lending_job_duration_seconds_sum{job="day_end"} 1.52');
    expect(scraped.body).toContain('lending_job_duration_seconds_count{job="day_end"} 2');
    expect(scraped.body).toContain('# TYPE lending_payouts gauge');
  });

  it('shows the database: on PostgreSQL the pool’s open, idle and waiting connections; on PGlite the driver alone', async () => {
    const scrape = async () =>
      (
        await withMetrics.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { authorization: `Bearer ${token}` },
        })
      ).body;
    const gauge = (body: string, name: string) => {
      const found = new RegExp(`^${name} (\\d+)$`, 'm').exec(body);
      return found ? Number(found[1]) : undefined;
    };
    if (withMetrics.driver === 'pglite') {
      const body = await scrape();
      expect(body).toContain('lending_database_driver{driver="pglite"} 1');
      // One in-process database running one statement at a time: it has no pool to show.
      expect(body).not.toContain('lending_db_pool');
      return;
    }
    // Every connection busy for a second, and two more queries waiting for one.
    const max = withMetrics.database.poolStats()!.max;
    // (Promise.all starts them: a drizzle query runs when it is awaited.)
    const sleeps = Promise.all(
      Array.from({ length: max + 2 }, () => withMetrics.db.execute(sql`select pg_sleep(1)`)),
    );
    while (withMetrics.database.poolStats()!.waiting < 2) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const busy = await scrape();
    await sleeps;
    expect(busy).toContain('lending_database_driver{driver="postgres"} 1');
    expect(busy).toContain('# TYPE lending_db_pool_connections gauge');
    expect(gauge(busy, 'lending_db_pool_connections')).toBe(max);
    expect(gauge(busy, 'lending_db_pool_idle_connections')).toBe(0);
    expect(gauge(busy, 'lending_db_pool_waiting_requests')).toBeGreaterThanOrEqual(2);
    expect(gauge(busy, 'lending_db_pool_max_connections')).toBe(max);
    const quiet = await scrape();
    expect(gauge(quiet, 'lending_db_pool_waiting_requests')).toBe(0);
    expect(gauge(quiet, 'lending_db_pool_idle_connections')).toBe(
      gauge(quiet, 'lending_db_pool_connections'),
    );
  });

  it('has no metrics endpoint unless a token is configured', async () => {
    const response = await withoutMetrics.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).not.toBe(200);
  });
});
