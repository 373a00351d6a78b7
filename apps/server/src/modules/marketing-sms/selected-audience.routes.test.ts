import type { EndpointBody } from '@lending/contract';
import { marketingSmsApi, remarketingApi } from '@lending/contract';
import { clearingAmountOn, WORKED_EXAMPLE_TERMS } from '@lending/lending';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowerAccounts, customers, riskBlacklist } from '../../testing/tables.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { badBody, callEndpoint, createStaff, loginAs } from '../../testing/factories.js';
import { balancesOf, findOrder, postRepayment, submitApplication } from '../loan-book/index.js';
import { loanBookDeps, makeActiveOrder, makeProduct } from '../../testing/loan-book.factories.js';
import { marketingOptOuts } from './marketing-sms.table.js';
import { sendDueCampaignMessages } from './sender.js';

/**
 * Marketing SMS to rows selected on /order/clearNotLoan and /order/regNotLoan (decision 0067):
 * a campaign whose audience is the selection, checked row by row against the list, with the
 * same opt-out and blacklist skipping as every campaign.
 */
const DAY = 86_400_000;
let t: TestApp;
let marketer: string;
let listReader: string;

// Never applied (regNotLoan): two may be sent to, one opted out, one blacklisted, one not selected.
const ELIGIBLE = ['9833000001', '9833000002'];
const OPTED_OUT = '9833000003';
const BLACKLISTED = '9833000004';
const NOT_SELECTED = '9833000005';
const accountIds = new Map<string, number>();
/** An app account whose customer has a loan: not on regNotLoan. */
let borrowedAccountId: number;

/** clearNotLoan: customers whose last loan cleared; one applied again since, one is blacklisted. */
let cleared: { customerId: number; phone: string };
let clearedBlacklisted: { customerId: number; phone: string };
let appliedAgain: { customerId: number };

const send = () =>
  sendDueCampaignMessages({ db: t.db, clock: t.clock, sms: t.app.integrations.smsGateways });
const sentTo = (from: number) => t.app.integrations.sms.outbox.slice(from).map((m) => m.phone);

let keySeq = 0;
function campaignBody(
  audience: EndpointBody<typeof marketingSmsApi.createCampaign>['audience'],
  overrides: Partial<EndpointBody<typeof marketingSmsApi.createCampaign>> = {},
) {
  keySeq += 1;
  return {
    name: `Selected rows ${keySeq}`,
    templateCode: 'marketing_offer_v1',
    params: { amount: '20,000' },
    audience,
    idempotencyKey: `selected-campaign-${keySeq}`,
    ...overrides,
  };
}

async function campaignCount() {
  return (await callEndpoint(t.app, marketingSmsApi.listCampaigns, {}, marketer)).json().ret
    .total as number;
}

async function phoneOf(customerId: number) {
  const [row] = await t.db.select().from(customers).where(eq(customers.id, customerId));
  return row!.phone;
}

beforeAll(async () => {
  t = await buildTestApp({
    demoData: false,
    config: { sessionIdleMinutes: 100_000, sessionAbsoluteHours: 10_000 },
  });
  const deps = loanBookDeps(t.db, t.clock);
  const product = await makeProduct(deps);
  const orders = [
    await makeActiveOrder(deps, product.id),
    await makeActiveOrder(deps, product.id),
    await makeActiveOrder(deps, product.id),
  ];
  t.clock.advance(3 * DAY); // 10:00 IST three days on: inside the sending hours
  for (const order of orders) {
    const row = (await findOrder(t.db, order.id))!;
    const due = clearingAmountOn(
      balancesOf(row)!,
      WORKED_EXAMPLE_TERMS,
      indiaDateOf(t.clock.now()),
    );
    await postRepayment(
      deps,
      {
        orderId: order.id,
        idempotencyKey: `clear-${order.id}`,
        channel: 'upi',
        amountPaise: due.total,
      },
      null,
    );
  }
  const [a, b, c] = await Promise.all(
    orders.map(async (order) => (await findOrder(t.db, order.id))!),
  );
  await submitApplication(
    deps,
    {
      customerId: b!.customerId,
      productId: product.id,
      principalPaise: 300_000n,
      acceptance: { acceptedAt: t.clock.now(), channel: 'app', otpReference: 'otp-again' },
      applicantFeatures: {},
    },
    null,
  );
  cleared = { customerId: a!.customerId, phone: await phoneOf(a!.customerId) };
  clearedBlacklisted = { customerId: c!.customerId, phone: await phoneOf(c!.customerId) };
  appliedAgain = { customerId: b!.customerId };

  const now = t.clock.now();
  const inserted = await t.db
    .insert(borrowerAccounts)
    .values(
      [...ELIGIBLE, OPTED_OUT, BLACKLISTED, NOT_SELECTED].map((phone) => ({
        phone,
        registrationDate: indiaDateOf(now),
        registeredAt: now,
        channel: 'google',
        updatedAt: now,
      })),
    )
    .returning({ id: borrowerAccounts.id, phone: borrowerAccounts.phone });
  for (const row of inserted) accountIds.set(row.phone, row.id);
  const [borrowed] = await t.db
    .insert(borrowerAccounts)
    .values({
      phone: cleared.phone,
      customerId: cleared.customerId,
      registrationDate: indiaDateOf(now),
      registeredAt: now,
      channel: 'google',
      updatedAt: now,
    })
    .returning({ id: borrowerAccounts.id });
  borrowedAccountId = borrowed!.id;

  await t.db
    .insert(marketingOptOuts)
    .values({ phone: OPTED_OUT, source: 'stopReply', optedOutAt: now });
  await t.db.insert(riskBlacklist).values(
    [BLACKLISTED, clearedBlacklisted.phone].map((value) => ({
      kind: 'phone' as const,
      value,
      reason: 'fraud ring',
      source: 'fraud' as const,
      addedAt: now,
    })),
  );
  marketer = await loginAs(
    t.app,
    await createStaff(t.db, t.clock, {
      name: 'Maya Marketing',
      interfaces: [
        'order.clear_not_loan',
        'order.reg_not_loan',
        'marketingSms.list',
        'marketingSms.templates',
        'marketingSms.preview',
        'marketingSms.create',
      ],
    }),
  );
  // Reads the two lists and the campaigns, but may not create one.
  listReader = await loginAs(
    t.app,
    await createStaff(t.db, t.clock, {
      interfaces: [
        'order.clear_not_loan',
        'order.reg_not_loan',
        'marketingSms.list',
        'marketingSms.templates',
        'marketingSms.preview',
      ],
    }),
  );
}, 120_000);
afterAll(() => t.close());

describe('a campaign to rows selected on /order/regNotLoan', () => {
  const selected = () => [...ELIGIBLE, OPTED_OUT, BLACKLISTED].map((p) => accountIds.get(p)!);

  it('counts the selection, opted-out and blacklisted numbers left out', async () => {
    const response = await callEndpoint(
      t.app,
      marketingSmsApi.previewCampaignAudience,
      { audience: { source: 'selected', list: 'regNotLoan', ids: selected() } },
      marketer,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().ret).toEqual({ total: 4, optedOut: 1, blacklisted: 1, eligible: 2 });
  });

  it('creates the campaign and sends to the selected eligible numbers only, once each', async () => {
    const created = await callEndpoint(
      t.app,
      marketingSmsApi.createCampaign,
      campaignBody({ source: 'selected', list: 'regNotLoan', ids: selected() }),
      marketer,
    );
    expect(created.statusCode).toBe(200);
    expect(created.json().ret).toMatchObject({
      status: 'scheduled',
      audienceSource: 'regNotLoan',
      selectedRows: 4,
      audienceSize: 4,
      optedOut: 1,
      blacklisted: 1,
      pending: 2,
      createdBy: 'Maya Marketing',
    });
    const before = t.app.integrations.sms.outbox.length;
    expect((await send()).sent).toBe(2);
    expect((await send()).sent).toBe(0);
    // Not the opted-out, the blacklisted, nor the account on the list that was not selected.
    expect(sentTo(before).sort()).toEqual(ELIGIBLE);
    const listed = (await callEndpoint(t.app, marketingSmsApi.listCampaigns, {}, marketer)).json()
      .ret.list;
    expect(listed.find((row: { id: number }) => row.id === created.json().ret.id)).toMatchObject({
      status: 'completed',
      sent: 2,
      pending: 0,
      selectedRows: 4,
    });
  });
});

describe('a campaign to rows selected on /order/clearNotLoan', () => {
  it('skips the blacklisted customer and sends to the other', async () => {
    const created = await callEndpoint(
      t.app,
      marketingSmsApi.createCampaign,
      campaignBody({
        source: 'selected',
        list: 'clearNotLoan',
        ids: [cleared.customerId, clearedBlacklisted.customerId],
      }),
      marketer,
    );
    expect(created.statusCode).toBe(200);
    expect(created.json().ret).toMatchObject({
      audienceSource: 'clearNotLoan',
      selectedRows: 2,
      audienceSize: 2,
      blacklisted: 1,
      pending: 1,
    });
    const before = t.app.integrations.sms.outbox.length;
    expect((await send()).sent).toBe(1);
    expect(sentTo(before)).toEqual([cleared.phone]);
  });

  it('a whole-list campaign still records no selection', async () => {
    const whole = await callEndpoint(
      t.app,
      marketingSmsApi.createCampaign,
      campaignBody({ source: 'clearNotLoan' }),
      marketer,
    );
    expect(whole.statusCode).toBe(200);
    expect(whole.json().ret).toMatchObject({ audienceSource: 'clearNotLoan', selectedRows: null });
  });
});

describe('the selection is checked', () => {
  it('refuses a row not on the list (unknown, applied since, or of the other list), naming each, and creates nothing', async () => {
    const count = await campaignCount();
    const unknown = await callEndpoint(
      t.app,
      marketingSmsApi.createCampaign,
      campaignBody({
        source: 'selected',
        list: 'clearNotLoan',
        ids: [cleared.customerId, 999_999, appliedAgain.customerId],
      }),
      marketer,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe(4194);
    expect(unknown.json().msg).toBe(
      'Selected row 999999 (audience.ids.1) is not on this list: it does not exist or has applied for a loan since the list was read. Refresh the list and select again',
    );
    expect(unknown.json().errors!.map((e: { field: string }) => e.field)).toEqual([
      'audience.ids.1',
      'audience.ids.2',
    ]);
    // An app account whose customer has borrowed is not on regNotLoan.
    const borrowed = await callEndpoint(
      t.app,
      marketingSmsApi.previewCampaignAudience,
      { audience: { source: 'selected', list: 'regNotLoan', ids: [borrowedAccountId] } },
      marketer,
      { language: 'zh' },
    );
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json()).toMatchObject({
      code: 4194,
      msg: `所选记录 ${borrowedAccountId}（audience.ids.0）不在此名单中：该记录不存在，或在读取名单后已申请借款。请刷新名单后重新选择`,
    });
    expect(await campaignCount()).toBe(count);
  });

  it('400 naming audience.ids for an empty, repeated, oversized or malformed selection, and an unknown list', async () => {
    const count = await campaignCount();
    // Every audience here is refused on purpose.
    const fieldsOf = async (audience: unknown) => {
      const response = await callEndpoint(
        t.app,
        marketingSmsApi.createCampaign,
        badBody({ ...campaignBody({ source: 'regNotLoan' }), audience }),
        marketer,
      );
      expect(response.statusCode, JSON.stringify(audience).slice(0, 80)).toBe(400);
      expect(response.json().code).toBe(4000);
      return response.json().errors!.map((e: { field: string }) => e.field) as string[];
    };
    const id = cleared.customerId;
    expect(await fieldsOf({ source: 'selected', list: 'clearNotLoan', ids: [] })).toEqual([
      'audience.ids',
    ]);
    expect(await fieldsOf({ source: 'selected', list: 'clearNotLoan', ids: [id, id] })).toEqual([
      'audience.ids',
    ]);
    const tooMany = Array.from({ length: 101 }, (_, index) => index + 1);
    expect(await fieldsOf({ source: 'selected', list: 'clearNotLoan', ids: tooMany })).toEqual([
      'audience.ids',
    ]);
    expect(
      await fieldsOf({ source: 'selected', list: 'clearNotLoan', ids: [id, 'x', -3] }),
    ).toEqual(['audience.ids.1', 'audience.ids.2']);
    expect(await fieldsOf({ source: 'selected', list: 'orderList', ids: [id] })).toEqual([
      'audience.list',
    ]);
    expect(await campaignCount()).toBe(count);
  });
});

describe('access', () => {
  it('403 without the grant to create campaigns, though the lists can be read', async () => {
    const audience = {
      source: 'selected',
      list: 'clearNotLoan',
      ids: [cleared.customerId],
    } satisfies EndpointBody<typeof marketingSmsApi.createCampaign>['audience'];
    expect(
      (await callEndpoint(t.app, remarketingApi.listClearNotLoan, {}, listReader)).statusCode,
    ).toBe(200);
    const refused = await callEndpoint(
      t.app,
      marketingSmsApi.createCampaign,
      campaignBody(audience),
      listReader,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(4003);
  });
});
