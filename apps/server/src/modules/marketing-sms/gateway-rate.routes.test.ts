import { marketingSmsApi } from '@lending/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowerAccounts } from '../../testing/tables.js';
import { manualGateways } from '../../integrations/testing/manual-gateways.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { buildTestApp, joinTestApp, type TestApp } from '../../testing/build-test-app.js';
import { callEndpoint, createStaff, loginAs } from '../../testing/factories.js';
import { smsGatewaySettings } from '../ops-config/ops-config.table.js';
import { sendDueCampaignMessages } from './sender.js';

/**
 * Decision 0079: the SMS configuration's rate per minute caps all sending through the gateway.
 * A campaign pass takes at most what is left of it this minute; OTPs count against it and
 * always go.
 */
const MINUTE = 60_000;
const PHONES = ['9833000001', '9833000002', '9833000003', '9833000004', '9833000005'];
const gateways = manualGateways(() => t.app);
let t: TestApp;
let marketer: string;

const passOf = (app: TestApp) => () =>
  sendDueCampaignMessages({
    db: app.db,
    clock: app.clock,
    sms: app.app.integrations.smsGateways,
  });
const setGatewayRate = (ratePerMinute: number) =>
  t.db.update(smsGatewaySettings).set({ ratePerMinute }).where(eq(smsGatewaySettings.key, 'sms'));
const sendOtp = (phone: string) =>
  t.app.inject({
    method: 'POST',
    url: '/app-api/auth/send_otp',
    payload: { phone, purpose: 'login' },
    remoteAddress: `10.8.0.${phone.slice(-2)}`,
  });

async function createCampaign(ratePerMinute: number) {
  const created = await callEndpoint(
    t.app,
    marketingSmsApi.createCampaign,
    {
      name: 'Gateway rate',
      templateCode: 'marketing_offer_v1',
      params: { amount: '20,000' },
      audience: { source: 'regNotLoan' },
      ratePerMinute,
      idempotencyKey: `campaign-${Math.random().toString(36).slice(2, 10)}`,
    },
    marketer,
  );
  expect(created.statusCode).toBe(200);
  return created.json().ret.id as number;
}

beforeAll(async () => {
  t = await buildTestApp({
    demoData: false,
    gateways,
    config: { sessionIdleMinutes: 100_000, sessionAbsoluteHours: 10_000 },
  });
  t.clock.advance(60 * MINUTE); // 11:00 India time, inside the promotional hours
  const now = t.clock.now();
  await t.db.insert(borrowerAccounts).values(
    PHONES.map((phone) => ({
      phone,
      registrationDate: indiaDateOf(now),
      registeredAt: now,
      channel: 'google',
      updatedAt: now,
    })),
  );
  marketer = await loginAs(
    t.app,
    await createStaff(t.db, t.clock, {
      interfaces: ['marketingSms.list', 'marketingSms.templates', 'marketingSms.create'],
    }),
  );
}, 90_000);
afterAll(() => t.close());

describe("the SMS gateway's rate per minute", () => {
  it('holds a campaign to what is left of it; OTPs count against it and always go', async () => {
    await setGatewayRate(3);
    expect((await sendOtp('9844000001')).statusCode).toBe(200);
    await createCampaign(100);
    const pass = passOf(t);
    // 3 a minute, 1 taken by the OTP: the campaign (100 a minute) gets 2.
    expect((await pass()).sent).toBe(2);
    expect((await pass()).sent).toBe(0);
    // The minute is full: an OTP still goes.
    expect((await sendOtp('9844000002')).statusCode).toBe(200);
    t.clock.advance(MINUTE + 1);
    expect((await pass()).sent).toBe(3);
    // A change on smsConfig acts at the next pass.
    t.clock.advance(MINUTE + 1);
    await setGatewayRate(600);
  });
});

describe.runIf(process.env.DATABASE_URL)('two servers sending at once (PostgreSQL)', () => {
  it('stay together within the gateway rate', async () => {
    const other = await joinTestApp(t);
    try {
      await t.db.delete(borrowerAccounts);
      const now = t.clock.now();
      const phones = Array.from({ length: 12 }, (_, i) => `98550000${String(i).padStart(2, '0')}`);
      await t.db.insert(borrowerAccounts).values(
        phones.map((phone) => ({
          phone,
          registrationDate: indiaDateOf(now),
          registeredAt: now,
          channel: 'google',
          updatedAt: now,
        })),
      );
      await createCampaign(50);
      await createCampaign(50);
      await setGatewayRate(5);
      const results = await Promise.all([passOf(t)(), passOf(other)(), passOf(t)()]);
      expect(results.reduce((sum, report) => sum + report.sent, 0)).toBe(5);
    } finally {
      await other.close();
    }
  });
});
