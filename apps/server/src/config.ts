import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { LoginThrottleLimits } from './modules/user/index.js';
import { ConfigError } from './shared/config-error.js';
import { clockRangeOf, type ClockWindow } from './shared/contact-hours.js';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const positiveInt = z.coerce.number().int().positive();

/** The console's build output, found relative to this file whether run from src/ or dist/. */
function defaultConsoleDist(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/config.ts and dist/server.js both sit one level below apps/server.
  return path.resolve(here, '..', '..', 'console', 'dist');
}

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case PostgreSQL identifier')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DAY_END_CHECK_SECONDS: positiveInt.default(60),
  DAY_END_LEASE_SECONDS: positiveInt.default(300),
  EXPORT_CHECK_SECONDS: positiveInt.default(10),
  EXPORT_LEASE_SECONDS: positiveInt.default(60),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).default(5),
  SHUTDOWN_GRACE_SECONDS: positiveInt.default(25),
  SESSION_IDLE_MINUTES: positiveInt.default(15),
  SESSION_ABSOLUTE_HOURS: positiveInt.default(8),
  LOGIN_WINDOW_MINUTES: positiveInt.default(15),
  LOGIN_FREE_FAILURES: positiveInt.default(3),
  LOGIN_PAIR_MAX_FAILURES: positiveInt.default(5),
  LOGIN_ACCOUNT_MAX_FAILURES: positiveInt.default(10),
  LOGIN_ADDRESS_SLOW_AFTER: positiveInt.default(100),
  LOGIN_ADDRESS_DELAY_SECONDS: positiveInt.default(30),
  PRODUCT_TITLE: z.string().min(1).max(100).default('Lending Console'),
  DEMO_DATA: booleanString.default(true),
  CONSOLE_DIST: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_PER_MINUTE: positiveInt.default(1200),
  TRUST_PROXY: booleanString.default(false),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  DEMO_CLOCK_WITHIN: z
    .string()
    .refine((v) => clockRangeOf(v) !== null, 'must be HH:MM-HH:MM')
    .refine((v) => {
      const range = clockRangeOf(v);
      return range === null || range.start < range.end;
    }, 'must start before it ends')
    .optional(),
});

/** Settings that no longer exist: set, they stop the start rather than being ignored. */
const RETIRED: Record<string, string> = {
  LOGIN_MAX_FAILURES:
    'replaced by LOGIN_ACCOUNT_MAX_FAILURES (every address) and LOGIN_PAIR_MAX_FAILURES (one address)',
};

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** The PostgreSQL schema of the tables and of the migrations' record (default: public). */
  databaseSchema: string | undefined;
  /** How often the day-end checks for work, and how long a crashed server's lease holds it. */
  dayEnd: { checkMs: number; leaseMs: number };
  /**
   * How often a server looks for exports no server runs (queued by another's call, or left by
   * one that stopped), and how long a runner's hold on one lasts unless renewed.
   */
  exports: { checkMs: number; leaseMs: number };
  /**
   * On SIGTERM: how long the server still answers after /health/ready turns 503 (the
   * balancer's checks see it out of rotation meanwhile), and how long jobs and requests in
   * flight may take in all before the process exits anyway.
   */
  shutdownDrainMs: number;
  shutdownGraceMs: number;
  dataDir: string;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** The sign-in throttle's figures (decision 0023). */
  loginThrottle: LoginThrottleLimits;
  productTitle: string;
  demoData: boolean;
  consoleDist: string;
  logLevel: string;
  /** Requests per minute per address before 4290, for every route. */
  rateLimitPerMinute: number;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (throttles, log). */
  trustProxy: boolean;
  /** Set: GET /metrics answers a scraper bearing it; unset: no metrics endpoint. */
  metricsToken: string | undefined;
  /**
   * Demo and browser journeys only (decision 0056): the India time window that the server's
   * clock is moved into at start when the real time lies outside it.
   */
  demoClockWithin: ClockWindow | undefined;
}

export { ConfigError };

/** Reads the configuration; a bad value throws a ConfigError naming the variable. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  argv: readonly string[] = process.argv.slice(2),
): Config {
  // An empty variable means "unset" (a common shell idiom).
  const present = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => key in configSchema.shape && value !== ''),
  );
  const retired = Object.keys(RETIRED).filter((name) => env[name]);
  if (retired.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${retired.map((name) => `  ${name}: ${RETIRED[name]}`).join('\n')}`,
    );
  }
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) =>
        `  ${issue.path.join('.')}=${JSON.stringify(present[String(issue.path[0])])}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (parsed.data.LOGIN_PAIR_MAX_FAILURES > parsed.data.LOGIN_ACCOUNT_MAX_FAILURES) {
    throw new ConfigError(
      'Invalid configuration:\n  LOGIN_PAIR_MAX_FAILURES: must not exceed LOGIN_ACCOUNT_MAX_FAILURES',
    );
  }
  const values = parsed.data;
  const demoData = argv.includes('--no-demo') ? false : values.DEMO_DATA;
  // A moved clock would misdate real money: only a demo book on sandbox gateways may have one.
  const live = ['COLLECTION_GATEWAY', 'PAYOUT_GATEWAY', 'SMS_GATEWAY'].filter(
    (name) => env[name] !== undefined && env[name] !== '' && env[name] !== 'sandbox',
  );
  if (values.DEMO_CLOCK_WITHIN && (!demoData || live.length > 0)) {
    throw new ConfigError(
      `Invalid configuration:\n  DEMO_CLOCK_WITHIN: only with DEMO_DATA=true and sandbox gateways${
        live.length > 0 ? ` (${live.join(', ')} is not sandbox)` : ''
      }`,
    );
  }
  return {
    port: values.PORT,
    host: values.HOST,
    databaseUrl: values.DATABASE_URL,
    databaseSchema: values.DATABASE_SCHEMA,
    dayEnd: {
      checkMs: values.DAY_END_CHECK_SECONDS * 1000,
      leaseMs: values.DAY_END_LEASE_SECONDS * 1000,
    },
    exports: {
      checkMs: values.EXPORT_CHECK_SECONDS * 1000,
      leaseMs: values.EXPORT_LEASE_SECONDS * 1000,
    },
    shutdownDrainMs: values.SHUTDOWN_DRAIN_SECONDS * 1000,
    shutdownGraceMs: values.SHUTDOWN_GRACE_SECONDS * 1000,
    dataDir: path.resolve(values.DATA_DIR),
    sessionIdleMinutes: values.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: values.SESSION_ABSOLUTE_HOURS,
    loginThrottle: {
      windowMinutes: values.LOGIN_WINDOW_MINUTES,
      freeFailures: values.LOGIN_FREE_FAILURES,
      pairMaxFailures: values.LOGIN_PAIR_MAX_FAILURES,
      accountMaxFailures: values.LOGIN_ACCOUNT_MAX_FAILURES,
      addressSlowAfter: values.LOGIN_ADDRESS_SLOW_AFTER,
      addressDelaySeconds: values.LOGIN_ADDRESS_DELAY_SECONDS,
    },
    productTitle: values.PRODUCT_TITLE,
    demoData,
    consoleDist: path.resolve(values.CONSOLE_DIST ?? defaultConsoleDist()),
    logLevel: values.LOG_LEVEL,
    rateLimitPerMinute: values.RATE_LIMIT_PER_MINUTE,
    trustProxy: values.TRUST_PROXY,
    metricsToken: values.METRICS_TOKEN,
    demoClockWithin: values.DEMO_CLOCK_WITHIN
      ? (clockRangeOf(values.DEMO_CLOCK_WITHIN) ?? undefined)
      : undefined,
  };
}
