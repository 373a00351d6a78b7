import { existsSync } from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { adminEndpoints } from '@lending/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import { createEndpointRegistrar } from './plugins/access.js';
import { registerConsoleAssets } from './plugins/console-assets.js';
import { createAppEndpointRegistrar } from './plugins/app-access.js';
import { redactUrl } from './plugins/auth.js';
import type { Database, DatabaseHandle } from './plugins/db.js';
import { frameworkErrorHandler, registerErrorHandling } from './plugins/errors.js';
import { registerI18n } from './plugins/i18n.js';
import { registerHealth, requestIdOf, type Readiness } from './plugins/health.js';
import { createMetrics, registerMetrics, type Metrics } from './plugins/metrics.js';
import type { ModuleRoutes, ServerModule } from './plugins/module.js';
import { registerOpenApi } from './plugins/openapi.js';
import { AppError } from './shared/app-error.js';
import { systemClock, type Clock, type DemoClock } from './shared/clock.js';
import { uploadDirOf } from './shared/import/stored-files.js';
import { loadIntegrationsConfig } from './integrations/index.js';
import { wireGateways, type Gateways, type GatewaysDeps } from './gateways.js';
import { createApprovalModule, reviewWork } from './modules/approval/index.js';
import { createAuditModule, scopedDatabase } from './modules/audit/index.js';
import { createBorrowerAppModule, loadBorrowerAppSettings } from './modules/borrower-app/index.js';
import { createConfigModule } from './modules/config/index.js';
import { createCouponModule } from './modules/coupon/index.js';
import { createCustomerModule } from './modules/customer/index.js';
import { createDashboardModule } from './modules/dashboard/index.js';
import { createDemoModule } from './modules/demo/index.js';
import { createExportModule, type ExportRunner } from './modules/export/index.js';
import {
  applyCreditRefundPayout,
  createFinanceModule,
  creditRefundIdOfReference,
} from './modules/finance/index.js';
import {
  createLoanBookModule,
  loadLoanBookConfig,
  type LoanBookDeps,
  payoutsByStatus,
} from './modules/loan-book/index.js';
import { createMarketingSmsModule } from './modules/marketing-sms/index.js';
import {
  assetClassThresholds,
  contactRulesOf,
  createOpsConfigModule,
  createSettingsService,
  lockedPeriodPosting,
  type SettingsService,
} from './modules/ops-config/index.js';
import { payoutGatewayReferences } from './modules/payouts/index.js';
import { createPowerModule } from './modules/power/index.js';
import {
  createRecoveryModule,
  loadRecoverySettings,
  openCasesOnReopen,
} from './modules/recovery/index.js';
import { createRemarketingModule } from './modules/remarketing/index.js';
import {
  createRepayModule,
  lapseRequestsOnOrderChange,
  requestsOfOrder,
  waiverApprovalAboveOf,
} from './modules/repay/index.js';
import { createReportsModule } from './modules/reports/index.js';
import { createRiskModule, machineReview } from './modules/risk/index.js';
import { checkingStatusesOf, createTelemarketingModule } from './modules/telemarketing/index.js';
import {
  createPasswordHasher,
  createUserModule,
  type PasswordHasher,
  type UserModule,
} from './modules/user/index.js';
import {
  applyWithdrawalPayout,
  clawbackRewardOnOrderChange,
  createWalletModule,
  withdrawalIdOfReference,
} from './modules/wallet/index.js';

/** JSON bodies up to 1 MiB; uploads (later) get their own limit. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildAppOptions {
  config: Config;
  db: Database;
  /** The database's driver and pool, for /metrics (left out: no database lines there). */
  database?: Pick<DatabaseHandle, 'driver' | 'poolStats'>;
  /** Whether /health/ready says yes; the server clears it until migrations and seed are done. */
  readiness?: Readiness;
  clock?: Clock;
  /** Tests pass a cheaper hasher; production uses docs/security.md's argon2id parameters. */
  hasher?: PasswordHasher;
  /** Gateway sandbox overrides (tests deliver webhooks through inject, on their own schedule). */
  gateways?: Partial<
    Pick<
      GatewaysDeps,
      | 'deliver'
      | 'scheduler'
      | 'random'
      | 'config'
      | 'payouts'
      | 'payoutGateway'
      | 'payoutDispatcher'
    >
  >;
  /** Fastify logger options; defaults to the configured level with tokens redacted. */
  logger?: FastifyServerOptions['logger'];
  /**
   * Where uploaded files were kept before they moved into the database (decision 0091), read
   * at start to copy any left; default `<DATA_DIR>/uploads` (tests use a temporary one).
   */
  uploadDir?: string;
  /**
   * The demo's clock, which the demo may move forward (decision 0066); `clock` must be it. Only
   * with a configuration that has DEMO_CLOCK_WITHIN (demo book, sandbox gateways).
   */
  demoClock?: DemoClock;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Interface ids of every endpoint bound through the access layer. */
    registeredEndpointIds: ReadonlySet<string>;
    /** The gateways (SMS, collections, payouts), their sandboxes and the payout dispatcher. */
    integrations: Gateways;
    users: UserModule;
    /** Request latency and job runs for GET /metrics (jobs report through it). */
    metrics: Metrics;
    /** The background export runner (tests wait for it with `idle()`). */
    exportRunner: ExportRunner;
    /** The configuration items' cached reader (server.ts's jobs read their times from it). */
    opsSettings: SettingsService;
    /** The loan book's deps as wired here (its order-change subscribers included). */
    loanBook: LoanBookDeps;
  }
}

function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: ['req.headers["x-token"]', 'req.headers.cookie'],
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}

/** Content-Security-Policy of the console (docs/security.md). Ant Design injects style tags. */
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};

/** The paths the request limit counts: the two APIs and the gateways' webhooks. */
const COUNTED_PREFIXES = ['/admin-api', '/app-api', '/webhooks'];
export function isCountedPath(url: string): boolean {
  return COUNTED_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    frameworkErrors: frameworkErrorHandler,
    genReqId: requestIdOf,
  });

  // Only JSON is accepted: text/plain and other types answer 4002/415.
  app.removeAllContentTypeParsers();
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // An empty body is "no body" (axios sends none for calls without data).
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    // Fastify types a body parser as callback- or promise-style; its default JSON parser is the
    // callback one (it answers through the callback at once and returns nothing), so there is
    // no promise here to await.
    void parseJson(request, String(body), (error, value) => {
      if (error) return done(new AppError('malformedJson'), undefined);
      done(null, value);
    });
  });

  // Any other type: an empty body is still "no body"; anything else is refused with 4002/415.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    if (String(body).trim() === '') return done(null, undefined);
    done(new AppError('unsupportedMediaType'), undefined);
  });

  registerI18n(app);
  const consoleIndex = path.join(config.consoleDist, 'index.html');
  const hasConsole = existsSync(consoleIndex);
  registerErrorHandling(app, { hasConsole: () => hasConsole });

  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    // The console is served over plain HTTP on a workstation too; HSTS is set by the TLS proxy.
    strictTransportSecurity: false,
  });
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    // The calls count, not the console's own files: one page load fetches dozens of cached
    // assets, and an office behind one address would otherwise be refused its own console
    // (a refused asset shows the error's JSON instead of the page).
    allowList: (request) => !isCountedPath(request.url),
    errorResponseBuilder: () => new AppError('rateLimited'),
  });
  registerHealth(app, db, options.readiness ?? { ready: true });
  const metrics = createMetrics({
    ...(options.database ? { database: options.database } : {}),
    gauges: [
      {
        name: 'lending_payouts',
        help: 'Payouts in the book, by status.',
        labelNames: ['status'],
        read: async () =>
          (await payoutsByStatus(db)).map(({ status, count }) => ({
            labels: { status },
            value: count,
          })),
      },
    ],
  });
  registerMetrics(app, metrics, config.metricsToken);
  app.decorate('metrics', metrics);
  if (hasConsole) {
    // The hashed assets from memory (plugins/console-assets.ts); index.html and the other
    // files at the root from the disk, re-read so that a new build is picked up.
    registerConsoleAssets(app, config.consoleDist);
    await app.register(fastifyStatic, {
      root: config.consoleDist,
      prefix: '/',
      preCompressed: true,
      setHeaders(response) {
        response.header('cache-control', 'no-cache');
      },
    });
  }

  // Audited calls run in one transaction with their audit row; modules get a database that
  // joins that transaction while one is in progress (decision 0012).
  const audit = createAuditModule(db);
  const moduleDb = scopedDatabase(db);
  const authPort = {
    verifySession: (token: string | undefined) => users.authPort.verifySession(token),
    grantsOf: (userId: number) => users.authPort.grantsOf(userId),
    staffOf: (userId: number) => users.authPort.staffOf(userId),
  };
  const endpoints = createEndpointRegistrar(app, {
    auth: authPort,
    audit: audit.port,
    db,
    clock,
  });
  const users = createUserModule({
    db: moduleDb,
    clock,
    hasher: options.hasher ?? createPasswordHasher(),
    settings: {
      sessionIdleMinutes: config.sessionIdleMinutes,
      sessionAbsoluteHours: config.sessionAbsoluteHours,
      loginThrottle: config.loginThrottle,
    },
  });
  const staffOf = authPort.staffOf;

  // Every caller of the loan book's commands gets these deps (or them over moduleDb), so every
  // order change reaches the same subscribers in its transaction. Over the plain database: the
  // gateways, the borrower API and its coupon calls.
  const recoverySettings = loadRecoverySettings();
  const loanBookDeps: LoanBookDeps = {
    db,
    clock,
    ...loadLoanBookConfig(),
    // The review commands' work on approval's review tasks and referrals, and machine review's
    // decision by risk's rules, settings and blacklist: each in the command's transaction.
    reviewWork,
    machineReview,
    bookSettings: { classThresholds: assetClassThresholds, lockedPeriodPosting },
    // A repayment reversed out of repaid also claws back an invitation reward (decision 0063)
    // and opens the order's collection case at once (decision 0099).
    onOrderChanged: [
      lapseRequestsOnOrderChange,
      clawbackRewardOnOrderChange(clock),
      openCasesOnReopen(recoverySettings),
    ],
  };
  const integrations = wireGateways({
    config: loadIntegrationsConfig(process.env, config.port),
    db,
    clock,
    loanBook: loanBookDeps,
    ...options.gateways,
    payoutDispatcher: {
      onError: (error) => app.log.error({ err: error }, 'payout dispatch failed'),
      ...options.gateways?.payoutDispatcher,
    },
  });
  // The book over moduleDb, for the console's calls (they join the audited transaction). The
  // loan book's and repay's own commands also send a committed payout to the gateway at once
  // (the sweep catches what this misses); approval's and finance's leave it to the sweep.
  const auditedLoanBook: LoanBookDeps = { ...loanBookDeps, db: moduleDb };
  const payingLoanBook: LoanBookDeps = {
    ...auditedLoanBook,
    onPayoutCommitted: (payoutId) => integrations.payouts.dispatcher.enqueue(payoutId),
  };
  // Configuration items: one cached reader for the whole server, invalidated on change.
  const opsSettings = createSettingsService({ db: moduleDb, clock });
  // Read in the order a start-up with several of them wrong has always reported them.
  const borrowerAppSettings = loadBorrowerAppSettings();

  // Invitations and wallets (decision 0043): withdrawals are paid through the payout gateway.
  const sandboxPayouts = integrations.payouts.sandbox;
  const wallet = createWalletModule({
    db: moduleDb,
    clock,
    gateway: integrations.payouts.gateway,
    staffOf,
    ...(sandboxPayouts ? { onRechargeConfirmed: (amount) => sandboxPayouts.deposit(amount) } : {}),
  });
  integrations.payouts.addOtherPayouts({
    owns: (reference) => withdrawalIdOfReference(reference) !== undefined,
    apply: (tx, reported, at) =>
      applyWithdrawalPayout(tx, withdrawalIdOfReference(reported.reference)!, reported, at),
  });
  // Refunds of unapplied collection credits (finance) travel the same gateway and webhook.
  integrations.payouts.addOtherPayouts({
    owns: (reference) => creditRefundIdOfReference(reference) !== undefined,
    apply: (tx, reported, at) =>
      applyCreditRefundPayout(tx, creditRefundIdOfReference(reported.reference)!, reported, at),
  });
  const borrowerApp = createBorrowerAppModule({
    db,
    clock,
    opsSettings,
    settings: borrowerAppSettings,
    sms: integrations.smsGateways,
    collections: integrations.collectionGateway,
    loanBook: loanBookDeps,
    productTitle: config.productTitle,
  });
  // Exports page through any list registered (lists are looked up per job).
  const exportModule = createExportModule({
    db,
    clock,
    dataDir: config.dataDir,
    listOf: (id) => endpoints.listOf(id),
    grantsOf: authPort.grantsOf,
    log: app.log,
    leaseMs: config.exports.leaseMs,
    access: { auth: authPort, audit: audit.port },
  });
  let demo: ServerModule | undefined;
  if (options.demoClock) {
    // The configuration allows a demo clock only on a demo book with sandbox gateways.
    if (!config.demoClockWithin || options.demoClock !== clock)
      throw new Error('a demo clock needs DEMO_CLOCK_WITHIN and must be the app clock');
    demo = createDemoModule({
      db: moduleDb,
      clock: options.demoClock,
      credit: (credit) => integrations.collections.simulateCredit(credit),
    });
  }

  // Every module, built once, registers its calls the same way (decision 0082), in this order.
  const modules: ServerModule[] = [
    users,
    createPowerModule({ users }),
    createConfigModule({ productTitle: config.productTitle }),
    audit,
    createLoanBookModule(
      { ...payingLoanBook, staffOf },
      {
        gatewayReferences: (payoutIds) => payoutGatewayReferences(moduleDb, payoutIds),
        approvalRequestsOf: requestsOfOrder,
      },
    ),
    createDashboardModule({ db: moduleDb, clock }),
    createRepayModule({
      db: moduleDb,
      clock,
      collections: integrations.collectionGateway,
      loanBook: payingLoanBook,
      uploadDir: options.uploadDir ?? uploadDirOf(config.dataDir),
      log: app.log,
      staffOf,
      waiverApprovalAbove: waiverApprovalAboveOf(opsSettings),
    }),
    createApprovalModule({
      db: moduleDb,
      clock,
      loanBook: auditedLoanBook,
      checkingStatusOf: checkingStatusesOf,
    }),
    createFinanceModule({
      db: moduleDb,
      clock,
      loanBook: auditedLoanBook,
      collections: integrations.collectionGateway,
      payouts: integrations.payouts.gateway,
    }),
    createReportsModule({ db: moduleDb, clock }),
    createOpsConfigModule({
      db: moduleDb,
      rawDb: db,
      clock,
      settings: opsSettings,
      smsGatewayMode: integrations.config.smsGateway,
    }),
    createCustomerModule({ db: moduleDb }),
    createRemarketingModule({ db: moduleDb, clock }),
    createTelemarketingModule({ db: moduleDb, rawDb: db, clock }),
    exportModule,
    createRiskModule({ db: moduleDb, clock }),
    createRecoveryModule({
      db: moduleDb,
      rawDb: db,
      clock,
      settings: recoverySettings,
      contactRules: () => contactRulesOf(opsSettings),
      sms: integrations.smsGateways,
    }),
    // Marketing SMS campaigns (/toolMage/marketingSMS, marketingSendSMS); the job is in server.ts.
    createMarketingSmsModule({ db: moduleDb, clock }),
    wallet,
    borrowerApp,
    ...(demo ? [demo] : []),
    createCouponModule({ db: moduleDb, rawDb: db, clock, loanBook: loanBookDeps }),
  ];
  const routes: ModuleRoutes = {
    admin: endpoints,
    app: createAppEndpointRegistrar(app, (token) => borrowerApp.verifySession(token)),
    server: app,
  };
  for (const module of modules) module.registerRoutes(routes);

  await integrations.registerWebhooks(app);
  app.addHook('onClose', async () => integrations.scheduler.stop());
  registerOpenApi(app, adminEndpoints, {
    title: `${config.productTitle} admin API`,
    version: '0.1.0',
  });

  app.decorate('registeredEndpointIds', endpoints.registered);
  app.decorate('users', users);
  app.decorate('exportRunner', exportModule.runner);
  app.decorate('integrations', integrations);
  app.decorate('opsSettings', opsSettings);
  app.decorate('loanBook', loanBookDeps);
  return app;
}
