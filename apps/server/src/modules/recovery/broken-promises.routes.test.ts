import type { EndpointBody } from '@lending/contract';
import { opsConfigApi, recoveryApi } from '@lending/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaDateOf } from '../../shared/india-date.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import {
  badBody,
  callEndpoint,
  createStaff,
  loginAs,
  type CreatedStaff,
} from '../../testing/factories.js';
import { runDayEnd } from '../day-end/index.js';
import { postRepayment, type LoanBookDeps } from '../loan-book/index.js';
import { loanBookDeps, makeActiveOrder, makeProduct } from '../../testing/loan-book.factories.js';
import { recoveryCaseMoves, recoveryCases } from './recovery.table.js';

/*
 * Decision 0056: a case whose collector let `recovery_broken_promise_limit` of their promises
 * break is taken from them at the day-end and dispatched by the group's rules to another member
 * (or left in the pool, reported, when no one else can take it).
 */

const DAY = 86_400_000;
const COLLECTOR_INTERFACES = ['recovery.case_list', 'recovery.case_detail', 'recovery.follow_up'];

let t: TestApp;
let deps: LoanBookDeps;
let admin: string;
let staff: Record<'a' | 'b', CreatedStaff>;
const tokens: Record<string, string> = {};
let orders: { id: number; orderNo: string }[];
let groupId: number;

async function signIn() {
  admin = await loginAs(t.app);
  for (const [k, s] of Object.entries(staff)) tokens[k] = await loginAs(t.app, s);
}

/** The next day at 10:00 India time, after the day-end of the day before. */
async function nextMorning() {
  const now = t.clock.now();
  const target = new Date(`${indiaDateOf(now)}T10:00:00+05:30`).getTime() + DAY;
  t.clock.advance(target - now.getTime());
  await runDayEnd({ db: t.db, clock: t.clock, holder: 'test' });
  await signIn();
}

async function caseOf(orderId: number) {
  const [c] = await t.db
    .select()
    .from(recoveryCases)
    .where(and(eq(recoveryCases.orderId, orderId), eq(recoveryCases.kind, 'collection')));
  return c!;
}

async function movesOf(caseId: number) {
  return t.db
    .select()
    .from(recoveryCaseMoves)
    .where(eq(recoveryCaseMoves.caseId, caseId))
    .orderBy(recoveryCaseMoves.id);
}

async function promiseToday(caseId: number, token: string, promisePaise = 50_000) {
  const r = await callEndpoint(
    t.app,
    recoveryApi.logFollowUp,
    {
      caseId,
      channel: 'call',
      result: 'promise',
      promiseDate: indiaDateOf(t.clock.now()),
      promisePaise,
      remarks: 'will pay today',
    },
    token,
  );
  expect(r.statusCode).toBe(200);
}

async function setOperationsLimit(value: string) {
  const r = await callEndpoint(
    t.app,
    opsConfigApi.saveSetting,
    {
      item: 'recovery_broken_promise_limit',
      value,
      type: 'string',
      group: 'operations',
      remarks: 'Broken promises after which a case is re-dispatched',
    },
    admin,
  );
  expect(r.json().code).toBe(0);
}

const GROUP = {
  kind: 'collection',
  name: 'S1 team',
  // The journey's days carry the cases into S2 and S3: the group keeps them.
  stages: ['S1', 'S2', 'S3'],
  dailyCap: 10,
  dispatchMode: 'leastLoaded',
  keepDays: 30,
  active: true,
} satisfies EndpointBody<typeof recoveryApi.saveGroup>;

/** Saves the group's own rule (null: the operations setting); answers the group's row. */
async function setGroupLimit(brokenPromiseLimit: number | null | undefined) {
  const r = await callEndpoint(
    t.app,
    recoveryApi.saveGroup,
    { ...GROUP, id: groupId, brokenPromiseLimit },
    admin,
  );
  expect(r.json().code).toBe(0);
  const groups = await callEndpoint(t.app, recoveryApi.listGroups, { pageSize: 10 }, admin);
  return groups.json().ret.list.find((g: { id: number }) => g.id === groupId);
}

async function saveCollector(userId: number, onDuty: boolean) {
  const r = await callEndpoint(
    t.app,
    recoveryApi.saveCollector,
    { userId, groupId, onDuty, dailyCap: null, weight: 1 },
    admin,
  );
  expect(r.json().code).toBe(0);
}

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  deps = loanBookDeps(t.db, t.clock);
  const product = await makeProduct(deps);
  orders = [];
  for (let i = 0; i < 2; i += 1) orders.push(await makeActiveOrder(deps, product.id));
  staff = {
    a: await createStaff(t.db, t.clock, { interfaces: COLLECTOR_INTERFACES, name: 'Asha A' }),
    b: await createStaff(t.db, t.clock, { interfaces: COLLECTOR_INTERFACES, name: 'Bala B' }),
  };
  await signIn();
  await setOperationsLimit('1');
  const saved = await callEndpoint(t.app, recoveryApi.saveGroup, GROUP, admin);
  expect(saved.json().code).toBe(0);
  const groups = await callEndpoint(t.app, recoveryApi.listGroups, { pageSize: 10 }, admin);
  groupId = groups.json().ret.list[0]!.id;
  // A group without a rule of its own follows the operations setting (the console's form shows it).
  expect(groups.json().ret.list[0]).toMatchObject({
    brokenPromiseLimit: null,
    brokenPromiseLimitInForce: 1,
  });
  await saveCollector(staff.a.id, true);
  await saveCollector(staff.b.id, true);
  // Day 17 of a 14-day loan: both orders overdue, one case each to A and B (least loaded).
  t.clock.advance(17 * DAY);
  await runDayEnd({ db: t.db, clock: t.clock, holder: 'test' });
  await signIn();
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('re-dispatch after broken promises', () => {
  it('a broken promise takes the case to another collector; a kept one stays', async () => {
    const broken = await caseOf(orders[0]!.id);
    const kept = await caseOf(orders[1]!.id);
    expect([broken.collectorId, kept.collectorId]).toEqual([staff.a.id, staff.b.id]);
    // Next morning, within the contact hours: both collectors take a promise for today.
    await nextMorning();
    await promiseToday(broken.id, tokens.a!);
    await promiseToday(kept.id, tokens.b!);
    // Only the second borrower pays what they promised.
    await postRepayment(
      deps,
      { orderId: orders[1]!.id, idempotencyKey: 'kept-1', channel: 'upi', amountPaise: 50_000n },
      null,
    );
    await nextMorning();

    expect(await caseOf(orders[0]!.id)).toMatchObject({ status: 'open', collectorId: staff.b.id });
    const moves = await movesOf(broken.id);
    expect(moves.slice(-2)).toMatchObject([
      { reason: 'brokenPromises', fromCollectorId: staff.a.id, toCollectorId: null },
      { reason: 'auto', toCollectorId: staff.b.id },
    ]);
    // The history as staff read it names the reason and the count.
    const detail = await callEndpoint(t.app, recoveryApi.caseDetail, { caseId: broken.id }, admin);
    const shown = (detail.json().ret.moves as { reason: string; note: string | null }[]).find(
      (m) => m.reason === 'brokenPromises',
    );
    expect(shown?.note).toBe('1 broken promises (limit 1)');
    // The case is B's now: A can no longer read it or act on it, and B can.
    expect(
      (await callEndpoint(t.app, recoveryApi.caseDetail, { caseId: broken.id }, tokens.a!))
        .statusCode,
    ).toBe(403);
    expect(
      (await callEndpoint(t.app, recoveryApi.caseDetail, { caseId: broken.id }, tokens.b!))
        .statusCode,
    ).toBe(200);

    expect(await caseOf(orders[1]!.id)).toMatchObject({ status: 'open', collectorId: staff.b.id });
    expect((await movesOf(kept.id)).map((m) => m.reason)).not.toContain('brokenPromises');
  });

  it('a case no one else can take stays in the pool, reported with the reason', async () => {
    const c = await caseOf(orders[0]!.id);
    // B breaks a promise on it too, while A (the one it was taken from first) is off duty.
    await promiseToday(c.id, tokens.b!, 40_000);
    await saveCollector(staff.a.id, false);
    await nextMorning();

    expect(await caseOf(orders[0]!.id)).toMatchObject({
      status: 'open',
      collectorId: null,
      groupId: null,
      undispatchedReason: 'noOtherCollector',
    });
    const moves = await movesOf(c.id);
    expect(moves.at(-1)).toMatchObject({ reason: 'brokenPromises', fromCollectorId: staff.b.id });
    const pool = await callEndpoint(
      t.app,
      recoveryApi.listCases,
      { filters: { orderNo: orders[0]!.orderNo, state: 'open' } },
      admin,
    );
    expect(pool.json().ret.list[0]).toMatchObject({
      collectorId: null,
      undispatchedReason: 'noOtherCollector',
    });
    expect(
      (await callEndpoint(t.app, recoveryApi.caseDetail, { caseId: c.id }, tokens.b!)).statusCode,
    ).toBe(403);

    // A back on duty: the next day-end deals it to A (B is the one it was taken from now).
    await saveCollector(staff.a.id, true);
    await nextMorning();
    expect(await caseOf(orders[0]!.id)).toMatchObject({ collectorId: staff.a.id });
  });

  it("a group's own rule is used when set, the operations setting otherwise (decision 0066)", async () => {
    // The operations rule off, the group's own 1. The case crosses into S2 tonight (a stage
    // change deals it afresh, before broken promises are counted): start the morning after.
    await setOperationsLimit('0');
    expect(await setGroupLimit(1)).toMatchObject({
      brokenPromiseLimit: 1,
      brokenPromiseLimitInForce: 1,
    });
    await nextMorning();
    const c = await caseOf(orders[0]!.id);
    expect(c.stage).toBe('S2');
    const [holder, other] =
      c.collectorId === staff.a.id ? (['a', 'b'] as const) : (['b', 'a'] as const);
    await promiseToday(c.id, tokens[holder]!, 30_000);
    await nextMorning();
    expect(await caseOf(orders[0]!.id)).toMatchObject({ collectorId: staff[other]!.id });
    expect((await movesOf(c.id)).at(-2)).toMatchObject({
      reason: 'brokenPromises',
      fromCollectorId: staff[holder]!.id,
      note: '1 broken promises (limit 1)',
    });

    // The operations rule on (1), the group's own off (0): the new holder's broken promise
    // leaves the case with them.
    await setOperationsLimit('1');
    expect(await setGroupLimit(0)).toMatchObject({
      brokenPromiseLimit: 0,
      brokenPromiseLimitInForce: 0,
    });
    await promiseToday(c.id, tokens[other]!, 30_000);
    const movesBefore = (await movesOf(c.id)).length;
    await nextMorning();
    expect(await caseOf(orders[0]!.id)).toMatchObject({ collectorId: staff[other]!.id });
    expect(await movesOf(c.id)).toHaveLength(movesBefore);

    // A save without the field keeps the group's rule; null hands it back to the setting.
    expect(await setGroupLimit(undefined)).toMatchObject({ brokenPromiseLimit: 0 });
    expect(await setGroupLimit(null)).toMatchObject({
      brokenPromiseLimit: null,
      brokenPromiseLimitInForce: 1,
    });
    // The promise that broke under the group's "off" counts under the setting's 1.
    await nextMorning();
    expect(await caseOf(orders[0]!.id)).toMatchObject({ collectorId: staff[holder]!.id });
  });

  it('refuses a group rule outside 0–10 or not a whole number, naming the field', async () => {
    for (const bad of [-1, 11, 1.5, '2']) {
      const r = await callEndpoint(
        t.app,
        recoveryApi.saveGroup,
        badBody({ ...GROUP, id: groupId, brokenPromiseLimit: bad }),
        admin,
      );
      expect(r.statusCode, String(bad)).toBe(400);
      expect(r.json().msg, String(bad)).toContain('brokenPromiseLimit');
    }
    // Nothing changed.
    expect(await setGroupLimit(undefined)).toMatchObject({ brokenPromiseLimit: null });
  });
});
