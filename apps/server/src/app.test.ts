import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './shared/testing/build-test-app.js';
import { redactUrl } from './plugins/auth.js';

describe('serving the console', () => {
  let withConsole: TestApp;
  let withoutConsole: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'console-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
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
