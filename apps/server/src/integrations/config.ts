import { z } from 'zod';
import { ConfigError } from '../shared/config-error.js';

/** A rate between 0 and 1. */
const rate = z.coerce.number().min(0).max(1);
const ms = z.coerce.number().int().min(0).max(600_000);

const schema = z.object({
  /**
   * Adapter per gateway: `sandbox` is the default. For SMS (decision 0079) `sandbox` sends every
   * message through the sandbox whatever /toolMage/smsConfig says, and the screen cannot choose
   * a live provider; `live` sends through the provider the screen saved, with its saved key.
   */
  SMS_GATEWAY: z.enum(['sandbox', 'live']).default('sandbox'),
  /** MSG91's API (the Flow API under /api/v5/flow); a local fake in tests. */
  MSG91_BASE_URL: z.url().default('https://control.msg91.com'),
  MSG91_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /**
   * MSG91 signs no webhook: its delivery reports are taken only at
   * /webhooks/sms/msg91?token=<this>, the URL saved on MSG91's panel (decision 0081). Unset:
   * the route is not there, and messages MSG91 took stay `queued`.
   */
  MSG91_WEBHOOK_TOKEN: z.string().min(24).max(200).optional(),
  COLLECTION_GATEWAY: z.enum(['sandbox', 'razorpay']).default('sandbox'),
  /**
   * Razorpay Smart Collect (decision 0015): the Razorpay payments account's API keys and the
   * secret of its webhook. Separate from RAZORPAYX_* (another dashboard, its own webhook);
   * where one key pair serves both, set both.
   */
  RAZORPAY_BASE_URL: z.url().default('https://api.razorpay.com'),
  RAZORPAY_KEY_ID: z.string().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Where the sandbox delivers its webhooks: this server's own endpoints. */
  GATEWAY_WEBHOOK_BASE_URL: z.url().optional(),
  /** HMAC-SHA256 key the sandbox signs webhooks with (and the server verifies them with). */
  SANDBOX_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** Signed webhooks older (or newer) than this are refused as replays. */
  WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  SANDBOX_MIN_DELAY_MS: ms.default(200),
  SANDBOX_MAX_DELAY_MS: ms.default(2_000),
  /** Share of SMS that end `failed` instead of `delivered`. */
  SANDBOX_SMS_FAILURE_RATE: rate.default(0.02),
  /**
   * Sandbox only: a file the sandbox SMS gateway appends each message to (JSON lines), so a
   * browser journey can read the code a borrower would have received. Unset: no file.
   */
  SANDBOX_SMS_OUTBOX_FILE: z.string().min(1).optional(),
  /** Share of webhooks delivered a second time (gateways deliver at least once). */
  SANDBOX_DUPLICATE_RATE: rate.default(0.2),
  /** Share of bank-account verifications (penny drop) that fail. */
  SANDBOX_BANK_VERIFY_FAILURE_RATE: rate.default(0.05),
  /**
   * Credits whose webhook never came are found on the gateway's statement: every this many
   * minutes (0: never), over the last COLLECTION_RECONCILE_LOOKBACK_HOURS.
   */
  COLLECTION_RECONCILE_MINUTES: z.coerce.number().int().min(0).max(1_440).default(30),
  COLLECTION_RECONCILE_LOOKBACK_HOURS: z.coerce.number().int().min(1).max(168).default(6),
});

/** The development default: public, only fit for the sandbox and the demo database. */
export const DEV_SANDBOX_WEBHOOK_SECRET = 'dev-only-sandbox-webhook-secret-change-me';

export interface IntegrationsConfig {
  /** `sandbox`: only the sandbox sends SMS; `live`: the provider saved on smsConfig sends. */
  smsGateway: 'sandbox' | 'live';
  msg91: { baseUrl: string; timeoutMs: number; webhookToken?: string };
  collectionGateway: 'sandbox' | 'razorpay';
  /** Set when the collection gateway is `razorpay`. */
  razorpay?: RazorpayCollectionsConfig;
  webhookBaseUrl: string;
  sandboxWebhookSecret: string;
  webhookToleranceSeconds: number;
  /** Statement reconciliation of collections; intervalMinutes 0 = off. */
  collectionReconciliation: { intervalMinutes: number; lookbackHours: number };
  sandbox: {
    minDelayMs: number;
    maxDelayMs: number;
    smsFailureRate: number;
    smsOutboxFile?: string;
    duplicateRate: number;
    bankVerifyFailureRate: number;
  };
}

export interface RazorpayCollectionsConfig {
  baseUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

const RAZORPAY_REQUIRED = [
  'RAZORPAY_KEY_ID',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
] as const;

/** Reads the gateway settings; a bad or missing value throws naming the variable. */
export function loadIntegrationsConfig(
  env: Record<string, string | undefined> = process.env,
  port = 8080,
): IntegrationsConfig {
  const present = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => key in schema.shape && value !== ''),
  );
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid gateway setting ${String(issue?.path[0])}: ${issue?.message}`);
  }
  const v = parsed.data;
  const missing = RAZORPAY_REQUIRED.find((key) => !v[key]);
  if (v.COLLECTION_GATEWAY === 'razorpay' && missing) {
    throw new ConfigError(
      `Invalid gateway setting ${missing}: required with COLLECTION_GATEWAY=razorpay`,
    );
  }
  return {
    smsGateway: v.SMS_GATEWAY,
    msg91: {
      baseUrl: v.MSG91_BASE_URL.replace(/\/$/, ''),
      timeoutMs: v.MSG91_TIMEOUT_MS,
      ...(v.MSG91_WEBHOOK_TOKEN ? { webhookToken: v.MSG91_WEBHOOK_TOKEN } : {}),
    },
    collectionGateway: v.COLLECTION_GATEWAY,
    ...(v.COLLECTION_GATEWAY === 'razorpay'
      ? {
          razorpay: {
            baseUrl: v.RAZORPAY_BASE_URL.replace(/\/$/, ''),
            keyId: v.RAZORPAY_KEY_ID!,
            keySecret: v.RAZORPAY_KEY_SECRET!,
            webhookSecret: v.RAZORPAY_WEBHOOK_SECRET!,
          },
        }
      : {}),
    webhookBaseUrl: (v.GATEWAY_WEBHOOK_BASE_URL ?? `http://127.0.0.1:${port}`).replace(/\/$/, ''),
    sandboxWebhookSecret: v.SANDBOX_WEBHOOK_SECRET ?? DEV_SANDBOX_WEBHOOK_SECRET,
    webhookToleranceSeconds: v.WEBHOOK_TOLERANCE_SECONDS,
    collectionReconciliation: {
      intervalMinutes: v.COLLECTION_RECONCILE_MINUTES,
      lookbackHours: v.COLLECTION_RECONCILE_LOOKBACK_HOURS,
    },
    sandbox: {
      minDelayMs: v.SANDBOX_MIN_DELAY_MS,
      maxDelayMs: Math.max(v.SANDBOX_MIN_DELAY_MS, v.SANDBOX_MAX_DELAY_MS),
      smsFailureRate: v.SANDBOX_SMS_FAILURE_RATE,
      ...(v.SANDBOX_SMS_OUTBOX_FILE ? { smsOutboxFile: v.SANDBOX_SMS_OUTBOX_FILE } : {}),
      duplicateRate: v.SANDBOX_DUPLICATE_RATE,
      bankVerifyFailureRate: v.SANDBOX_BANK_VERIFY_FAILURE_RATE,
    },
  };
}
