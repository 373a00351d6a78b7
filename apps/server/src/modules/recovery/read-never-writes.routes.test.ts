import { recoveryApi } from '@lending/contract';
import { and, asc, eq } from 'drizzle-orm';
import { clearingAmountOn, WORKED_EXAMPLE_TERMS } from '@lending/lending';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaDateOf } from '../../shared/india-date.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { callEndpoint, createStaff, loginAs, post } from '../../testing/factories.js';
import { runDayEnd } from '../day-end/index.js';
import { balancesOf, findOrder, postRepayment, type LoanBookDeps } from '../loan-book/index.js';
import { loanBookDeps, makeActiveOrder, makeProduct } from '../../testing/loan-book.factories.js';
import { acquireLease, releaseLease } from '../job-leases/index.js';
import {
  COLLECTION_REFRESH_LEASE,
  refreshRecovery,
  runRecoveryRefresh,
} from './recovery.engine.js';
import { recoveryCaseMoves, recoveryCases, recoveryPromises } from './recovery.table.js';

/*
 * Reads never write (decision 0052): after a repayment and a lapsed promise, the case list,
 * detail, daily process and reports show the case done and the promise broken straight away,
 * and leave every collection row as it was; the refresh job then writes the same state.
 */

const DAY = 86_400_000;
let t: TestApp;
let deps: LoanBookDeps;
let admin: string;
let reader: string;
let repaid: { id: number; orderNo: string };
let promised: { id: number; orderNo: string };

async function caseOf(orderId: number) {
  const [c] = await t.db
    .select()
    .from(recoveryCases)
    .where(and(eq(recoveryCases.orderId, orderId), eq(recoveryCases.kind, 'collection')));
  return c;
}

/** Every row of the collection tables, in id order. */
async function collectionRows() {
  return {
    cases: await t.db.select().from(recoveryCases).orderBy(asc(recoveryCases.id)),
    promises: await t.db.select().from(recoveryPromises).orderBy(asc(recoveryPromises.id)),
    moves: await t.db.select().from(recoveryCaseMoves).orderBy(asc(recoveryCaseMoves.id)),
  };
}

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  deps = loanBookDeps(t.db, t.clock);
  const product = await makeProduct(deps);
  repaid = await makeActiveOrder(deps, product.id);
  promised = await makeActiveOrder(deps, product.id);
  await runDayEnd({ db: t.db, clock: t.clock, holder: 'test' });
  while (!(await caseOf(repaid.id))) {
    t.clock.advance(DAY);
    await runDayEnd({ db: t.db, clock: t.clock, holder: 'test' });
  }
  admin = await loginAs(t.app);
  // A promise due today on the second case (stored priority 0: first in a collector's list).
  const promise = await callEndpoint(
    t.app,
    recoveryApi.logFollowUp,
    {
      caseId: (await caseOf(promised.id))!.id,
      channel: 'call',
      result: 'promise',
      promiseDate: indiaDateOf(t.clock.now()),
      promisePaise: 50_000,
      remarks: 'pays today',
    },
    admin,
  );
  expect(promise.statusCode).toBe(200);
  expect((await caseOf(promised.id))!.priority).toBe(0);
  // The next day, before any day-end or refresh: the promise lapsed unpaid, the first order is repaid.
  t.clock.advance(DAY);
  const clearing = clearingAmountOn(
    balancesOf((await findOrder(t.db, repaid.id))!)!,
    WORKED_EXAMPLE_TERMS,
    indiaDateOf(t.clock.now()),
  );
  await postRepayment(
    deps,
    {
      orderId: repaid.id,
      idempotencyKey: 'read-only-full',
      channel: 'upi',
      amountPaise: clearing.total,
    },
    null,
  );
  admin = await loginAs(t.app);
  reader = await loginAs(
    t.app,
    await createStaff(t.db, t.clock, { interfaces: ['recovery.case_list'] }),
  );
}, 600_000);
afterAll(async () => {
  await t.close();
});

describe('collection reads never write', () => {
  let doneBeforeJob: unknown;

  it('a read right after a repayment shows the case done and the promise broken, and changes no row', async () => {
    const before = await collectionRows();
    const repaidCase = (await caseOf(repaid.id))!;
    expect(repaidCase.status).toBe('open');

    const open = await callEndpoint(
      t.app,
      recoveryApi.listCases,
      { filters: { state: 'open', kind: 'collection' } },
      reader,
    );
    expect(open.statusCode).toBe(200);
    const openIds = (open.json().ret.list as { id: number }[]).map((r) => r.id);
    expect(openIds).not.toContain(repaidCase.id);
    expect(open.json().ret.total).toBe(1);
    expect(open.json().ret.list[0]).toMatchObject({
      orderNo: promised.orderNo,
      status: 'open',
      promiseBroken: true,
      promiseDate: null,
    });
    const done = await callEndpoint(
      t.app,
      recoveryApi.listCases,
      { filters: { state: 'done', kind: 'collection' } },
      reader,
    );
    expect(done.json().ret.list).toHaveLength(1);
    expect(done.json().ret.list[0]).toMatchObject({
      id: repaidCase.id,
      status: 'finished',
      outcome: 'repaid',
      closedAt: t.clock.now().toISOString(),
    });
    doneBeforeJob = done.json().ret.list;
    // Every other read of the module, sorted by the stored priority too.
    const reads: [string, object][] = [
      ['case_list', { sort: { field: 'priority', order: 'asc' } }],
      ['case_detail', { caseId: (await caseOf(promised.id))!.id }],
      ['case_detail', { orderNo: repaid.orderNo }],
      ['daily_process', { kind: 'collection' }],
      ['performance', { kind: 'collection', by: 'stage' }],
      ['stage_flow', {}],
    ];
    for (const [path, body] of reads) {
      const r = await post(t.app, `/recovery/${path}`, body, admin);
      expect(r.statusCode, path).toBe(200);
    }
    const detail = await callEndpoint(
      t.app,
      recoveryApi.caseDetail,
      { caseId: (await caseOf(promised.id))!.id },
      admin,
    );
    expect(detail.json().ret.promises.map((p: { status: string }) => p.status)).toEqual(['broken']);
    const perf = await callEndpoint(
      t.app,
      recoveryApi.performance,
      { kind: 'collection', by: 'stage' },
      admin,
    );
    expect(perf.json().ret.total).toMatchObject({ cases: 2, recoveredCases: 1, promises: 1 });

    const after = await collectionRows();
    expect(after).toEqual(before);
    expect(await caseOf(repaid.id)).toMatchObject({
      status: 'open',
      version: repaidCase.version,
    });
  });

  it('the refresh job writes what the read showed, and the read answers the same after it', async () => {
    const repaidCase = (await caseOf(repaid.id))!;
    expect(await refreshRecovery(t.db, t.clock.now())).toEqual({ closed: 1 });
    expect(await caseOf(repaid.id)).toMatchObject({
      status: 'finished',
      outcome: 'repaid',
      version: repaidCase.version + 1,
      closedAt: t.clock.now(),
    });
    const moves = await t.db
      .select()
      .from(recoveryCaseMoves)
      .where(eq(recoveryCaseMoves.caseId, repaidCase.id));
    expect(moves.map((m) => m.reason)).toContain('closed');
    const [promise] = await t.db.select().from(recoveryPromises);
    expect(promise).toMatchObject({ status: 'broken', settledAt: t.clock.now() });
    // Broken and not followed up since: second in the collector's order of work.
    expect((await caseOf(promised.id))!.priority).toBe(1);
    const done = await callEndpoint(
      t.app,
      recoveryApi.listCases,
      { filters: { state: 'done', kind: 'collection' } },
      reader,
    );
    expect(done.json().ret.list).toEqual(doneBeforeJob);
    // A second run finds nothing left to write.
    expect(await refreshRecovery(t.db, t.clock.now())).toEqual({ closed: 0 });
  });

  it('the job does nothing while another server holds its lease, and refreshes once it is free', async () => {
    const pass = () => runRecoveryRefresh({ db: t.db, clock: t.clock, holder: 'this server' });
    const lease = [t.db, COLLECTION_REFRESH_LEASE, 'another server'] as const;
    expect(await acquireLease(...lease, t.clock.now(), 60_000)).toBe(true);
    expect(await pass()).toBeNull();
    await releaseLease(...lease, t.clock.now());
    expect(await pass()).toEqual({ closed: 0 });
  });
});
