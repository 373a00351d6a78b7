import { grantableInterfaceIds, powerApi, userApi } from '@lending/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { badBody, callEndpoint, createStaff, loginAs, post } from '../../testing/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('POST /power/set_language', () => {
  it('stores the language on the account', async () => {
    const token = await loginAs(t.app, {
      email: 'reviewer@example.com',
      password: 'Reviewer12345',
    });
    for (const language of ['zh', 'bur', 'en'] as const) {
      const response = await callEndpoint(t.app, powerApi.setLanguage, { language }, token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ code: 0, ret: { language } });
      expect(
        (await callEndpoint(t.app, userApi.userInfo, undefined, token)).json().ret.language,
      ).toBe(language);
    }
  });

  it('refuses other languages naming the field, and needs a session', async () => {
    const token = await loginAs(t.app);
    const response = await callEndpoint(
      t.app,
      powerApi.setLanguage,
      badBody({ language: 'fr' }),
      token,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 4000, errors: [{ field: 'language' }] });
    const upper = await callEndpoint(
      t.app,
      powerApi.setLanguage,
      badBody({ language: 'ZH' }),
      token,
    );
    expect(upper.json().code).toBe(4000);
    const anonymous = await callEndpoint(t.app, powerApi.setLanguage, { language: 'zh' });
    expect(anonymous.json().code).toBe(4005);
  });
});

async function adminToken(): Promise<string> {
  return loginAs(t.app);
}

describe('roles', () => {
  it('creates, renames, grants menus and interfaces, lists and deletes a role', async () => {
    const admin = await adminToken();
    const created = await callEndpoint(
      t.app,
      powerApi.saveRole,
      { name: 'Auditor', description: 'Reads logs' },
      admin,
    );
    expect(created.json()).toMatchObject({
      code: 0,
      ret: { name: 'Auditor', menus: [], interfaces: [], isSystem: false, userCount: 0 },
    });
    const id = created.json().ret.id as number;

    const duplicate = await callEndpoint(t.app, powerApi.saveRole, { name: 'auditor' }, admin);
    expect(duplicate.json().code).toBe(4091);

    const renamed = await callEndpoint(
      t.app,
      powerApi.saveRole,
      { id, name: 'Log auditor' },
      admin,
    );
    expect(renamed.json().ret).toMatchObject({ name: 'Log auditor', description: 'Reads logs' });

    const menus = await callEndpoint(
      t.app,
      powerApi.setRoleMenus,
      { id, menus: ['Dashboard', 'log', 'loginLog'] },
      admin,
    );
    expect(menus.json().ret.menus).toEqual(['Dashboard', 'log', 'loginLog']);
    const unknownMenu = await callEndpoint(
      t.app,
      powerApi.setRoleMenus,
      { id, menus: ['nope'] },
      admin,
    );
    expect(unknownMenu.json()).toMatchObject({ code: 4000, errors: [{ field: 'menus' }] });

    const interfaces = await callEndpoint(
      t.app,
      powerApi.setRoleInterfaces,
      { id, interfaces: ['log.login_log', 'log.operation_log'] },
      admin,
    );
    expect(interfaces.json().ret.interfaces).toEqual(['log.login_log', 'log.operation_log']);
    // Own-session and public calls are not grantable; unknown ids neither.
    for (const bad of ['user.login', 'user.user_info', 'nope.nothing']) {
      const refused = await callEndpoint(
        t.app,
        powerApi.setRoleInterfaces,
        { id, interfaces: [bad] },
        admin,
      );
      expect(refused.json()).toMatchObject({ code: 4000, errors: [{ field: 'interfaces' }] });
    }

    const list = await callEndpoint(
      t.app,
      powerApi.getRoles,
      { filters: { name: 'auditor' } },
      admin,
    );
    expect(list.json().ret).toMatchObject({ total: 1, list: [{ id, name: 'Log auditor' }] });
    const byName = await callEndpoint(
      t.app,
      powerApi.getRoles,
      { sort: { field: 'name', order: 'desc' } },
      admin,
    );
    const names = (byName.json().ret.list as { name: string }[]).map((r) => r.name);
    expect(names).toEqual([...names].sort().reverse());
    const unsortable = await callEndpoint(
      t.app,
      powerApi.getRoles,
      { sort: { field: 'menus', order: 'asc' } },
      admin,
    );
    expect(unsortable.json()).toMatchObject({ code: 4000, errors: [{ field: 'sort.field' }] });
    const detail = await callEndpoint(t.app, powerApi.roleDetail, { id }, admin);
    expect(detail.json().ret.menus).toEqual(['Dashboard', 'log', 'loginLog']);

    const deleted = await callEndpoint(t.app, powerApi.deleteRole, { id }, admin);
    expect(deleted.json()).toMatchObject({ code: 0, ret: null });
    expect((await callEndpoint(t.app, powerApi.roleDetail, { id }, admin)).json().code).toBe(4004);
  });

  it('keeps admin whole: not renamed, stripped or deleted', async () => {
    const admin = await adminToken();
    const list = await callEndpoint(
      t.app,
      powerApi.getRoles,
      { filters: { name: 'admin' } },
      admin,
    );
    const adminRole = (list.json().ret.list as { id: number; name: string }[]).find(
      (r) => r.name === 'admin',
    );
    if (!adminRole) throw new Error('no admin role');
    const id = adminRole.id;
    expect(
      (await callEndpoint(t.app, powerApi.saveRole, { id, name: 'root' }, admin)).json().code,
    ).toBe(4100);
    expect(
      (await callEndpoint(t.app, powerApi.setRoleMenus, { id, menus: [] }, admin)).json().code,
    ).toBe(4100);
    expect(
      (await callEndpoint(t.app, powerApi.setRoleInterfaces, { id, interfaces: [] }, admin)).json()
        .code,
    ).toBe(4100);
    expect((await callEndpoint(t.app, powerApi.deleteRole, { id }, admin)).json().code).toBe(4100);
    const description = await callEndpoint(
      t.app,
      powerApi.saveRole,
      { id, name: 'admin', description: 'All of it' },
      admin,
    );
    expect(description.json().ret).toMatchObject({ name: 'admin', description: 'All of it' });
  });

  it('refuses to delete a role still assigned', async () => {
    const admin = await adminToken();
    const staff = await createStaff(t.db, t.clock, { menus: ['Dashboard'] });
    const refused = await callEndpoint(t.app, powerApi.deleteRole, { id: staff.roleId }, admin);
    expect(refused.json()).toMatchObject({ code: 4101 });
    expect(refused.statusCode).toBe(409);
  });

  it('a menu change shows in user_info at the next call', async () => {
    const admin = await adminToken();
    const staff = await createStaff(t.db, t.clock, { menus: ['Dashboard', 'role'] });
    const token = await loginAs(t.app, staff);
    expect(
      (await callEndpoint(t.app, userApi.userInfo, undefined, token)).json().ret.roles,
    ).toEqual(['Dashboard', 'role']);
    await callEndpoint(
      t.app,
      powerApi.setRoleMenus,
      { id: staff.roleId, menus: ['Dashboard'] },
      admin,
    );
    expect(
      (await callEndpoint(t.app, userApi.userInfo, undefined, token)).json().ret.roles,
    ).toEqual(['Dashboard']);
  });

  it('lists the interface catalogue by module, generated from the contract', async () => {
    const admin = await adminToken();
    const response = await callEndpoint(t.app, powerApi.getInterfaces, undefined, admin);
    const modules = response.json().ret.modules as {
      module: string;
      interfaces: { id: string }[];
    }[];
    const ids = modules.flatMap((m) => m.interfaces.map((i) => i.id));
    expect(ids.sort()).toEqual([...grantableInterfaceIds].sort());
    expect(modules.map((m) => m.module)).toContain('power');
  });
});

describe('no self-escalation', () => {
  it('a role manager grants only menus and interfaces it holds itself', async () => {
    const manager = await createStaff(t.db, t.clock, {
      menus: ['Dashboard', 'Power'],
      interfaces: [
        'power.roles',
        'power.save_role',
        'power.set_role_menus',
        'power.set_role_interfaces',
      ],
    });
    const token = await loginAs(t.app, manager);
    // Its own role: cannot add what it does not hold.
    const ownMenus = await callEndpoint(
      t.app,
      powerApi.setRoleMenus,
      { id: manager.roleId, menus: ['Dashboard', 'Power', 'orderList'] },
      token,
    );
    expect(ownMenus.statusCode).toBe(403);
    expect(ownMenus.json()).toMatchObject({ code: 4031 });
    expect(ownMenus.json().msg).toContain('orderList');
    const ownInterfaces = await callEndpoint(
      t.app,
      powerApi.setRoleInterfaces,
      {
        id: manager.roleId,
        interfaces: [
          'power.roles',
          'power.save_role',
          'power.set_role_menus',
          'power.set_role_interfaces',
          'user.edit_user',
        ],
      },
      token,
    );
    expect(ownInterfaces.json().code).toBe(4031);
    // Another role: may grant what it holds (a group grants its subtree: `role` is under Power).
    const other = await callEndpoint(
      t.app,
      powerApi.saveRole,
      { name: `Helper ${manager.id}` },
      token,
    );
    const otherId = other.json().ret.id as number;
    const allowed = await callEndpoint(
      t.app,
      powerApi.setRoleMenus,
      { id: otherId, menus: ['role', 'account'] },
      token,
    );
    expect(allowed.json().code).toBe(0);
    const beyond = await callEndpoint(
      t.app,
      powerApi.setRoleInterfaces,
      { id: otherId, interfaces: ['log.login_log'] },
      token,
    );
    expect(beyond.json().code).toBe(4031);
    // Nothing changed by the refusals.
    const detail = (
      await callEndpoint(t.app, powerApi.roleDetail, { id: manager.roleId }, await loginAs(t.app))
    ).json().ret;
    expect(detail.menus).toEqual(['Dashboard', 'Power']);
    expect(detail.interfaces).not.toContain('user.edit_user');
  });

  it('an account manager gives no role beyond its own grants and manages no stronger account', async () => {
    const admin = await adminToken();
    const manager = await createStaff(t.db, t.clock, {
      menus: ['Dashboard', 'account'],
      interfaces: [
        'user.get_users',
        'user.edit_user',
        'user.create_user',
        'user.reset_password',
        'user.delete_user',
      ],
    });
    const token = await loginAs(t.app, manager);
    const roleList = (await callEndpoint(t.app, powerApi.getRoles, { pageSize: 100 }, admin)).json()
      .ret.list as { id: number; name: string }[];
    const adminRoleId = roleList.find((r) => r.name === 'admin')?.id ?? 0;
    const reviewerRoleId = roleList.find((r) => r.name === 'Reviewer')?.id ?? 0;

    const selfAdmin = await callEndpoint(
      t.app,
      userApi.editUser,
      { id: manager.id, roleIds: [manager.roleId, adminRoleId] },
      token,
    );
    expect(selfAdmin.json()).toMatchObject({ code: 4031 });
    const selfReviewer = await callEndpoint(
      t.app,
      userApi.editUser,
      { id: manager.id, roleIds: [manager.roleId, reviewerRoleId] },
      token,
    );
    expect(selfReviewer.json().code).toBe(4031);
    const createAdmin = await callEndpoint(
      t.app,
      userApi.createUser,
      {
        email: `escalate-${manager.id}@example.com`,
        name: 'Escalate',
        roleIds: [adminRoleId],
        password: 'Escalate12345',
      },
      token,
    );
    expect(createAdmin.json().code).toBe(4031);
    const adminAccount = (
      await callEndpoint(
        t.app,
        userApi.getUsers,
        { filters: { email: 'admin@example.com' } },
        admin,
      )
    ).json().ret.list[0];
    for (const [path, body] of [
      ['/user/edit_user', { id: adminAccount!.id, status: 'disabled' }],
      ['/user/reset_password', { id: adminAccount!.id, newPassword: 'Takeover12345' }],
      ['/user/delete_user', { id: adminAccount!.id }],
    ] as const) {
      const refused = await post(t.app, path, body, token);
      expect(refused.json().code, path).toBe(4032);
    }
    // Still signs in with the old password.
    expect(await loginAs(t.app)).toBeTruthy();
    // Within its own grants it may create an account.
    const plain = await callEndpoint(
      t.app,
      userApi.createUser,
      {
        email: `plain-${manager.id}@example.com`,
        name: 'Plain',
        roleIds: [manager.roleId],
        password: 'Plain123456',
      },
      token,
    );
    expect(plain.json().code).toBe(0);
  });
});
