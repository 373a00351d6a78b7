import { idempotencyKeySchema } from '@lending/contract';
import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from './idempotency-key';

describe('newIdempotencyKey', () => {
  it('makes a fresh key the server accepts, a new one each time', () => {
    const key = newIdempotencyKey('payout');
    expect(idempotencyKeySchema.safeParse(key).success).toBe(true);
    expect(key).toMatch(/^console-payout-/);
    expect(newIdempotencyKey('payout')).not.toBe(key);
  });
});
