import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PayoutGateway } from '../../integrations/payouts/index.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import {
  createCustomer,
  DEV_AADHAAR_HASH_KEY,
  setCustomerBankAccount,
} from '../loan-book/index.js';
import { bankVerificationJob } from './bank-verification.js';
import { borrowerAccounts } from './borrowers.table.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
}, 60_000);
afterAll(() => t.close());

describe('penny drops with more than one server', () => {
  it('two servers’ passes at once drop one rupee on each saved account, not two', async () => {
    const now = t.clock.now();
    for (let i = 0; i < 6; i += 1) {
      const phone = `98122000${String(i).padStart(2, '0')}`;
      const customer = await createCustomer(
        t.db,
        DEV_AADHAAR_HASH_KEY,
        {
          name: `Penny ${i}`,
          idType: 'pan',
          idNumber: `ABCDE${String(1000 + i)}F`,
          phone,
          registrationDate: indiaDateOf(now),
        },
        now,
      );
      await setCustomerBankAccount(t.db, customer.id, {
        bankName: 'Test Bank',
        accountNumber: `50100${String(i).padStart(6, '0')}`,
        ifsc: 'HDFC0000001',
        verified: false,
      });
      await t.db.insert(borrowerAccounts).values({
        phone,
        registrationDate: indiaDateOf(now),
        registeredAt: now,
        customerId: customer.id,
        bankVerification: 'pending',
        updatedAt: now,
      });
    }
    // The gateway takes its time over each drop, so the two passes overlap.
    const drops: string[] = [];
    const gateway = {
      verifyBankAccount: async (beneficiary: { accountNumber: string }) => {
        drops.push(beneficiary.accountNumber);
        await new Promise((resolve) => setTimeout(resolve, 20));
        return { verified: true, reference: `pd-${beneficiary.accountNumber}` };
      },
    } as unknown as PayoutGateway;
    const onServer = (holder: string) =>
      bankVerificationJob({ db: t.db, gateway, clock: t.clock, intervalMs: 60_000, holder });
    const signal = new AbortController().signal;
    await Promise.all([onServer('server-a').pass(signal), onServer('server-b').pass(signal)]);
    expect(drops).toHaveLength(6);
    expect(new Set(drops).size).toBe(6);
    const pending = await t.db
      .select()
      .from(borrowerAccounts)
      .where(eq(borrowerAccounts.bankVerification, 'pending'));
    expect(pending).toEqual([]);
    // The lease was released: the other server's next pass runs (and finds nothing to drop).
    await onServer('server-b').pass(signal);
    expect(drops).toHaveLength(6);
  });
});
