import { type EndpointBody, telemarketingApi } from '@lending/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowerAccounts } from '../../testing/tables.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { callEndpoint, createStaff, loginAs, type CreatedStaff } from '../../testing/factories.js';
import { applyOptOutReply, marketingOptOuts } from '../marketing-sms/index.js';
import { telemarketingCalls } from './telemarketing.table.js';

/*
 * Telemarketing never calls a number that opted out of marketing (issue #14, decision 0068):
 * a STOP reply, the DND registry or a request to staff, as the marketing SMS campaigns keep
 * them. The call list shows such a number as opted out; a call to it is refused with 409 4197
 * whatever the hour, nothing is kept and it counts as no call.
 */

const DAY = 86_400_000;
const TELEMARKETER = [
  'telemarketing.lead_list',
  'telemarketing.call_record',
  'telemarketing.call_list',
  'telemarketing.rate',
];
const LEAD = ['telemarketing.lead_list', 'telemarketing.lead_refresh', 'telemarketing.lead_assign'];
/** By how each number opted out; the last one did not. */
const PHONES = {
  stopReply: '9833300001',
  dndRegistry: '9833300002',
  staff: '9833300003',
  none: '9833300004',
} as const;
type Who = keyof typeof PHONES;
const OPTED_OUT = ['stopReply', 'dndRegistry', 'staff'] as const;

let t: TestApp;
let staff: Record<'lead' | 'tm1' | 'tm2', CreatedStaff>;
const tokens = { lead: '', tm1: '', tm2: '' };
const leadOf = {} as Record<Who, number>;
/** The India day each number opted out on. */
let optedOutOn = '';

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
  who: Who,
  extra: Partial<EndpointBody<typeof telemarketingApi.recordCall>> = {},
  headers: Record<string, string> = {},
) {
  return callEndpoint(
    t.app,
    telemarketingApi.recordCall,
    { leadId: leadOf[who], outcome: 'connected', remarks: 'Explained the offer', ...extra },
    tokens.tm1,
    headers,
  );
}

async function rows() {
  const r = await callEndpoint(t.app, telemarketingApi.listLeads, { pageSize: 100 }, tokens.tm1);
  expect(r.statusCode).toBe(200);
  return r.json().ret.list;
}

async function rowOf(who: Who) {
  return (await rows()).find((row) => row.id === leadOf[who])!;
}

/** Every row the call history keeps for these leads, refused attempts included. */
function kept(who: readonly Who[]) {
  return t.db
    .select()
    .from(telemarketingCalls)
    .where(
      inArray(
        telemarketingCalls.leadId,
        who.map((w) => leadOf[w]),
      ),
    );
}

function expectOptOutRefusal(response: Awaited<ReturnType<typeof call>>) {
  expect(response.statusCode).toBe(409);
  expect(response.json().code).toBe(4197);
  expect(response.json().msg).toBe(
    `This number opted out of marketing on ${optedOutOn}: it must not get telemarketing calls. Nothing was recorded`,
  );
}

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  const now = t.clock.now();
  await t.db.insert(borrowerAccounts).values(
    Object.values(PHONES).map((phone) => ({
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
  };
  await setIndiaTime('10:00');
  optedOutOn = indiaDateOf(t.clock.now());
  for (const source of OPTED_OUT)
    await t.db
      .insert(marketingOptOuts)
      .values({ phone: PHONES[source], source, optedOutAt: t.clock.now() });
  expect(
    (await callEndpoint(t.app, telemarketingApi.refreshLeads, {}, tokens.lead)).statusCode,
  ).toBe(200);
  const r = await callEndpoint(t.app, telemarketingApi.listLeads, { pageSize: 100 }, tokens.lead);
  for (const row of r.json().ret.list) {
    const who = (Object.keys(PHONES) as Who[]).find((w) => row.phone.endsWith(PHONES[w].slice(-4)));
    leadOf[who!] = row.id;
  }
  const assigned = await callEndpoint(
    t.app,
    telemarketingApi.assignLeads,
    { leadIds: Object.values(leadOf), telemarketerId: staff.tm1.id },
    tokens.lead,
  );
  expect(assigned.json().ret).toEqual({ assigned: 4 });
});

afterAll(async () => {
  await t?.close();
});

describe('numbers that opted out of marketing', () => {
  it('stay on the call list, shown as opted out', async () => {
    const list = await rows();
    expect(list).toHaveLength(4);
    for (const who of OPTED_OUT) expect((await rowOf(who)).optedOut, who).toBe(true);
    expect((await rowOf('none')).optedOut).toBe(false);
  });

  it('are refused a call (409 4197) however they opted out; nothing is kept and no call counted', async () => {
    for (const who of OPTED_OUT) expectOptOutRefusal(await call(who));
    const zh = await call('dndRegistry', {}, { language: 'ZH' });
    expect(zh.json().msg).toBe(
      `该号码已于 ${optedOutOn} 退订营销信息：不得对其拨打电销电话。本次未作任何记录`,
    );
    // Nothing in the call history, and the leads' summaries untouched.
    expect(await kept(OPTED_OUT)).toEqual([]);
    for (const who of OPTED_OUT)
      expect(await rowOf(who), who).toMatchObject({
        calls: 0,
        callsToday: 0,
        followStatus: 'new',
        lastCallAt: null,
      });
    // The number that did not opt out is called as usual.
    expect((await call('none')).statusCode).toBe(200);
    const rate = await callEndpoint(t.app, telemarketingApi.telemarketingRate, {}, tokens.tm1);
    expect(rate.json().ret.total).toMatchObject({ assigned: 4, called: 1, connected: 1 });
    const history = await callEndpoint(t.app, telemarketingApi.listCalls, {}, tokens.tm1);
    expect(history.json().ret.total).toBe(1);
  });

  it('answer a request wrong in itself (400) or a lead not yours (403) before the opt-out', async () => {
    const past = await call('stopReply', { nextCallDate: '2020-01-01' });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors![0]!.field).toBe('nextCallDate');
    const notMine = await callEndpoint(
      t.app,
      telemarketingApi.recordCall,
      { leadId: leadOf.stopReply, outcome: 'connected', remarks: 'Explained the offer' },
      tokens.tm2,
    );
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().code).toBe(4034);
  });

  it('are refused for the opt-out outside the calling hours too, keeping no refused attempt', async () => {
    await setIndiaTime('07:30');
    expectOptOutRefusal(await call('staff'));
    expect(await kept(['staff'])).toEqual([]);
    // Another number at that hour is refused for the hours, and that attempt is kept.
    const early = await call('none');
    expect(early.json().code).toBe(4112);
    expect((await kept(['none'])).filter((row) => row.refused).map((row) => row.refusal)).toEqual([
      'outsideHours',
    ]);
  });

  it('can be called again once a STOP is taken back by START; a DND-registry opt-out stays', async () => {
    await setIndiaTime('11:00');
    expect(
      await applyOptOutReply(t.db, { phone: PHONES.stopReply, text: 'START' }, t.clock.now()),
    ).toBe('optedIn');
    expect(
      await applyOptOutReply(t.db, { phone: PHONES.dndRegistry, text: 'START' }, t.clock.now()),
    ).toBe('optedIn');
    expect((await rowOf('stopReply')).optedOut).toBe(false);
    expect((await call('stopReply')).statusCode).toBe(200);
    expect(await rowOf('stopReply')).toMatchObject({ calls: 1, followStatus: 'connected' });
    expect((await rowOf('dndRegistry')).optedOut).toBe(true);
    expectOptOutRefusal(await call('dndRegistry'));
    const [dnd] = await t.db
      .select()
      .from(marketingOptOuts)
      .where(eq(marketingOptOuts.phone, PHONES.dndRegistry));
    expect(dnd?.source).toBe('dndRegistry');
  });
});
