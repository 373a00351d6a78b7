import { type EndpointRet, approvalApi, loanBookApi } from '@lending/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewTasks } from '../../testing/tables.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import type { EndpointReply } from '../../testing/call-endpoint.js';
import { callEndpoint, createStaff, loginAs } from '../../testing/factories.js';
import { runMachineReview, type LoanBookDeps } from '../loan-book/index.js';
import { loanBookDeps, makeApplication, makeProduct } from '../../testing/loan-book.factories.js';

/**
 * Claims on review work at the same moment (decision 0030). PGlite runs one transaction at a
 * time, which hides races (docs/security.md): these run only on a PostgreSQL server
 * (DATABASE_URL), where the app's pool runs the calls side by side.
 */
describe.runIf(process.env.DATABASE_URL)('review work claimed at once (PostgreSQL)', () => {
  let t: TestApp;
  let deps: LoanBookDeps;
  let admin: string;

  const ok = <E>(response: EndpointReply<E>): EndpointRet<E> => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json().ret;
  };

  /** A product with its own first-review group (daily cap `cap`) of on-duty reviewers. */
  async function desk(cap: number, names: string[]) {
    const productId = (await makeProduct(deps)).id;
    const groupId = ok(
      await callEndpoint(
        t.app,
        approvalApi.saveReviewGroup,
        {
          name: `First ${productId}`,
          stage: 'first',
          productIds: [productId],
          customerType: 'all',
          dailyCap: cap,
          active: true,
        },
        admin,
      ),
    ).id;
    const reviewers: { id: number; token: string }[] = [];
    for (const name of names) {
      const staff = await createStaff(t.db, t.clock, {
        name,
        interfaces: ['approve.queue_list', 'order.first_review'],
      });
      ok(
        await callEndpoint(
          t.app,
          approvalApi.saveReviewer,
          { userId: staff.id, groupId, onDuty: true, dailyCap: null },
          admin,
        ),
      );
      reviewers.push({ id: staff.id, token: await loginAs(t.app, staff) });
    }
    return { productId, groupId, reviewerIds: reviewers.map((r) => r.id), reviewers };
  }

  async function reviewerRows(groupId: number) {
    const list = ok(
      await callEndpoint(t.app, approvalApi.reviewerList, { filters: { groupId } }, admin),
    );
    return new Map<number, { pending: number; decidedToday: number }>(
      list.list.map((row) => [row.userId, row]),
    );
  }

  beforeAll(async () => {
    t = await buildTestApp({ demoData: false });
    deps = loanBookDeps(t.db, t.clock);
    admin = await loginAs(t.app);
  }, 60_000);
  afterAll(() => t?.close());

  it('machine reviews at once never give a reviewer more than their daily cap, and each order one task', async () => {
    const { productId, groupId, reviewerIds } = await desk(3, ['Ira Parallel', 'Jai Parallel']);
    const orders = [];
    for (let i = 0; i < 12; i += 1) orders.push(await makeApplication(deps, productId));
    const reviewed = await Promise.allSettled(orders.map((o) => runMachineReview(deps, o.id)));
    expect(reviewed.filter((r) => r.status === 'rejected')).toEqual([]);

    const tasks = await t.db
      .select()
      .from(reviewTasks)
      .where(
        inArray(
          reviewTasks.orderId,
          orders.map((o) => o.id),
        ),
      );
    // One open first-review task per order.
    expect(tasks).toHaveLength(12);
    expect(new Set(tasks.map((task) => task.orderId)).size).toBe(12);
    const per = (id: number | null) => tasks.filter((task) => task.reviewerId === id).length;
    // Each reviewer exactly at the cap of 3; the other six wait for a lead.
    expect(reviewerIds.map(per)).toEqual([3, 3]);
    expect(per(null)).toBe(6);
    const rows = await reviewerRows(groupId);
    expect(reviewerIds.map((id) => rows.get(id)?.pending)).toEqual([3, 3]);
  }, 120_000);

  it('two leads distributing the same orders at once: both answers stand, and every order ends with the later one’s reviewer', async () => {
    const { productId, groupId, reviewerIds } = await desk(1, ['Kavi Hand', 'Lata Hand']);
    const [kavi, lata] = reviewerIds as [number, number];
    const lead = await loginAs(
      t.app,
      await createStaff(t.db, t.clock, {
        interfaces: ['approve.assign', 'approve.queue_list', 'approve.reviewer_list'],
      }),
    );
    for (let round = 0; round < 5; round += 1) {
      const orders = [];
      for (let i = 0; i < 4; i += 1) {
        const order = await makeApplication(deps, productId);
        await runMachineReview(deps, order.id);
        orders.push(order);
      }
      const tasks = await t.db
        .select({ id: reviewTasks.id })
        .from(reviewTasks)
        .where(
          inArray(
            reviewTasks.orderId,
            orders.map((o) => o.id),
          ),
        );
      const taskIds = tasks.map((task) => task.id);
      const answers = await Promise.all([
        callEndpoint(t.app, approvalApi.assignReview, { taskIds, reviewerId: kavi }, admin),
        callEndpoint(
          t.app,
          approvalApi.assignReview,
          { taskIds: [...taskIds].reverse(), reviewerId: lata },
          lead,
        ),
      ]);
      // A lead may reassign (a hand assignment may exceed the cap): neither call is refused.
      expect(
        answers.map((a) => [a.statusCode, a.json().ret]),
        answers.map((a) => a.body).join(' '),
      ).toEqual([
        [200, { assigned: 4 }],
        [200, { assigned: 4 }],
      ]);
      const after = await t.db
        .select({ reviewerId: reviewTasks.reviewerId, assignedBy: reviewTasks.assignedBy })
        .from(reviewTasks)
        .where(inArray(reviewTasks.id, taskIds));
      // One call wholly after the other: all four with one reviewer, never split between them.
      const holders = new Set(after.map((task) => task.reviewerId));
      expect(holders.size, `round ${round}`).toBe(1);
      expect([kavi, lata]).toContain([...holders][0]);
      expect(after.every((task) => task.assignedBy === 'manual')).toBe(true);
    }
    const rows = await reviewerRows(groupId);
    expect((rows.get(kavi)?.pending ?? 0) + (rows.get(lata)?.pending ?? 0)).toBe(
      (
        await t.db
          .select({ id: reviewTasks.id })
          .from(reviewTasks)
          .where(inArray(reviewTasks.reviewerId, [kavi, lata]))
      ).length,
    );
  }, 120_000);

  it('a lead reassigning an order while its reviewer decides it: one wins, and the record agrees with the winner', async () => {
    const { productId, reviewers } = await desk(100, ['Mona Race', 'Nilo Race']);
    const outcomes = new Map<string, number>();
    for (let round = 0; round < 8; round += 1) {
      const order = await makeApplication(deps, productId);
      await runMachineReview(deps, order.id);
      const [task] = await t.db.select().from(reviewTasks).where(eq(reviewTasks.orderId, order.id));
      const holder = reviewers.find((r) => r.id === task!.reviewerId)!;
      const other = reviewers.find((r) => r.id !== holder.id)!;
      const [decided, assigned] = await Promise.all([
        callEndpoint(
          t.app,
          loanBookApi.firstReviewOrder,
          { orderId: order.id, decision: 'pass' },
          holder.token,
        ),
        callEndpoint(
          t.app,
          approvalApi.assignReview,
          { taskIds: [task!.id], reviewerId: other.id },
          admin,
        ),
      ]);
      const pair = `${decided.statusCode}/${assigned.statusCode}`;
      outcomes.set(pair, (outcomes.get(pair) ?? 0) + 1);
      const [after] = await t.db.select().from(reviewTasks).where(eq(reviewTasks.id, task!.id));
      if (pair === '200/409') {
        // The decision first: the order is no longer waiting, so there is nothing to assign.
        expect(after).toMatchObject({ reviewerId: holder.id, decidedBy: holder.id });
      } else {
        // The assignment first: the order is the other reviewer's now, not the holder's.
        expect(pair, `${decided.body} ${assigned.body}`).toBe('403/200');
        expect(after).toMatchObject({ reviewerId: other.id, decidedAt: null });
      }
    }
    expect([...outcomes.keys()].every((pair) => ['200/409', '403/200'].includes(pair))).toBe(true);
  }, 120_000);
});
