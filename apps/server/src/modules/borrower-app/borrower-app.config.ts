import { z } from 'zod';
import { ConfigError } from '../../shared/config-error.js';

const positive = z.coerce.number().int().positive();

const schema = z.object({
  OTP_TTL_SECONDS: positive.max(3600).default(300),
  OTP_MAX_ATTEMPTS: positive.max(20).default(5),
  OTP_PER_PHONE_PER_MINUTE: positive.default(1),
  OTP_PER_PHONE_PER_HOUR: positive.default(5),
  OTP_PER_IP_PER_HOUR: positive.default(20),
  APP_SESSION_DAYS: positive.max(365).default(30),
  /** Key of the OTP hashes (HMAC-SHA256); a public development default when unset. */
  OTP_HASH_KEY: z.string().min(32).optional(),
});

export const DEV_OTP_HASH_KEY = 'dev-only-otp-hash-key-change-me-in-production';

export interface BorrowerAppSettings {
  otpTtlSeconds: number;
  otpMaxAttempts: number;
  otpPerPhonePerMinute: number;
  otpPerPhonePerHour: number;
  otpPerIpPerHour: number;
  sessionDays: number;
  otpHashKey: string;
}

export function loadBorrowerAppSettings(
  env: Record<string, string | undefined> = process.env,
): BorrowerAppSettings {
  const present = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => key in schema.shape && value !== ''),
  );
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(
      `Invalid borrower app setting ${String(issue?.path[0])}: ${issue?.message}`,
    );
  }
  const v = parsed.data;
  return {
    otpTtlSeconds: v.OTP_TTL_SECONDS,
    otpMaxAttempts: v.OTP_MAX_ATTEMPTS,
    otpPerPhonePerMinute: v.OTP_PER_PHONE_PER_MINUTE,
    otpPerPhonePerHour: v.OTP_PER_PHONE_PER_HOUR,
    otpPerIpPerHour: v.OTP_PER_IP_PER_HOUR,
    sessionDays: v.APP_SESSION_DAYS,
    otpHashKey: v.OTP_HASH_KEY ?? DEV_OTP_HASH_KEY,
  };
}
