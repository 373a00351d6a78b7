import { auditApi, powerApi, userApi } from '@lending/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { badBody, callEndpoint, createStaff, loginAs } from '../../testing/factories.js';

let t: TestApp;
let admin: string;
let adminId: number;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAs(t.app);
  adminId = (
    await callEndpoint(t.app, userApi.getUsers, { filters: { email: 'admin@example.com' } }, admin)
  ).json().ret.list[0]!.id;
});
afterAll(() => t.close());

describe('POST /user/create_user', () => {
  it('creates an account that signs in with its initial password and sees its role menus', async () => {
    const staff = await createStaff(t.db, t.clock, { menus: ['Dashboard', 'loginLog'] });
    const created = await callEndpoint(
      t.app,
      userApi.createUser,
      {
        email: '  New.Person@Example.com ',
        name: 'New Person',
        roleIds: [staff.roleId],
        password: 'Welcome123',
      },
      admin,
    );
    expect(created.json()).toMatchObject({
      code: 0,
      ret: {
        email: 'new.person@example.com',
        name: 'New Person',
        status: 'enabled',
        roles: [{ id: staff.roleId }],
      },
    });
    const token = await loginAs(t.app, { email: 'new.person@example.com', password: 'Welcome123' });
    expect(
      (await callEndpoint(t.app, userApi.userInfo, undefined, token)).json().ret.roles,
    ).toEqual(['Dashboard', 'loginLog']);
  });

  it('refuses a weak password, the e-mail as password, a duplicate e-mail and unknown roles', async () => {
    const base = { email: 'second@example.com', name: 'Second', roleIds: [] as number[] };
    expect(
      (await callEndpoint(t.app, userApi.createUser, { ...base, password: 'short1' }, admin)).json()
        .code,
    ).toBe(4014);
    expect(
      (
        await callEndpoint(t.app, userApi.createUser, { ...base, password: 'lettersonly' }, admin)
      ).json().code,
    ).toBe(4014);
    expect(
      (
        await callEndpoint(
          t.app,
          userApi.createUser,
          { ...base, email: 'abc12345@example.com', password: 'abc12345@example.com' },
          admin,
        )
      ).json().code,
    ).toBe(4016);
    const duplicate = await callEndpoint(
      t.app,
      userApi.createUser,
      { ...base, email: 'admin@example.com', password: 'Welcome123' },
      admin,
    );
    expect(duplicate.json()).toMatchObject({ code: 4091, errors: [{ field: 'email' }] });
    expect(
      (
        await callEndpoint(
          t.app,
          userApi.createUser,
          { ...base, roleIds: [999999], password: 'Welcome123' },
          admin,
        )
      ).json(),
    ).toMatchObject({ code: 4000, errors: [{ field: 'roleIds' }] });
    expect(
      (
        await callEndpoint(
          t.app,
          userApi.createUser,
          badBody({ ...base, password: 'Welcome123', extra: 1 }),
          admin,
        )
      ).json().code,
    ).toBe(4000);
  });
});

describe('POST /user/reset_password', () => {
  it("sets the password and ends the target's sessions at once", async () => {
    const staff = await createStaff(t.db, t.clock, { menus: ['Dashboard'] });
    const token = await loginAs(t.app, staff);
    const weak = await callEndpoint(
      t.app,
      userApi.resetPassword,
      { id: staff.id, newPassword: 'weak' },
      admin,
    );
    expect(weak.json().code).toBe(4014);
    expect((await callEndpoint(t.app, userApi.userInfo, undefined, token)).json().code).toBe(0);
    const reset = await callEndpoint(
      t.app,
      userApi.resetPassword,
      { id: staff.id, newPassword: 'Fresh123456' },
      admin,
    );
    expect(reset.json()).toMatchObject({ code: 0, ret: null });
    expect((await callEndpoint(t.app, userApi.userInfo, undefined, token)).json().code).toBe(4005);
    await expect(loginAs(t.app, staff)).rejects.toThrow(/4010/);
    expect(await loginAs(t.app, { email: staff.email, password: 'Fresh123456' })).toBeTruthy();
  });
});

describe('POST /user/delete_user', () => {
  it('deletes an account for good; its sessions end; sign-in attempts stay in the login log', async () => {
    const staff = await createStaff(t.db, t.clock, { menus: ['Dashboard'] });
    const token = await loginAs(t.app, staff);
    const deleted = await callEndpoint(t.app, userApi.deleteUser, { id: staff.id }, admin);
    expect(deleted.json()).toMatchObject({ code: 0, ret: null });
    expect((await callEndpoint(t.app, userApi.userInfo, undefined, token)).json().code).toBe(4005);
    await expect(loginAs(t.app, staff)).rejects.toThrow(/4010/);
    expect(
      (await callEndpoint(t.app, userApi.deleteUser, { id: staff.id }, admin)).json().code,
    ).toBe(4004);
    const log = await callEndpoint(
      t.app,
      auditApi.loginLog,
      { filters: { email: staff.email } },
      admin,
    );
    expect(log.json().ret.list[0]).toMatchObject({
      email: staff.email,
      userId: null,
      success: false,
    });
  });

  it('refuses to delete oneself and the last enabled administrator', async () => {
    const self = await callEndpoint(t.app, userApi.deleteUser, { id: adminId }, admin);
    expect(self.json()).toMatchObject({ code: 4102 });
    // Another administrator may try; the last one stays.
    const roles = (
      await callEndpoint(t.app, powerApi.getRoles, { filters: { name: 'admin' } }, admin)
    ).json().ret.list as { id: number; name: string }[];
    const adminRoleId = roles.find((r) => r.name === 'admin')?.id ?? 0;
    const second = await callEndpoint(
      t.app,
      userApi.createUser,
      {
        email: 'second-admin@example.com',
        name: 'Second admin',
        roleIds: [adminRoleId],
        password: 'Second12345',
      },
      admin,
    );
    const secondId = second.json().ret.id as number;
    const secondToken = await loginAs(t.app, {
      email: 'second-admin@example.com',
      password: 'Second12345',
    });
    // With two administrators the first can be disabled by the second…
    expect(
      (
        await callEndpoint(
          t.app,
          userApi.editUser,
          { id: adminId, status: 'disabled' },
          secondToken,
        )
      ).json().code,
    ).toBe(0);
    // …and then the second is the last: it cannot be deleted, disabled or demoted by anyone.
    const manager = await createStaff(t.db, t.clock, { interfaces: ['user.delete_user'] });
    const managerToken = await loginAs(t.app, manager);
    expect(
      (await callEndpoint(t.app, userApi.deleteUser, { id: secondId }, managerToken)).json().code,
    ).toBe(4032);
    expect(
      (
        await callEndpoint(
          t.app,
          userApi.editUser,
          { id: secondId, status: 'disabled' },
          secondToken,
        )
      ).json().code,
    ).toBe(4090);
    expect(
      (
        await callEndpoint(t.app, userApi.editUser, { id: secondId, roleIds: [] }, secondToken)
      ).json().code,
    ).toBe(4090);
    // Re-enable the first: now either may go.
    expect(
      (
        await callEndpoint(t.app, userApi.editUser, { id: adminId, status: 'enabled' }, secondToken)
      ).json().code,
    ).toBe(0);
    expect(
      (await callEndpoint(t.app, userApi.deleteUser, { id: secondId }, await loginAs(t.app))).json()
        .code,
    ).toBe(0);
  });
});

describe('POST /log/login_log', () => {
  it('lists every attempt with its result, address and user agent, filterable and paginated', async () => {
    // The admin's earlier session ended when it was disabled above.
    const admin = await loginAs(t.app);
    const email = 'logged@example.com';
    await createStaff(t.db, t.clock, { email, password: 'Logged12345' });
    await callEndpoint(t.app, userApi.login, { email, password: 'wrong-one1' }, undefined, {
      'user-agent': 'Tester/1.0',
    });
    await callEndpoint(t.app, userApi.login, { email, password: 'Logged12345' }, undefined, {
      'user-agent': 'Tester/1.0',
    });
    await callEndpoint(t.app, userApi.login, {
      email: 'nobody@example.com',
      password: 'whatever1',
    });
    const mine = await callEndpoint(
      t.app,
      auditApi.loginLog,
      { filters: { email: 'logged@' } },
      admin,
    );
    expect(mine.json().ret.total).toBe(2);
    expect(mine.json().ret.list).toMatchObject([
      { email, success: true, failureReason: null, userAgent: 'Tester/1.0', ip: '127.0.0.1' },
      { email, success: false, failureReason: 'bad_password' },
    ]);
    expect(typeof mine.json().ret.list[0]!.userName).toBe('string');
    const oldestFirst = await callEndpoint(
      t.app,
      auditApi.loginLog,
      { filters: { email: 'logged@' }, sort: { field: 'at', order: 'asc' } },
      admin,
    );
    expect(oldestFirst.json().ret.list).toMatchObject([{ success: false }, { success: true }]);
    const unsortable = await callEndpoint(
      t.app,
      auditApi.loginLog,
      { sort: { field: 'email', order: 'asc' } },
      admin,
    );
    expect(unsortable.json()).toMatchObject({ code: 4000, errors: [{ field: 'sort.field' }] });
    const failures = await callEndpoint(
      t.app,
      auditApi.loginLog,
      { filters: { result: 'failure' }, pageSize: 1 },
      admin,
    );
    expect(failures.json().ret.list).toHaveLength(1);
    expect(failures.json().ret.total).toBeGreaterThanOrEqual(2);
    const unknown = await callEndpoint(
      t.app,
      auditApi.loginLog,
      { filters: { email: 'nobody@' } },
      admin,
    );
    expect(unknown.json().ret.list[0]).toMatchObject({
      failureReason: 'unknown_email',
      userId: null,
      userName: null,
    });
    // India dates: today in India holds them; a day long gone holds none.
    const today = new Date(t.clock.now().getTime() + 330 * 60_000).toISOString().slice(0, 10);
    const dated = await callEndpoint(
      t.app,
      auditApi.loginLog,
      { filters: { email: 'logged@', dateFrom: today, dateTo: today } },
      admin,
    );
    expect(dated.json().ret.total).toBe(2);
    const old = await callEndpoint(
      t.app,
      auditApi.loginLog,
      { filters: { dateFrom: '2001-01-01', dateTo: '2001-01-02' } },
      admin,
    );
    expect(old.json().ret.total).toBe(0);
    const backwards = await callEndpoint(
      t.app,
      auditApi.loginLog,
      { filters: { dateFrom: '2001-01-02', dateTo: '2001-01-01' } },
      admin,
    );
    expect(backwards.json().code).toBe(4000);
  });
});
