import { z } from 'zod';
import { ConfigError } from '../../shared/config-error.js';

const rate = z.coerce.number().min(0).max(1);
const ms = z.coerce.number().int().min(0).max(600_000);

const schema = z.object({
  /** `sandbox` (the default) or `razorpayx`. */
  PAYOUT_GATEWAY: z.enum(['sandbox', 'razorpayx']).default('sandbox'),
  /** Share of sandbox payouts that fail, and of processed ones later reversed. */
  SANDBOX_PAYOUT_FAILURE_RATE: rate.default(0.03),
  SANDBOX_PAYOUT_REVERSAL_RATE: rate.default(0.005),
  /** Share of sandbox payout webhooks delivered twice. */
  SANDBOX_PAYOUT_DUPLICATE_RATE: rate.default(0.2),
  SANDBOX_PAYOUT_MIN_DELAY_MS: ms.default(500),
  SANDBOX_PAYOUT_MAX_DELAY_MS: ms.default(5_000),
  /** How often the sweep resolves unknown and stale payouts. */
  PAYOUT_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3_600).default(30),
  PAYOUT_CALL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** How long a payout sent without a known outcome waits before the sweep looks it up. */
  PAYOUT_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
  RAZORPAYX_BASE_URL: z.url().default('https://api.razorpay.com'),
  RAZORPAYX_KEY_ID: z.string().min(1).optional(),
  RAZORPAYX_KEY_SECRET: z.string().min(1).optional(),
  /** The RazorpayX current account payouts are debited from. */
  RAZORPAYX_ACCOUNT_NUMBER: z.string().min(1).optional(),
  RAZORPAYX_WEBHOOK_SECRET: z.string().min(1).optional(),
  RAZORPAYX_PAYOUT_MODE: z.enum(['IMPS', 'NEFT']).default('IMPS'),
});

export interface PayoutsConfig {
  gateway: 'sandbox' | 'razorpayx';
  sandbox: {
    failureRate: number;
    reversalRate: number;
    duplicateRate: number;
    minDelayMs: number;
    maxDelayMs: number;
  };
  sweepSeconds: number;
  callTimeoutMs: number;
  retryAfterMs: number;
  razorpayx?: {
    baseUrl: string;
    keyId: string;
    keySecret: string;
    accountNumber: string;
    webhookSecret: string;
    mode: 'IMPS' | 'NEFT';
  };
}

/** Reads the payout gateway settings (beside the other gateways' in integrations/config.ts). */
export function loadPayoutsConfig(
  env: Record<string, string | undefined> = process.env,
): PayoutsConfig {
  const present = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => key in schema.shape && value !== ''),
  );
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid payout setting ${String(issue?.path[0])}: ${issue?.message}`);
  }
  const v = parsed.data;
  const config: PayoutsConfig = {
    gateway: v.PAYOUT_GATEWAY,
    sandbox: {
      failureRate: v.SANDBOX_PAYOUT_FAILURE_RATE,
      reversalRate: v.SANDBOX_PAYOUT_REVERSAL_RATE,
      duplicateRate: v.SANDBOX_PAYOUT_DUPLICATE_RATE,
      minDelayMs: v.SANDBOX_PAYOUT_MIN_DELAY_MS,
      maxDelayMs: Math.max(v.SANDBOX_PAYOUT_MIN_DELAY_MS, v.SANDBOX_PAYOUT_MAX_DELAY_MS),
    },
    sweepSeconds: v.PAYOUT_SWEEP_SECONDS,
    callTimeoutMs: v.PAYOUT_CALL_TIMEOUT_MS,
    retryAfterMs: v.PAYOUT_RETRY_AFTER_SECONDS * 1000,
  };
  if (v.PAYOUT_GATEWAY === 'razorpayx') {
    const missing = (
      [
        'RAZORPAYX_KEY_ID',
        'RAZORPAYX_KEY_SECRET',
        'RAZORPAYX_ACCOUNT_NUMBER',
        'RAZORPAYX_WEBHOOK_SECRET',
      ] as const
    ).filter((key) => !v[key]);
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid payout setting ${missing[0]}: required with PAYOUT_GATEWAY=razorpayx`,
      );
    }
    config.razorpayx = {
      baseUrl: v.RAZORPAYX_BASE_URL.replace(/\/$/, ''),
      keyId: v.RAZORPAYX_KEY_ID!,
      keySecret: v.RAZORPAYX_KEY_SECRET!,
      accountNumber: v.RAZORPAYX_ACCOUNT_NUMBER!,
      webhookSecret: v.RAZORPAYX_WEBHOOK_SECRET!,
      mode: v.RAZORPAYX_PAYOUT_MODE,
    };
  }
  return config;
}
