import { randomBytes } from 'node:crypto';
import { type EndpointBody, opsConfigApi, telemarketingApi } from '@lending/contract';
import { clearingAmountOn, WORKED_EXAMPLE_TERMS } from '@lending/lending';
import { asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, borrowerAccounts, customers } from '../../testing/tables.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import {
  badBody,
  callEndpoint,
  createStaff,
  loginAs,
  type CreatedStaff,
} from '../../testing/factories.js';
import {
  balancesOf,
  createPayout,
  finalReview,
  findOrder,
  firstReview,
  postRepayment,
  recordPayoutResult,
  runMachineReview,
  submitApplication,
  type LoanBookDeps,
} from '../loan-book/index.js';
import {
  FINAL_REVIEWER,
  FIRST_REVIEWER,
  loanBookDeps,
  makeActiveOrder,
  makeProduct,
} from '../../testing/loan-book.factories.js';
import { telemarketingCalls } from './telemarketing.table.js';

const DAY = 86_400_000;
const TELEMARKETER = [
  'telemarketing.lead_list',
  'telemarketing.lead_phone',
  'telemarketing.call_record',
  'telemarketing.call_list',
  'telemarketing.rate',
  'telemarketing.telemarketer_list',
];
const LEAD = [
  'telemarketing.lead_list',
  'telemarketing.lead_refresh',
  'telemarketing.lead_assign',
  'telemarketing.telemarketer_list',
  'telemarketing.lead_phone',
  'telemarketing.call_list',
  'telemarketing.rate',
];

let t: TestApp;
let deps: LoanBookDeps;
let productId: number;
let staff: Record<'lead' | 'tm1' | 'tm2' | 'none', CreatedStaff>;
const tokens: Record<'lead' | 'tm1' | 'tm2' | 'none', string> = {
  lead: '',
  tm1: '',
  tm2: '',
  none: '',
};
/** Lead ids by who they are: two app accounts that never applied, two cleared customers. */
const leads: Record<'r1' | 'r2' | 'a' | 'b', number> = { r1: 0, r2: 0, a: 0, b: 0 };
const customerOf: Record<'a' | 'b', number> = { a: 0, b: 0 };

async function signIn() {
  for (const key of Object.keys(staff) as (keyof typeof staff)[])
    tokens[key] = await loginAs(t.app, staff[key]);
}

/** Moves the clock forward to the next India time `hh:mm` and signs everyone in again. */
async function setIndiaTime(hhmm: string) {
  const now = t.clock.now();
  const target = new Date(`${indiaDateOf(now)}T${hhmm}:00+05:30`);
  let delta = target.getTime() - now.getTime();
  if (delta <= 0) delta += DAY;
  t.clock.advance(delta);
  await signIn();
}

function call(
  token: string,
  leadId: number,
  extra: Partial<EndpointBody<typeof telemarketingApi.recordCall>> = {},
) {
  return callEndpoint(
    t.app,
    telemarketingApi.recordCall,
    { leadId, outcome: 'connected', remarks: 'Explained the repeat-loan offer', ...extra },
    token,
  );
}

async function leadList(
  token: string,
  filters: NonNullable<EndpointBody<typeof telemarketingApi.listLeads>['filters']> = {},
) {
  const r = await callEndpoint(
    t.app,
    telemarketingApi.listLeads,
    { pageSize: 100, filters },
    token,
  );
  expect(r.statusCode).toBe(200);
  return r.json().ret;
}

/** The refused attempts stored, oldest first. */
function refusedCalls() {
  return t.db
    .select()
    .from(telemarketingCalls)
    .where(eq(telemarketingCalls.refused, true))
    .orderBy(asc(telemarketingCalls.id));
}

async function clearedCustomer(): Promise<number> {
  const order = await makeActiveOrder(deps, productId);
  t.clock.advance(3 * DAY);
  const row = (await findOrder(t.db, order.id))!;
  const due = clearingAmountOn(balancesOf(row)!, WORKED_EXAMPLE_TERMS, indiaDateOf(t.clock.now()));
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
  return row.customerId;
}

async function applyAgain(customerId: number) {
  return submitApplication(
    deps,
    {
      customerId,
      productId,
      principalPaise: 300_000n,
      acceptance: { acceptedAt: t.clock.now(), channel: 'app', otpReference: 'otp-again' },
      applicantFeatures: {},
    },
    null,
  );
}

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  deps = loanBookDeps(t.db, t.clock);
  productId = (await makeProduct(deps)).id;
  customerOf.a = await clearedCustomer();
  customerOf.b = await clearedCustomer();
  const now = t.clock.now();
  await t.db.insert(borrowerAccounts).values(
    ['9811100001', '9811100002'].map((phone) => ({
      phone,
      registrationDate: indiaDateOf(now),
      registeredAt: now,
      channel: 'google',
      updatedAt: now,
    })),
  );
  staff = {
    lead: await createStaff(t.db, t.clock, { interfaces: LEAD, name: 'Leela Lead' }),
    tm1: await createStaff(t.db, t.clock, { interfaces: TELEMARKETER, name: 'Tara One' }),
    tm2: await createStaff(t.db, t.clock, { interfaces: TELEMARKETER, name: 'Tanvi Two' }),
    none: await createStaff(t.db, t.clock, { interfaces: ['order.list'] }),
  };
  // 10:00 India time on a fresh day: inside the calling hours.
  await setIndiaTime('10:00');
});

afterAll(async () => {
  await t.close();
});

describe('the call list', () => {
  it('refuses every telemarketing call to a role without its grant (403)', async () => {
    for (const endpoint of telemarketingApi.telemarketingEndpoints) {
      const r = await callEndpoint(t.app, endpoint, badBody({}), tokens.none);
      expect(r.statusCode, endpoint.id).toBe(403);
    }
    // A telemarketer cannot refresh or assign the list.
    expect(
      (await callEndpoint(t.app, telemarketingApi.refreshLeads, {}, tokens.tm1)).statusCode,
    ).toBe(403);
    expect(
      (
        await callEndpoint(
          t.app,
          telemarketingApi.assignLeads,
          { leadIds: [1], telemarketerId: staff.tm1.id },
          tokens.tm1,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('puts the users registered but not borrowing and the cleared ones on the list, once', async () => {
    const first = await callEndpoint(t.app, telemarketingApi.refreshLeads, {}, tokens.lead);
    expect(first.json().ret).toEqual({ added: 4 });
    const again = await callEndpoint(t.app, telemarketingApi.refreshLeads, {}, tokens.lead);
    expect(again.json().ret).toEqual({ added: 0 });
    const { list } = await leadList(tokens.lead);
    const byPhoneEnd = (end: string) => list.find((row) => String(row.phone).endsWith(end))!;
    leads.r1 = byPhoneEnd('0001').id;
    leads.r2 = byPhoneEnd('0002').id;
    expect(byPhoneEnd('0001')).toMatchObject({
      source: 'regNotLoan',
      phone: '******0001',
      followStatus: 'new',
      telemarketerId: null,
      conversion: 'none',
    });
    const cleared = list.filter((row) => row.source === 'clearNotLoan');
    expect(cleared).toHaveLength(2);
    const phones = await t.db.select().from(customers);
    const idOfCustomer = (customerId: number) => {
      const phone = phones.find((c) => c.id === customerId)!.phone;
      return cleared.find((row) => String(row.phone).endsWith(phone.slice(-4)))!.id;
    };
    leads.a = idOfCustomer(customerOf.a);
    leads.b = idOfCustomer(customerOf.b);
    // Names are masked too.
    expect(String(cleared[0]!.customerName)).toMatch(/\*/);
  });

  it('lets the lead assign leads to telemarketers only', async () => {
    const assign = (body: EndpointBody<typeof telemarketingApi.assignLeads>) =>
      callEndpoint(t.app, telemarketingApi.assignLeads, body, tokens.lead);
    const toLead = await assign({ leadIds: [leads.r1], telemarketerId: staff.lead.id });
    expect(toLead.statusCode).toBe(409);
    expect(toLead.json().code).toBe(4113);
    const unknown = await assign({ leadIds: [leads.r1, 999_999], telemarketerId: staff.tm1.id });
    expect(unknown.statusCode).toBe(404);
    expect((await leadList(tokens.lead, { unassigned: true })).total).toBe(4);
    const ok = await assign({
      leadIds: [leads.r1, leads.a, leads.b],
      telemarketerId: staff.tm1.id,
    });
    expect(ok.json().ret).toEqual({ assigned: 3 });
    await assign({ leadIds: [leads.r2], telemarketerId: staff.tm2.id });
    const options = await callEndpoint(t.app, telemarketingApi.listTelemarketers, {}, tokens.lead);
    expect(options.json().ret.list).toEqual([
      // By name; the administrator (a system role) is no telemarketer.
      { userId: staff.tm2.id, name: 'Tanvi Two', leads: 1 },
      { userId: staff.tm1.id, name: 'Tara One', leads: 3 },
    ]);
  });

  it('shows a telemarketer only the users assigned to them, whatever the filters say', async () => {
    const mine = await leadList(tokens.tm1);
    expect(mine.list.map((row) => row.id).sort()).toEqual([leads.r1, leads.a, leads.b].sort());
    expect((await leadList(tokens.tm1, { telemarketerId: staff.tm2.id })).total).toBe(0);
    expect((await leadList(tokens.tm2)).list.map((row) => row.id)).toEqual([leads.r2]);
    expect((await leadList(tokens.lead)).total).toBe(4);
  });

  it("reveals an assigned user's phone to its holder only, and audits each reveal", async () => {
    const other = await callEndpoint(
      t.app,
      telemarketingApi.revealLeadPhone,
      { leadId: leads.r2 },
      tokens.tm1,
    );
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe(4034);
    const own = await callEndpoint(
      t.app,
      telemarketingApi.revealLeadPhone,
      { leadId: leads.r1 },
      tokens.tm1,
    );
    expect(own.json().ret).toEqual({ phone: '9811100001' });
    const [row] = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'telemarketing.lead_phone'))
      .orderBy(desc(auditEvents.id));
    expect(row?.actorId).toBe(staff.tm1.id);
  });
});

describe('calls', () => {
  it('refuses a call on a user assigned to someone else', async () => {
    const r = await call(tokens.tm1, leads.r2);
    expect(r.statusCode).toBe(403);
    expect(r.json().code).toBe(4034);
    // The lead assigns but does not call: only the holder records calls.
    expect((await call(tokens.lead, leads.r1)).statusCode).toBe(403);
  });

  it('refuses calls outside 08:00–19:00 India time, keeps each refused attempt, counts it as no call', async () => {
    const refusedBefore = (await refusedCalls()).length;
    for (const [time, who, leadId] of [
      ['19:00', 'tm1', leads.r1],
      ['07:59', 'tm1', leads.r1],
      // Tanvi's only lead gets nothing but a refused attempt: it must count nowhere as a call.
      ['07:59', 'tm2', leads.r2],
    ] as const) {
      await setIndiaTime(time);
      const r = await call(tokens[who], leadId, { remarks: `Tried at ${time}` });
      expect(r.statusCode, time).toBe(409);
      expect(r.json().code).toBe(4112);
      expect(r.json().msg).toContain('08:00–19:00');
    }
    const refused = (await refusedCalls()).slice(refusedBefore);
    expect(refused.map((row) => [row.leadId, row.remarks])).toEqual([
      [leads.r1, 'Tried at 19:00'],
      [leads.r1, 'Tried at 07:59'],
      [leads.r2, 'Tried at 07:59'],
    ]);
    // The history shows each, with the hours then in force; the lead's summary is untouched.
    const history = await callEndpoint(
      t.app,
      telemarketingApi.listCalls,
      { filters: { outcome: 'refused' } },
      tokens.tm2,
    );
    expect(history.json().ret.list).toMatchObject([
      {
        leadId: leads.r2,
        outcome: null,
        refused: true,
        refusal: 'outsideHours',
        refusalHours: '08:00–19:00',
        remarks: 'Tried at 07:59',
        telemarketerName: 'Tanvi Two',
      },
    ]);
    const mine = await leadList(tokens.tm2);
    expect(mine.list).toMatchObject([
      { id: leads.r2, calls: 0, followStatus: 'new', lastCallAt: null },
    ]);
    for (const time of ['08:00', '18:59']) {
      await setIndiaTime(time);
      const r = await call(tokens.tm1, leads.r1, {
        outcome: 'notConnected',
        remarks: `No answer ${time}`,
      });
      expect(r.statusCode, time).toBe(200);
    }
    // 08:00 is a call like any other, not a refused attempt.
    expect((await refusedCalls()).length).toBe(refusedBefore + 3);
    const r1 = (await leadList(tokens.tm1)).list.find((row) => row.id === leads.r1);
    expect(r1).toMatchObject({ calls: 2, followStatus: 'notConnected' });
  });

  it('gives the telemarketer the calling hours in force with the call list', async () => {
    await setIndiaTime('07:59');
    expect((await leadList(tokens.tm1)).callHours).toEqual({
      start: '08:00',
      end: '19:00',
      withinHours: false,
    });
    await setIndiaTime('08:00');
    expect((await leadList(tokens.tm1)).callHours).toEqual({
      start: '08:00',
      end: '19:00',
      withinHours: true,
    });
  });

  it('keeps the calling hours the operations settings hold, read at each call', async () => {
    let admin = await loginAs(t.app);
    const hours = (value: string) =>
      callEndpoint(
        t.app,
        opsConfigApi.saveSetting,
        {
          item: 'telemarketing_call_hours',
          value,
          type: 'string',
          group: 'operations',
          remarks: 'India hours in which telemarketers may call',
        },
        admin,
      );
    // The setting may narrow the lawful 08:00–19:00, never widen it.
    for (const wider of ['07:30-19:00', '08:00-20:00']) {
      const refused = await hours(wider);
      expect(refused.statusCode, wider).toBe(400);
      expect(refused.json().errors).toEqual([
        {
          field: 'value',
          message:
            'telemarketing_call_hours must lie within 08:00-19:00 India time, the lawful calling hours',
        },
      ]);
    }
    expect((await hours('09:00-17:00')).statusCode).toBe(200);
    const before = (await refusedCalls()).length;
    for (const time of ['08:30', '17:00']) {
      await setIndiaTime(time);
      // The telemarketer reads the narrowed hours with the call list, without the settings' grant.
      expect((await leadList(tokens.tm1)).callHours, time).toEqual({
        start: '09:00',
        end: '17:00',
        withinHours: false,
      });
      const r = await call(tokens.tm1, leads.r1);
      expect(r.statusCode, time).toBe(409);
      expect(r.json().code).toBe(4112);
      expect(r.json().msg).toBe(
        'No telemarketing call outside 09:00–17:00 India time: try again within those hours',
      );
    }
    expect((await refusedCalls()).map((row) => row.refusalHours).slice(before)).toEqual([
      '09:00–17:00',
      '09:00–17:00',
    ]);
    await setIndiaTime('09:00');
    expect((await leadList(tokens.tm1)).callHours.withinHours).toBe(true);
    expect(
      (await call(tokens.tm1, leads.r1, { outcome: 'notConnected', remarks: 'No answer at nine' }))
        .statusCode,
    ).toBe(200);
    // Back to the lawful hours (the administrator signs in again: the clock has moved).
    admin = await loginAs(t.app);
    expect((await hours('08:00-19:00')).statusCode).toBe(200);
  });

  it('records the outcome, remarks and next call, seen in the lists', async () => {
    await setIndiaTime('11:00');
    const today = indiaDateOf(t.clock.now());
    const past = await call(tokens.tm1, leads.a, { nextCallDate: '2020-01-01' });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors![0]!.field).toBe('nextCallDate');
    const blank = await call(tokens.tm1, leads.a, { remarks: '   ' });
    expect(blank.statusCode).toBe(400);
    const r = await call(tokens.tm1, leads.a, { nextCallDate: today });
    expect(r.statusCode).toBe(200);
    expect(
      (await call(tokens.tm1, leads.b, { outcome: 'promise', remarks: 'Will apply tonight' }))
        .statusCode,
    ).toBe(200);
    const mine = await leadList(tokens.tm1, { followStatus: 'connected' });
    expect(mine.list).toHaveLength(1);
    expect(mine.list[0]).toMatchObject({ id: leads.a, calls: 1, nextCallDate: today });
    expect((await leadList(tokens.tm1, { nextCallBy: today })).list.map((row) => row.id)).toEqual([
      leads.a,
    ]);
    const calls = await callEndpoint(
      t.app,
      telemarketingApi.listCalls,
      { filters: { outcome: 'promise' } },
      tokens.tm1,
    );
    expect(calls.json().ret.list).toMatchObject([
      {
        leadId: leads.b,
        outcome: 'promise',
        remarks: 'Will apply tonight',
        telemarketerName: 'Tara One',
      },
    ]);
    // tm2 sees only their own refused attempt; the lead sees all five calls (one at 09:00
    // under narrowed hours) and the five refused attempts.
    expect(
      (await callEndpoint(t.app, telemarketingApi.listCalls, {}, tokens.tm2)).json().ret.total,
    ).toBe(1);
    expect(
      (await callEndpoint(t.app, telemarketingApi.listCalls, {}, tokens.lead)).json().ret.total,
    ).toBe(10);
    const refused = await callEndpoint(
      t.app,
      telemarketingApi.listCalls,
      { filters: { outcome: 'refused' } },
      tokens.lead,
    );
    expect(refused.json().ret.total).toBe(5);
  });
});

describe('the rate report', () => {
  it('follows each day of assignments to calls, applications and payouts, as true fractions', async () => {
    // a applies again; b applies and is paid out.
    await applyAgain(customerOf.a);
    const order = await applyAgain(customerOf.b);
    await runMachineReview(deps, order.id);
    await firstReview(deps, { orderId: order.id, decision: 'pass' }, FIRST_REVIEWER);
    await finalReview(deps, { orderId: order.id, decision: 'pass' }, FINAL_REVIEWER);
    const payout = await createPayout(
      deps,
      {
        orderId: order.id,
        idempotencyKey: `pay-${randomBytes(4).toString('hex')}`,
        channel: 'sandbox',
      },
      null,
    );
    await recordPayoutResult(deps, payout.payoutId!, {
      status: 'processed',
      utr: `UTR${order.id}`,
    });

    const r = await callEndpoint(t.app, telemarketingApi.telemarketingRate, {}, tokens.lead);
    expect(r.statusCode).toBe(200);
    const { list, total } = r.json().ret;
    const tara = list.find((row) => row.telemarketerId === staff.tm1.id);
    expect(tara).toMatchObject({
      assigned: 3,
      called: 3,
      connected: 2,
      applied: 2,
      disbursed: 1,
      calledRatePpm: 1_000_000,
      connectedRatePpm: 666_667,
      appliedRatePpm: 666_667,
      disbursedRatePpm: 333_333,
    });
    const tanvi = list.find((row) => row.telemarketerId === staff.tm2.id);
    expect(tanvi).toMatchObject({
      assigned: 1,
      called: 0,
      calledRatePpm: 0,
      connectedRatePpm: null,
    });
    // Tanvi's refused attempt is no call, here or in the total.
    expect(total).toMatchObject({ assigned: 4, called: 3, connected: 2, applied: 2, disbursed: 1 });
    expect(total.appliedRatePpm).toBe(500_000);

    // The user list shows how far each went.
    const rows = (await leadList(tokens.tm1)).list;
    expect(rows.find((row) => row.id === leads.b)?.conversion).toBe('disbursed');
    expect(rows.find((row) => row.id === leads.a)?.conversion).toBe('applied');

    // A telemarketer sees their own row only, even when asking for another's.
    const own = await callEndpoint(
      t.app,
      telemarketingApi.telemarketingRate,
      { telemarketerId: staff.tm2.id },
      tokens.tm1,
    );
    expect(own.json().ret.list.map((row) => row.telemarketerId)).toEqual([staff.tm1.id]);
    const bad = await callEndpoint(
      t.app,
      telemarketingApi.telemarketingRate,
      { dateFrom: '2025-02-02', dateTo: '2025-02-01' },
      tokens.lead,
    );
    expect(bad.statusCode).toBe(400);
  });
});
