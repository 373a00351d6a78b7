import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { loadIntegrationsConfig } from './integrations/config.js';
import { loadPayoutsConfig } from './integrations/payouts/payouts.config.js';
import { loadBorrowerAppSettings } from './modules/borrower-app/borrower-app.config.js';
import { loadLoanBookConfig } from './modules/loan-book/loan-book.config.js';
import { demoBookSettings } from './simulator/demo-book.js';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({}, []);
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: path.resolve('./data'),
      sessionIdleMinutes: 15,
      sessionAbsoluteHours: 8,
      loginThrottle: {
        windowMinutes: 15,
        freeFailures: 3,
        pairMaxFailures: 5,
        accountMaxFailures: 10,
        addressSlowAfter: 100,
        addressDelaySeconds: 30,
      },
      productTitle: 'Lending Console',
      demoData: true,
      logLevel: 'info',
      rateLimitPerMinute: 1200,
      trustProxy: false,
    });
    expect(config.consoleDist.endsWith(path.join('apps', 'console', 'dist'))).toBe(true);
  });

  it('reads the environment', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        DATABASE_URL: 'postgres://u@db:5432/lending',
        DATA_DIR: '/var/lib/lending',
        SESSION_IDLE_MINUTES: '30',
        DEMO_DATA: 'false',
        PRODUCT_TITLE: 'Loans',
        CONSOLE_DIST: '/srv/console',
        LOG_LEVEL: 'warn',
        LOGIN_ACCOUNT_MAX_FAILURES: '20',
        LOGIN_ADDRESS_SLOW_AFTER: '300',
        UNRELATED: 'x',
      },
      [],
    );
    expect(config).toMatchObject({
      port: 9000,
      databaseUrl: 'postgres://u@db:5432/lending',
      dataDir: '/var/lib/lending',
      sessionIdleMinutes: 30,
      demoData: false,
      productTitle: 'Loans',
      consoleDist: '/srv/console',
      logLevel: 'warn',
    });
    expect(config.loginThrottle).toMatchObject({ accountMaxFailures: 20, addressSlowAfter: 300 });
  });

  it('turns demo data off with --no-demo', () => {
    expect(loadConfig({ DEMO_DATA: 'true' }, ['--no-demo']).demoData).toBe(false);
  });

  it('moves the clock for a demo on sandbox gateways only (DEMO_CLOCK_WITHIN, decision 0056)', () => {
    expect(loadConfig({}, []).demoClockWithin).toBeUndefined();
    expect(loadConfig({ DEMO_CLOCK_WITHIN: '09:00-17:00' }, []).demoClockWithin).toEqual({
      start: '09:00',
      end: '17:00',
    });
    expect(() => loadConfig({ DEMO_CLOCK_WITHIN: '09:00-17:00', DEMO_DATA: 'false' }, [])).toThrow(
      /DEMO_CLOCK_WITHIN: only with DEMO_DATA=true and sandbox gateways/,
    );
    expect(() => loadConfig({ DEMO_CLOCK_WITHIN: '09:00-17:00' }, ['--no-demo'])).toThrow(
      /DEMO_CLOCK_WITHIN/,
    );
    expect(() =>
      loadConfig({ DEMO_CLOCK_WITHIN: '09:00-17:00', PAYOUT_GATEWAY: 'razorpayx' }, []),
    ).toThrow(/PAYOUT_GATEWAY is not sandbox/);
    expect(() => loadConfig({ DEMO_CLOCK_WITHIN: '17:00-09:00' }, [])).toThrow(
      /must start before it ends/,
    );
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }, []).port).toBe(8080);
  });

  it('stops on a bad value with a message naming the variable', () => {
    for (const [name, value] of [
      ['PORT', 'eighty'],
      ['PORT', '70000'],
      ['SESSION_IDLE_MINUTES', '0'],
      ['DEMO_DATA', 'maybe'],
      ['DATABASE_URL', 'mysql://x'],
      ['LOG_LEVEL', 'loud'],
      ['LOGIN_PAIR_MAX_FAILURES', '0'],
      ['LOGIN_ADDRESS_DELAY_SECONDS', 'soon'],
    ] as const) {
      expect(() => loadConfig({ [name]: value }, [])).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value }, [])).toThrow(new RegExp(name));
    }
  });
});

describe('the sign-in throttle settings', () => {
  it('refuse a pair limit above the account limit, naming both', () => {
    expect(() =>
      loadConfig({ LOGIN_PAIR_MAX_FAILURES: '12', LOGIN_ACCOUNT_MAX_FAILURES: '10' }, []),
    ).toThrow(/LOGIN_PAIR_MAX_FAILURES: must not exceed LOGIN_ACCOUNT_MAX_FAILURES/);
  });

  it('stop the start on the retired LOGIN_MAX_FAILURES, naming its replacements', () => {
    expect(() => loadConfig({ LOGIN_MAX_FAILURES: '10' }, [])).toThrow(ConfigError);
    expect(() => loadConfig({ LOGIN_MAX_FAILURES: '10' }, [])).toThrow(
      /LOGIN_MAX_FAILURES: replaced by LOGIN_ACCOUNT_MAX_FAILURES .* and LOGIN_PAIR_MAX_FAILURES/,
    );
  });
});

describe("every module's settings", () => {
  it('stop the start with a ConfigError naming the setting', () => {
    const cases: [() => unknown, RegExp][] = [
      [() => loadLoanBookConfig({ AADHAAR_HASH_KEY: 'short' }), /AADHAAR_HASH_KEY/],
      [() => loadPayoutsConfig({ PAYOUT_GATEWAY: 'razorpayx' }), /RAZORPAYX_KEY_ID/],
      [() => loadIntegrationsConfig({ COLLECTION_GATEWAY: 'razorpay' }), /RAZORPAY_KEY_ID/],
      [() => demoBookSettings({ DEMO_BOOK_BORROWERS: 'many' }), /DEMO_BOOK_BORROWERS/],
      [() => loadBorrowerAppSettings({ OTP_TTL_SECONDS: '-1' }), /OTP_TTL_SECONDS/],
    ];
    for (const [load, names] of cases) {
      expect(load).toThrow(ConfigError);
      expect(load).toThrow(names);
    }
  });

  it('the server prints just the message and exits 1, whichever module reads it', () => {
    const server = fileURLToPath(new URL('./server.ts', import.meta.url));
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'config-error-'));
    const run = spawnSync(process.execPath, ['--import', 'tsx', server], {
      env: { ...process.env, PAYOUT_GATEWAY: 'razorpayx', DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 60_000,
    });
    rmSync(dataDir, { recursive: true, force: true });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      'Invalid payout setting RAZORPAYX_KEY_ID: required with PAYOUT_GATEWAY=razorpayx',
    );
  }, 60_000);
});
