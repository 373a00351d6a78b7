import type { EndpointBody } from '@lending/contract';
import { opsConfigApi } from '@lending/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadIntegrationsConfig, smsMessages } from '../../integrations/index.js';
import { startFakeMsg91, type FakeMsg91 } from '../../integrations/sms/fake-msg91.js';
import { MSG91_WEBHOOK_PATH } from '../../integrations/sms/msg91-webhook-route.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { callEndpoint, loginAs } from '../../testing/factories.js';
import { queryRows } from '../../shared/sql-rows.js';
import { auditEvents } from '../audit/audit-events.table.js';

/**
 * Decision 0079 on a server whose environment allows live SMS providers (SMS_GATEWAY=live):
 * the provider and key saved on smsConfig are what the next message goes through.
 */
const AUTH_KEY = 'msg91-live-key-abcd-9876';
const LOGIN_DLT_ID = '1107161234567890101';
const WEBHOOK_TOKEN = 'msg91-webhook-token-5f1c2d9e7a';

let t: TestApp;
let fake: FakeMsg91;
let admin: string;
const config = {
  provider: 'sandbox',
  senderIds: ['LENDIN', '562311'],
  ratePerMinute: 600,
  quietStart: '21:00',
  quietEnd: '10:00',
} satisfies EndpointBody<typeof opsConfigApi.saveSmsConfig>;

beforeAll(async () => {
  fake = await startFakeMsg91({ authKey: AUTH_KEY, templateIds: [LOGIN_DLT_ID] });
  t = await buildTestApp({
    demoData: false,
    gateways: {
      config: {
        ...loadIntegrationsConfig({}),
        smsGateway: 'live',
        msg91: { baseUrl: fake.url, timeoutMs: 400, webhookToken: WEBHOOK_TOKEN },
      },
    },
  });
  admin = await loginAs(t.app);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fake.close();
});

const sendOtp = (phone: string) =>
  t.app.inject({
    method: 'POST',
    url: '/app-api/auth/send_otp',
    payload: { phone, purpose: 'login' },
    remoteAddress: `10.9.0.${phone.slice(-2)}`,
  });
const saveConfig = (
  body: Partial<EndpointBody<typeof opsConfigApi.saveSmsConfig>>,
  language = 'en',
) => callEndpoint(t.app, opsConfigApi.saveSmsConfig, { ...config, ...body }, admin, { language });
const lastMessage = async () =>
  (await t.db.select().from(smsMessages).orderBy(desc(smsMessages.id)).limit(1))[0];

describe('the SMS provider in force (SMS_GATEWAY=live)', () => {
  it('sends through the sandbox while the configuration names it', async () => {
    const view = await callEndpoint(t.app, opsConfigApi.getSmsConfig, {}, admin);
    expect(view.json().ret).toMatchObject({
      provider: 'sandbox',
      providerInForce: 'sandbox',
      liveProvidersAllowed: true,
    });
    expect((await sendOtp('9811000001')).statusCode).toBe(200);
    expect(t.app.integrations.sms.lastTo('9811000001')).toBeDefined();
    expect(await lastMessage()).toMatchObject({ provider: 'sandbox', phone: '9811000001' });
  });

  it('refuses a provider with no adapter, and MSG91 without a key, in the caller language', async () => {
    const gupshup = await saveConfig({ provider: 'gupshup', apiKey: 'some-key-123456' });
    expect(gupshup.statusCode).toBe(400);
    expect(gupshup.json()).toMatchObject({ code: 4175 });
    expect(gupshup.json().msg).toContain('gupshup');
    expect(gupshup.json().errors).toEqual([expect.objectContaining({ field: 'provider' })]);
    const zh = await saveConfig({ provider: 'kaleyra', apiKey: 'some-key-123456' }, 'zh');
    expect(zh.json().msg).toContain('尚未接入');

    const noKey = await saveConfig({ provider: 'msg91' });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toMatchObject({ code: 4000 });
    expect(noKey.json().errors).toEqual([expect.objectContaining({ field: 'apiKey' })]);
    expect((await saveConfig({ provider: 'msg91' }, 'zh')).json().msg).toContain('必填');
    const view = await callEndpoint(t.app, opsConfigApi.getSmsConfig, {}, admin);
    expect(view.json().ret.provider).toBe('sandbox');
  });

  it('sends through MSG91 with the saved key from the next message on; the key is never shown', async () => {
    const saved = await saveConfig({ provider: 'msg91', apiKey: AUTH_KEY });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(AUTH_KEY);
    expect(saved.json().ret).toMatchObject({
      provider: 'msg91',
      providerInForce: 'msg91',
      apiKeyHint: '••••9876',
    });
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'sms.config_save'));
    expect(JSON.stringify(audit)).not.toContain(AUTH_KEY);

    const outbox = t.app.integrations.sms.outbox.length;
    expect((await sendOtp('9811000002')).statusCode).toBe(200);
    expect(t.app.integrations.sms.outbox.length).toBe(outbox);
    const sent = fake.requests.at(-1)!;
    expect(sent.headers.authkey).toBe(AUTH_KEY);
    expect(sent.body).toMatchObject({
      template_id: LOGIN_DLT_ID,
      sender: 'LENDIN',
      recipients: [{ mobiles: '919811000002', minutes: expect.any(String) }],
    });
    expect(await lastMessage()).toMatchObject({
      provider: 'msg91',
      providerMessageId: fake.messages.at(-1)!.requestId,
      status: 'queued',
    });
  });

  it("MSG91's delivery reports reach the message by its request id, only with the webhook token", async () => {
    const url = `${MSG91_WEBHOOK_PATH}?token=${WEBHOOK_TOKEN}`;
    const report = (requestId: string, number: string, status: string, desc: string) => ({
      requestId,
      number,
      status,
      desc,
      date: '2026-11-24 10:06:20',
    });
    // Version 2, MSG91's default: a form whose `data` is a JSON array of requests.
    const v2 = (requestId: string, number: string, status: string, desc: string) =>
      `data=${encodeURIComponent(
        JSON.stringify([
          {
            senderId: 'LENDIN',
            requestId,
            report: [report(requestId, number, status, desc)],
            userId: '27001',
            campaignName: 'API',
          },
        ]),
      )}`;
    const form = (to: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url: to,
        payload,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    // Version 3: one report as JSON.
    const json = (payload: unknown) =>
      t.app.inject({ method: 'POST', url, payload: payload as object });
    const statusOf = async (requestId: string) =>
      (
        await t.db.select().from(smsMessages).where(eq(smsMessages.providerMessageId, requestId))
      )[0];

    const otp = fake.messages.at(-1)!.requestId;
    const missing = await form(MSG91_WEBHOOK_PATH, v2(otp, '919811000002', '1', 'DELIVERED'));
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe(4206);
    const wrong = await form(
      `${MSG91_WEBHOOK_PATH}?token=${WEBHOOK_TOKEN}x`,
      v2(otp, '919811000002', '1', 'DELIVERED'),
    );
    expect(wrong.statusCode).toBe(401);
    expect(await statusOf(otp)).toMatchObject({ status: 'queued' });

    // A status MSG91 does not list as final is kept and changes nothing.
    const pending = await json(report(otp, '919811000002', '8', 'SUBMITTED'));
    expect(pending.statusCode, pending.body).toBe(200);
    expect(await statusOf(otp)).toMatchObject({ status: 'queued' });

    const delivered = await form(url, v2(otp, '919811000002', '1', 'DELIVERED'));
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().ret).toEqual({ reports: 1, duplicates: 0 });
    expect(await statusOf(otp)).toMatchObject({ status: 'delivered', errorCode: null });
    const again = await form(url, v2(otp, '919811000002', '1', 'DELIVERED'));
    expect(again.json().ret).toEqual({ reports: 1, duplicates: 1 });
    // A late failure never undoes a delivery.
    expect((await json(report(otp, '919811000002', '2', 'FAILED'))).statusCode).toBe(200);
    expect(await statusOf(otp)).toMatchObject({ status: 'delivered' });

    // A blocked number: MSG91's 17 fails the message, kept with its code and words.
    expect((await sendOtp('9811000012')).statusCode).toBe(200);
    const blocked = fake.messages.at(-1)!.requestId;
    expect((await json(report(blocked, '919811000012', '17', 'BLOCKED'))).statusCode).toBe(200);
    expect(await statusOf(blocked)).toMatchObject({ status: 'failed', errorCode: '17 BLOCKED' });

    const junk = await json({ hello: 'world' });
    expect(junk.statusCode).toBe(400);
  });

  it('a refusal or a timeout at MSG91 is 503 4177 naming it: no code is left, nothing recorded', async () => {
    const before = (await lastMessage())!.id;
    fake.faults.failNextWith500 = true;
    const failed = await sendOtp('9811000003');
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({ code: 4177 });
    expect(failed.json().msg).toContain('msg91');
    fake.faults.hangNext = true;
    const timedOut = await sendOtp('9811000004');
    expect(timedOut.json()).toMatchObject({ code: 4177 });
    expect((await lastMessage())!.id).toBe(before);
    // The code that was never sent was rolled back with the message.
    const codes = await queryRows(
      t.db,
      sql`select id from otp_requests where phone in ('9811000003', '9811000004')`,
    );
    expect(codes).toEqual([]);
  });

  it('a change back to the sandbox acts at the next message', async () => {
    expect((await saveConfig({ provider: 'sandbox' })).statusCode).toBe(200);
    expect((await sendOtp('9811000005')).statusCode).toBe(200);
    expect(t.app.integrations.sms.lastTo('9811000005')).toBeDefined();
  });
});

describe('sender ids (decision 0079)', () => {
  const template = {
    code: 'due_today_v1',
    name: 'Due today',
    dltTemplateId: '1107161234567890199',
    senderId: 'LENDAP',
    category: 'transactional',
    language: 'en',
    text: 'Your loan {#orderNo#} is due today. - LENDIN',
    enabled: true,
    create: true,
  } satisfies EndpointBody<typeof opsConfigApi.saveSmsTemplate>;

  it('a template must send with a configured sender id: 400 4178 naming senderId', async () => {
    const refused = await callEndpoint(t.app, opsConfigApi.saveSmsTemplate, template, admin);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 4178 });
    expect(refused.json().msg).toContain('LENDAP');
    expect(refused.json().errors).toEqual([expect.objectContaining({ field: 'senderId' })]);
    const zh = await callEndpoint(t.app, opsConfigApi.saveSmsTemplate, template, admin, {
      language: 'zh',
    });
    expect(zh.json().msg).toContain('发送方 ID LENDAP');
    // Saved disabled with an unlisted id, it cannot be enabled until the id is configured.
    expect(
      (
        await callEndpoint(
          t.app,
          opsConfigApi.saveSmsTemplate,
          { ...template, enabled: false },
          admin,
        )
      ).statusCode,
    ).toBe(400);
    expect((await saveConfig({ senderIds: ['LENDIN', '562311', 'LENDAP'] })).statusCode).toBe(200);
    expect(
      (await callEndpoint(t.app, opsConfigApi.saveSmsTemplate, template, admin)).statusCode,
    ).toBe(200);
  });

  it('refuses leaving out a sender id an enabled template sends with, naming the templates', async () => {
    const refused = await saveConfig({ senderIds: ['LENDIN', '562311'] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 4179 });
    expect(refused.json().msg).toContain('due_today_v1');
    expect(refused.json().errors).toEqual([expect.objectContaining({ field: 'senderIds' })]);
    await callEndpoint(
      t.app,
      opsConfigApi.setSmsTemplateEnabled,
      { code: 'due_today_v1', enabled: false },
      admin,
    );
    expect((await saveConfig({ senderIds: ['LENDIN', '562311'] })).statusCode).toBe(200);
    const enable = await callEndpoint(
      t.app,
      opsConfigApi.setSmsTemplateEnabled,
      { code: 'due_today_v1', enabled: true },
      admin,
      { language: 'zh' },
    );
    expect(enable.statusCode).toBe(400);
    expect(enable.json()).toMatchObject({ code: 4178 });
  });
});
