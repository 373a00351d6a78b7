import path from 'node:path';
import os from 'node:os';
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
import { listProducts, saveProduct, type LoanBookDeps } from '../modules/loan-book/index.js';
import {
  addBlacklistEntry,
  enabledRuleSet,
  insertRiskSettings,
  publishRuleSet,
  ruleIdOfCode,
  saveRule,
  setPublishedOverrides,
  startDraft,
} from '../modules/risk/index.js';
import { staffIdsByEmail, type PasswordHasher } from '../modules/user/index.js';
import type { Database } from '../plugins/db.js';
import type { Clock } from '../shared/clock.js';
import { startOfIndiaDate } from '../shared/india-date.js';
import type { Prng } from './prng.js';
import type { ReviewerPersona } from './personas.js';
import { ensureApprovalSetup } from './approval-setup.js';

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
  /**
   * Who records offline repayments and asks for refunds (the maker); the back office
   * (`backOfficeId`) reviews and approves them: never the same person.
   */
  makerId: number;
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
  // The app's own wiring, so the simulated staff's commands tell the same subscribers.
  const loanBook: LoanBookDeps = app.loanBook;
  const products = await ensureProducts(loanBook);
  await ensureRuleSet(db, clock.now());
  const staff = await staffIdsByEmail(db);
  const reviewerId = staff.get('reviewer@example.com') ?? staff.get('admin@example.com') ?? 1;
  const adminId = staff.get('admin@example.com') ?? 2;
  // Review groups, reviewers and rejection codes: machine review queues work to them.
  const team = await ensureApprovalSetup(db, staff, clock.now());
  const personas = (ids: number[], fallback: ReviewerPersona[], rates: [number, number][]) =>
    ids.length
      ? ids.map((staffId, index) => ({
          name: `reviewer ${staffId}`,
          staffId,
          passRate: rates[index % rates.length]![0],
          speed: rates[index % rates.length]![1],
        }))
      : fallback;
  const backOfficeId = staff.get('finance@example.com') ?? adminId;
  return {
    app,
    db,
    clock,
    scheduler,
    loanBook,
    products,
    // Personas: their own pass rates and speed (the final reviewer differs from the first).
    firstReviewers: personas(
      team.first,
      [{ name: 'first reviewer', staffId: reviewerId, passRate: 0.85, speed: 0.8 }],
      [
        [0.78, 0.7],
        [0.9, 0.95],
      ],
    ),
    finalReviewers: personas(
      team.final,
      [{ name: 'credit head', staffId: adminId, passRate: 0.93, speed: 0.85 }],
      [
        [0.93, 0.85],
        [0.88, 0.9],
      ],
    ),
    financeId: staff.get('finance@example.com') ?? null,
    backOfficeId,
    makerId: backOfficeId === adminId ? reviewerId : adminId,
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

/**
 * Machine review as the loan book runs it: a published rule-set version if there is none, a
 * draft beside it that a risk manager is preparing (a stricter income floor, one more rule),
 * riskConfig's settings and a few blacklist entries.
 */
async function ensureRuleSet(db: Database, at: Date): Promise<void> {
  if (await enabledRuleSet(db)) return;
  const income = {
    ruleCode: 'R001',
    ruleName: 'Income below ₹10,000 a month',
    className: 'income',
    fieldName: 'monthlyIncomePaise',
    expression: '<' as const,
    comparisonValue: '1000000',
    score: 100,
    level: 'hard' as const,
  };
  await db.transaction(async (tx) => {
    await publishRuleSet(
      tx,
      {
        baseScore: 100,
        rejectBelow: 60,
        passAbove: 85,
        rules: [
          income,
          {
            ruleCode: 'R002',
            ruleName: 'Student',
            className: 'profile',
            fieldName: 'occupation',
            expression: 'in',
            comparisonValue: 'student',
            score: 30,
            level: 'soft',
          },
          {
            ruleCode: 'R003',
            ruleName: 'Paid social channel',
            className: 'application',
            fieldName: 'channel',
            expression: '==',
            comparisonValue: 'facebook_ads',
            score: 15,
            level: 'soft',
          },
          {
            ruleCode: 'R004',
            ruleName: 'Gig worker',
            className: 'profile',
            fieldName: 'occupation',
            expression: '==',
            comparisonValue: 'gig_worker',
            score: 10,
            level: 'soft',
          },
          {
            ruleCode: 'R005',
            ruleName: 'Younger than 25',
            className: 'identity',
            fieldName: 'age',
            expression: '<',
            comparisonValue: '25',
            score: 10,
            weight: 2,
            level: 'soft',
          },
          {
            ruleCode: 'R006',
            ruleName: 'Returning borrower once 30+ days late',
            className: 'history',
            fieldName: 'maxOverdueDaysEver',
            expression: '>=',
            comparisonValue: '30',
            score: 100,
            level: 'hard',
          },
        ],
      },
      at,
    );
    // Returning customers are trusted a little more.
    await setPublishedOverrides(tx, [
      { productId: null, customerType: 'old', rejectBelow: 50, passAbove: 80 },
    ]);
  });
  const risk = { db, clock: { now: () => at } };
  const draft = await startDraft(risk, null);
  const copied = await ruleIdOfCode(db, draft.id, 'R001');
  await saveRule(risk, {
    ...income,
    id: copied!,
    ruleName: 'Income below ₹12,000 a month',
    comparisonValue: '1200000',
    weight: 1,
    enable: true,
  });
  await saveRule(risk, {
    ruleName: 'Shop owner in a new region',
    className: 'profile',
    fieldName: 'occupation',
    expression: '==',
    comparisonValue: 'shop_owner',
    score: 10,
    weight: 1,
    level: 'soft',
    enable: true,
  });
  await insertRiskSettings(db, {
    id: 1,
    blacklistCheck: true,
    maxOpenLoans: 1,
    reapplyDaysAfterRejection: 0,
    duplicateDeviceCheck: true,
    duplicatePhoneCheck: true,
    duplicatePanCheck: true,
    duplicateBankAccountCheck: false,
    minAge: 21,
    maxAge: 60,
    allowedRegions: [],
    updatedAt: at,
  });
  const entries = [
    {
      kind: 'phone',
      value: '9000000001',
      reason: 'Impersonated a borrower on a call',
      source: 'fraud',
    },
    { kind: 'phone', value: '9000000002', reason: 'Asked to be blocked', source: 'manual' },
    { kind: 'pan', value: 'ABCPE1234F', reason: 'Forged PAN card', source: 'fraud' },
    {
      kind: 'device',
      value: 'android-7f3a9c21',
      reason: 'Device of a fraud ring',
      source: 'fraud',
    },
    { kind: 'bankAccount', value: '501000123456', reason: 'Mule account', source: 'rejectionCode' },
  ] as const;
  for (const entry of entries) await addBlacklistEntry(db, entry, null, at);
}
