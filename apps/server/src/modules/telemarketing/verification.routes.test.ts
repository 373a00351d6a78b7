import {
  type EndpointBody,
  type EndpointRet,
  approvalApi,
  opsConfigApi,
  telemarketingApi,
} from '@lending/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, customers, loanOrders, marketingOptOuts } from '../../testing/tables.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import type { EndpointReply, InvalidOnPurpose } from '../../testing/call-endpoint.js';
import { badBody, callEndpoint, createStaff, loginAs } from '../../testing/factories.js';
import {
  FIRST_REVIEWER,
  loanBookDeps,
  makeApplication,
  makeApprovedOrder,
  makeProduct,
} from '../../testing/loan-book.factories.js';
import { firstReview, runMachineReview, type LoanBookDeps } from '../loan-book/index.js';
import { verificationChecks } from './verification.table.js';

/*
 * Verification calls before approval (/telemarketing/checkList, decision 0078): the queue of
 * orders in manual review with their checking status, and recording a call on one.
 */

const DAY = 86_400_000;
const DESK = ['telemarketing.verification_list', 'telemarketing.verification_record'];
const REVIEWER = [...DESK, 'approve.queue_list', 'order.first_review', 'order.final_review'];

let t: TestApp;
let deps: LoanBookDeps;
const tokens = { admin: '', desk: '', reviewer: '', none: '' };
let reviewerId = 0;
let productId = 0;
/** FIRST_REVIEW, assigned to the reviewer. */
let mine: { id: number; orderNo: string };
/** FIRST_REVIEW, nobody's. */
let other: { id: number; orderNo: string };
/** FINAL_REVIEW. */
let final: { id: number; orderNo: string };
/** Approved: no longer in review. */
let approved: { id: number; orderNo: string };

const ok = <E>(response: EndpointReply<E>): EndpointRet<E> => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json().ret;
};

async function signIn() {
  tokens.admin = await loginAs(t.app);
  for (const [key, interfaces, name] of [
    ['desk', DESK, 'Tara Desk'],
    ['reviewer', REVIEWER, 'Riya Review'],
    ['none', ['order.list'], 'Nobody'],
  ] as const) {
    const staff = await createStaff(t.db, t.clock, { interfaces: [...interfaces], name });
    if (key === 'reviewer') reviewerId = staff.id;
    tokens[key] = await loginAs(t.app, staff);
  }
}

/** Moves the clock forward to the next India time `hh:mm`; signs the admin in again. */
async function setIndiaTime(hhmm: string) {
  const now = t.clock.now();
  const target = new Date(`${indiaDateOf(now)}T${hhmm}:00+05:30`);
  let delta = target.getTime() - now.getTime();
  if (delta <= 0) delta += DAY;
  t.clock.advance(delta);
}

type VerificationFilters = NonNullable<
  EndpointBody<typeof telemarketingApi.listVerifications>['filters']
>;
type VerificationCall = EndpointBody<typeof telemarketingApi.recordVerification>;

function queue(token: string, filters: VerificationFilters = {}) {
  return callEndpoint(t.app, telemarketingApi.listVerifications, { pageSize: 100, filters }, token);
}

async function rowOf(orderNo: string, token = tokens.admin) {
  const { list } = ok(await queue(token, { orderNo }));
  return list[0]!;
}

function record(
  body: VerificationCall | InvalidOnPurpose,
  token = tokens.desk,
  headers: Record<string, string> = {},
) {
  return callEndpoint(t.app, telemarketingApi.recordVerification, body, token, headers);
}

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  deps = loanBookDeps(t.db, t.clock);
  await setIndiaTime('10:00');
  await signIn();
  productId = (await makeProduct(deps)).id;
  // One first reviewer taking one order a day: the first order is theirs, the next nobody's.
  const group = ok(
    await callEndpoint(
      t.app,
      approvalApi.saveReviewGroup,
      {
        name: 'Verification first',
        stage: 'first',
        productIds: [productId],
        customerType: 'all',
        dailyCap: 1,
        active: true,
      },
      tokens.admin,
    ),
  );
  ok(
    await callEndpoint(
      t.app,
      approvalApi.saveReviewer,
      { userId: reviewerId, groupId: group.id, onDuty: true, dailyCap: null },
      tokens.admin,
    ),
  );
  const queued = async () => {
    const order = await makeApplication(deps, productId);
    await runMachineReview(deps, order.id);
    return order;
  };
  mine = await queued();
  other = await queued();
  final = await queued();
  await firstReview(deps, { orderId: final.id, decision: 'pass' }, FIRST_REVIEWER);
  approved = await makeApprovedOrder(deps, productId);
});

afterAll(() => t.close());

describe('the verification queue', () => {
  it('lists each order in manual review as not checked, masked, with its stage', async () => {
    const { list, total } = ok(await queue(tokens.desk));
    expect(total).toBe(3);
    expect(list.map((row) => row.orderNo).sort()).toEqual(
      [mine.orderNo, other.orderNo, final.orderNo].sort(),
    );
    const [customer] = await t.db
      .select({ phone: customers.phone })
      .from(loanOrders)
      .innerJoin(customers, eq(customers.id, loanOrders.customerId))
      .where(eq(loanOrders.id, mine.id));
    const row = await rowOf(mine.orderNo);
    expect(row).toMatchObject({
      orderId: mine.id,
      stage: 'first',
      checkingStatus: 'not_checked',
      items: [],
      checkedByName: null,
      checkedAt: null,
      notes: null,
      checks: 0,
      customerName: 'A*** V****',
      phone: `******${customer!.phone.slice(-4)}`,
    });
    expect(JSON.stringify(list)).not.toContain(customer!.phone);
    expect((await rowOf(final.orderNo)).stage).toBe('final');
    // The order number matches whole and in any case (decision 0060); stage filters.
    expect((await rowOf(mine.orderNo.toLowerCase())).orderId).toBe(mine.id);
    expect(ok(await queue(tokens.desk, { stage: 'final' })).list).toHaveLength(1);
    expect(ok(await queue(tokens.desk, { orderNo: approved.orderNo })).total).toBe(0);
  });

  it('refuses both endpoints to a role without the grant (403)', async () => {
    expect((await queue(tokens.none)).statusCode).toBe(403);
    const r = await record(
      { orderId: mine.id, items: ['identity'], result: 'passed' },
      tokens.none,
    );
    expect(r.statusCode).toBe(403);
    expect(r.json().code).toBe(4003);
  });
});

describe('recording a verification call', () => {
  it('passed, then failed: the latest call is the status, each call kept and audited', async () => {
    const passed = ok(
      await record({
        orderId: other.id,
        items: ['employment', 'identity'],
        result: 'passed',
        notes: '  Employer confirmed ',
      }),
    );
    expect(passed).toMatchObject({ checkingStatus: 'passed' });
    expect(await rowOf(other.orderNo)).toMatchObject({
      checkingStatus: 'passed',
      items: ['employment', 'identity'],
      checkedByName: 'Tara Desk',
      notes: 'Employer confirmed',
      checks: 1,
    });
    t.clock.advance(60_000);
    ok(
      await record({
        orderId: other.id,
        items: ['address'],
        result: 'failed',
        notes: 'Address does not match the ID proof',
      }),
    );
    const row = await rowOf(other.orderNo);
    expect(row).toMatchObject({
      checkingStatus: 'failed',
      items: ['address'],
      notes: 'Address does not match the ID proof',
      checks: 2,
    });
    expect(row.checkedAt).toBe(t.clock.now().toISOString());
    const kept = await t.db
      .select()
      .from(verificationChecks)
      .where(eq(verificationChecks.orderId, other.id));
    expect(kept.map((check) => check.result)).toEqual(['passed', 'failed']);
    // The status and checked-date filters.
    const today = indiaDateOf(t.clock.now());
    const failed = ok(await queue(tokens.desk, { checkingStatus: 'failed' }));
    expect(failed.list.map((r) => r.orderId)).toEqual([other.id]);
    const notChecked = ok(await queue(tokens.desk, { checkingStatus: 'not_checked' }));
    expect(notChecked.list.map((r) => r.orderId).sort()).toEqual([mine.id, final.id].sort());
    expect(ok(await queue(tokens.desk, { checkedFrom: today, checkedTo: today })).total).toBe(1);
    expect(
      ok(await queue(tokens.desk, { checkedFrom: '2000-01-01', checkedTo: '2000-01-02' })).total,
    ).toBe(0);
    // Audited like every write.
    const audited = await t.db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(eq(auditEvents.interfaceId, 'telemarketing.verification_record'));
    expect(audited).toHaveLength(2);
  });

  it('shows the reviewers the checking status on their review queue', async () => {
    const { list } = ok(
      await callEndpoint(
        t.app,
        approvalApi.reviewQueue,
        { pageSize: 100, filters: { stage: 'first', state: 'wait' } },
        tokens.admin,
      ),
    );
    const statusOf = (orderNo: string) =>
      list.find((row) => row.orderNo === orderNo)?.checkingStatus;
    expect(statusOf(other.orderNo)).toBe('failed');
    expect(statusOf(mine.orderNo)).toBe('not_checked');
  });

  it('needs notes when failed and at least one item verified (400 naming the field)', async () => {
    const noNotes = await record({ orderId: mine.id, items: ['identity'], result: 'failed' });
    expect(noNotes.statusCode).toBe(400);
    expect(noNotes.json().code).toBe(4000);
    expect(noNotes.json().msg).toContain('notes');
    const blank = await record({
      orderId: mine.id,
      items: ['identity'],
      result: 'failed',
      notes: '   ',
    });
    expect(blank.statusCode).toBe(400);
    const noItems = await record({ orderId: mine.id, items: [], result: 'passed' });
    expect(noItems.statusCode).toBe(400);
    expect(noItems.json().msg).toContain('items');
    const unknown = await record(
      badBody({ orderId: mine.id, items: ['salary'], result: 'passed' }),
    );
    expect(unknown.statusCode).toBe(400);
    expect((await rowOf(mine.orderNo)).checks).toBe(0);
  });

  it('refuses an order no longer in manual review (409 4170, en and zh), and an unknown one (404)', async () => {
    const body: VerificationCall = { orderId: approved.id, items: ['identity'], result: 'passed' };
    const refused = await record(body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 4170,
      msg: `Order ${approved.orderNo} is no longer waiting for manual review (now PENDING_DISBURSEMENT): verification calls are recorded only before the decision. Nothing was recorded`,
    });
    const zh = await record(body, tokens.desk, { language: 'zh' });
    expect(zh.json().msg).toBe(
      `订单 ${approved.orderNo} 已不在人工审核中（当前为 PENDING_DISBURSEMENT）：核实电话只能在审核决定之前记录。本次未作任何记录`,
    );
    const missing = await record({ ...body, orderId: 999_999 });
    expect(missing.statusCode).toBe(404);
    const kept = await t.db
      .select()
      .from(verificationChecks)
      .where(eq(verificationChecks.orderId, approved.id));
    expect(kept).toHaveLength(0);
  });

  it('calls a number that opted out of marketing: a verification call is no marketing', async () => {
    // Every applicant of this file opts out of marketing (DND registry or a request to staff).
    for (const row of await t.db.select({ phone: customers.phone }).from(customers))
      await t.db
        .insert(marketingOptOuts)
        .values({ phone: row.phone, source: 'staff', optedOutAt: t.clock.now() })
        .onConflictDoNothing();
    ok(await record({ orderId: final.id, items: ['reference'], result: 'passed' }));
    expect((await rowOf(final.orderNo)).checkingStatus).toBe('passed');
  });
});

describe('a reviewer’s scope', () => {
  it('sees and checks only the orders of their own review tasks (403 4172 on another)', async () => {
    const { list } = ok(await queue(tokens.reviewer));
    expect(list.map((row) => row.orderId)).toEqual([mine.id]);
    const refused = await record(
      { orderId: other.id, items: ['identity'], result: 'passed' },
      tokens.reviewer,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(4172);
    ok(await record({ orderId: mine.id, items: ['identity'], result: 'passed' }, tokens.reviewer));
    expect((await rowOf(mine.orderNo, tokens.reviewer)).checkingStatus).toBe('passed');
  });
});

describe('the calling hours', () => {
  it('refuses a call outside them as telemarketing calls are (409 4171 naming the hours), keeping nothing', async () => {
    const body: VerificationCall = { orderId: other.id, items: ['identity'], result: 'passed' };
    const before = (await rowOf(other.orderNo)).checks;
    for (const time of ['07:59', '19:00']) {
      await setIndiaTime(time);
      await signIn();
      const refused = await record(body);
      expect(refused.statusCode, time).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 4171,
        msg: 'No verification call outside 08:00–19:00 India time: try again within those hours. Nothing was recorded',
      });
    }
    expect((await rowOf(other.orderNo)).checks).toBe(before);
    // The operations setting narrows them, read at each call.
    await setIndiaTime('08:30');
    await signIn();
    ok(
      await callEndpoint(
        t.app,
        opsConfigApi.saveSetting,
        {
          item: 'telemarketing_call_hours',
          value: '09:00-17:00',
          type: 'string',
          group: 'operations',
          remarks: 'Telemarketing calling hours',
        },
        tokens.admin,
      ),
    );
    expect((await record(body)).json().msg).toBe(
      'No verification call outside 09:00–17:00 India time: try again within those hours. Nothing was recorded',
    );
    await setIndiaTime('09:00');
    await signIn();
    ok(await record(body));
  });
});
