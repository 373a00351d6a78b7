import { ConfigError } from '../../shared/config-error.js';

/**
 * The Aadhaar hash key (HMAC-SHA256). Production sets AADHAAR_HASH_KEY (≥ 32 characters, kept
 * secret and never rotated without re-hashing); the development default below is public and
 * only fit for the demo database.
 */
export const DEV_AADHAAR_HASH_KEY = 'dev-only-aadhaar-hash-key-change-me-in-production';

export function loadLoanBookConfig(env: Record<string, string | undefined> = process.env): {
  aadhaarHashKey: string;
} {
  const key = env.AADHAAR_HASH_KEY;
  if (key === undefined || key === '') return { aadhaarHashKey: DEV_AADHAAR_HASH_KEY };
  if (key.length < 32) throw new ConfigError('AADHAAR_HASH_KEY must be at least 32 characters');
  return { aadhaarHashKey: key };
}
