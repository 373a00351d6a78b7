import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import {
  findOrder,
  loanOrders,
  postRepayment,
  type LoanBookDeps,
  type LoanOrderRow,
  type OrderChange,
  type OrderChangeSubscriber,
} from './index.js';
import { loanBookDeps, makeActiveOrder, makeProduct } from '../../testing/loan-book.factories.js';
import { repayments } from './repayments.table.js';

let t: TestApp;
let plain: LoanBookDeps;
let productId: number;
let key = 0;
const k = (label: string) => `${label}-${Date.now()}-${++key}`;

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  plain = loanBookDeps(t.db, t.clock);
  productId = (await makeProduct(plain)).id;
});
afterAll(() => t.close());

const owing = (row: LoanOrderRow) =>
  row.outstandingPrincipalPaise +
  row.outstandingInterestPaise +
  row.outstandingFeePaise +
  row.outstandingGstPaise +
  row.outstandingPenalPaise;

const repay = (deps: LoanBookDeps, orderId: number, amountPaise: bigint) =>
  postRepayment(deps, { orderId, idempotencyKey: k('rep'), amountPaise, channel: 'upi' }, null);

describe("the loan book's order-change subscribers", () => {
  it('hear each change with the order before and after, inside the command (they read the uncommitted row)', async () => {
    const order = await makeActiveOrder(plain, productId);
    const heard: { change: OrderChange; seenInTx: LoanOrderRow }[] = [];
    const subscriber: OrderChangeSubscriber = async (tx, change) => {
      const [seenInTx] = await tx.select().from(loanOrders).where(eq(loanOrders.id, order.id));
      heard.push({ change, seenInTx: seenInTx! });
    };
    const before = (await findOrder(t.db, order.id))!;

    await repay({ ...plain, onOrderChanged: [subscriber, subscriber] }, order.id, 10_000n);

    const after = (await findOrder(t.db, order.id))!;
    expect(owing(after)).toBe(owing(before) - 10_000n);
    expect(heard).toHaveLength(2);
    for (const { change, seenInTx } of heard) {
      expect(change.before).toEqual(before);
      expect(change.after).toEqual(after);
      expect(change.event).toBe(after.lastEvent);
      expect(seenInTx).toEqual(after);
    }
  });

  it('roll the change back when one throws: the order, and the repayment, are as they were', async () => {
    const order = await makeActiveOrder(plain, productId);
    const before = (await findOrder(t.db, order.id))!;
    const refusing: OrderChangeSubscriber = () => Promise.reject(new Error('subscriber failed'));

    await expect(
      repay({ ...plain, onOrderChanged: [refusing] }, order.id, 10_000n),
    ).rejects.toThrow('subscriber failed');

    expect(await findOrder(t.db, order.id)).toEqual(before);
    expect(await t.db.select().from(repayments).where(eq(repayments.orderId, order.id))).toEqual(
      [],
    );
  });

  it('are optional: a book wired with none changes orders as before', async () => {
    const order = await makeActiveOrder(plain, productId);
    const before = (await findOrder(t.db, order.id))!;
    await repay(plain, order.id, 10_000n);
    expect(owing((await findOrder(t.db, order.id))!)).toBe(owing(before) - 10_000n);
  });
});
