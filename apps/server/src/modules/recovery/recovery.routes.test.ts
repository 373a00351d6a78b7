import type { EndpointBody } from '@lending/contract';
import { opsConfigApi, recoveryApi } from '@lending/contract';
import { eq, sql } from 'drizzle-orm';
import { clearingAmountOn, WORKED_EXAMPLE_TERMS } from '@lending/lending';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaDateOf } from '../../shared/india-date.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import {
  badBody,
  callEndpoint,
  createStaff,
  loginAs,
  post,
  type CreatedStaff,
} from '../../testing/factories.js';
import { runDayEnd } from '../day-end/index.js';
import { balancesOf, findOrder, postRepayment, type LoanBookDeps } from '../loan-book/index.js';
import { loanOrders } from '../loan-book/tables.js';
import { loanBookDeps, makeActiveOrder, makeProduct } from '../../testing/loan-book.factories.js';
import { recoveryCaseMoves, recoveryCases, recoveryFollowUps } from './recovery.table.js';

const DAY = 86_400_000;
const COLLECTOR_INTERFACES = [
  'recovery.case_list',
  'recovery.case_detail',
  'recovery.follow_up',
  'recovery.instalment_plan',
  'recovery.send_reminder',
  'recovery.daily_process',
];

let t: TestApp;
let deps: LoanBookDeps;
let admin: string;
let staff: Record<'a' | 'b' | 'c' | 'd', CreatedStaff>;
const tokens: Record<string, string> = {};
let orders: { id: number; orderNo: string }[];

async function signIn() {
  admin = await loginAs(t.app);
  for (const [k, s] of Object.entries(staff)) tokens[k] = await loginAs(t.app, s);
}

/** Moves the clock forward to the next India time `hh:mm` and signs everyone in again. */
async function setIndiaTime(hhmm: string) {
  const now = t.clock.now();
  const [h, m] = hhmm.split(':').map(Number);
  const target = new Date(`${indiaDateOf(now)}T${hhmm}:00+05:30`);
  let delta = target.getTime() - now.getTime();
  if (delta <= 0) delta += DAY;
  t.clock.advance(delta);
  expect(new Date(t.clock.now().getTime() + 330 * 60_000).toISOString().slice(11, 16)).toBe(
    `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`,
  );
  await signIn();
}

async function dayEnd() {
  await runDayEnd({ db: t.db, clock: t.clock, holder: 'test' });
}

async function casesOf(orderId: number) {
  return t.db.select().from(recoveryCases).where(eq(recoveryCases.orderId, orderId));
}

async function group(body: EndpointBody<typeof recoveryApi.saveGroup>) {
  const r = await callEndpoint(t.app, recoveryApi.saveGroup, body, admin);
  expect(r.json().code).toBe(0);
  const list = await callEndpoint(t.app, recoveryApi.listGroups, { pageSize: 100 }, admin);
  return list.json().ret.list.at(-1)!.id as number;
}

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  deps = loanBookDeps(t.db, t.clock);
  const product = await makeProduct(deps);
  orders = [];
  for (let i = 0; i < 3; i += 1) orders.push(await makeActiveOrder(deps, product.id));
  staff = {
    a: await createStaff(t.db, t.clock, { interfaces: COLLECTOR_INTERFACES, name: 'Asha A' }),
    b: await createStaff(t.db, t.clock, { interfaces: COLLECTOR_INTERFACES, name: 'Bala B' }),
    c: await createStaff(t.db, t.clock, { interfaces: COLLECTOR_INTERFACES, name: 'Chetan C' }),
    d: await createStaff(t.db, t.clock, { interfaces: COLLECTOR_INTERFACES, name: 'Dev D' }),
  };
  await signIn();
  // The conduct guard reads its cap from the operations settings (decision 0044).
  const cap = await callEndpoint(
    t.app,
    opsConfigApi.saveSetting,
    {
      item: 'recovery_attempt_cap',
      value: '3',
      type: 'string',
      group: 'operations',
      remarks: 'Contact attempts allowed per collection case per India day',
    },
    admin,
  );
  expect(cap.json().code).toBe(0);
  const base = { kind: 'collection' as const, dailyCap: 10, keepDays: 30, active: true };
  const g1 = await group({ ...base, name: 'S1 team', stages: ['S1'], dispatchMode: 'leastLoaded' });
  const g2 = await group({ ...base, name: 'S3 team', stages: ['S3'], dispatchMode: 'roundRobin' });
  const g3 = await group({ ...base, name: 'S2 team', stages: ['S2'], dispatchMode: 'ratio' });
  const g4 = await group({
    ...base,
    name: 'Spare',
    stages: ['S1'],
    dispatchMode: 'leastLoaded',
    active: false,
    dailyCap: 1,
  });
  for (const [who, groupId] of [
    ['a', g1],
    ['b', g2],
    ['c', g3],
    ['d', g4],
  ] as const) {
    const r = await callEndpoint(
      t.app,
      recoveryApi.saveCollector,
      { userId: staff[who].id, groupId, onDuty: true, dailyCap: null, weight: 1 },
      admin,
    );
    expect(r.json().code).toBe(0);
  }
  // Day 17 of a 14-day loan: three days overdue (stage S1).
  t.clock.advance(17 * DAY);
  await dayEnd();
  await signIn();
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('day-end cases and dispatch', () => {
  it('opens a collection case for each overdue order and dispatches it to the S1 collector', async () => {
    for (const order of orders) {
      const cases = await casesOf(order.id);
      const collection = cases.filter((c) => c.kind === 'collection');
      expect(collection).toHaveLength(1);
      expect(collection[0]).toMatchObject({ status: 'open', stage: 'S1', collectorId: staff.a.id });
    }
    const r = await callEndpoint(
      t.app,
      recoveryApi.listCases,
      { filters: { kind: 'collection', mine: true } },
      tokens.a,
    );
    expect(r.json().ret.total).toBe(3);
    const row = r.json().ret.list[0];
    expect(row!.customerPhone).toMatch(/^\*{6}\d{4}$/);
    expect(row!.collectorName).toBe('Asha A');
  });

  it('filters by stage and refuses an unknown sort field (400) and a caller without the grant (403)', async () => {
    const none = await callEndpoint(
      t.app,
      recoveryApi.listCases,
      { filters: { stage: 'S2' } },
      admin,
    );
    expect(none.json().ret.total).toBe(0);
    const bad = await callEndpoint(
      t.app,
      recoveryApi.listCases,
      { sort: { field: 'phone', order: 'asc' } },
      admin,
    );
    expect(bad.statusCode).toBe(400);
    const noGrant = await loginAs(
      t.app,
      await createStaff(t.db, t.clock, { interfaces: ['order.list'] }),
    );
    for (const path of [
      'case_list',
      'group_list',
      'collector_list',
      'dispatch_manual',
      'performance',
      'follow_up',
    ]) {
      const r = await post(t.app, `/recovery/${path}`, {}, noGrant);
      expect(r.statusCode, path).toBe(403);
    }
  });
});

describe('asset class and rescheduled', () => {
  it('filter the cases by their order’s class and rescheduling, show both, and name a bad class', async () => {
    const ids = orders.map((order) => order.id);
    const kept = await t.db
      .select({
        id: loanOrders.id,
        rbiClass: loanOrders.rbiClass,
        rescheduled: loanOrders.rescheduled,
      })
      .from(loanOrders)
      .where(sql`${loanOrders.id} in (${sql.join(ids, sql`, `)})`);
    const set = (id: number, columns: Partial<typeof loanOrders.$inferInsert>) =>
      t.db.update(loanOrders).set(columns).where(eq(loanOrders.id, id));
    await set(orders[0]!.id, { rbiClass: 'SMA-1', rescheduled: true });
    await set(orders[1]!.id, { rbiClass: 'NPA', rescheduled: false });
    await set(orders[2]!.id, { rbiClass: 'SMA-0', rescheduled: false });
    try {
      const nos = async (filters: Record<string, unknown>) => {
        const r = await callEndpoint(
          t.app,
          recoveryApi.listCases,
          { filters: { kind: 'collection', ...filters }, pageSize: 100 },
          admin,
        );
        expect(r.statusCode).toBe(200);
        return (r.json().ret.list as { orderNo: string }[]).map((row) => row.orderNo).sort();
      };
      expect(await nos({ rbiClass: 'NPA' })).toEqual([orders[1]!.orderNo]);
      expect(await nos({ rbiClass: 'SMA-1' })).toEqual([orders[0]!.orderNo]);
      expect(await nos({ rbiClass: 'SMA-2' })).toEqual([]);
      expect(await nos({ rescheduled: true })).toEqual([orders[0]!.orderNo]);
      expect(await nos({ rescheduled: false })).toEqual(
        [orders[1]!.orderNo, orders[2]!.orderNo].sort(),
      );
      const r = await callEndpoint(
        t.app,
        recoveryApi.listCases,
        { filters: { kind: 'collection', orderNo: orders[0]!.orderNo } },
        admin,
      );
      expect(r.json().ret.list[0]).toMatchObject({ rbiClass: 'SMA-1', rescheduled: true });
      const bad = await callEndpoint(
        t.app,
        recoveryApi.listCases,
        badBody({ filters: { rbiClass: 'SMA' } }),
        admin,
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 4000, errors: [{ field: 'filters.rbiClass' }] });
    } finally {
      for (const row of kept)
        await set(row.id, { rbiClass: row.rbiClass, rescheduled: row.rescheduled });
    }
  });
});

describe('record scope', () => {
  it('collector B can neither read nor act on A’s case, and nothing changes', async () => {
    const [c] = (await casesOf(orders[0]!.id)).filter((x) => x.kind === 'collection');
    const before = await t.db.select().from(recoveryFollowUps);
    const list = await callEndpoint(t.app, recoveryApi.listCases, {}, tokens.b);
    expect(list.json().ret.total).toBe(0);
    const detail = await callEndpoint(t.app, recoveryApi.caseDetail, { caseId: c!.id }, tokens.b);
    expect(detail.statusCode).toBe(403);
    const act = await callEndpoint(
      t.app,
      recoveryApi.logFollowUp,
      { caseId: c!.id, channel: 'call', result: 'connected', remarks: 'trying' },
      tokens.b,
    );
    expect(act.statusCode).toBe(403);
    expect(act.json().code).toBe(4033);
    const plan = await callEndpoint(
      t.app,
      recoveryApi.instalmentPlan,
      {
        caseId: c!.id,
        remarks: 'x',
        instalments: [
          { dueDate: '2030-01-01', amountPaise: 100 },
          { dueDate: '2030-01-02', amountPaise: 100 },
        ],
      },
      tokens.b,
    );
    expect(plan.statusCode).toBe(403);
    expect(await t.db.select().from(recoveryFollowUps)).toEqual(before);
    const [after] = await t.db.select().from(recoveryCases).where(eq(recoveryCases.id, c!.id));
    expect(after).toEqual(c);
  });
});

describe('conduct guard (India time)', () => {
  it('refuses a contact at 07:59 and 19:00, accepts 08:00 and 18:59, records refusals, caps attempts', async () => {
    const [c] = (await casesOf(orders[1]!.id)).filter((x) => x.kind === 'collection');
    const contact = () =>
      callEndpoint(
        t.app,
        recoveryApi.logFollowUp,
        { caseId: c!.id, channel: 'call', result: 'notConnected', remarks: 'no answer' },
        tokens.a,
      );
    await setIndiaTime('07:59');
    const early = await contact();
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe(4110);
    expect(early.json().msg).toContain('08:00–19:00');
    await setIndiaTime('08:00');
    expect((await contact()).statusCode).toBe(200);
    await setIndiaTime('18:59');
    expect((await contact()).statusCode).toBe(200);
    expect((await contact()).statusCode).toBe(200);
    const over = await contact();
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe(4111);
    await setIndiaTime('19:00');
    const late = await contact();
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe(4110);
    const rows = await t.db
      .select()
      .from(recoveryFollowUps)
      .where(eq(recoveryFollowUps.caseId, c!.id));
    expect(rows.filter((r) => r.refused).map((r) => r.refusal)).toEqual([
      'outsideHours',
      'attemptCap',
      'outsideHours',
    ]);
    expect(rows.filter((r) => !r.refused)).toHaveLength(3);
  });

  it('400 for a follow-up without remarks or a promise without its date', async () => {
    const [c] = (await casesOf(orders[2]!.id)).filter((x) => x.kind === 'collection');
    const noRemarks = await callEndpoint(
      t.app,
      recoveryApi.logFollowUp,
      { caseId: c!.id, channel: 'call', result: 'connected', remarks: '' },
      tokens.a,
    );
    expect(noRemarks.statusCode).toBe(400);
    expect(noRemarks.json().msg).toContain('remarks');
    const noDate = await callEndpoint(
      t.app,
      recoveryApi.logFollowUp,
      {
        caseId: c!.id,
        channel: 'call',
        result: 'promise',
        promisePaise: 1000,
        remarks: 'will pay',
      },
      tokens.a,
    );
    expect(noDate.statusCode).toBe(400);
  });

  it('reads narrowed contact hours from the operations settings at the next contact', async () => {
    const [c] = (await casesOf(orders[2]!.id)).filter((x) => x.kind === 'collection');
    const hours = (value: string) =>
      callEndpoint(
        t.app,
        opsConfigApi.saveSetting,
        {
          item: 'recovery_contact_hours',
          value,
          type: 'string',
          group: 'operations',
          remarks: 'India hours in which collectors may contact a borrower',
        },
        admin,
      );
    expect((await hours('09:00-18:00')).statusCode).toBe(200);
    await setIndiaTime('08:30');
    const refused = await callEndpoint(
      t.app,
      recoveryApi.logFollowUp,
      { caseId: c!.id, channel: 'call', result: 'notConnected', remarks: 'no answer' },
      tokens.a,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(4110);
    expect(refused.json().msg).toContain('09:00–18:00');
    const detail = await callEndpoint(t.app, recoveryApi.caseDetail, { caseId: c!.id }, tokens.a);
    expect(detail.json().ret.contact).toMatchObject({
      windowStart: '09:00',
      windowEnd: '18:00',
      withinHours: false,
      attemptCap: 3,
    });
    expect((await hours('08:00-19:00')).statusCode).toBe(200);
  });
});

describe('promises, stage change, repayment', () => {
  it('a promise due today puts the case first in the collector’s list', async () => {
    await setIndiaTime('10:00');
    const today = indiaDateOf(t.clock.now());
    const [c] = (await casesOf(orders[2]!.id)).filter((x) => x.kind === 'collection');
    const r = await callEndpoint(
      t.app,
      recoveryApi.logFollowUp,
      {
        caseId: c!.id,
        channel: 'call',
        result: 'promise',
        promiseDate: today,
        promisePaise: 50_000,
        remarks: 'will pay today',
      },
      tokens.a,
    );
    expect(r.statusCode).toBe(200);
    const list = await callEndpoint(
      t.app,
      recoveryApi.listCases,
      { filters: { mine: true } },
      tokens.a,
    );
    expect(list.json().ret.list[0]).toMatchObject({
      id: c!.id,
      promiseToday: true,
      followStatus: 'promise',
      promisePaise: 50_000,
    });
  });

  it('a broken promise is flagged the next day', async () => {
    await dayEnd();
    await setIndiaTime('10:00');
    await dayEnd();
    const [c] = (await casesOf(orders[2]!.id)).filter((x) => x.kind === 'collection');
    const detail = await callEndpoint(t.app, recoveryApi.caseDetail, { caseId: c!.id }, tokens.a);
    expect(detail.json().ret.promises[0]!.status).toBe('broken');
    expect(detail.json().ret.case.promiseBroken).toBe(true);
  });

  it('a new promise replaces the open one, and the detail shows both', async () => {
    const today = indiaDateOf(t.clock.now());
    const [c] = (await casesOf(orders[2]!.id)).filter((x) => x.kind === 'collection');
    const promise = (promisePaise: number) =>
      callEndpoint(
        t.app,
        recoveryApi.logFollowUp,
        {
          caseId: c!.id,
          channel: 'call',
          result: 'promise',
          promiseDate: today,
          promisePaise,
          remarks: 'will pay',
        },
        tokens.a,
      );
    expect((await promise(20_000)).statusCode).toBe(200);
    expect((await promise(30_000)).statusCode).toBe(200);
    const detail = await callEndpoint(t.app, recoveryApi.caseDetail, { caseId: c!.id }, tokens.a);
    expect(detail.statusCode).toBe(200);
    const statuses = (detail.json().ret.promises as { amountPaise: number; status: string }[]).map(
      (p) => [p.amountPaise, p.status],
    );
    expect(statuses).toEqual(
      expect.arrayContaining([
        [20_000, 'replaced'],
        [30_000, 'open'],
      ]),
    );
  });

  it('crossing into S2 sends the case back to the pool and on to the S2 collector, in its history', async () => {
    // Overdue days move to 8+ after a few more day-ends.
    for (let i = 0; i < 6; i += 1) {
      t.clock.advance(DAY);
      await dayEnd();
    }
    await signIn();
    const [c] = (await casesOf(orders[0]!.id)).filter((x) => x.kind === 'collection');
    expect(c).toMatchObject({ stage: 'S2', collectorId: staff.c.id, status: 'open' });
    const moves = await t.db
      .select()
      .from(recoveryCaseMoves)
      .where(eq(recoveryCaseMoves.caseId, c!.id))
      .orderBy(recoveryCaseMoves.id);
    expect(moves.map((m) => m.reason)).toEqual(['opened', 'auto', 'stageChange', 'auto']);
    expect(moves[2]).toMatchObject({ fromStage: 'S1', toStage: 'S2', fromCollectorId: staff.a.id });
    expect(moves[3]!.toCollectorId).toBe(staff.c.id);
    // A no longer reaches it.
    expect(
      (await callEndpoint(t.app, recoveryApi.caseDetail, { caseId: c!.id }, tokens.a)).statusCode,
    ).toBe(403);
  });

  it('a partial repayment keeps the case open; full repayment finishes it', async () => {
    const order = orders[0]!;
    await postRepayment(
      deps,
      { orderId: order.id, idempotencyKey: 'rec-partial-1', channel: 'upi', amountPaise: 10_000n },
      null,
    );
    let list = await callEndpoint(
      t.app,
      recoveryApi.listCases,
      // The whole number in any case (decision 0060).
      { filters: { orderNo: order.orderNo.toLowerCase(), state: 'open' } },
      admin,
    );
    expect(list.json().ret.total).toBe(1);
    const row = (await findOrder(t.db, order.id))!;
    const clearing = clearingAmountOn(
      balancesOf(row)!,
      WORKED_EXAMPLE_TERMS,
      indiaDateOf(t.clock.now()),
    );
    await postRepayment(
      deps,
      {
        orderId: order.id,
        idempotencyKey: 'rec-full-1',
        channel: 'upi',
        amountPaise: clearing.total,
      },
      null,
    );
    list = await callEndpoint(
      t.app,
      recoveryApi.listCases,
      { filters: { orderNo: order.orderNo, state: 'done' } },
      admin,
    );
    expect(list.json().ret.list[0]).toMatchObject({ status: 'finished', outcome: 'repaid' });
    expect(list.json().ret.list[0]!.recoveredPaise).toBe(10_000 + Number(clearing.total));
    const follow = await callEndpoint(
      t.app,
      recoveryApi.logFollowUp,
      { caseId: list.json().ret.list[0]!.id, channel: 'call', result: 'connected', remarks: 'x' },
      tokens.c,
    );
    expect(follow.statusCode).toBe(409);
    const perf = await callEndpoint(
      t.app,
      recoveryApi.performance,
      { kind: 'collection', by: 'stage' },
      admin,
    );
    const s2 = perf.json().ret.list.find((r: { key: string }) => r.key === 'S2');
    expect(s2!.recoveredCases).toBe(1);
    // One case of three: a third, not an integer division's 0 % or 100 %.
    expect(s2!.countRatePpm).toBe(333_333);
    expect(perf.json().ret.total.countRatePpm).toBeGreaterThan(0);
    expect(perf.json().ret.total.countRatePpm).toBeLessThan(1_000_000);
  });
});

describe('manual dispatch', () => {
  it('takes back to the pool, refuses wrong receivers (409) and empty selections (400)', async () => {
    const [c] = (await casesOf(orders[1]!.id)).filter(
      (x) => x.kind === 'collection' && x.status === 'open',
    );
    const empty = await callEndpoint(
      t.app,
      recoveryApi.manualDispatch,
      { caseIds: [], collectorId: staff.c.id },
      admin,
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toContain('select orders to allocate');
    const back = await callEndpoint(
      t.app,
      recoveryApi.takeBack,
      { caseIds: [c!.id], remarks: 'review' },
      admin,
    );
    expect(back.statusCode).toBe(200);
    const again = await callEndpoint(
      t.app,
      recoveryApi.takeBack,
      { caseIds: [c!.id], remarks: 'review' },
      admin,
    );
    expect(again.statusCode).toBe(409);
    const wrongStage = await callEndpoint(
      t.app,
      recoveryApi.manualDispatch,
      { caseIds: [c!.id], collectorId: staff.b.id },
      admin,
    );
    expect(wrongStage.statusCode).toBe(409);
    const ok = await callEndpoint(
      t.app,
      recoveryApi.manualDispatch,
      { caseIds: [c!.id], collectorId: staff.c.id },
      admin,
    );
    expect(ok.json().ret.dispatched).toBe(1);
  });

  it('two dispatchers racing for the last place of a collector: one wins, the other gets 409', async () => {
    const open = (
      await t.db
        .select()
        .from(recoveryCases)
        .where(sql`status = 'open' and kind = 'collection'`)
    ).slice(0, 2);
    expect(open).toHaveLength(2);
    await callEndpoint(
      t.app,
      recoveryApi.takeBack,
      { caseIds: open.map((c) => c.id), remarks: 'race' },
      admin,
    );
    // D's group takes S2 with one place a day.
    const groups = (await callEndpoint(t.app, recoveryApi.listGroups, {}, admin)).json().ret.list;
    // The row as listed, less what the list adds to a group (the save takes none of it).
    const {
      members: _members,
      openCases: _openCases,
      brokenPromiseLimitInForce: _inForce,
      ...spare
    } = groups.find((g) => g.name === 'Spare')!;
    await callEndpoint(t.app, recoveryApi.saveGroup, { ...spare, stages: ['S2'] }, admin);
    const [r1, r2] = await Promise.all(
      open.map((c) =>
        callEndpoint(
          t.app,
          recoveryApi.manualDispatch,
          { caseIds: [c.id], collectorId: staff.d.id },
          admin,
        ),
      ),
    );
    expect([r1!.statusCode, r2!.statusCode].sort()).toEqual([200, 409]);
    const mine = await t.db
      .select()
      .from(recoveryCases)
      .where(eq(recoveryCases.collectorId, staff.d.id));
    expect(mine).toHaveLength(1);
  });

  it('a group with members cannot be deleted (409); a bad group is a 400', async () => {
    const groups = (await callEndpoint(t.app, recoveryApi.listGroups, {}, admin)).json().ret.list;
    const r = await callEndpoint(t.app, recoveryApi.deleteGroup, { id: groups[0]!.id }, admin);
    expect(r.statusCode).toBe(409);
    const bad = await callEndpoint(
      t.app,
      recoveryApi.saveGroup,
      {
        kind: 'collection',
        name: 'x',
        stages: [],
        dailyCap: 1,
        dispatchMode: 'leastLoaded',
        keepDays: 1,
        active: true,
      },
      admin,
    );
    expect(bad.statusCode).toBe(400);
  });
});
