import { opsConfigApi, telemarketingApi } from '@lending/contract';
import { addDays } from '@lending/lending';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowerAccounts } from '../../testing/tables.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { callEndpoint, createStaff, loginAs, type CreatedStaff } from '../../testing/factories.js';
import { telemarketingCalls } from './telemarketing.table.js';

/*
 * The daily cap of telemarketing calls to one number (decision 0063): the operations setting
 * telemarketing_call_cap, counted per lead (one lead per phone) and India day, whoever on the
 * floor calls; past it 409 4193 naming the cap and when calling is allowed again.
 */

const DAY = 86_400_000;
const TELEMARKETER = [
  'telemarketing.lead_list',
  'telemarketing.call_record',
  'telemarketing.call_list',
];
const LEAD = ['telemarketing.lead_list', 'telemarketing.lead_refresh', 'telemarketing.lead_assign'];
const PHONES = ['9822200001', '9822200002', '9822200003', '9822200004'];

let t: TestApp;
let staff: Record<'lead' | 'tm1' | 'tm2', CreatedStaff>;
const tokens = { lead: '', tm1: '', tm2: '', admin: '' };
const leadOf = new Map<string, number>();

async function signIn() {
  for (const key of Object.keys(staff) as (keyof typeof staff)[])
    tokens[key] = await loginAs(t.app, staff[key]);
  tokens.admin = await loginAs(t.app);
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

function call(token: string, leadId: number, headers: Record<string, string> = {}) {
  return callEndpoint(
    t.app,
    telemarketingApi.recordCall,
    { leadId, outcome: 'notConnected', remarks: 'No answer' },
    token,
    headers,
  );
}

function saveCap(value: string) {
  return callEndpoint(
    t.app,
    opsConfigApi.saveSetting,
    {
      item: 'telemarketing_call_cap',
      value,
      type: 'string',
      group: 'operations',
      remarks: 'Telemarketing calls allowed to one number per India day',
    },
    tokens.admin,
  );
}

async function assign(phone: string, holder: CreatedStaff) {
  const r = await callEndpoint(
    t.app,
    telemarketingApi.assignLeads,
    { leadIds: [leadOf.get(phone)!], telemarketerId: holder.id },
    tokens.lead,
  );
  expect(r.statusCode).toBe(200);
}

/** The lead's row as its holder's call list shows it. */
async function rowOf(token: string, phone: string) {
  const r = await callEndpoint(t.app, telemarketingApi.listLeads, { pageSize: 100 }, token);
  expect(r.statusCode).toBe(200);
  const list = r.json().ret.list;
  return list.find((row) => row.id === leadOf.get(phone))!;
}

function expectCapRefusal(
  response: Awaited<ReturnType<typeof call>>,
  cap: number,
  againFrom: string,
) {
  expect(response.statusCode).toBe(409);
  expect(response.json().code).toBe(4193);
  expect(response.json().msg).toBe(
    `This number has had ${cap} telemarketing calls today, the most allowed a day: call it again from ${againFrom} India time`,
  );
}

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
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
  staff = {
    lead: await createStaff(t.db, t.clock, { interfaces: LEAD, name: 'Leela Lead' }),
    tm1: await createStaff(t.db, t.clock, { interfaces: TELEMARKETER, name: 'Tara One' }),
    tm2: await createStaff(t.db, t.clock, { interfaces: TELEMARKETER, name: 'Tanvi Two' }),
  };
  await setIndiaTime('10:00');
  expect(
    (await callEndpoint(t.app, telemarketingApi.refreshLeads, {}, tokens.lead)).statusCode,
  ).toBe(200);
  const r = await callEndpoint(t.app, telemarketingApi.listLeads, { pageSize: 100 }, tokens.lead);
  for (const row of r.json().ret.list)
    leadOf.set(
      PHONES.find((phone) => row.phone.endsWith(phone.slice(-4)))!,
      row.id,
    );
  for (const phone of PHONES) await assign(phone, staff.tm1);
});

afterAll(async () => {
  await t?.close();
});

describe('the daily cap of calls to one number', () => {
  it('refuses a cap outside 1–10 or not a whole number, naming the setting (400)', async () => {
    for (const value of ['0', '11', '2.5', 'three']) {
      const r = await saveCap(value);
      expect(r.statusCode, value).toBe(400);
      expect(r.json().code).toBe(4000);
      expect(r.json().errors).toEqual([
        { field: 'value', message: 'telemarketing_call_cap must be a whole number from 1 to 10' },
      ]);
    }
  });

  it('allows N-1 and N calls a day, refuses the N+1th with the cap and when to call again', async () => {
    expect((await rowOf(tokens.tm1, PHONES[0]!)).callCap).toBe(3); // the default
    const today = indiaDateOf(t.clock.now());
    for (const n of [1, 2])
      expect((await call(tokens.tm1, leadOf.get(PHONES[0]!)!)).statusCode, `${n}`).toBe(200);
    expect(await rowOf(tokens.tm1, PHONES[0]!)).toMatchObject({ callsToday: 2, callCap: 3 });
    expect((await call(tokens.tm1, leadOf.get(PHONES[0]!)!)).statusCode).toBe(200);
    expect(await rowOf(tokens.tm1, PHONES[0]!)).toMatchObject({
      calls: 3,
      callsToday: 3,
      callCap: 3,
    });
    const refused = await call(tokens.tm1, leadOf.get(PHONES[0]!)!);
    expectCapRefusal(refused, 3, `${addDays(today, 1)} 08:00`);
    const zh = await call(tokens.tm1, leadOf.get(PHONES[0]!)!, { language: 'ZH' });
    expect(zh.json().msg).toBe(
      `该号码今日已接到 3 通电销电话，已达每日上限：请于印度时间 ${addDays(today, 1)} 08:00 起再拨打`,
    );
    // The refusal is no call, and another number is not held back by this one.
    expect(await rowOf(tokens.tm1, PHONES[0]!)).toMatchObject({ calls: 3, callsToday: 3 });
    // Both refused attempts are kept in the call history as the cap's refusals.
    const kept = await t.db
      .select()
      .from(telemarketingCalls)
      .where(
        and(
          eq(telemarketingCalls.leadId, leadOf.get(PHONES[0]!)!),
          eq(telemarketingCalls.refused, true),
        ),
      );
    expect(kept.map((row) => [row.refusal, row.refusalHours, row.outcome])).toEqual([
      ['callCap', null, null],
      ['callCap', null, null],
    ]);
    expect((await call(tokens.tm1, leadOf.get(PHONES[1]!)!)).statusCode).toBe(200);
  });

  it('counts the calls of every telemarketer on the number', async () => {
    const phone = PHONES[2]!;
    for (const n of [1, 2])
      expect((await call(tokens.tm1, leadOf.get(phone)!)).statusCode, `${n}`).toBe(200);
    // Handed to another telemarketer: the number's calls of the day go with it.
    await assign(phone, staff.tm2);
    expect(await rowOf(tokens.tm2, phone)).toMatchObject({ callsToday: 2, callCap: 3 });
    expect((await call(tokens.tm2, leadOf.get(phone)!)).statusCode).toBe(200);
    expectCapRefusal(
      await call(tokens.tm2, leadOf.get(phone)!),
      3,
      `${addDays(indiaDateOf(t.clock.now()), 1)} 08:00`,
    );
  });

  it('acts on a changed cap at the next call, and opens again on the next India day', async () => {
    const phone = PHONES[0]!;
    expect((await saveCap('4')).statusCode).toBe(200);
    expect((await call(tokens.tm1, leadOf.get(phone)!)).statusCode).toBe(200);
    expectCapRefusal(
      await call(tokens.tm1, leadOf.get(phone)!),
      4,
      `${addDays(indiaDateOf(t.clock.now()), 1)} 08:00`,
    );
    // The last minute of the day's hours still counts for that day.
    await setIndiaTime('18:59');
    expect((await call(tokens.tm1, leadOf.get(phone)!)).statusCode).toBe(409);
    // The India day turns at midnight India time: the first minute of the next day's hours calls.
    await setIndiaTime('08:00');
    expect(await rowOf(tokens.tm1, phone)).toMatchObject({ calls: 4, callsToday: 0, callCap: 4 });
    expect((await call(tokens.tm1, leadOf.get(phone)!)).statusCode).toBe(200);
    expect(await rowOf(tokens.tm1, phone)).toMatchObject({ calls: 5, callsToday: 1 });
    expect((await saveCap('3')).statusCode).toBe(200);
  });
});

/** PGlite runs one transaction at a time, which hides races: this runs on PostgreSQL only. */
describe.runIf(process.env.DATABASE_URL)('the cap under concurrent calls (PostgreSQL)', () => {
  it('lets no more than the cap through when calls to one number arrive at once', async () => {
    await setIndiaTime('11:00');
    const phone = PHONES[3]!;
    const leadId = leadOf.get(phone)!;
    const results = await Promise.all(Array.from({ length: 8 }, () => call(tokens.tm1, leadId)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.statusCode === 409)) expect(r.json().code).toBe(4193);
    expect(await rowOf(tokens.tm1, phone)).toMatchObject({ calls: 3, callsToday: 3 });
  });
});
