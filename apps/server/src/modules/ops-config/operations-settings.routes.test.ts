import { opsConfigApi } from '@lending/contract';
import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@lending/lending';
import { auditEvents } from '../audit/audit-events.table.js';
import { runScheduledDayEnd } from '../day-end/index.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { callEndpoint, createStaff, loginAs } from '../../testing/factories.js';
import { systemSettings } from './ops-config.table.js';
import { assetClassThresholds, seedSettings } from './settings.service.js';

/*
 * systemConfig2, the operations settings (decision 0044): only items the server reads, each
 * validated, audited, and read where it acts. The conduct guard reading its hours and cap is
 * proven in recovery.routes.test.ts (it needs a dispatched case).
 */

const DAY = 86_400_000;
let t: TestApp;
let admin: string;
let noGrant: string;

const save = (item: string, value: string, token = admin) =>
  callEndpoint(
    t.app,
    opsConfigApi.saveSetting,
    { item, value, type: 'string', group: 'operations', remarks: `${item} (test)` },
    token,
  );

function expectValueError(response: LightMyRequestResponse, text: string) {
  expect(response.statusCode).toBe(400);
  expect(response.json().code).toBe(4000);
  const errors = response.json().errors as { field: string; message: string }[];
  expect(errors.map((e) => e.field)).toEqual(['value']);
  expect(errors[0]!.message).toContain(text);
}

/** Moves the clock forward to the next India time `hh:mm` and signs the administrator in again. */
async function setIndiaTime(hhmm: string) {
  const now = t.clock.now();
  const target = new Date(`${indiaDateOf(now)}T${hhmm}:00+05:30`);
  let delta = target.getTime() - now.getTime();
  if (delta <= 0) delta += DAY;
  t.clock.advance(delta);
  admin = await loginAs(t.app);
}

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  admin = await loginAs(t.app);
  noGrant = await loginAs(
    t.app,
    await createStaff(t.db, t.clock, { interfaces: ['order.detail'] }),
  );
});
afterAll(async () => {
  await t.close();
});

describe('operations settings (systemConfig2)', () => {
  it('lists exactly the settings the server reads, each saying what reads it', async () => {
    const response = await callEndpoint(
      t.app,
      opsConfigApi.listSettings,
      { filters: { group: 'operations' }, sort: { field: 'item', order: 'asc' } },
      admin,
    );
    expect(response.statusCode).toBe(200);
    const list = response.json().ret.list as { item: string; value: string; readBy: string }[];
    expect(list.map((s) => [s.item, s.value])).toEqual([
      ['asset_class_thresholds', '31,61,91'],
      ['day_end_time', '00:30'],
      ['locked_period_posting', 'adjust'],
      ['reconciliation_daily_time', '02:00'],
      ['recovery_attempt_cap', '5'],
      ['recovery_broken_promise_limit', '0'],
      ['recovery_contact_hours', '08:00-19:00'],
      ['telemarketing_call_cap', '3'],
      ['telemarketing_call_hours', '08:00-19:00'],
      ['unapplied_credit_days', '30'],
      ['waiver_approval_above_rupees', '1000'],
    ]);
    for (const setting of list) expect(setting.readBy).toBeTruthy();
  });

  it('refuses bad values with an error naming the setting, and new items in the group', async () => {
    expectValueError(await save('day_end_time', '7:00'), 'day_end_time must be a time HH:MM');
    expectValueError(await save('day_end_time', '06:01'), 'between 00:00 and 06:00');
    expectValueError(
      await save('reconciliation_daily_time', 'never'),
      'reconciliation_daily_time must be a time HH:MM or off',
    );
    expectValueError(await save('reconciliation_daily_time', '24:00'), 'HH:MM or off');
    expectValueError(await save('recovery_contact_hours', '07:30-19:00'), 'within 08:00-19:00');
    expectValueError(await save('recovery_contact_hours', '08:00-19:30'), 'within 08:00-19:00');
    expectValueError(await save('recovery_contact_hours', '12:00-10:00'), 'start before it ends');
    expectValueError(await save('recovery_contact_hours', '09:00'), 'a range HH:MM-HH:MM');
    expectValueError(
      await save('telemarketing_call_hours', '07:00-18:00'),
      'telemarketing_call_hours must lie within 08:00-19:00',
    );
    expectValueError(
      await save('recovery_attempt_cap', '0'),
      'recovery_attempt_cap must be a whole number from 1 to 20',
    );
    expectValueError(await save('recovery_attempt_cap', '2.5'), 'from 1 to 20');
    expectValueError(
      await save('telemarketing_call_cap', '11'),
      'telemarketing_call_cap must be a whole number from 1 to 10',
    );
    expectValueError(
      await save('recovery_broken_promise_limit', '11'),
      'recovery_broken_promise_limit must be a whole number from 0 to 10',
    );
    expectValueError(
      await save('waiver_approval_above_rupees', '-1'),
      'waiver_approval_above_rupees must be a whole number from 0 to 10000000',
    );
    expectValueError(
      await save('locked_period_posting', 'ignore'),
      'locked_period_posting must be adjust or refuse',
    );
    expectValueError(
      await save('asset_class_thresholds', '31,61'),
      'asset_class_thresholds must be three whole numbers (SMA-1, SMA-2, NPA)',
    );
    // The RBI's thresholds are a floor: a class may be reached sooner, never later.
    expectValueError(
      await save('asset_class_thresholds', '31,61,92'),
      "NPA must come after the class before it and no later than the RBI's 91 days",
    );
    expectValueError(
      await save('asset_class_thresholds', '31,30,91'),
      "SMA-2 must come after the class before it and no later than the RBI's 61 days",
    );
    const free = await callEndpoint(
      t.app,
      opsConfigApi.saveSetting,
      {
        item: 'dispatch_time',
        value: '08:00',
        type: 'string',
        group: 'operations',
        remarks: 'not read',
        create: true,
      },
      admin,
    );
    expect(free.statusCode).toBe(400);
    expect(free.json().errors!.map((e: { field: string }) => e.field)).toEqual(['item']);
    expect((await save('day_end_time', '01:00', noGrant)).statusCode).toBe(403);
    const [row] = await t.db
      .select()
      .from(systemSettings)
      .where(eq(systemSettings.item, 'day_end_time'));
    expect(row!.value).toBe('00:30');
  });

  it('a stricter asset classification is saved and is what the day-end reads', async () => {
    expect(await assetClassThresholds(t.db)).toEqual({ sma1From: 31, sma2From: 61, npaFrom: 91 });
    expect((await save('asset_class_thresholds', '25,50,80')).statusCode).toBe(200);
    expect(await assetClassThresholds(t.db)).toEqual({ sma1From: 25, sma2From: 50, npaFrom: 80 });
  });

  it('records each change in the audit trail with its value before and after', async () => {
    expect((await save('recovery_contact_hours', '09:00-18:30')).statusCode).toBe(200);
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'systemConfig.save'))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(audit).toMatchObject({
      targetType: 'system_setting',
      targetId: 'recovery_contact_hours',
      before: { value: '08:00-19:00' },
      after: { value: '09:00-18:30' },
    });
    expect((await save('recovery_contact_hours', '08:00-19:00')).statusCode).toBe(200);
  });

  it('the day-end runs yesterday only once day_end_time has passed, read at each check', async () => {
    const check = () =>
      runScheduledDayEnd({
        db: t.db,
        clock: t.clock,
        holder: 'test',
        dayEndTime: () => t.app.opsSettings.get('day_end_time'),
      });
    await setIndiaTime('00:20');
    const today = indiaDateOf(t.clock.now());
    // 00:20 is before the default 00:30: the day before yesterday at most.
    const early = await check();
    expect(early.dates.map((d) => d.businessDate)).not.toContain(addDays(today, -1));
    expect((await save('day_end_time', '00:15')).statusCode).toBe(200);
    // The same minute, the changed setting: yesterday runs now, without a restart.
    const late = await check();
    expect(late.dates.map((d) => d.businessDate)).toEqual([addDays(today, -1)]);
  });

  it('a restart keeps the values set, adds settings it lacks and removes retired ones', async () => {
    await t.db.delete(systemSettings).where(eq(systemSettings.item, 'recovery_attempt_cap'));
    await t.db.insert(systemSettings).values({
      item: 'contact_quiet_hours',
      value: '19:00-08:00',
      type: 'string',
      group: 'operations',
      remarks: 'retired',
      updatedAt: t.clock.now(),
    });
    await seedSettings(t.db, t.clock.now());
    const rows = await t.db
      .select({ item: systemSettings.item, value: systemSettings.value })
      .from(systemSettings)
      .where(eq(systemSettings.group, 'operations'))
      .orderBy(systemSettings.item);
    expect(rows).toEqual([
      { item: 'asset_class_thresholds', value: '25,50,80' },
      { item: 'day_end_time', value: '00:15' },
      { item: 'locked_period_posting', value: 'adjust' },
      { item: 'reconciliation_daily_time', value: '02:00' },
      { item: 'recovery_attempt_cap', value: '5' },
      { item: 'recovery_broken_promise_limit', value: '0' },
      { item: 'recovery_contact_hours', value: '08:00-19:00' },
      { item: 'telemarketing_call_cap', value: '3' },
      { item: 'telemarketing_call_hours', value: '08:00-19:00' },
      { item: 'unapplied_credit_days', value: '30' },
      { item: 'waiver_approval_above_rupees', value: '1000' },
    ]);
  });
});
