import type { EndpointBody } from '@lending/contract';
import { approvalApi, loanBookApi, opsConfigApi, riskApi } from '@lending/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riskDecisions } from '../../testing/tables.js';
import { AppError } from '../../shared/app-error.js';
import { indiaClockOf, indiaDateOf } from '../../shared/india-date.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { callEndpoint, loginAs } from '../../testing/factories.js';
import {
  createCustomer,
  findOrder,
  firstReview,
  runMachineReview,
  submitApplication,
  type LoanBookDeps,
} from '../loan-book/index.js';
import { FIRST_REVIEWER, loanBookDeps, makeProduct } from '../../testing/loan-book.factories.js';

/**
 * riskConfig as machine review reads it (decision 0037), check by check: most open loans, the
 * days after a rejection (India days, decision 0071), and the duplicate phone / PAN / bank
 * account / device checks, each refusing only when it is switched on. The age and region checks
 * are in risk.routes.test.ts; how the re-apply wait combines with the system setting and the
 * rejection code is the last test here.
 */
const HOUR = 3_600_000;

let t: TestApp;
let deps: LoanBookDeps;
let admin: string;
let productId: number;
/** riskConfig as the first start leaves it, without its `updatedAt`. */
let baseline: EndpointBody<typeof riskApi.saveRiskConfig>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test reads of JSON answers
type Json = any;
const ok = (response: { statusCode: number; body: string; json: () => { ret: unknown } }): Json => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json().ret;
};

async function configure(over: Partial<EndpointBody<typeof riskApi.saveRiskConfig>>) {
  admin = await loginAs(t.app);
  ok(await callEndpoint(t.app, riskApi.saveRiskConfig, { ...baseline, ...over }, admin));
}

let seq = 0;
/** A customer of their own (phone, Aadhaar, bank account) unless the test shares one. */
async function customer(over: { phone?: string; bankAccountNumber?: string; pan?: string } = {}) {
  seq += 1;
  const n = String(seq).padStart(5, '0');
  return createCustomer(
    t.db,
    deps.aadhaarHashKey,
    {
      name: `Applicant ${n}`,
      ...(over.pan
        ? { idType: 'pan' as const, idNumber: over.pan }
        : { idType: 'aadhaar' as const, idNumber: `23456${n}77` }),
      phone: over.phone ?? `98120${n}`,
      registrationDate: indiaDateOf(t.clock.now()),
      bankName: 'State Bank of India',
      bankAccountNumber: over.bankAccountNumber ?? `5010${n}`,
      ifsc: 'SBIN0001234',
      bankAccountVerified: true,
    },
    t.clock.now(),
  );
}

/** Applies for the customer and runs machine review: the order's status and checks failed. */
async function apply(customerId: number, features: Record<string, unknown> = {}) {
  const order = await submitApplication(
    deps,
    {
      customerId,
      productId,
      principalPaise: 400_000n,
      acceptance: { acceptedAt: t.clock.now(), channel: 'app', otpReference: `otp-${seq}` },
      applicantFeatures: features,
    },
    null,
  );
  await runMachineReview(deps, order.id);
  const [decision] = await t.db
    .select({ checksFailed: riskDecisions.checksFailed })
    .from(riskDecisions)
    .where(eq(riskDecisions.orderId, order.id));
  return {
    id: order.id,
    status: (await findOrder(t.db, order.id))!.status,
    checksFailed: decision!.checksFailed,
  };
}

const PASSED = { status: 'FIRST_REVIEW', checksFailed: [] };
const refusedFor = (...checks: string[]) => ({ status: 'REJECTED', checksFailed: checks });

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  deps = loanBookDeps(t.db, t.clock);
  productId = (await makeProduct(deps)).id;
  admin = await loginAs(t.app);
  const { updatedAt: _u, ...settings } = ok(
    await callEndpoint(t.app, riskApi.getRiskConfig, {}, admin),
  );
  baseline = settings;
  expect(baseline).toMatchObject({
    maxOpenLoans: 10,
    reapplyDaysAfterRejection: 0,
    duplicatePhoneCheck: false,
    duplicatePanCheck: false,
    duplicateBankAccountCheck: false,
    duplicateDeviceCheck: false,
  });
}, 60_000);
afterAll(() => t.close());

describe('most open loans', () => {
  it('refuses a customer who already holds that many open orders; a rejected one does not count', async () => {
    const c = await customer();
    expect(await apply(c.id)).toMatchObject(PASSED);
    await configure({ maxOpenLoans: 1 });
    expect(await apply(c.id)).toMatchObject(refusedFor('maxOpenLoans'));
    // Another customer is not held back by c's loans.
    expect(await apply((await customer()).id)).toMatchObject(PASSED);

    // Two: c holds one open order (the refused one is closed), so one more goes through.
    await configure({ maxOpenLoans: 2 });
    expect(await apply(c.id)).toMatchObject(PASSED);
    expect(await apply(c.id)).toMatchObject(refusedFor('maxOpenLoans'));
    await configure({});
    expect(await apply(c.id)).toMatchObject(PASSED);
  });
});

describe('days after a rejection', () => {
  it('counts India days from the day of the rejection, and a refusal is a rejection that starts the wait again', async () => {
    // 2025-01-15 22:00 India time: two customers are rejected at first review.
    t.clock.advance(12 * HOUR);
    expect(indiaClockOf(t.clock.now())).toBe('22:00');
    const early = await customer();
    const late = await customer();
    for (const c of [early, late]) {
      const order = await apply(c.id);
      await firstReview(
        deps,
        { orderId: order.id, decision: 'reject', reason: 'income not verified' },
        FIRST_REVIEWER,
      );
    }
    await configure({ reapplyDaysAfterRejection: 2 });

    // 2025-01-16 10:00, one India day later: too soon.
    t.clock.advance(12 * HOUR);
    expect(await apply(early.id)).toMatchObject(refusedFor('reapplyTooSoon'));
    // A customer never rejected is not held back.
    expect(await apply((await customer()).id)).toMatchObject(PASSED);

    // 2025-01-17 00:30: two India days after the 15th (though only 26½ hours later): open
    // again, as the borrower app counts it. The customer refused on the 16th waits until the 18th.
    t.clock.advance(14.5 * HOUR);
    expect(indiaDateOf(t.clock.now())).toBe('2025-01-17');
    expect(await apply(late.id)).toMatchObject(PASSED);
    expect(await apply(early.id)).toMatchObject(refusedFor('reapplyTooSoon'));

    // Zero days: no wait at all.
    await configure({ reapplyDaysAfterRejection: 0 });
    expect(await apply(early.id)).toMatchObject(PASSED);
    await configure({});
  });
});

describe('duplicate checks', () => {
  it('phone: another customer holding the same phone refuses the application only while the check is on', async () => {
    const holder = await customer();
    const twin = await customer({ phone: holder.phone });
    expect(await apply(twin.id)).toMatchObject(PASSED);
    await configure({ duplicatePhoneCheck: true });
    expect(await apply(twin.id)).toMatchObject(refusedFor('duplicate:phone'));
    expect(await apply(holder.id)).toMatchObject(refusedFor('duplicate:phone'));
    expect(await apply((await customer()).id)).toMatchObject(PASSED);
    await configure({});
  });

  it('bank account: the same account on another customer refuses while the check is on', async () => {
    const holder = await customer({ bankAccountNumber: '918020044556677' });
    const other = await customer({ bankAccountNumber: '918020044556677' });
    expect(await apply(other.id)).toMatchObject(PASSED);
    await configure({ duplicateBankAccountCheck: true });
    expect(await apply(other.id)).toMatchObject(refusedFor('duplicate:bankAccount'));
    expect(await apply(holder.id)).toMatchObject(refusedFor('duplicate:bankAccount'));
    expect(await apply((await customer()).id)).toMatchObject(PASSED);
    // Two checks on, both fail: both are named, in the order the decision lists them.
    const phoneAndAccount = await customer({
      phone: holder.phone,
      bankAccountNumber: '918020044556677',
    });
    await configure({ duplicateBankAccountCheck: true, duplicatePhoneCheck: true });
    expect(await apply(phoneAndAccount.id)).toMatchObject(
      refusedFor('duplicate:phone', 'duplicate:bankAccount'),
    );
    await configure({});
  });

  it("device: another customer's application from the same device refuses while the check is on; the customer's own does not", async () => {
    const first = await customer();
    expect(await apply(first.id, { deviceId: 'android-7f3a' })).toMatchObject(PASSED);
    const second = await customer();
    expect(await apply(second.id, { deviceId: 'android-7f3a' })).toMatchObject(PASSED);
    await configure({ duplicateDeviceCheck: true });
    const third = await customer();
    expect(await apply(third.id, { deviceId: 'android-7f3a' })).toMatchObject(
      refusedFor('duplicate:device'),
    );
    expect(await apply(third.id, { deviceId: 'ios-11bb' })).toMatchObject(PASSED);
    // third's own device again: only their own application used it.
    expect(await apply(third.id, { deviceId: 'ios-11bb' })).toMatchObject(PASSED);
    // No device sent: nothing to compare.
    expect(await apply((await customer()).id)).toMatchObject(PASSED);
    await configure({});
  });

  it('PAN: the book holds a PAN once, so the check finds no other holder and refuses nothing', async () => {
    const holder = await customer({ pan: 'AAAPL1234C' });
    await expect(customer({ pan: 'aaapl1234c' })).rejects.toSatisfy(
      (error: unknown) => error instanceof AppError && error.key === 'duplicate',
    );
    await configure({ duplicatePanCheck: true });
    expect(await apply(holder.id)).toMatchObject(PASSED);
    await configure({});
  });
});

describe('the re-apply wait: riskConfig, the system setting and the rejection code together', () => {
  function app(url: string, payload: unknown, token?: string) {
    return t.app.inject({
      method: 'POST',
      url: `/app-api${url}`,
      payload: payload as object,
      remoteAddress: '10.7.0.9',
      headers: token ? { 'x-app-token': token } : {},
    });
  }

  it('the borrower app refuses for the longer of the setting and the code; machine review then refuses inside riskConfig’s days, which starts the wait again', async () => {
    const at = (day: string, clock: string) => {
      const target = Date.parse(`${day}T${clock}:00.000+05:30`);
      t.clock.advance(target - t.clock.now().getTime());
    };
    at('2025-01-17', '10:30');
    await configure({ reapplyDaysAfterRejection: 3 });
    ok(
      await callEndpoint(
        t.app,
        opsConfigApi.saveSetting,
        { item: 'reapply_after_days', value: '1', type: 'string', remarks: 'One day' },
        admin,
      ),
    );
    const code = ok(
      await callEndpoint(
        t.app,
        approvalApi.saveRejectionCode,
        {
          code: 'DOCS_UNCLEAR',
          textEn: 'Documents unclear',
          textZh: '材料不清晰',
          stage: 'any',
          reapplyAfterDays: 5,
          blacklist: false,
          borrowerMessage: 'You may apply again in 5 days.',
          enabled: true,
        },
        admin,
      ),
    );

    const phone = '9812099001';
    await app('/auth/send_otp', { phone });
    const session = (
      await app('/auth/verify_otp', {
        phone,
        code: t.app.integrations.sms.lastTo(phone)!.params.code,
      })
    ).json().ret.token as string;
    ok(
      await app(
        '/profile/save',
        {
          name: 'Meera Iyer',
          birthDate: '1992-05-04',
          region: 'Karnataka',
          occupation: 'Salaried',
          monthlyIncomePaise: 4_000_000,
          pan: 'BBBPI4321K',
          aadhaar: '3456 7891 2345',
        },
        session,
      ),
    );
    ok(
      await app(
        '/bank/save',
        { bankName: 'Canara Bank', accountNumber: '220033004400', ifsc: 'CNRB0001234' },
        session,
      ),
    );
    async function applyOnce() {
      t.clock.advanceMinutes(2);
      await app('/auth/send_otp', { phone, purpose: 'loanAcceptance' }, session);
      return app(
        '/loan/apply',
        {
          productId,
          principalPaise: 400_000,
          otpCode: t.app.integrations.sms.lastTo(phone)!.params.code,
        },
        session,
      );
    }
    const expectWaitUntil = async (date: string) => {
      const refused = await applyOnce();
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().msg).toContain(`a new application is possible from ${date}`);
    };

    // 17th: applied and rejected without a code.
    const first = ok(await applyOnce());
    expect(first.status).toBe('FIRST_REVIEW');
    admin = await loginAs(t.app);
    ok(
      await callEndpoint(
        t.app,
        loanBookApi.rejectOrder,
        { orderId: first.orderId, reason: 'no payslip' },
        admin,
      ),
    );
    // The borrower app waits the system's one day…
    await expectWaitUntil('2025-01-18');
    // …then lets the application in; riskConfig's three days refuse it at machine review.
    at('2025-01-18', '10:30');
    const second = ok(await applyOnce());
    expect(second.status).toBe('REJECTED');
    const [decision] = await t.db
      .select({ checksFailed: riskDecisions.checksFailed })
      .from(riskDecisions)
      .where(eq(riskDecisions.orderId, second.orderId));
    expect(decision!.checksFailed).toEqual(['reapplyTooSoon']);
    // That refusal is the latest rejection: both waits count from the 18th now.
    await expectWaitUntil('2025-01-19');
    at('2025-01-20', '10:30');
    expect(ok(await applyOnce()).status).toBe('REJECTED');
    at('2025-01-23', '10:30');
    const third = ok(await applyOnce());
    expect(third.status).toBe('FIRST_REVIEW');

    // A code asking for longer than the setting: the borrower app waits the code's five days.
    admin = await loginAs(t.app);
    ok(
      await callEndpoint(
        t.app,
        loanBookApi.firstReviewOrder,
        {
          orderId: third.orderId,
          decision: 'reject',
          reason: 'bank statement unreadable',
          rejectionCodeId: code.id,
        },
        admin,
      ),
    );
    at('2025-01-27', '10:30');
    await expectWaitUntil('2025-01-28');
    at('2025-01-28', '09:00');
    expect(ok(await applyOnce()).status).toBe('FIRST_REVIEW');
    await configure({});
  });
});
