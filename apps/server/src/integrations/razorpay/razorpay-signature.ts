import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Razorpay's webhook signature, the same for RazorpayX payouts and Smart Collect: the hex
 * HMAC-SHA256 of the raw body under the webhook's secret, in `X-Razorpay-Signature`. Unlike
 * our own scheme (webhooks/signature.ts) no timestamp is signed, so a replay is stopped by the
 * event id and the payment/payout id each effect is keyed by, not by a time window.
 */
export const RAZORPAY_SIGNATURE_HEADER = 'x-razorpay-signature';
/** Razorpay's id of the event, the same on every redelivery (not covered by the signature). */
export const RAZORPAY_EVENT_ID_HEADER = 'x-razorpay-event-id';

export function razorpaySignature(secret: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** Constant-time check of the header against the bytes as received (before any parsing). */
export function verifyRazorpaySignature(
  secret: string,
  header: string | undefined,
  rawBody: Buffer,
): boolean {
  if (!header || !/^[0-9a-f]{64}$/i.test(header)) return false;
  return timingSafeEqual(
    Buffer.from(header, 'hex'),
    Buffer.from(razorpaySignature(secret, rawBody), 'hex'),
  );
}
