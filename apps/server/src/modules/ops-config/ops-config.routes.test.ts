import type { EndpointBody } from '@lending/contract';
import { loanBookApi, auditApi, opsConfigApi } from '@lending/contract';
import { desc, eq } from 'drizzle-orm';
import { WORKED_EXAMPLE_PRINCIPAL } from '@lending/lending';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../audit/audit-events.table.js';
import { seedOpsConfig } from './seed.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { badBody, callEndpoint, createStaff, loginAs } from '../../testing/factories.js';
import { postRepayment } from '../loan-book/index.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { loanBookDeps, makeActiveOrder, makeProduct } from '../../testing/loan-book.factories.js';

let t: TestApp;
let admin: string;
/** Holds the list/get reads only. */
let reader: string;
let noGrant: string;
let productId: number;

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  productId = (await makeProduct(loanBookDeps(t.db, t.clock))).id;
  admin = await loginAs(t.app);
  reader = await loginAs(
    t.app,
    await createStaff(t.db, t.clock, {
      interfaces: [
        'systemConfig.list',
        'appConfig.get',
        'appVersion.list',
        'sms.template_list',
        'sms.config_get',
        'sms.message_list',
        'channel.list',
      ],
    }),
  );
  noGrant = await loginAs(
    t.app,
    await createStaff(t.db, t.clock, { interfaces: ['order.detail'] }),
  );
}, 60_000);
afterAll(() => t.close());

function app(url: string, payload: unknown, token?: string, ip = '10.7.0.1') {
  return t.app.inject({
    method: 'POST',
    url: `/app-api${url}`,
    payload: payload as object,
    remoteAddress: ip,
    headers: token ? { 'x-app-token': token } : {},
  });
}

function expectField(response: LightMyRequestResponse, field: string) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ code: 4000 });
  expect(response.json().errors.map((e: { field: string }) => e.field)).toContain(field);
}

/** The audit rows an action wrote, newest first (before/after as stored, redacted). */
async function auditRows(action: string) {
  return t.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.action, action))
    .orderBy(desc(auditEvents.id));
}

describe('system configuration items', () => {
  it('lists the seeded items with their type, remarks and whether the server reads them', async () => {
    const response = await callEndpoint(
      t.app,
      opsConfigApi.listSettings,
      { filters: { group: 'general' } },
      reader,
    );
    expect(response.statusCode).toBe(200);
    const { list } = response.json().ret;
    expect(list.map((s: { item: string }) => s.item)).toEqual([
      'app_supported_languages',
      'reapply_after_days',
    ]);
    expect(list[1]).toMatchObject({ value: '7', type: 'string', known: true });
    expect(list[1]!.readBy).toContain('loan application');
    expect(list[0]).toMatchObject({ type: 'array', value: 'en,hi' });
  });

  it('refuses an empty item, value or remarks naming the field, and a bad sort', async () => {
    for (const field of ['item', 'value', 'remarks']) {
      const body = {
        item: 'reapply_after_days',
        value: '5',
        type: 'string',
        remarks: 'x',
      } satisfies EndpointBody<typeof opsConfigApi.saveSetting>;
      const response = await callEndpoint(
        t.app,
        opsConfigApi.saveSetting,
        badBody({ ...body, [field]: '  ' }),
        admin,
      );
      expectField(response, field);
    }
    expectField(
      await callEndpoint(
        t.app,
        opsConfigApi.saveSetting,
        { item: 'reapply_after_days', value: 'soon', type: 'string', remarks: 'x' },
        admin,
      ),
      'value',
    );
    expectField(
      await callEndpoint(
        t.app,
        opsConfigApi.saveSetting,
        { item: 'reapply_after_days', value: '3', type: 'array', remarks: 'x' },
        admin,
      ),
      'type',
    );
    expect(
      (
        await callEndpoint(
          t.app,
          opsConfigApi.listSettings,
          { sort: { field: 'value', order: 'asc' } },
          admin,
        )
      ).statusCode,
    ).toBe(400);
  });

  it('stores an array item normalised, refuses a second create (409) and a missing item (404)', async () => {
    const body = {
      item: 'kyc_regions',
      value: ' Delhi, Goa,,Kerala ',
      type: 'array',
      remarks: 'Regions served',
      create: true,
    } satisfies EndpointBody<typeof opsConfigApi.saveSetting>;
    const created = await callEndpoint(t.app, opsConfigApi.saveSetting, body, admin);
    expect(created.statusCode).toBe(200);
    expect(created.json().ret).toMatchObject({
      value: 'Delhi,Goa,Kerala',
      known: false,
      readBy: null,
    });
    expect((await callEndpoint(t.app, opsConfigApi.saveSetting, body, admin)).statusCode).toBe(409);
    const missing = await callEndpoint(
      t.app,
      opsConfigApi.saveSetting,
      { ...body, item: 'nothing_here', create: false },
      admin,
    );
    expect(missing.statusCode).toBe(404);
    expect(
      (await callEndpoint(t.app, opsConfigApi.deleteSetting, { item: 'kyc_regions' }, admin))
        .statusCode,
    ).toBe(200);
    // An item the server reads cannot be deleted.
    expect(
      (await callEndpoint(t.app, opsConfigApi.deleteSetting, { item: 'reapply_after_days' }, admin))
        .statusCode,
    ).toBe(409);
  });

  it('403 without the grant: a reader cannot save, a stranger cannot list', async () => {
    const body = {
      item: 'reapply_after_days',
      value: '3',
      type: 'string',
      remarks: 'x',
    } satisfies EndpointBody<typeof opsConfigApi.saveSetting>;
    expect((await callEndpoint(t.app, opsConfigApi.saveSetting, body, reader)).statusCode).toBe(
      403,
    );
    expect((await callEndpoint(t.app, opsConfigApi.listSettings, {}, noGrant)).statusCode).toBe(
      403,
    );
  });

  it('a change takes effect without a restart: the borrower API and loan applications read it', async () => {
    // A borrower rejected today may not apply again for reapply_after_days (7 seeded).
    const phone = '9812000001';
    await app('/auth/send_otp', { phone });
    const code = t.app.integrations.sms.lastTo(phone)!.params.code;
    const session = (await app('/auth/verify_otp', { phone, code })).json().ret.token as string;
    expect(
      (
        await app(
          '/profile/save',
          {
            name: 'Asha Verma',
            birthDate: '1994-03-02',
            region: 'Maharashtra',
            occupation: 'Salaried',
            monthlyIncomePaise: 4_500_000,
            pan: 'ABCDE1234F',
            aadhaar: '2345 6789 1234',
          },
          session,
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await app(
          '/bank/save',
          { bankName: 'State Bank of India', accountNumber: '123456789012', ifsc: 'SBIN0001234' },
          session,
        )
      ).statusCode,
    ).toBe(200);
    async function applyOnce() {
      t.clock.advanceMinutes(2);
      await app('/auth/send_otp', { phone, purpose: 'loanAcceptance' }, session);
      return app(
        '/loan/apply',
        {
          productId,
          principalPaise: Number(WORKED_EXAMPLE_PRINCIPAL),
          otpCode: t.app.integrations.sms.lastTo(phone)!.params.code,
        },
        session,
      );
    }
    const first = await applyOnce();
    expect(first.statusCode).toBe(200);
    admin = await loginAs(t.app);
    const rejected = await callEndpoint(
      t.app,
      loanBookApi.rejectOrder,
      { orderId: first.json().ret.orderId, reason: 'income not verified' },
      admin,
    );
    expect(rejected.statusCode).toBe(200);

    const refused = await applyOnce();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toContain('a new application is possible from');
    expect((await app('/config/get', {})).json().ret.reapplyAfterDays).toBe(7);

    const saved = await callEndpoint(
      t.app,
      opsConfigApi.saveSetting,
      {
        item: 'reapply_after_days',
        value: '0',
        type: 'string',
        remarks: 'No wait after a rejection',
      },
      admin,
    );
    expect(saved.statusCode).toBe(200);
    expect((await app('/config/get', {})).json().ret.reapplyAfterDays).toBe(0);
    expect((await applyOnce()).statusCode).toBe(200);

    const [row] = await auditRows('systemConfig.save');
    expect(row).toMatchObject({
      before: { value: '7' },
      after: { value: '0', remarks: 'No wait after a rejection' },
    });
  }, 30_000);
});

describe('app configuration', () => {
  const good = {
    telephone: '1800 102 4455',
    helpUrl: 'https://help.example.in/',
    privacyUrl: 'https://example.in/privacy',
    termsUrl: 'https://example.in/terms',
    loanAgreementUrl: 'https://example.in/agreement',
  } satisfies EndpointBody<typeof opsConfigApi.saveAppConfig>;

  it('is served to the app by the borrower API after a save', async () => {
    expect(
      (await callEndpoint(t.app, opsConfigApi.getAppConfig, {}, reader)).json().ret.telephone,
    ).toBe('1800 102 4455');
    const saved = await callEndpoint(
      t.app,
      opsConfigApi.saveAppConfig,
      { ...good, helpUrl: 'https://help.example.in/v2' },
      admin,
    );
    expect(saved.statusCode).toBe(200);
    const served = (await app('/config/get', {})).json().ret;
    expect(served).toMatchObject({
      helpUrl: 'https://help.example.in/v2',
      languages: ['en', 'hi'],
    });
  });

  it('refuses a non-https address or a bad telephone, naming the field; 403 without the grant', async () => {
    expectField(
      await callEndpoint(
        t.app,
        opsConfigApi.saveAppConfig,
        { ...good, privacyUrl: 'http://example.in/p' },
        admin,
      ),
      'privacyUrl',
    );
    expectField(
      await callEndpoint(
        t.app,
        opsConfigApi.saveAppConfig,
        { ...good, termsUrl: 'javascript:alert(1)' },
        admin,
      ),
      'termsUrl',
    );
    expectField(
      await callEndpoint(
        t.app,
        opsConfigApi.saveAppConfig,
        { ...good, telephone: 'call us' },
        admin,
      ),
      'telephone',
    );
    expectField(
      await callEndpoint(t.app, opsConfigApi.saveAppConfig, badBody({ ...good, extra: 1 }), admin),
      'extra',
    );
    expect((await callEndpoint(t.app, opsConfigApi.saveAppConfig, good, reader)).statusCode).toBe(
      403,
    );
    expect((await callEndpoint(t.app, opsConfigApi.getAppConfig, {}, noGrant)).statusCode).toBe(
      403,
    );
  });
});

describe('app versions', () => {
  it('answers none, optional or force by semantic version; a forced release skipped still forces', async () => {
    // Seeded: 1.0.0, 1.1.0 (forced), 1.2.0.
    const check = async (version: string) =>
      (await app('/config/version_check', { version })).json().ret;
    expect(await check('1.2.0')).toEqual({ update: 'none', latest: null });
    expect(await check('1.1.5')).toMatchObject({
      update: 'optional',
      latest: { version: '1.2.0' },
    });
    expect(await check('1.0.9')).toMatchObject({ update: 'force', latest: { version: '1.2.0' } });
    expectField(await app('/config/version_check', { version: '1.2' }), 'version');

    const released = await callEndpoint(
      t.app,
      opsConfigApi.saveVersion,
      {
        version: '1.10.0',
        content: 'New repayment screen',
        forceUpdate: true,
        packageUrl: 'https://dl.example.in/1.10.0.apk',
      },
      admin,
    );
    expect(released.statusCode).toBe(200);
    // 1.10.0 is after 1.9.x and 1.2.0 (numbers, not text).
    expect(await check('1.9.3')).toMatchObject({ update: 'force', latest: { version: '1.10.0' } });
    expect(await check('1.2.0')).toMatchObject({ update: 'force' });
    const edited = await callEndpoint(
      t.app,
      opsConfigApi.saveVersion,
      {
        version: '1.10.0',
        content: 'New repayment screen',
        forceUpdate: false,
        packageUrl: 'https://dl.example.in/1.10.0.apk',
        create: false,
      },
      admin,
    );
    expect(edited.statusCode).toBe(200);
    expect(await check('1.2.0')).toMatchObject({
      update: 'optional',
      latest: { version: '1.10.0' },
    });

    const list = (await callEndpoint(t.app, opsConfigApi.listVersions, {}, reader)).json().ret.list;
    expect(list.map((v: { version: string }) => v.version)).toEqual([
      '1.10.0',
      '1.2.0',
      '1.1.0',
      '1.0.0',
    ]);
  });

  it('409 on a second release of a version; 400 naming the field; 403 without the grant', async () => {
    const body = {
      version: '1.2.0',
      content: 'again',
      forceUpdate: false,
      packageUrl: 'https://dl.example.in/a.apk',
    };
    expect((await callEndpoint(t.app, opsConfigApi.saveVersion, body, admin)).statusCode).toBe(409);
    expectField(
      await callEndpoint(t.app, opsConfigApi.saveVersion, { ...body, version: 'v2' }, admin),
      'version',
    );
    expectField(
      await callEndpoint(
        t.app,
        opsConfigApi.saveVersion,
        { ...body, version: '3.0.0', packageUrl: 'ftp://x.in/a' },
        admin,
      ),
      'packageUrl',
    );
    expectField(
      await callEndpoint(
        t.app,
        opsConfigApi.saveVersion,
        { ...body, version: '3.0.0', content: '' },
        admin,
      ),
      'content',
    );
    expect(
      (await callEndpoint(t.app, opsConfigApi.saveVersion, { ...body, version: '3.0.0' }, reader))
        .statusCode,
    ).toBe(403);
    expect((await callEndpoint(t.app, opsConfigApi.listVersions, {}, noGrant)).statusCode).toBe(
      403,
    );
  });
});

describe('SMS', () => {
  it('lists the seeded templates with their variables; a disabled template is never sent', async () => {
    const list = (
      await callEndpoint(
        t.app,
        opsConfigApi.listSmsTemplates,
        { filters: { category: 'service' } },
        reader,
      )
    ).json().ret.list;
    expect(list.map((r: { code: string }) => r.code)).toEqual([
      'otp_loan_acceptance_v1',
      'otp_login_v1',
    ]);
    expect(list[1]).toMatchObject({
      variables: ['code', 'minutes'],
      enabled: true,
      senderId: 'LENDIN',
    });

    const disabled = await callEndpoint(
      t.app,
      opsConfigApi.setSmsTemplateEnabled,
      { code: 'otp_login_v1', enabled: false },
      admin,
    );
    expect(disabled.statusCode).toBe(200);
    const phone = '9812000077';
    const before = t.app.integrations.sms.outbox.length;
    const refused = await app('/auth/send_otp', { phone }, undefined, '10.7.0.77');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toContain('otp_login_v1 is disabled');
    expect(t.app.integrations.sms.outbox.length).toBe(before);
    expect(
      (
        await callEndpoint(
          t.app,
          opsConfigApi.setSmsTemplateEnabled,
          { code: 'otp_login_v1', enabled: true },
          admin,
        )
      ).statusCode,
    ).toBe(200);
    expect((await app('/auth/send_otp', { phone }, undefined, '10.7.0.77')).statusCode).toBe(200);
  });

  it('refuses a template with a bad DLT id or a sender id unfit for its category', async () => {
    const body = {
      code: 'due_today_v1',
      name: 'Due today',
      dltTemplateId: '1107161234567890199',
      senderId: 'LENDIN',
      category: 'transactional',
      language: 'en',
      text: 'Your loan {#orderNo#} is due today. - LENDIN',
      enabled: true,
      create: true,
    } satisfies EndpointBody<typeof opsConfigApi.saveSmsTemplate>;
    expectField(
      await callEndpoint(
        t.app,
        opsConfigApi.saveSmsTemplate,
        { ...body, dltTemplateId: '12' },
        admin,
      ),
      'dltTemplateId',
    );
    expectField(
      await callEndpoint(
        t.app,
        opsConfigApi.saveSmsTemplate,
        { ...body, category: 'promotional' },
        admin,
      ),
      'senderId',
    );
    const created = await callEndpoint(t.app, opsConfigApi.saveSmsTemplate, body, admin);
    expect(created.statusCode).toBe(200);
    expect(created.json().ret.variables).toEqual(['orderNo']);
    expect((await callEndpoint(t.app, opsConfigApi.saveSmsTemplate, body, admin)).statusCode).toBe(
      409,
    );
    expect((await callEndpoint(t.app, opsConfigApi.saveSmsTemplate, body, reader)).statusCode).toBe(
      403,
    );
  });

  it('gateway settings: the API key is replaced but never returned, nor written to the audit trail', async () => {
    const secret = 'live-key-abcdefgh-4321';
    const body = {
      provider: 'sandbox',
      senderIds: ['LENDIN', '562311'],
      ratePerMinute: 300,
      quietStart: '21:00',
      quietEnd: '10:00',
    } satisfies EndpointBody<typeof opsConfigApi.saveSmsConfig>;
    const saved = await callEndpoint(
      t.app,
      opsConfigApi.saveSmsConfig,
      { ...body, apiKey: secret },
      admin,
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(secret);
    expect(saved.json().ret).toMatchObject({
      apiKeySet: true,
      apiKeyHint: '••••4321',
      provider: 'sandbox',
    });
    // Saved again without a key: the key stays.
    const kept = await callEndpoint(
      t.app,
      opsConfigApi.saveSmsConfig,
      { ...body, ratePerMinute: 200 },
      admin,
    );
    expect(kept.json().ret).toMatchObject({ apiKeySet: true, ratePerMinute: 200 });
    const read = await callEndpoint(t.app, opsConfigApi.getSmsConfig, {}, reader);
    expect(read.body).not.toContain(secret);
    const log = await callEndpoint(
      t.app,
      auditApi.operationLog,
      { filters: { action: 'sms.config_save' } },
      admin,
    );
    expect(log.body).not.toContain(secret);
    const rows = await auditRows('sms.config_save');
    expect(JSON.stringify(rows)).not.toContain(secret);
    expectField(
      await callEndpoint(
        t.app,
        opsConfigApi.saveSmsConfig,
        { ...body, quietStart: '25:00' },
        admin,
      ),
      'quietStart',
    );
    expect((await callEndpoint(t.app, opsConfigApi.saveSmsConfig, body, reader)).statusCode).toBe(
      403,
    );
  });

  it('a server on SMS_GATEWAY=sandbox sends through the sandbox and refuses a live provider (4176)', async () => {
    const view = await callEndpoint(t.app, opsConfigApi.getSmsConfig, {}, reader);
    expect(view.json().ret).toMatchObject({
      providerInForce: 'sandbox',
      liveProvidersAllowed: false,
    });
    const body = {
      provider: 'msg91',
      senderIds: ['LENDIN', '562311'],
      ratePerMinute: 300,
      quietStart: '21:00',
      quietEnd: '10:00',
      apiKey: 'live-key-abcdefgh-4321',
    } satisfies EndpointBody<typeof opsConfigApi.saveSmsConfig>;
    const refused = await callEndpoint(t.app, opsConfigApi.saveSmsConfig, body, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 4176 });
    expect(refused.json().msg).toContain('SMS_GATEWAY=sandbox');
    const zh = await callEndpoint(t.app, opsConfigApi.saveSmsConfig, body, admin, {
      language: 'zh',
    });
    expect(zh.json().msg).toContain('只通过沙箱');
    expect(
      (await callEndpoint(t.app, opsConfigApi.getSmsConfig, {}, reader)).json().ret.provider,
    ).toBe('sandbox');
  });

  it('lists the SMS sent, phone masked, exact phone search, by status', async () => {
    const phone = '9812000077';
    const response = await callEndpoint(
      t.app,
      opsConfigApi.listSmsMessages,
      { filters: { phone: `+91 ${phone}` } },
      reader,
    );
    expect(response.statusCode).toBe(200);
    const { list, total } = response.json().ret;
    expect(total).toBeGreaterThan(0);
    expect(list[0]).toMatchObject({
      phone: '******0077',
      templateCode: 'otp_login_v1',
      templateName: 'Sign-in code',
      status: 'queued',
    });
    expect(response.body).not.toContain(phone);
    expectField(
      await callEndpoint(
        t.app,
        opsConfigApi.listSmsMessages,
        { filters: { phone: '12345' } },
        reader,
      ),
      'filters.phone',
    );
    expectField(
      await callEndpoint(
        t.app,
        opsConfigApi.listSmsMessages,
        { filters: { dateFrom: '2026-05-02', dateTo: '2026-05-01' } },
        reader,
      ),
      'filters.dateTo',
    );
    expect((await callEndpoint(t.app, opsConfigApi.listSmsMessages, {}, noGrant)).statusCode).toBe(
      403,
    );
  });
});

describe('acquisition channels', () => {
  it('lists channels with their registrations; creates one; 409/400/403', async () => {
    const list = (await callEndpoint(t.app, opsConfigApi.listChannels, {}, reader)).json().ret.list;
    const app = list.find((c: { code: string }) => c.code === 'app');
    // The borrower signed in above registered without a channel: 'app'.
    expect(app!.registrations).toBe(1);
    const body = {
      code: 'google_ads',
      name: 'Google ads',
      partner: 'Google',
      link: 'https://example.in/g',
      status: 'available',
      create: true,
    } satisfies EndpointBody<typeof opsConfigApi.saveChannel>;
    expect((await callEndpoint(t.app, opsConfigApi.saveChannel, body, admin)).statusCode).toBe(200);
    expect((await callEndpoint(t.app, opsConfigApi.saveChannel, body, admin)).statusCode).toBe(409);
    expectField(
      await callEndpoint(t.app, opsConfigApi.saveChannel, { ...body, code: 'Google Ads!' }, admin),
      'code',
    );
    expect((await callEndpoint(t.app, opsConfigApi.saveChannel, body, reader)).statusCode).toBe(
      403,
    );
    const filtered = (
      await callEndpoint(
        t.app,
        opsConfigApi.listChannels,
        { filters: { code: 'google_a' } },
        reader,
      )
    ).json().ret;
    expect(filtered.list.map((c: { code: string }) => c.code)).toEqual(['google_ads']);
  });
});

describe('customer verification codes (telemarketing)', () => {
  it('lists codes masked by exact phone; the live code is read with the grant and audited, once live only', async () => {
    const phone = '9812000555';
    t.clock.advanceMinutes(5);
    expect((await app('/auth/send_otp', { phone }, undefined, '10.7.0.55')).statusCode).toBe(200);
    const sent = t.app.integrations.sms.lastTo(phone)!.params.code!;
    const caller = await loginAs(
      t.app,
      await createStaff(t.db, t.clock, {
        interfaces: ['telemarketing.verify_code_list', 'telemarketing.verify_code_reveal'],
      }),
    );
    const listed = await callEndpoint(
      t.app,
      opsConfigApi.listVerifyCodes,
      { filters: { phone: `0${phone}`, status: 'live' } },
      caller,
    );
    expect(listed.statusCode).toBe(200);
    const { list, total } = listed.json().ret;
    expect(total).toBe(1);
    expect(list[0]).toMatchObject({
      phone: '******0555',
      purpose: 'login',
      status: 'live',
      attempts: 0,
    });
    expect(listed.body).not.toContain(phone);
    expect(listed.body).not.toContain(sent);

    expect(
      (await callEndpoint(t.app, opsConfigApi.revealVerifyCode, { id: list[0]!.id }, reader))
        .statusCode,
    ).toBe(403);
    const revealed = await callEndpoint(
      t.app,
      opsConfigApi.revealVerifyCode,
      { id: list[0]!.id },
      caller,
    );
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json().ret).toEqual({ code: sent });
    const rows = await auditRows('telemarketing.verify_code_reveal');
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(sent);

    // Used: the code is no longer kept.
    expect(
      (await app('/auth/verify_otp', { phone, code: sent }, undefined, '10.7.0.55')).statusCode,
    ).toBe(200);
    const again = await callEndpoint(
      t.app,
      opsConfigApi.revealVerifyCode,
      { id: list[0]!.id },
      caller,
    );
    expect(again.statusCode).toBe(409);
    const used = await callEndpoint(
      t.app,
      opsConfigApi.listVerifyCodes,
      { filters: { phone, status: 'used' } },
      caller,
    );
    expect(used.json().ret.total).toBe(1);

    expectField(
      await callEndpoint(
        t.app,
        opsConfigApi.listVerifyCodes,
        { filters: { phone: '555' } },
        caller,
      ),
      'filters.phone',
    );
    expectField(await callEndpoint(t.app, opsConfigApi.revealVerifyCode, { id: 0 }, caller), 'id');
    expect((await callEndpoint(t.app, opsConfigApi.listVerifyCodes, {}, noGrant)).statusCode).toBe(
      403,
    );
  });
});

describe('payment channel statistics (trxStatistcs)', () => {
  it('counts payouts and collections per channel and India day, with success share and settle time', async () => {
    const deps = loanBookDeps(t.db, t.clock);
    const order = await makeActiveOrder(deps, productId);
    await postRepayment(
      deps,
      { orderId: order.id, idempotencyKey: 'trx-stat-1', channel: 'upi', amountPaise: 50_000n },
      null,
    );
    const caller = await loginAs(
      t.app,
      await createStaff(t.db, t.clock, { interfaces: ['trx.statistics'] }),
    );
    const today = indiaDateOf(t.clock.now());
    const response = await callEndpoint(
      t.app,
      opsConfigApi.trxStatistics,
      { dateFrom: today, dateTo: today },
      caller,
    );
    expect(response.statusCode).toBe(200);
    const { list } = response.json().ret;
    const payout = list.find(
      (r: { direction: string; channel: string }) =>
        r.direction === 'payout' && r.channel === 'sandbox',
    );
    expect(payout).toMatchObject({
      day: today,
      successCount: payout!.count,
      successPpm: 1_000_000,
    });
    expect(payout!.averageSettleSeconds).toBeGreaterThanOrEqual(0);
    expect(list).toContainEqual({
      day: today,
      direction: 'collection',
      channel: 'upi',
      count: 1,
      successCount: 1,
      amountPaise: 50_000,
      successAmountPaise: 50_000,
      successPpm: 1_000_000,
      averageSettleSeconds: null,
    });
    const onlyCollections = await callEndpoint(
      t.app,
      opsConfigApi.trxStatistics,
      { dateFrom: today, dateTo: today, direction: 'collection' },
      caller,
    );
    expect(
      onlyCollections
        .json()
        .ret.list.every((r: { direction: string }) => r.direction === 'collection'),
    ).toBe(true);
    expectField(
      await callEndpoint(
        t.app,
        opsConfigApi.trxStatistics,
        { dateFrom: today, dateTo: '2020-01-01' },
        caller,
      ),
      'dateTo',
    );
    expectField(
      await callEndpoint(
        t.app,
        opsConfigApi.trxStatistics,
        { dateFrom: '2020-01-01', dateTo: '2020-12-31' },
        caller,
      ),
      'dateTo',
    );
    expectField(
      await callEndpoint(
        t.app,
        opsConfigApi.trxStatistics,
        { dateFrom: 'today', dateTo: today },
        caller,
      ),
      'dateFrom',
    );
    expect(
      (
        await callEndpoint(
          t.app,
          opsConfigApi.trxStatistics,
          { dateFrom: today, dateTo: today },
          noGrant,
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe('the first-start configuration', () => {
  it('does not bring back a withdrawn release or overwrite a changed item on a restart', async () => {
    expect(
      (await callEndpoint(t.app, opsConfigApi.deleteVersion, { version: '1.0.0' }, admin))
        .statusCode,
    ).toBe(200);
    await seedOpsConfig(t.db, t.clock.now());
    const versions = (await callEndpoint(t.app, opsConfigApi.listVersions, {}, admin)).json().ret
      .list;
    expect(versions.map((v: { version: string }) => v.version)).not.toContain('1.0.0');
    const items = (
      await callEndpoint(t.app, opsConfigApi.listSettings, { filters: { item: 'reapply' } }, admin)
    ).json().ret.list;
    expect(items[0]!.value).toBe('0');
  });
});
