import { exportApi, financeApi } from '@lending/contract';
import { and, eq, gte, like, lte, sql } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, ledgerJournals, payouts } from '../../testing/tables.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { badBody, callEndpoint, createStaff, get, loginAs, post } from '../../testing/factories.js';
import {
  loanOrders,
  postRepayment,
  recordPayoutResult,
  reverseRepayment,
  type LoanBookDeps,
} from '../loan-book/index.js';
import { loanBookDeps, makeActiveOrder, makeProduct } from '../../testing/loan-book.factories.js';

/**
 * GST by month and daily cash flow (decision 0048): figures read from the ledger by the
 * journals' India business dates. The book straddles a month end: postings at 23:59 on
 * 31 January and at 00:01 on 1 February, India time, fall in different days and months.
 */
let t: TestApp;
let deps: LoanBookDeps;
let admin: string;
let reader: string;
let trialOnly: string;
const JAN_31 = '2025-01-31';
const FEB_1 = '2025-02-01';
const orders: Record<'jan' | 'feb' | 'back', { fee: number; gst: number; net: number }> = {
  jan: { fee: 0, gst: 0, net: 0 },
  feb: { fee: 0, gst: 0, net: 0 },
  back: { fee: 0, gst: 0, net: 0 },
};

const moveTo = (iso: string) => t.clock.advance(Date.parse(iso) - t.clock.now().getTime());

async function figuresOf(orderId: number) {
  const [order] = await t.db.select().from(loanOrders).where(eq(loanOrders.id, orderId));
  const [payout] = await t.db.select().from(payouts).where(eq(payouts.orderId, orderId));
  return {
    fee: Number(order!.processingFeePaise),
    gst: Number(order!.gstOnFeePaise),
    net: Number(payout!.amountPaise),
    payoutId: payout!.id,
  };
}

/** Sum of the ledger lines of accounts matching a pattern, over an India date range. */
async function ledgerSum(accountPattern: string, from: string, to: string) {
  const [row] = await t.db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountPaise}), 0)::text` })
    .from(ledgerEntries)
    .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
    .where(
      and(
        like(ledgerEntries.account, accountPattern),
        gte(ledgerJournals.businessDate, from),
        lte(ledgerJournals.businessDate, to),
      ),
    );
  return Number(row!.total);
}

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'ledger-reads-'));
  t = await buildTestApp({ demoData: false, config: { dataDir } });
  deps = loanBookDeps(t.db, t.clock);
  const product = await makeProduct(deps);

  moveTo('2025-01-31T18:29:00.000Z'); // 23:59 on 31 January, India time
  const jan = await makeActiveOrder(deps, product.id);
  await postRepayment(
    deps,
    { orderId: jan.id, idempotencyKey: 'reads-repay-jan', channel: 'upi', amountPaise: 70_000n },
    null,
  );

  moveTo('2025-01-31T18:31:00.000Z'); // 00:01 on 1 February, India time
  const feb = await makeActiveOrder(deps, product.id);
  await postRepayment(
    deps,
    { orderId: feb.id, idempotencyKey: 'reads-repay-feb', channel: 'upi', amountPaise: 40_000n },
    null,
  );
  const bounced = await postRepayment(
    deps,
    { orderId: feb.id, idempotencyKey: 'reads-repay-bounce', channel: 'neft', amountPaise: 5_000n },
    null,
  );
  await reverseRepayment(
    deps,
    { repaymentId: bounced.repaymentId!, idempotencyKey: 'reads-reverse', reason: 'bounced' },
    1,
  );
  // A payout the bank sent back: the disbursal, its fee and its GST are reversed.
  const back = await makeActiveOrder(deps, product.id);
  const backFigures = await figuresOf(back.id);
  await recordPayoutResult(deps, backFigures.payoutId, {
    status: 'reversed',
    errorMessage: 'account closed',
  });

  for (const [name, id] of [
    ['jan', jan.id],
    ['feb', feb.id],
    ['back', back.id],
  ] as const) {
    const { fee, gst, net } = await figuresOf(id);
    orders[name] = { fee, gst, net };
  }

  admin = await loginAs(t.app);
  reader = await loginAs(
    t.app,
    await createStaff(t.db, t.clock, {
      interfaces: [
        'finance.gst_by_month',
        'finance.cash_flow',
        'finance.order_loan_list',
        'finance.repayment_order_list',
        'export.start',
      ],
    }),
  );
  trialOnly = await loginAs(
    t.app,
    await createStaff(t.db, t.clock, { interfaces: ['finance.trial_balance'] }),
  );
}, 60_000);
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('POST /financialManagement/gst_by_month', () => {
  it('puts each fee’s GST in its India month and nets a reversed payout’s GST', async () => {
    const response = await callEndpoint(
      t.app,
      financeApi.gstByMonth,
      { filters: { monthFrom: '2025-01', monthTo: '2025-02' } },
      reader,
    );
    expect(response.statusCode).toBe(200);
    const { list: months, total, totals } = response.json().ret;
    expect(total).toBe(2);
    expect(months.map((row: { month: string }) => row.month)).toEqual(['2025-01', '2025-02']);
    const [jan, feb] = months;
    // 23:59 on 31 January: January's GST is the first order's alone.
    expect(jan).toMatchObject({
      processingFeePaise: orders.jan.fee,
      feeBasePaise: orders.jan.fee,
      gstChargedPaise: orders.jan.gst,
      gstReversedPaise: 0,
      gstNetPaise: orders.jan.gst,
    });
    expect(orders.jan.gst).toBeGreaterThan(0);
    // 00:01 on 1 February: two payouts, one sent back and its GST reversed in the same month.
    expect(feb).toMatchObject({
      gstChargedPaise: orders.feb.gst + orders.back.gst,
      gstReversedPaise: orders.back.gst,
      gstNetPaise: orders.feb.gst,
      feeBasePaise: orders.feb.fee,
    });
    // Each month's net equals the GST payable lines the ledger holds for it.
    expect(jan!.gstNetPaise).toBe(-(await ledgerSum('liability:gst_payable', JAN_31, JAN_31)));
    expect(feb!.gstNetPaise).toBe(-(await ledgerSum('liability:gst_payable', FEB_1, '2025-02-28')));
    expect(totals.gstNetPaise).toBe(jan!.gstNetPaise + feb!.gstNetPaise);
    expect(totals.feeBasePaise).toBe(jan!.feeBasePaise + feb!.feeBasePaise);
  });

  it('answers a range without postings with no months and zero totals', async () => {
    const response = await callEndpoint(
      t.app,
      financeApi.gstByMonth,
      { filters: { monthFrom: '2024-01', monthTo: '2024-12' } },
      reader,
    );
    expect(response.json().ret).toEqual({
      list: [],
      total: 0,
      totals: {
        processingFeePaise: 0,
        rolloverFeePaise: 0,
        feeBasePaise: 0,
        gstChargedPaise: 0,
        gstReversedPaise: 0,
        gstNetPaise: 0,
      },
    });
  });

  it('refuses a bad month, a backwards range and more than 24 months, naming the field', async () => {
    const refused = async (body: object) => {
      const response = await callEndpoint(t.app, financeApi.gstByMonth, body, reader);
      expect(response.statusCode).toBe(400);
      return response.json().errors![0]!.field;
    };
    expect(await refused({ filters: { monthFrom: '2025-13', monthTo: '2025-12' } })).toBe(
      'filters.monthFrom',
    );
    expect(await refused({ filters: { monthFrom: '2025-03', monthTo: '2025-02' } })).toBe(
      'filters.monthTo',
    );
    expect(await refused({ filters: { monthFrom: '2023-01', monthTo: '2025-01' } })).toBe(
      'filters.monthTo',
    );
    const longest = await callEndpoint(
      t.app,
      financeApi.gstByMonth,
      { filters: { monthFrom: '2023-02', monthTo: '2025-01' } },
      reader,
    );
    expect(longest.statusCode).toBe(200);
  });

  it('refuses a reader without the grant', async () => {
    const response = await callEndpoint(
      t.app,
      financeApi.gstByMonth,
      { filters: { monthFrom: '2025-01', monthTo: '2025-01' } },
      trialOnly,
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('POST /financialManagement/cash_flow', () => {
  it('splits each India day’s cash and ties to the ledger and the disbursement statement', async () => {
    const response = await callEndpoint(
      t.app,
      financeApi.cashFlow,
      { filters: { dateFrom: JAN_31, dateTo: FEB_1 } },
      reader,
    );
    expect(response.statusCode).toBe(200);
    const { list: days, totals } = response.json().ret;
    expect(days.map((day: { date: string }) => day.date)).toEqual([JAN_31, FEB_1]);
    const [jan, feb] = days;
    expect(jan).toMatchObject({
      disbursedPaise: orders.jan.net,
      payoutReturnedPaise: 0,
      collectedPaise: 70_000,
      refundedPaise: 0,
      netPaise: 70_000 - orders.jan.net,
    });
    expect(feb).toMatchObject({
      disbursedPaise: orders.feb.net + orders.back.net,
      payoutReturnedPaise: orders.back.net,
      // The bounced 5,000 came in and went back the same day.
      collectedPaise: 40_000,
    });
    for (const day of days) {
      // The net is every cash account line of the day (own transfers sum to nothing) …
      expect(day.netPaise).toBe(await ledgerSum('cash:%', day.date, day.date));
      // … and the parts add up to it.
      expect(day.netPaise).toBe(
        day.collectedPaise +
          day.payoutReturnedPaise -
          day.disbursedPaise -
          day.refundedPaise -
          day.walletPaidPaise,
      );
    }
    expect(totals.netPaise).toBe(jan!.netPaise + feb!.netPaise);

    const statement = await callEndpoint(
      t.app,
      financeApi.orderLoanList,
      { filters: { dateFrom: JAN_31, dateTo: FEB_1 } },
      reader,
    );
    expect(totals.disbursedPaise).toBe(statement.json().ret.totals.netPaidPaise);
    // Collected, day by day, is the repayment statement's total for that day (net of the
    // bounce, which the statement lists as a reversal row).
    for (const day of days) {
      const repaid = await callEndpoint(
        t.app,
        financeApi.repaymentOrderList,
        { filters: { dateFrom: day.date, dateTo: day.date } },
        reader,
      );
      expect(repaid.statusCode).toBe(200);
      expect(day.collectedPaise).toBe(repaid.json().ret.totals.amountPaise);
    }
  });

  it('answers a range without postings with no days and zero totals', async () => {
    const response = await callEndpoint(
      t.app,
      financeApi.cashFlow,
      { filters: { dateFrom: '2024-06-01', dateTo: '2024-06-30' } },
      reader,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().ret.list).toEqual([]);
    expect(response.json().ret.totals).toMatchObject({ disbursedPaise: 0, netPaise: 0 });
  });

  it('refuses a backwards range and one longer than 92 days, naming filters.dateTo', async () => {
    for (const body of [
      { filters: { dateFrom: FEB_1, dateTo: JAN_31 } },
      { filters: { dateFrom: '2025-01-01', dateTo: '2025-04-03' } },
    ]) {
      const response = await callEndpoint(t.app, financeApi.cashFlow, body, admin);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors![0]!.field).toBe('filters.dateTo');
      expect(response.json().msg).toContain('dateTo');
    }
    const longest = await callEndpoint(
      t.app,
      financeApi.cashFlow,
      { filters: { dateFrom: '2025-01-01', dateTo: '2025-04-02' } },
      admin,
    );
    expect(longest.statusCode).toBe(200);
    expect(
      (
        await callEndpoint(
          t.app,
          financeApi.cashFlow,
          badBody({ filters: { dateFrom: 'today' } }),
          admin,
        )
      ).statusCode,
    ).toBe(400);
  });

  it('refuses a reader without the grant', async () => {
    const response = await callEndpoint(
      t.app,
      financeApi.cashFlow,
      { filters: { dateFrom: JAN_31, dateTo: FEB_1 } },
      trialOnly,
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('GST by month and cash flow as lists (decision 0064)', () => {
  it('pages the rows and keeps the totals of the whole range', async () => {
    const whole = (
      await callEndpoint(
        t.app,
        financeApi.gstByMonth,
        { filters: { monthFrom: '2025-01', monthTo: '2025-02' } },
        reader,
      )
    ).json().ret;
    const second = await callEndpoint(
      t.app,
      financeApi.gstByMonth,
      { page: 2, pageSize: 1, filters: { monthFrom: '2025-01', monthTo: '2025-02' } },
      reader,
    );
    expect(second.statusCode).toBe(200);
    expect(second.json().ret).toEqual({ list: [whole.list[1]], total: 2, totals: whole.totals });
  });

  it('refuses a read without its range, and a sort, naming the field', async () => {
    for (const [path, field] of [
      ['gst_by_month', 'filters.monthFrom'],
      ['cash_flow', 'filters.dateFrom'],
    ] as const) {
      const missing = await post(t.app, `/financialManagement/${path}`, {}, reader);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors[0].field).toBe(field);
      const sorted = await post(
        t.app,
        `/financialManagement/${path}`,
        {
          filters:
            path === 'gst_by_month'
              ? { monthFrom: '2025-01', monthTo: '2025-02' }
              : { dateFrom: JAN_31, dateTo: FEB_1 },
          sort: { field: 'netPaise', order: 'desc' },
        },
        reader,
      );
      expect(sorted.statusCode).toBe(400);
      expect(sorted.json().errors[0].field).toBe('sort');
    }
  });

  it('exports the cash flow through the list kit’s background export: the rows the screen lists', async () => {
    const started = await callEndpoint(
      t.app,
      exportApi.startExport,
      {
        endpoint: 'finance.cash_flow',
        route: 'FinancialList',
        title: 'Cash flow',
        filters: { dateFrom: JAN_31, dateTo: FEB_1 },
        columns: [
          { field: 'date', header: 'Date', kind: 'date' },
          { field: 'collectedPaise', header: 'Collected', kind: 'money' },
          { field: 'netPaise', header: 'Net', kind: 'money' },
        ],
      },
      reader,
    );
    expect(started.statusCode).toBe(200);
    const id = started.json().ret.id;
    await t.app.exportRunner.idle();
    const file = await get(t.app, `/export/download?id=${id}`, reader);
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['Date', 'Collected', 'Net']);
    const screen = (
      await callEndpoint(
        t.app,
        financeApi.cashFlow,
        { filters: { dateFrom: JAN_31, dateTo: FEB_1 } },
        reader,
      )
    ).json().ret.list;
    expect(rows.slice(1)).toEqual(
      screen.map((day: { date: string; collectedPaise: number; netPaise: number }) => [
        day.date,
        day.collectedPaise / 100,
        day.netPaise / 100,
      ]),
    );
  });
});
