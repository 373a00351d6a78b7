import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header a signed webhook carries: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const SIGNATURE_HEADER = 'x-webhook-signature';

/**
 * HMAC-SHA256 over `<timestamp>.<raw body>`: the timestamp is signed too, so a replay cannot
 * be freshened by rewriting it (the Stripe scheme).
 */
export function signatureOf(secret: string, timestamp: number, rawBody: Buffer | string): string {
  return createHmac('sha256', secret)
    .update(`${timestamp}.`)
    .update(typeof rawBody === 'string' ? Buffer.from(rawBody) : rawBody)
    .digest('hex');
}

export function signatureHeader(secret: string, at: Date, rawBody: Buffer | string): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  return `t=${timestamp},v1=${signatureOf(secret, timestamp, rawBody)}`;
}

export type SignatureCheck =
  | { ok: true; timestamp: number }
  | { ok: false; reason: 'missing' | 'malformed' | 'mismatch' | 'outside window' };

/**
 * Verifies a signature header against the raw body (as received, before any parsing) in
 * constant time, and refuses timestamps outside ±tolerance of now (replays).
 */
export function verifySignature(
  secret: string,
  header: string | undefined,
  rawBody: Buffer,
  now: Date,
  toleranceSeconds: number,
): SignatureCheck {
  if (!header) return { ok: false, reason: 'missing' };
  const parts = new Map<string, string[]>();
  for (const piece of header.split(',')) {
    const [key, value] = piece.trim().split('=', 2);
    if (!key || !value) return { ok: false, reason: 'malformed' };
    parts.set(key, [...(parts.get(key) ?? []), value]);
  }
  const t = parts.get('t')?.[0];
  const candidates = parts.get('v1') ?? [];
  if (!t || !/^\d{1,12}$/.test(t) || candidates.length === 0) {
    return { ok: false, reason: 'malformed' };
  }
  const timestamp = Number(t);
  const expected = Buffer.from(signatureOf(secret, timestamp, rawBody), 'hex');
  // Several v1 values are allowed while a secret is being rotated.
  const matches = candidates.some((candidate) => {
    if (!/^[0-9a-f]{64}$/i.test(candidate)) return false;
    return timingSafeEqual(Buffer.from(candidate, 'hex'), expected);
  });
  if (!matches) return { ok: false, reason: 'mismatch' };
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) {
    return { ok: false, reason: 'outside window' };
  }
  return { ok: true, timestamp };
}
