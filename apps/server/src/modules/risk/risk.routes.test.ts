import type { EndpointBody } from '@lending/contract';
import { riskApi } from '@lending/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, riskDecisions } from '../../testing/tables.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { callEndpoint, createStaff, loginAs, post } from '../../testing/factories.js';
import { findOrder, runMachineReview, type LoanBookDeps } from '../loan-book/index.js';
import { publishRuleSet } from './index.js';
import { loanBookDeps, makeApplication, makeProduct } from '../../testing/loan-book.factories.js';

let t: TestApp;
let deps: LoanBookDeps;
let productId: number;
let admin: string;
/** Reads the risk screens only. */
let reader: string;
let noGrant: string;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test reads of JSON answers
type Json = any;
const ok = (response: { statusCode: number; json: () => { ret: unknown } }): Json => {
  expect(response.statusCode).toBe(200);
  return response.json().ret;
};

async function applyAndReview(features: Record<string, unknown>) {
  const order = await makeApplication(deps, productId, 450_000n, features);
  await runMachineReview(deps, order.id);
  return (await findOrder(t.db, order.id))!;
}

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  deps = loanBookDeps(t.db, t.clock);
  productId = (await makeProduct(deps)).id;
  await publishRuleSet(
    t.db,
    {
      baseScore: 100,
      rejectBelow: 40,
      passAbove: 80,
      rules: [
        {
          ruleCode: 'R001',
          ruleName: 'Low bureau score',
          className: 'bureau',
          fieldName: 'bureauScore',
          expression: '<',
          comparisonValue: '650',
          score: 30,
          level: 'soft',
        },
      ],
    },
    t.clock.now(),
  );
  admin = await loginAs(t.app);
  reader = await loginAs(
    t.app,
    await createStaff(t.db, t.clock, {
      interfaces: ['risk.rule_list', 'risk.version_list', 'risk.hit_rate', 'blacklist.list'],
    }),
  );
  noGrant = await loginAs(
    t.app,
    await createStaff(t.db, t.clock, { interfaces: ['order.detail'] }),
  );
}, 60_000);
afterAll(() => t.close());

describe('rule versions: draft → back-test → publish', () => {
  it('edits go into a draft; the next application is decided by the published version only after publish, and an order keeps its version', async () => {
    // Published v1: bureau 600 loses 30 → 70: refer.
    const before = await applyAndReview({ bureauScore: 600 });
    expect(before).toMatchObject({ ruleSetVersion: 1, machineScore: 70, status: 'FIRST_REVIEW' });

    // Edits need a draft (409), then go into it.
    const rules = ok(await callEndpoint(t.app, riskApi.listRiskRules, {}, admin));
    expect(rules.list).toMatchObject([
      { ruleCode: 'R001', version: 1, versionStatus: 'published' },
    ]);
    const { ruleSetId: _s, version: _v, versionStatus: _vs, ...ruleBody } = rules.list[0];
    expect(
      (await callEndpoint(t.app, riskApi.saveRiskRule, { ...ruleBody, score: 70 }, admin))
        .statusCode,
    ).toBe(409);

    const draft = ok(await callEndpoint(t.app, riskApi.startRiskDraft, {}, admin));
    expect(draft).toMatchObject({ version: 2, status: 'draft', ruleCount: 1 });
    expect((await callEndpoint(t.app, riskApi.startRiskDraft, {}, admin)).statusCode).toBe(409);
    const draftRules = ok(await callEndpoint(t.app, riskApi.listRiskRules, {}, admin));
    const { ruleSetId: _s2, version: _v2, versionStatus: _vs2, ...draftRule } = draftRules.list[0];
    expect(draftRules.list[0]).toMatchObject({ version: 2, ruleCode: 'R001' });
    const edited = ok(
      await callEndpoint(
        t.app,
        riskApi.saveRiskRule,
        { ...draftRule, score: 70, level: 'soft' },
        admin,
      ),
    );
    expect(edited).toMatchObject({ score: 70, version: 2 });

    // Not yet published: the live version still decides.
    expect(await applyAndReview({ bureauScore: 600 })).toMatchObject({
      ruleSetVersion: 1,
      machineScore: 70,
    });

    // Publishing needs a back-test of the draft as it is now.
    expect(
      (await callEndpoint(t.app, riskApi.publishRiskDraft, { id: draft.id }, admin)).statusCode,
    ).toBe(409);
    const test = ok(
      await callEndpoint(t.app, riskApi.backtestRiskDraft, { id: draft.id, days: 30 }, admin),
    );
    // The two bureau-600 applications: refer (70) → reject (30).
    expect(test).toMatchObject({
      evaluated: 2,
      changed: 2,
      current: true,
      transitions: [{ from: 'refer', to: 'reject', count: 2 }],
    });
    // Back-testing the published version changes nothing.
    const versions = ok(await callEndpoint(t.app, riskApi.listRiskVersions, {}, admin));
    const live = versions.list.find((v: { status: string }) => v.status === 'published');
    expect(
      ok(await callEndpoint(t.app, riskApi.backtestRiskDraft, { id: live.id, days: 30 }, admin)),
    ).toMatchObject({
      evaluated: 2,
      changed: 0,
    });

    // A change after the back-test makes it stale.
    ok(
      await callEndpoint(t.app, riskApi.enableRiskRule, { id: draftRule.id, enable: true }, admin),
    );
    expect(
      (await callEndpoint(t.app, riskApi.publishRiskDraft, { id: draft.id }, admin)).statusCode,
    ).toBe(409);
    ok(await callEndpoint(t.app, riskApi.backtestRiskDraft, { id: draft.id, days: 30 }, admin));
    expect(
      ok(await callEndpoint(t.app, riskApi.publishRiskDraft, { id: draft.id }, admin)),
    ).toMatchObject({
      version: 2,
      status: 'published',
    });
    expect(
      (await callEndpoint(t.app, riskApi.publishRiskDraft, { id: draft.id }, admin)).statusCode,
    ).toBe(409);

    const after = await applyAndReview({ bureauScore: 600 });
    expect(after).toMatchObject({ ruleSetVersion: 2, machineScore: 30, status: 'REJECTED' });
    // The first order keeps the version that decided it.
    expect(await findOrder(t.db, before.id)).toMatchObject({ ruleSetVersion: 1 });
    // Rules of a published version cannot change any more.
    expect(
      (await callEndpoint(t.app, riskApi.deleteRiskRule, { id: draftRule.id }, admin)).statusCode,
    ).toBe(409);
  });

  it('validates expressions against the field catalogue: a bad one is a 400 naming the field', async () => {
    ok(await callEndpoint(t.app, riskApi.startRiskDraft, {}, admin));
    const base = {
      ruleName: 'Young',
      className: 'identity',
      fieldName: 'age',
      expression: '<',
      comparisonValue: 'twenty',
      score: 10,
      weight: 1,
      level: 'soft',
      enable: true,
    } satisfies EndpointBody<typeof riskApi.saveRiskRule>;
    const bad = await callEndpoint(t.app, riskApi.saveRiskRule, base, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('age');
    const contacts = await callEndpoint(
      t.app,
      riskApi.saveRiskRule,
      { ...base, fieldName: 'contactsCount', comparisonValue: '5' },
      admin,
    );
    expect(contacts.statusCode).toBe(400);
    expect(contacts.json().msg).toContain('contactsCount');
    const created = ok(
      await callEndpoint(t.app, riskApi.saveRiskRule, { ...base, comparisonValue: '21' }, admin),
    );
    expect(created).toMatchObject({ ruleCode: 'R002', versionStatus: 'draft' });
    ok(await callEndpoint(t.app, riskApi.deleteRiskRule, { id: created.id }, admin));
    // Thresholds: pass must not be below reject (400), unknown product (400).
    const versions = ok(
      await callEndpoint(t.app, riskApi.listRiskVersions, { filters: { status: 'draft' } }, admin),
    );
    const draftId = versions.list[0].id;
    const thresholds = {
      id: draftId,
      baseScore: 100,
      rejectBelow: 50,
      passAbove: 40,
      overrides: [],
    };
    expect(
      (await callEndpoint(t.app, riskApi.saveRiskThresholds, thresholds, admin)).statusCode,
    ).toBe(400);
    expect(
      (
        await callEndpoint(
          t.app,
          riskApi.saveRiskThresholds,
          {
            ...thresholds,
            passAbove: 60,
            overrides: [{ productId: 99999, customerType: 'new', rejectBelow: 1, passAbove: 2 }],
          },
          admin,
        )
      ).statusCode,
    ).toBe(400);
    expect(
      ok(
        await callEndpoint(
          t.app,
          riskApi.saveRiskThresholds,
          {
            ...thresholds,
            passAbove: 60,
            overrides: [{ productId, customerType: 'new', rejectBelow: 20, passAbove: 90 }],
          },
          admin,
        ),
      ),
    ).toMatchObject({ rejectBelow: 50, passAbove: 60, overrides: [{ productId }] });
    expect(
      (
        await callEndpoint(
          t.app,
          riskApi.listRiskRules,
          { sort: { field: 'nope', order: 'asc' } },
          admin,
        )
      ).statusCode,
    ).toBe(400);

    // The draft is thrown away whole, back-test included; the published version cannot be.
    ok(await callEndpoint(t.app, riskApi.backtestRiskDraft, { id: draftId, days: 30 }, admin));
    const all = ok(await callEndpoint(t.app, riskApi.listRiskVersions, {}, admin));
    const live = all.list.find((v: { status: string }) => v.status === 'published');
    expect(
      (await callEndpoint(t.app, riskApi.discardRiskDraft, { id: live.id }, admin)).statusCode,
    ).toBe(409);
    expect(ok(await callEndpoint(t.app, riskApi.discardRiskDraft, { id: draftId }, admin))).toEqual(
      {
        ok: true,
      },
    );
    expect(
      ok(
        await callEndpoint(
          t.app,
          riskApi.listRiskVersions,
          { filters: { status: 'draft' } },
          admin,
        ),
      ).total,
    ).toBe(0);
    expect(ok(await callEndpoint(t.app, riskApi.listRiskVersions, {}, admin)).total).toBe(
      all.total - 1,
    );
    expect(
      (await callEndpoint(t.app, riskApi.discardRiskDraft, { id: draftId }, admin)).statusCode,
    ).toBe(404);
    expect(ok(await callEndpoint(t.app, riskApi.startRiskDraft, {}, admin))).toMatchObject({
      status: 'draft',
    });
  });
});

describe('riskConfig and the blacklist in machine review', () => {
  it('a blacklisted phone is refused by machine review; removal lets the next one through', async () => {
    const order = await makeApplication(deps, productId, 450_000n, { bureauScore: 800 });
    const [customer] = await t.db
      .select()
      .from(customers)
      .where(eq(customers.id, order.customerId));
    const added = ok(
      await callEndpoint(
        t.app,
        riskApi.addBlacklist,
        { kind: 'phone', value: `+91 ${customer!.phone}`, reason: 'fraud ring', source: 'fraud' },
        admin,
      ),
    );
    expect(added.value).not.toContain(customer!.phone);
    expect(
      (
        await callEndpoint(
          t.app,
          riskApi.addBlacklist,
          { kind: 'phone', value: customer!.phone, reason: 'again', source: 'manual' },
          admin,
        )
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await callEndpoint(
          t.app,
          riskApi.addBlacklist,
          { kind: 'pan', value: '12', reason: 'x', source: 'manual' },
          admin,
        )
      ).json().msg,
    ).toContain('value');
    await runMachineReview(deps, order.id);
    expect(await findOrder(t.db, order.id)).toMatchObject({
      status: 'REJECTED',
      machineResult: 'reject',
    });
    const [decision] = await t.db
      .select()
      .from(riskDecisions)
      .where(eq(riskDecisions.orderId, order.id));
    expect(decision!.checksFailed).toEqual(['blacklist:phone']);

    const list = ok(
      await callEndpoint(
        t.app,
        riskApi.listBlacklist,
        { filters: { kind: 'phone', value: customer!.phone } },
        reader,
      ),
    );
    expect(list).toMatchObject({ total: 1, list: [{ id: added.id, hits: 1, source: 'fraud' }] });
    expect(JSON.stringify(list)).not.toContain(customer!.phone);
    ok(
      await callEndpoint(
        t.app,
        riskApi.removeBlacklist,
        { id: added.id, reason: 'cleared' },
        admin,
      ),
    );
    expect(
      (await callEndpoint(t.app, riskApi.removeBlacklist, { id: added.id, reason: 'again' }, admin))
        .statusCode,
    ).toBe(409);
  });

  it('imports entries from .xlsx: each row checked, a listed value refused, the same file again adds nothing', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Blacklist');
    for (const row of [
      ['Type', 'Value', 'Reason', 'Source'],
      ['Phone', '+91 98765 43210', 'fraud ring', 'fraud'],
      ['PAN', 'abcde1234f', 'forged documents', ''],
      ['Phone', '12345', 'short', 'manual'],
      ['Passport', 'X1234567', 'unknown type', 'manual'],
      ['Bank account', '1234 5678 9012', '', 'manual'],
      ['Device', 'android-77aa', 'emulator farm', 'rejection code'],
    ])
      sheet.addRow(row);
    const upload = {
      fileName: 'blacklist.xlsx',
      contentBase64: Buffer.from(await book.xlsx.writeBuffer()).toString('base64'),
    };
    const report = ok(await callEndpoint(t.app, riskApi.importBlacklist, upload, admin));
    expect(report).toMatchObject({ accepted: 2, refused: 4 });
    expect(
      report.rows.map((r: { row: number; reason: string | null }) => [r.row, r.reason]),
    ).toEqual([
      [2, null],
      [3, null],
      [4, 'value: must be a 10-digit Indian mobile number'],
      [5, 'type: must be phone, PAN, device or bank account'],
      [6, 'reason: must be 1 to 500 characters'],
      [7, 'source: must be manual or fraud'],
    ]);
    const listed = ok(
      await callEndpoint(
        t.app,
        riskApi.listBlacklist,
        { filters: { value: '9876543210' } },
        reader,
      ),
    );
    expect(listed).toMatchObject({ total: 1, list: [{ kind: 'phone', source: 'fraud' }] });
    const pan = ok(
      await callEndpoint(
        t.app,
        riskApi.listBlacklist,
        { filters: { kind: 'pan', value: 'ABCDE1234F' } },
        reader,
      ),
    );
    expect(pan).toMatchObject({ total: 1, list: [{ source: 'manual' }] });

    const again = ok(await callEndpoint(t.app, riskApi.importBlacklist, upload, admin));
    expect(again).toMatchObject({ accepted: 0, refused: 6 });
    expect(again.rows[0].reason).toBe('value: already on the blacklist');
    // The list reader may look, not import.
    expect((await callEndpoint(t.app, riskApi.importBlacklist, upload, reader)).statusCode).toBe(
      403,
    );
  });

  it('the server reads riskConfig: age limits and allowed regions refuse; a bad range is 400', async () => {
    const settings = ok(await callEndpoint(t.app, riskApi.getRiskConfig, {}, admin));
    expect(settings).toMatchObject({ blacklistCheck: true, maxOpenLoans: 10 });
    const save = (over: Record<string, unknown>) =>
      callEndpoint(
        t.app,
        riskApi.saveRiskConfig,
        { ...settings, updatedAt: undefined, ...over },
        admin,
      );
    const { updatedAt: _u, ...body } = settings;
    expect(
      (
        await callEndpoint(
          t.app,
          riskApi.saveRiskConfig,
          { ...body, minAge: 60, maxAge: 30 },
          admin,
        )
      ).statusCode,
    ).toBe(400);
    ok(
      await callEndpoint(
        t.app,
        riskApi.saveRiskConfig,
        { ...body, minAge: 25, allowedRegions: ['Karnataka'] },
        admin,
      ),
    );
    const young = await applyAndReview({ bureauScore: 800, age: 22, region: 'Karnataka' });
    expect(young.status).toBe('REJECTED');
    const elsewhere = await applyAndReview({ bureauScore: 800, age: 30, region: 'Goa' });
    expect(elsewhere.status).toBe('REJECTED');
    const fine = await applyAndReview({ bureauScore: 800, age: 30, region: 'Karnataka' });
    expect(fine.status).toBe('FIRST_REVIEW');
    ok(await save({}));
  });
});

describe('analysis screens', () => {
  it('hit rate per rule and day, its detail (masked), rule analysis, one rule, data statistics', async () => {
    const rates = ok(
      await callEndpoint(t.app, riskApi.ruleHitRate, { filters: { ruleCode: 'R001' } }, reader),
    );
    expect(rates.total).toBeGreaterThan(0);
    const hits = rates.list.reduce((sum: number, r: { hit: number }) => sum + r.hit, 0);
    expect(hits).toBeGreaterThanOrEqual(3);
    expect(
      (
        await callEndpoint(
          t.app,
          riskApi.ruleHitRate,
          { sort: { field: 'x', order: 'asc' } },
          reader,
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await callEndpoint(
          t.app,
          riskApi.ruleHitRate,
          { filters: { dateFrom: '2030-01-02', dateTo: '2030-01-01' } },
          reader,
        )
      ).statusCode,
    ).toBe(400);

    const detail = ok(
      await callEndpoint(
        t.app,
        riskApi.ruleHitRateDetail,
        { filters: { ruleCode: 'R001' } },
        admin,
      ),
    );
    expect(detail.total).toBe(hits);
    expect(detail.list[0].customerPhone).toMatch(/^\*+\d{4}$/);

    const analysis = ok(await callEndpoint(t.app, riskApi.riskRuleAnalysis, {}, admin));
    expect(analysis.list.find((r: { ruleCode: string }) => r.ruleCode === 'R001')).toMatchObject({
      hit: hits,
    });
    const single = ok(
      await callEndpoint(t.app, riskApi.singleRiskRuleAnalysis, { ruleCode: 'R001' }, admin),
    );
    expect(single.days).toHaveLength(30);
    expect(single.days.reduce((s: number, d: { hit: number }) => s + d.hit, 0)).toBe(hits);
    expect(
      (await callEndpoint(t.app, riskApi.singleRiskRuleAnalysis, { ruleCode: 'R999' }, admin))
        .statusCode,
    ).toBe(404);

    const stats = ok(await callEndpoint(t.app, riskApi.riskDataStatistics, {}, admin));
    const bureau = stats.fields.find((f: { field: string }) => f.field === 'bureauScore');
    expect(bureau.buckets.map((b: { bucket: string }) => b.bucket)).toContain('600–649');
  });

  it('refuses every risk and blacklist endpoint without its grant (403)', async () => {
    for (const path of [
      '/risk/rule_list',
      '/risk/rule_save',
      '/risk/version_publish',
      '/risk/version_backtest',
      '/risk/config_save',
      '/risk/data_statistics',
      '/toolMage/blacklist_add',
      '/toolMage/blacklist_remove',
    ]) {
      expect((await post(t.app, path, {}, noGrant)).statusCode, path).toBe(403);
    }
    // The reader holds the lists, not the changes.
    expect((await callEndpoint(t.app, riskApi.startRiskDraft, {}, reader)).statusCode).toBe(403);
  });
});
