import type { EndpointBody } from '@lending/contract';
import { marketingSmsApi, opsConfigApi } from '@lending/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowerAccounts, riskBlacklist } from '../../testing/tables.js';
import { manualGateways } from '../../integrations/testing/manual-gateways.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { badBody, callEndpoint, createStaff, loginAs, post } from '../../testing/factories.js';
import { sendDueCampaignMessages } from './sender.js';
import { marketingOptOuts } from './marketing-sms.table.js';

const MINUTE = 60_000;
const gateways = manualGateways(() => t.app);
let t: TestApp;
let marketer: string;
let noGrant: string;

// Never applied (regNotLoan): two may be sent to, one opted out, one blacklisted.
const ELIGIBLE = ['9822000001', '9822000002'];
const OPTED_OUT = '9822000003';
const BLACKLISTED = '9822000004';

/** The clock at an India time of the test's day (it starts at 10:00 IST, 2025-01-15). */
function setIndiaTime(hhmm: string) {
  const target = Date.parse(`2025-01-15T${hhmm}:00+05:30`);
  t.clock.advance(target - t.clock.now().getTime());
}

const send = () =>
  sendDueCampaignMessages({ db: t.db, clock: t.clock, sms: t.app.integrations.smsGateways });

function campaignBody(
  overrides: Partial<EndpointBody<typeof marketingSmsApi.createCampaign>> = {},
): EndpointBody<typeof marketingSmsApi.createCampaign> {
  return {
    name: 'January re-engagement',
    templateCode: 'marketing_offer_v1',
    params: { amount: '20,000' },
    audience: { source: 'regNotLoan' },
    sendAt: '2025-01-15T11:00:00+05:30',
    ratePerMinute: 100,
    idempotencyKey: `campaign-${Math.random().toString(36).slice(2, 10)}`,
    ...overrides,
  };
}

async function campaignRow(id: number) {
  const list = (
    await callEndpoint(t.app, marketingSmsApi.listCampaigns, { pageSize: 100 }, marketer)
  ).json().ret.list as { id: number }[];
  return list.find((row) => row.id === id) as Record<string, unknown>;
}

const sentTo = (from: number) => t.app.integrations.sms.outbox.slice(from).map((m) => m.phone);

beforeAll(async () => {
  // The tests move the clock by hours and days: sessions must outlive that.
  t = await buildTestApp({
    demoData: false,
    gateways,
    config: { sessionIdleMinutes: 100_000, sessionAbsoluteHours: 10_000 },
  });
  const now = t.clock.now();
  await t.db.insert(borrowerAccounts).values(
    [...ELIGIBLE, OPTED_OUT, BLACKLISTED].map((phone) => ({
      phone,
      registrationDate: indiaDateOf(now),
      registeredAt: now,
      channel: 'google',
      updatedAt: now,
    })),
  );
  await t.db
    .insert(marketingOptOuts)
    .values({ phone: OPTED_OUT, source: 'stopReply', optedOutAt: now });
  await t.db.insert(riskBlacklist).values({
    kind: 'phone',
    value: BLACKLISTED,
    reason: 'fraud ring',
    source: 'fraud',
    addedAt: now,
  });
  marketer = await loginAs(
    t.app,
    await createStaff(t.db, t.clock, {
      name: 'Maya Marketing',
      interfaces: [
        'marketingSms.list',
        'marketingSms.templates',
        'marketingSms.preview',
        'marketingSms.create',
        'marketingSms.cancel',
        'marketingSms.list_import',
        'marketingSms.lists',
      ],
    }),
  );
  noGrant = await loginAs(t.app, await createStaff(t.db, t.clock, { interfaces: ['order.list'] }));
}, 90_000);
afterAll(() => t.close());

describe('audience', () => {
  it('counts who would receive it, leaving out opted-out and blacklisted numbers', async () => {
    const response = await callEndpoint(
      t.app,
      marketingSmsApi.previewCampaignAudience,
      { audience: { source: 'regNotLoan' } },
      marketer,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().ret).toEqual({ total: 4, optedOut: 1, blacklisted: 1, eligible: 2 });
  });

  it('offers only enabled promotional templates, with their variables', async () => {
    const ret = (
      await callEndpoint(t.app, marketingSmsApi.listCampaignTemplates, {}, marketer)
    ).json().ret;
    const list = ret.list;
    expect(ret.sendHours).toEqual({ start: '10:00', end: '21:00' });
    expect(list.map((row: { code: string }) => row.code)).toEqual(['marketing_offer_v1']);
    expect(list[0]!.variables).toEqual(['amount']);
  });
});

describe('creating a campaign', () => {
  it('refuses a send time outside 10:00–21:00 India time with a clear error, and creates nothing', async () => {
    const late = await callEndpoint(
      t.app,
      marketingSmsApi.createCampaign,
      campaignBody({ sendAt: '2025-01-15T21:30:00+05:30' }),
      marketer,
    );
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe(4150);
    expect(late.json().msg).toBe(
      'Promotional SMS may be sent only between 10:00–21:00 India time: 21:30 IST is outside those hours',
    );
    const early = await callEndpoint(
      t.app,
      marketingSmsApi.createCampaign,
      campaignBody({ sendAt: '2025-01-16T09:59:00+05:30' }),
      marketer,
    );
    expect(early.json().code).toBe(4150);
    expect(
      (await callEndpoint(t.app, marketingSmsApi.listCampaigns, {}, marketer)).json().ret.total,
    ).toBe(0);
  });

  it('refuses "send now" when the clock is outside the hours', async () => {
    setIndiaTime('21:05');
    const { sendAt: _omitted, ...now } = campaignBody();
    const refused = await callEndpoint(t.app, marketingSmsApi.createCampaign, now, marketer);
    expect(refused.json().code).toBe(4150);
    setIndiaTime('10:00');
    t.clock.advance(24 * 60 * MINUTE); // the next morning, 10:00 IST
  });

  it('names the field of a bad template, a missing variable, an unknown field', async () => {
    const fieldOf = async (body: unknown) => {
      // Every body here is refused on purpose.
      const response = await callEndpoint(
        t.app,
        marketingSmsApi.createCampaign,
        badBody(body),
        marketer,
      );
      expect(response.statusCode).toBe(400);
      return response.json().errors?.[0]?.field ?? response.json().msg;
    };
    expect(await fieldOf(campaignBody({ templateCode: 'otp_login_v1' }))).toBe('templateCode');
    expect(await fieldOf(campaignBody({ params: {} }))).toBe('params.amount');
    expect(await fieldOf({ ...campaignBody(), extra: 1 })).toContain('extra');
  });
});

describe('sending', () => {
  let campaignId: number;
  const key = 'campaign-sending-0001';
  // The day after the refusals above: 2025-01-16.
  const at = (hhmm: string) => `2025-01-16T${hhmm}:00+05:30`;

  it('schedules once per idempotency key; the same key with another request is refused', async () => {
    const body = campaignBody({ idempotencyKey: key, sendAt: at('11:00') });
    const first = await callEndpoint(t.app, marketingSmsApi.createCampaign, body, marketer);
    expect(first.statusCode).toBe(200);
    campaignId = first.json().ret.id;
    expect(first.json().ret).toMatchObject({
      status: 'scheduled',
      audienceSize: 4,
      optedOut: 1,
      blacklisted: 1,
      pending: 2,
      sent: 0,
      createdBy: 'Maya Marketing',
      text: expect.stringContaining('up to Rs 20,000'),
    });
    const again = await callEndpoint(t.app, marketingSmsApi.createCampaign, body, marketer);
    expect(again.json().ret.id).toBe(campaignId);
    expect(
      (await callEndpoint(t.app, marketingSmsApi.listCampaigns, {}, marketer)).json().ret.total,
    ).toBe(1);
    const other = await callEndpoint(
      t.app,
      marketingSmsApi.createCampaign,
      { ...body, name: 'Something else' },
      marketer,
    );
    expect(other.statusCode).toBe(409);
  });

  it('sends nothing before its time; then each eligible number once, never to opted-out or blacklisted ones', async () => {
    const before = t.app.integrations.sms.outbox.length;
    expect((await send()).sent).toBe(0);
    t.clock.advance(60 * MINUTE); // 11:00 IST
    // Two servers' passes at once: the claims keep them apart.
    const [a, b] = await Promise.all([send(), send()]);
    expect(a.sent + b.sent).toBe(2);
    expect((await send()).sent).toBe(0);
    expect(sentTo(before).sort()).toEqual(ELIGIBLE);
    expect(await campaignRow(campaignId)).toMatchObject({
      status: 'completed',
      sent: 2,
      delivered: 0,
      pending: 0,
    });
  });

  it('counts delivery reports as they arrive', async () => {
    await gateways.scheduler.runAllReversed();
    expect(await campaignRow(campaignId)).toMatchObject({ sent: 2, delivered: 2, failed: 0 });
  });

  it('keeps to its rate, pauses outside the hours, and checks opt-outs again when sending', async () => {
    const created = await callEndpoint(
      t.app,
      marketingSmsApi.createCampaign,
      campaignBody({ sendAt: at('20:58'), ratePerMinute: 1 }),
      marketer,
    );
    const id = created.json().ret.id;
    t.clock.advance(9 * 60 * MINUTE - 2 * MINUTE); // 19:58 → not yet due
    t.clock.advance(60 * MINUTE); // 20:58 IST
    const before = t.app.integrations.sms.outbox.length;
    expect((await send()).sent).toBe(1);
    expect((await send()).sent).toBe(0); // the same minute: the rate is spent
    // The second number opts out; 21:00 comes: nothing is sent until 10:00.
    const second = ELIGIBLE.find((phone) => !sentTo(before).includes(phone))!;
    await t.db
      .insert(marketingOptOuts)
      .values({ phone: second, source: 'stopReply', optedOutAt: t.clock.now() });
    t.clock.advance(2 * MINUTE); // 21:00 IST
    expect(await send()).toMatchObject({ insideHours: false, sent: 0 });
    expect(await campaignRow(id)).toMatchObject({ status: 'sending', pending: 1 });
    t.clock.advance(13 * 60 * MINUTE); // 10:00 IST next day
    expect(await send()).toMatchObject({ sent: 0, skipped: 1, completed: [id] });
    expect(sentTo(before)).toHaveLength(1);
    expect(await campaignRow(id)).toMatchObject({ optedOut: 2, sent: 1, status: 'completed' });
  });

  it('a cancelled campaign sends nothing; a completed one cannot be cancelled', async () => {
    await t.db
      .insert(marketingOptOuts)
      .values(
        ELIGIBLE.map((phone) => ({ phone, source: 'staff' as const, optedOutAt: t.clock.now() })),
      )
      .onConflictDoNothing();
    // Every number has opted out or is blacklisted now: nobody to send to.
    const created = await callEndpoint(
      t.app,
      marketingSmsApi.createCampaign,
      campaignBody({ sendAt: undefined }),
      marketer,
    );
    expect(created.statusCode).toBe(409);
    expect(created.json().code).toBe(4151);
    await t.db.delete(marketingOptOuts);
    const fresh = await callEndpoint(
      t.app,
      marketingSmsApi.createCampaign,
      campaignBody({ sendAt: undefined }),
      marketer,
    );
    const id = fresh.json().ret.id;
    const cancelled = await callEndpoint(t.app, marketingSmsApi.cancelCampaign, { id }, marketer);
    expect(cancelled.json().ret.status).toBe('cancelled');
    const before = t.app.integrations.sms.outbox.length;
    await send();
    expect(t.app.integrations.sms.outbox.length).toBe(before);
    const refused = await callEndpoint(
      t.app,
      marketingSmsApi.cancelCampaign,
      { id: campaignId },
      marketer,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(4152);
  });
});

describe('uploaded lists', () => {
  async function sheet(rows: unknown[][]): Promise<string> {
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('Phones');
    for (const row of rows) ws.addRow(row);
    return Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
  }

  it('accepts mobile numbers, refuses others and repeats row by row, and is an audience', async () => {
    const contentBase64 = await sheet([
      ['phone'],
      ['+91 98230 00001'],
      ['12345'],
      ['9823000001'],
      [BLACKLISTED],
    ]);
    const response = await callEndpoint(
      t.app,
      marketingSmsApi.importAudienceList,
      { fileName: 'leads.xlsx', contentBase64 },
      marketer,
    );
    expect(response.statusCode).toBe(200);
    const report = response.json().ret;
    expect(report).toMatchObject({ accepted: 2, refused: 2 });
    expect(report.rows.map((r: { status: string }) => r.status)).toEqual([
      'accepted',
      'refused',
      'refused',
      'accepted',
    ]);
    const lists = (
      await callEndpoint(t.app, marketingSmsApi.listAudienceLists, {}, marketer)
    ).json().ret.list;
    expect(lists[0]).toMatchObject({ fileName: 'leads.xlsx', phones: 2 });
    const preview = await callEndpoint(
      t.app,
      marketingSmsApi.previewCampaignAudience,
      { audience: { source: 'upload', listId: lists[0]!.id } },
      marketer,
    );
    expect(preview.json().ret).toEqual({ total: 2, optedOut: 0, blacklisted: 1, eligible: 1 });
  });
});

describe("the SMS configuration's quiet hours", () => {
  const DAY = 24 * 60 * MINUTE;
  /** Moves the clock forward to the next India time `hh:mm`. */
  function nextIndiaTime(hhmm: string) {
    const now = t.clock.now();
    let target = Date.parse(`${indiaDateOf(now)}T${hhmm}:00+05:30`);
    if (target <= now.getTime()) target += DAY;
    t.clock.advance(target - now.getTime());
  }
  const quiet = (quietStart: string, quietEnd: string, token: string) =>
    callEndpoint(
      t.app,
      opsConfigApi.saveSmsConfig,
      {
        provider: 'sandbox',
        senderIds: ['LENDIN', '562311'],
        ratePerMinute: 600,
        quietStart,
        quietEnd,
      },
      token,
    );

  it("may narrow TRAI's 10:00–21:00, never widen it: 400 naming the field", async () => {
    const admin = await loginAs(t.app);
    for (const [start, end, field] of [
      ['21:30', '10:00', 'quietStart'],
      ['21:00', '09:00', 'quietEnd'],
      ['10:00', '12:00', 'quietStart'],
    ] as const) {
      const refused = await quiet(start, end, admin);
      expect(refused.statusCode, `${start}-${end}`).toBe(400);
      expect(refused.json().code).toBe(4000);
      expect(refused.json().errors!.map((e: { field: string }) => e.field)).toEqual([field]);
    }
    const read = (await callEndpoint(t.app, opsConfigApi.getSmsConfig, {}, admin)).json().ret;
    expect(read).toMatchObject({ quietStart: '21:00', quietEnd: '10:00' });
  });

  it('refuses and pauses sending outside the hours they leave, read at each use, and names them', async () => {
    const admin = await loginAs(t.app);
    expect((await quiet('20:00', '11:00', admin)).statusCode).toBe(200);
    // The campaign form reads the hours in force with the templates.
    const templates = (
      await callEndpoint(t.app, marketingSmsApi.listCampaignTemplates, {}, marketer)
    ).json().ret;
    expect(templates.sendHours).toEqual({ start: '11:00', end: '20:00' });
    nextIndiaTime('10:30');
    // Inside TRAI's window but inside the quiet hours: nothing goes out, no campaign starts now.
    expect(await send()).toMatchObject({ insideHours: false, sent: 0 });
    const { sendAt: _omitted, ...now } = campaignBody();
    const refused = await callEndpoint(t.app, marketingSmsApi.createCampaign, now, marketer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(
      'Promotional SMS may be sent only between 11:00–20:00 India time: 10:30 IST is outside those hours',
    );
    nextIndiaTime('11:00');
    expect((await send()).insideHours).toBe(true);
    nextIndiaTime('20:00');
    expect((await send()).insideHours).toBe(false);
    // Back to the defaults: 20:00 is a sending minute again at once.
    expect((await quiet('21:00', '10:00', admin)).statusCode).toBe(200);
    expect((await send()).insideHours).toBe(true);
  });
});

describe('access', () => {
  it('403 for every endpoint without its grant', async () => {
    for (const path of [
      '/marketing_sms/list',
      '/marketing_sms/templates',
      '/marketing_sms/preview',
      '/marketing_sms/create',
      '/marketing_sms/cancel',
      '/marketing_sms/list_import',
      '/marketing_sms/lists',
    ]) {
      expect((await post(t.app, path, {}, noGrant)).statusCode, path).toBe(403);
    }
  });
});
