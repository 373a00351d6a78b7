import path from 'node:path';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { WORKED_EXAMPLE_TERMS } from '@lending/lending';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { loadIntegrationsConfig } from '../integrations/config.js';
import {
  createManualScheduler,
  loadPayoutsConfig,
  type ManualScheduler,
} from '../integrations/payouts/index.js';
import type { WebhookDeliverer } from '../integrations/webhooks/delivery.js';
import {
  listProducts,
  loadLoanBookConfig,
  publishRuleSet,
  saveProduct,
  type LoanBookDeps,
} from '../modules/loan-book/index.js';
import { enabledRuleSet } from '../modules/loan-book/risk.repository.js';
import type { PasswordHasher } from '../modules/user/index.js';
import type { Database } from '../plugins/db.js';
import type { Clock } from '../shared/clock.js';
import { startOfIndiaDate } from '../shared/india-date.js';
import { queryRows } from '../shared/sql-rows.js';
import type { Prng } from './prng.js';
import type { ReviewerPersona } from './personas.js';

/** The simulator's clock: set to any instant; everything in the world reads it. */
export class SimulationClock implements Clock {
  private current: number;
  constructor(start: Date) {
    this.current = start.getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  set(at: Date): void {
    this.current = at.getTime();
  }
  /** `hh:mm` India time on a business date. */
  setIndia(date: string, hour: number, minute = 0): void {
    this.set(new Date(startOfIndiaDate(date).getTime() + (hour * 60 + minute) * 60_000));
  }
}

export interface SimulationWorld {
  app: FastifyInstance;
  db: Database;
  clock: SimulationClock;
  scheduler: ManualScheduler;
  loanBook: LoanBookDeps;
  products: { first: number; reloan: number };
  firstReviewers: ReviewerPersona[];
  finalReviewers: ReviewerPersona[];
  financeId: number | null;
  /** Who signs the simulated back-office work (reversals, waivers, write-offs). */
  backOfficeId: number;
  close(): Promise<void>;
}

/** Argon2 is for people; the simulator's app never signs anyone in. */
const noHasher: PasswordHasher = {
  hash: async () => '!',
  verify: async () => false,
} as unknown as PasswordHasher;

/**
 * A private app on the given database for the simulation: the simulated clock, the sandboxes
 * deterministic (seeded randomness, zero delays, webhooks delivered in-process through
 * `app.inject` when the simulator runs the scheduler), the real services and webhook routes.
 */
export async function createSimulationWorld(options: {
  db: Database;
  prng: Prng;
  start: Date;
  config?: Partial<Config>;
}): Promise<SimulationWorld> {
  const { db } = options;
  const clock = new SimulationClock(options.start);
  const scheduler = createManualScheduler();
  const random = options.prng.fork('gateways');
  const ref: { app?: FastifyInstance } = {};
  const deliver: WebhookDeliverer = async (url, body, headers) => {
    const response = await ref.app!.inject({
      method: 'POST',
      url,
      payload: body,
      headers: { 'content-type': 'application/json', ...headers },
    });
    return response.statusCode;
  };
  const integrationsConfig = loadIntegrationsConfig({});
  const payouts = loadPayoutsConfig({});
  const config: Config = {
    ...loadConfig({}, []),
    consoleDist: path.join(os.tmpdir(), 'simulator-has-no-console'),
    logLevel: 'silent',
    rateLimitPerMinute: 1_000_000_000,
    ...options.config,
  };
  const app = await buildApp({
    config,
    db,
    clock,
    hasher: noHasher,
    logger: false,
    gateways: {
      deliver,
      scheduler,
      random: () => random.next(),
      config: {
        ...integrationsConfig,
        sandbox: {
          ...integrationsConfig.sandbox,
          minDelayMs: 0,
          maxDelayMs: 0,
          smsFailureRate: 0,
          duplicateRate: 0.1,
          bankVerifyFailureRate: 0.01,
        },
      },
      payouts: {
        ...payouts,
        gateway: 'sandbox',
        sandbox: {
          failureRate: 0.02,
          reversalRate: 0.002,
          duplicateRate: 0.15,
          minDelayMs: 0,
          maxDelayMs: 0,
        },
      },
    },
  });
  ref.app = app;
  await app.ready();
  const loanBook: LoanBookDeps = { db, clock, ...loadLoanBookConfig() };
  const products = await ensureProducts(loanBook);
  await ensureRuleSet(db, clock.now());
  const staff = new Map(
    (await queryRows(db, sql`select id, email from staff_users`)).map((row) => [
      String(row.email),
      Number(row.id),
    ]),
  );
  const reviewerId = staff.get('reviewer@example.com') ?? staff.get('admin@example.com') ?? 1;
  const adminId = staff.get('admin@example.com') ?? 2;
  return {
    app,
    db,
    clock,
    scheduler,
    loanBook,
    products,
    // Personas: their own pass rates and speed (the final reviewer differs from the first).
    firstReviewers: [
      { name: 'careful first reviewer', staffId: reviewerId, passRate: 0.78, speed: 0.7 },
      { name: 'quick first reviewer', staffId: reviewerId, passRate: 0.9, speed: 0.95 },
    ],
    finalReviewers: [{ name: 'credit head', staffId: adminId, passRate: 0.93, speed: 0.85 }],
    financeId: staff.get('finance@example.com') ?? null,
    backOfficeId: staff.get('finance@example.com') ?? adminId,
    async close() {
      scheduler.stop();
      await app.close();
    },
  };
}

async function ensureProducts(deps: LoanBookDeps): Promise<{ first: number; reloan: number }> {
  const { list } = await listProducts(deps.db, {
    page: 1,
    pageSize: 100,
    filters: { status: 'available' },
  });
  const first = list.find((row) => row.kind === 'first');
  const reloan = list.find((row) => row.kind === 'reloan');
  const at = deps.clock.now();
  const firstId =
    first?.id ??
    (
      await saveProduct(
        deps.db,
        { kind: 'first', name: 'Cash 14', status: 'available', terms: WORKED_EXAMPLE_TERMS },
        null,
        at,
      )
    ).id;
  const reloanId =
    reloan?.id ??
    (
      await saveProduct(
        deps.db,
        {
          kind: 'reloan',
          name: 'Cash 21 (returning borrowers)',
          status: 'available',
          terms: {
            ...WORKED_EXAMPLE_TERMS,
            tenorDays: 21,
            processingFeePpm: 50_000,
            interestPerDayPpm: 800,
            maxPrincipal: 5_000_000n,
          },
        },
        null,
        at,
      )
    ).id;
  return { first: firstId, reloan: reloanId };
}

/** Machine review as the loan book runs it: a small enabled rule set if there is none. */
async function ensureRuleSet(db: Database, at: Date): Promise<void> {
  if (await enabledRuleSet(db)) return;
  await db.transaction((tx) =>
    publishRuleSet(
      tx,
      {
        rejectScoreAbove: 40,
        rules: [
          {
            ruleName: 'Income below ₹10,000 a month',
            className: 'income',
            fieldName: 'monthlyIncomePaise',
            expression: '<',
            comparisonValue: '1000000',
            score: 100,
            level: 'hard',
          },
          {
            ruleName: 'Student',
            className: 'profile',
            fieldName: 'occupation',
            expression: 'in',
            comparisonValue: 'student',
            score: 30,
            level: 'soft',
          },
          {
            ruleName: 'Paid social channel',
            className: 'channel',
            fieldName: 'channel',
            expression: '==',
            comparisonValue: 'facebook_ads',
            score: 15,
            level: 'soft',
          },
        ],
      },
      at,
    ),
  );
}
