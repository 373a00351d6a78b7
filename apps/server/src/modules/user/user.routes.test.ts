import type { InvalidOnPurpose } from '../../testing/call-endpoint.js';
import type { EndpointBody } from '@lending/contract';
import {
  ADMIN_ROLE,
  businessRouteNames,
  getUsersRetSchema,
  grantableInterfaceIds,
  loginRetSchema,
  staffUserSchema,
  userInfoSchema,
  userApi,
} from '@lending/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import {
  ADMIN_LOGIN,
  badBody,
  callEndpoint,
  createStaff,
  loginAs,
} from '../../testing/factories.js';
import { attemptsForEmail } from './login-attempts.repository.js';
import { roles, staffUserRoles } from './roles.table.js';
import { hashToken } from './sessions.service.js';
import { staffSessions } from './staff-sessions.table.js';
import { replaceUserRoles } from './staff-users.repository.js';
import { staffUsers } from './staff-users.table.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function roleId(name: string): Promise<number> {
  const [row] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  if (!row) throw new Error(`no role ${name}`);
  return row.id;
}

describe('POST /user/login', () => {
  it('signs in with a trimmed, upper-case e-mail and returns a fresh token each time', async () => {
    const response = await callEndpoint(t.app, userApi.login, {
      email: '  ADMIN@example.com ',
      password: 'Admin12345',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.code).toBe(0);
    const { token } = loginRetSchema.parse(body.ret);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await loginAs(t.app);
    expect(again).not.toBe(token);
    // Only the hash is stored.
    const [stored] = await t.db
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.tokenHash, hashToken(token)));
    expect(stored).toBeDefined();
    const all = await t.db.select({ tokenHash: staffSessions.tokenHash }).from(staffSessions);
    expect(all.some((row) => row.tokenHash === token)).toBe(false);
    const [admin] = await t.db
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.email, ADMIN_LOGIN.email));
    expect(admin?.lastLoginAt).not.toBeNull();
  });

  it('refuses a wrong password and an unknown e-mail alike with 4010 and records both', async () => {
    const wrong = await callEndpoint(t.app, userApi.login, {
      email: 'admin@example.com',
      password: 'nope',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 4010, msg: 'Incorrect e-mail or password' });
    const unknown = await callEndpoint(t.app, userApi.login, {
      email: 'ghost@example.com',
      password: 'Admin12345',
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ code: 4010, msg: 'Incorrect e-mail or password' });
    const ghost = await attemptsForEmail(t.db, 'ghost@example.com');
    expect(ghost[0]).toMatchObject({
      success: false,
      failureReason: 'unknown_email',
      userId: null,
    });
    const admin = await attemptsForEmail(t.db, 'admin@example.com');
    expect(admin.some((row) => row.failureReason === 'bad_password')).toBe(true);
    expect(admin.some((row) => row.success)).toBe(true);
  });

  it('answers in Chinese when LANGUAGE is ZH', async () => {
    const response = await callEndpoint(
      t.app,
      userApi.login,
      { email: 'admin@example.com', password: 'nope' },
      undefined,
      { language: 'ZH' },
    );
    expect(response.json()).toMatchObject({ code: 4010, msg: '邮箱或密码错误' });
  });

  it('names the invalid field', async () => {
    const response = await callEndpoint(t.app, userApi.login, {
      email: 'not-an-email',
      password: 'x',
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe(4000);
    expect(body.msg).toContain('email');
    expect(body.errors![0]!.field).toBe('email');
  });

  it('names a missing field', async () => {
    const response = await callEndpoint(
      t.app,
      userApi.login,
      badBody({ email: 'admin@example.com' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 4000, errors: [{ field: 'password' }] });
    expect(response.json().msg).toContain('password');
  });

  it('refuses a disabled account with 4012 (only with the right password)', async () => {
    const staff = await createStaff(t.db, t.clock, { status: 'disabled' });
    const right = await callEndpoint(t.app, userApi.login, {
      email: staff.email,
      password: staff.password,
    });
    expect(right.statusCode).toBe(403);
    expect(right.json().code).toBe(4012);
    const wrong = await callEndpoint(t.app, userApi.login, {
      email: staff.email,
      password: 'Wrong12345',
    });
    expect(wrong.json().code).toBe(4010);
  });
});

describe('POST /user/profile', () => {
  it('shows the caller their own account, whatever their roles grant', async () => {
    const token = await loginAs(t.app, {
      email: 'reviewer@example.com',
      password: 'Reviewer12345',
    });
    const response = await callEndpoint(t.app, userApi.profile, undefined, token);
    expect(response.statusCode).toBe(200);
    const own = staffUserSchema.parse(response.json().ret);
    expect(own).toMatchObject({ email: 'reviewer@example.com', name: 'Riya Reviewer' });
    expect(own.roles.map((role) => role.name)).toEqual(['Reviewer']);
    expect(own.lastLoginAt).not.toBeNull();
    expect(JSON.stringify(response.json())).not.toContain('password');
    // Without a session: 4005.
    expect((await callEndpoint(t.app, userApi.profile, undefined)).json().code).toBe(4005);
  });
});

describe('GET /user/user_info', () => {
  it("gives admin ['admin'] and every grantable interface id", async () => {
    const token = await loginAs(t.app);
    const response = await callEndpoint(t.app, userApi.userInfo, undefined, token);
    expect(response.statusCode).toBe(200);
    const info = userInfoSchema.parse(response.json().ret);
    expect(info).toEqual({
      name: 'Admin',
      avatar: '',
      roles: [ADMIN_ROLE],
      interfaces: [...grantableInterfaceIds],
      email: 'admin@example.com',
      language: 'en',
    });
  });

  it('gives others the interface ids their roles grant, in catalogue order, and no other', async () => {
    const staff = await createStaff(t.db, t.clock, {
      interfaces: ['power.roles', 'user.get_users', 'no.such_interface'],
    });
    const info = userInfoSchema.parse(
      (await callEndpoint(t.app, userApi.userInfo, undefined, await loginAs(t.app, staff))).json()
        .ret,
    );
    expect(info.interfaces).toEqual(['user.get_users', 'power.roles']);
  });

  it("gives others the route names of their roles' menus, deduplicated", async () => {
    const token = await loginAs(t.app, {
      email: 'reviewer@example.com',
      password: 'Reviewer12345',
    });
    const info = userInfoSchema.parse(
      (await callEndpoint(t.app, userApi.userInfo, undefined, token)).json().ret,
    );
    expect(info.name).toBe('Riya Reviewer');
    expect(info.roles).toContain('Dashboard');
    expect(info.roles).toContain('Approve');
    expect(info.roles).toContain('machinerDetail');
    expect(info.roles).not.toContain('Collection');
    expect(new Set(info.roles).size).toBe(info.roles.length);
  });

  it('ignores a token in the query string: only X-Token authenticates', async () => {
    const token = await loginAs(t.app);
    const response = await callEndpoint(t.app, userApi.userInfo, { token });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(4005);
    const withHeader = await callEndpoint(t.app, userApi.userInfo, { token }, token);
    expect(withHeader.json().code).toBe(0);
  });

  it('refuses unknown query parameters', async () => {
    const token = await loginAs(t.app);
    const response = await callEndpoint(t.app, userApi.userInfo, badBody({ admin: '1' }), token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 4000, errors: [{ field: 'query.admin' }] });
  });

  it('answers 4005 without a token, with a garbage token, and with a cookie only', async () => {
    for (const headers of [{}, { 'x-token': 'garbage' }, { 'x-token': 'A'.repeat(43) }]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/admin-api/user/user_info',
        headers,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        code: 4005,
        msg: 'You have been logged out, please log in again',
      });
    }
    const token = await loginAs(t.app);
    const cookieOnly = await t.app.inject({
      method: 'GET',
      url: '/admin-api/user/user_info',
      headers: { cookie: `token=${token}; Admin-Token=${token}` },
    });
    expect(cookieOnly.json().code).toBe(4005);
  });
});

describe('session lifetime', () => {
  it('ends after the idle timeout', async () => {
    const token = await loginAs(t.app);
    t.clock.advanceMinutes(t.config.sessionIdleMinutes - 1);
    expect((await callEndpoint(t.app, userApi.userInfo, undefined, token)).json().code).toBe(0);
    // Activity extended it: another almost-idle period is still fine.
    t.clock.advanceMinutes(t.config.sessionIdleMinutes - 1);
    expect((await callEndpoint(t.app, userApi.userInfo, undefined, token)).json().code).toBe(0);
    t.clock.advanceMinutes(t.config.sessionIdleMinutes);
    const expired = await callEndpoint(t.app, userApi.userInfo, undefined, token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe(4005);
  });

  it('ends at the absolute timeout even while active', async () => {
    const token = await loginAs(t.app);
    const steps = Math.ceil((t.config.sessionAbsoluteHours * 60) / 10);
    let lastCode = 0;
    let okCalls = 0;
    for (let i = 0; i < steps + 2; i += 1) {
      t.clock.advanceMinutes(10);
      lastCode = (await callEndpoint(t.app, userApi.userInfo, undefined, token)).json().code;
      if (lastCode !== 0) break;
      okCalls += 1;
    }
    expect(lastCode).toBe(4005);
    expect(okCalls).toBe(steps - 1);
  });

  it('ends at logout; the token then answers 4005', async () => {
    const token = await loginAs(t.app);
    const other = await loginAs(t.app);
    const response = await callEndpoint(t.app, userApi.logout, undefined, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 0, ret: null });
    expect((await callEndpoint(t.app, userApi.userInfo, undefined, token)).json().code).toBe(4005);
    expect((await callEndpoint(t.app, userApi.logout, undefined, token)).json().code).toBe(4005);
    // Another session of the same account is untouched.
    expect((await callEndpoint(t.app, userApi.userInfo, undefined, other)).json().code).toBe(0);
  });

  it('refuses a body on logout', async () => {
    const token = await loginAs(t.app);
    const response = await callEndpoint(
      t.app,
      userApi.logout,
      badBody({ everything: true }),
      token,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 4000, errors: [{ field: 'body.everything' }] });
    // An empty object is fine (some clients always send one).
    expect((await callEndpoint(t.app, userApi.logout, {}, token)).json().code).toBe(0);
  });
});

describe('POST /user/change_password', () => {
  const attempt = (
    token: string,
    body: EndpointBody<typeof userApi.changePassword> | InvalidOnPurpose,
  ) => callEndpoint(t.app, userApi.changePassword, body, token);

  it('checks the old password, the rule, the confirmation, the e-mail and reuse', async () => {
    const staff = await createStaff(t.db, t.clock, { password: 'Original123' });
    const token = await loginAs(t.app, staff);
    const cases: [Record<string, string>, number, string?][] = [
      [
        { oldPassword: 'Wrong1234', newPassword: 'Better1234', confirmPassword: 'Better1234' },
        4013,
        'oldPassword',
      ],
      [
        { oldPassword: 'Original123', newPassword: 'short1', confirmPassword: 'short1' },
        4014,
        'newPassword',
      ],
      [
        { oldPassword: 'Original123', newPassword: 'lettersonly', confirmPassword: 'lettersonly' },
        4014,
        'newPassword',
      ],
      [
        { oldPassword: 'Original123', newPassword: '1234567890', confirmPassword: '1234567890' },
        4014,
        'newPassword',
      ],
      [
        { oldPassword: 'Original123', newPassword: 'Better1234', confirmPassword: 'Better12345' },
        4015,
        'confirmPassword',
      ],
      [
        { oldPassword: 'Original123', newPassword: staff.email, confirmPassword: staff.email },
        4016,
        'newPassword',
      ],
      [
        { oldPassword: 'Original123', newPassword: 'Original123', confirmPassword: 'Original123' },
        4017,
        'newPassword',
      ],
    ];
    for (const [body, code, field] of cases) {
      const response = await attempt(token, badBody(body));
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code, JSON.stringify(body)).toBe(code);
      if (field) expect(response.json().errors![0]!.field).toBe(field);
    }
    const mismatch = await attempt(token, {
      oldPassword: 'Original123',
      newPassword: 'Better1234',
      confirmPassword: 'Other12345',
    });
    expect(mismatch.json().msg).toBe('The two passwords are not consistent');
    // Nothing above changed anything: the session still works.
    expect((await callEndpoint(t.app, userApi.userInfo, undefined, token)).json().code).toBe(0);
  });

  it('re-hashes and ends every session of the account, the current one included', async () => {
    const staff = await createStaff(t.db, t.clock, { password: 'Original123' });
    const current = await loginAs(t.app, staff);
    const other = await loginAs(t.app, staff);
    const admin = await loginAs(t.app);
    const response = await attempt(current, {
      oldPassword: 'Original123',
      newPassword: 'Changed4567',
      confirmPassword: 'Changed4567',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 0, ret: null });
    expect((await callEndpoint(t.app, userApi.userInfo, undefined, current)).json().code).toBe(
      4005,
    );
    expect((await callEndpoint(t.app, userApi.userInfo, undefined, other)).json().code).toBe(4005);
    expect((await callEndpoint(t.app, userApi.userInfo, undefined, admin)).json().code).toBe(0);
    expect(
      (
        await callEndpoint(t.app, userApi.login, { email: staff.email, password: 'Original123' })
      ).json().code,
    ).toBe(4010);
    await loginAs(t.app, { email: staff.email, password: 'Changed4567' });
  });

  it('names unknown and wrongly typed fields', async () => {
    const token = await loginAs(t.app);
    const unknown = await attempt(
      token,
      badBody({
        oldPassword: 'Admin12345',
        newPassword: 'Better1234',
        confirmPassword: 'Better1234',
        userId: 1,
      }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 4000, errors: [{ field: 'userId' }] });
    expect(unknown.json().msg).toContain('userId');
    const wrongType = await attempt(
      token,
      badBody({ oldPassword: 12345678, newPassword: 'Better1234', confirmPassword: 'Better1234' }),
    );
    expect(wrongType.json()).toMatchObject({ code: 4000, errors: [{ field: 'oldPassword' }] });
  });
});

describe('POST /user/get_users', () => {
  it('lists with paging, filters and sort', async () => {
    const token = await loginAs(t.app);
    const all = await callEndpoint(t.app, userApi.getUsers, { page: 1, pageSize: 100 }, token);
    expect(all.statusCode).toBe(200);
    const list = getUsersRetSchema.parse(all.json().ret);
    expect(list.total).toBeGreaterThanOrEqual(4);
    expect(list.list.map((user) => user.id)).toEqual(
      [...list.list.map((u) => u.id)].sort((a, b) => a - b),
    );
    const admin = list.list.find((user) => user.email === 'admin@example.com');
    expect(admin?.roles.map((role) => role.name)).toEqual([ADMIN_ROLE]);
    expect(JSON.stringify(all.json())).not.toContain('argon2');

    const byEmail = getUsersRetSchema.parse(
      (
        await callEndpoint(t.app, userApi.getUsers, { filters: { email: 'REVIEWER' } }, token)
      ).json().ret,
    );
    expect(byEmail.list.map((user) => user.email)).toEqual(['reviewer@example.com']);
    expect(byEmail.total).toBe(1);

    const byName = getUsersRetSchema.parse(
      (await callEndpoint(t.app, userApi.getUsers, { filters: { name: 'meera' } }, token)).json()
        .ret,
    );
    expect(byName.list.map((user) => user.name)).toEqual(['Meera Finance']);

    const wildcard = getUsersRetSchema.parse(
      (await callEndpoint(t.app, userApi.getUsers, { filters: { email: '%' } }, token)).json().ret,
    );
    expect(wildcard.total).toBe(0);

    const collectorRole = await roleId('Collector');
    const byRole = getUsersRetSchema.parse(
      (
        await callEndpoint(t.app, userApi.getUsers, { filters: { roleId: collectorRole } }, token)
      ).json().ret,
    );
    expect(byRole.list.map((user) => user.email)).toEqual(['collector@example.com']);

    const paged = getUsersRetSchema.parse(
      (
        await callEndpoint(
          t.app,
          userApi.getUsers,
          { page: 2, pageSize: 2, sort: { field: 'email', order: 'desc' } },
          token,
        )
      ).json().ret,
    );
    expect(paged.list).toHaveLength(2);
    expect(paged.total).toBe(list.total);
    const emailsDesc = list.list
      .map((user) => user.email)
      .sort()
      .reverse();
    expect(paged.list.map((user) => user.email)).toEqual(emailsDesc.slice(2, 4));

    const disabled = getUsersRetSchema.parse(
      (
        await callEndpoint(t.app, userApi.getUsers, { filters: { status: 'disabled' } }, token)
      ).json().ret,
    );
    expect(disabled.list.every((user) => user.status === 'disabled')).toBe(true);
  });

  it('refuses an unknown sort field, a page size over 100 and unknown filters', async () => {
    const token = await loginAs(t.app);
    const badSort = await callEndpoint(
      t.app,
      userApi.getUsers,
      { sort: { field: 'passwordHash', order: 'asc' } },
      token,
    );
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json()).toMatchObject({ code: 4000, errors: [{ field: 'sort.field' }] });
    const big = await callEndpoint(t.app, userApi.getUsers, { pageSize: 1000 }, token);
    expect(big.json()).toMatchObject({ code: 4000, errors: [{ field: 'pageSize' }] });
    const filter = await callEndpoint(
      t.app,
      userApi.getUsers,
      badBody({ filters: { password: 'x' } }),
      token,
    );
    expect(filter.json()).toMatchObject({ code: 4000, errors: [{ field: 'filters.password' }] });
  });

  it('refuses a staff member without the grant with 4003, and serves one with it', async () => {
    const without = await createStaff(t.db, t.clock, { menus: ['account'] });
    const refused = await callEndpoint(t.app, userApi.getUsers, {}, await loginAs(t.app, without));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(4003);
    const withGrant = await createStaff(t.db, t.clock, { interfaces: ['user.get_users'] });
    const served = await callEndpoint(t.app, userApi.getUsers, {}, await loginAs(t.app, withGrant));
    expect(served.json().code).toBe(0);
    // The grant of one interface is not the grant of another.
    const edit = await callEndpoint(
      t.app,
      userApi.editUser,
      { id: withGrant.id, name: 'Self Promoted' },
      await loginAs(t.app, withGrant),
    );
    expect(edit.json().code).toBe(4003);
  });
});

describe('POST /user/edit_user', () => {
  it('edits name, avatar and roles; a role change shows at the next user_info', async () => {
    const admin = await loginAs(t.app);
    const staff = await createStaff(t.db, t.clock, { menus: ['Dashboard'] });
    const staffToken = await loginAs(t.app, staff);
    const before = (await callEndpoint(t.app, userApi.userInfo, undefined, staffToken)).json().ret;
    expect(before.roles).toEqual(['Dashboard']);

    const finance = await roleId('Finance');
    const response = await callEndpoint(
      t.app,
      userApi.editUser,
      {
        id: staff.id,
        name: '  New Name ',
        avatar: 'https://example.com/a.png',
        roleIds: [finance],
      },
      admin,
    );
    expect(response.statusCode).toBe(200);
    const edited = staffUserSchema.parse(response.json().ret);
    expect(edited).toMatchObject({
      id: staff.id,
      name: 'New Name',
      avatar: 'https://example.com/a.png',
      roles: [{ id: finance, name: 'Finance' }],
    });
    const after = (await callEndpoint(t.app, userApi.userInfo, undefined, staffToken)).json().ret;
    expect(after.name).toBe('New Name');
    expect(after.roles).toContain('Loan');
    expect(after.roles).not.toContain('Approve');
    const [financeRole] = await t.db.select().from(roles).where(eq(roles.id, finance));
    expect(before.interfaces).toEqual([]);
    expect(after.interfaces.length).toBeGreaterThan(0);
    expect([...after.interfaces].sort()).toEqual([...financeRole!.interfaces].sort());
  });

  it('grants admin through a role change at the next call', async () => {
    const admin = await loginAs(t.app);
    const staff = await createStaff(t.db, t.clock);
    const staffToken = await loginAs(t.app, staff);
    expect((await callEndpoint(t.app, userApi.getUsers, {}, staffToken)).json().code).toBe(4003);
    await callEndpoint(
      t.app,
      userApi.editUser,
      { id: staff.id, roleIds: [await roleId(ADMIN_ROLE)] },
      admin,
    );
    expect((await callEndpoint(t.app, userApi.getUsers, {}, staffToken)).json().code).toBe(0);
    expect(
      (await callEndpoint(t.app, userApi.userInfo, undefined, staffToken)).json().ret.roles,
    ).toEqual([ADMIN_ROLE]);
    await callEndpoint(t.app, userApi.editUser, { id: staff.id, roleIds: [] }, admin);
    expect((await callEndpoint(t.app, userApi.getUsers, {}, staffToken)).json().code).toBe(4003);
    expect(
      (await callEndpoint(t.app, userApi.userInfo, undefined, staffToken)).json().ret.roles,
    ).toEqual([]);
  });

  it('disabling ends the sessions at once and blocks sign-in; enabling allows it again', async () => {
    const admin = await loginAs(t.app);
    const staff = await createStaff(t.db, t.clock);
    const staffToken = await loginAs(t.app, staff);
    const response = await callEndpoint(
      t.app,
      userApi.editUser,
      { id: staff.id, status: 'disabled' },
      admin,
    );
    expect(response.json()).toMatchObject({ code: 0, ret: { status: 'disabled' } });
    expect((await callEndpoint(t.app, userApi.userInfo, undefined, staffToken)).json().code).toBe(
      4005,
    );
    expect(
      (
        await callEndpoint(t.app, userApi.login, { email: staff.email, password: staff.password })
      ).json().code,
    ).toBe(4012);
    await callEndpoint(t.app, userApi.editUser, { id: staff.id, status: 'enabled' }, admin);
    await loginAs(t.app, staff);
  });

  it('answers 4004 for an unknown account and 4000 naming roleIds for an unknown role', async () => {
    const admin = await loginAs(t.app);
    const missing = await callEndpoint(t.app, userApi.editUser, { id: 999_999, name: 'X' }, admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(4004);
    const staff = await createStaff(t.db, t.clock);
    const badRole = await callEndpoint(
      t.app,
      userApi.editUser,
      { id: staff.id, roleIds: [999_999] },
      admin,
    );
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json()).toMatchObject({ code: 4000, errors: [{ field: 'roleIds' }] });
    expect(badRole.json().msg).toContain('roleIds');
    const wrongType = await callEndpoint(t.app, userApi.editUser, badBody({ id: 'one' }), admin);
    expect(wrongType.json()).toMatchObject({ code: 4000, errors: [{ field: 'id' }] });
  });

  it('never disables or demotes the last enabled administrator', async () => {
    const admin = await loginAs(t.app);
    const [adminRow] = await t.db
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.email, ADMIN_LOGIN.email));
    const adminId = adminRow?.id ?? 0;
    const disable = await callEndpoint(
      t.app,
      userApi.editUser,
      { id: adminId, status: 'disabled' },
      admin,
    );
    expect(disable.statusCode).toBe(409);
    expect(disable.json().code).toBe(4090);
    const demote = await callEndpoint(t.app, userApi.editUser, { id: adminId, roleIds: [] }, admin);
    expect(demote.json().code).toBe(4090);
    // Nothing changed, and the name-only edit of the same account still works.
    expect(
      (await callEndpoint(t.app, userApi.userInfo, undefined, admin)).json().ret.roles,
    ).toEqual([ADMIN_ROLE]);
    expect(
      (await callEndpoint(t.app, userApi.editUser, { id: adminId, name: 'Admin' }, admin)).json()
        .code,
    ).toBe(0);

    // With a second administrator, the first may step down.
    const second = await createStaff(t.db, t.clock);
    await callEndpoint(
      t.app,
      userApi.editUser,
      { id: second.id, roleIds: [await roleId(ADMIN_ROLE)] },
      admin,
    );
    const stepDown = await callEndpoint(
      t.app,
      userApi.editUser,
      { id: adminId, roleIds: [] },
      admin,
    );
    expect(stepDown.json().code).toBe(0);
    const secondToken = await loginAs(t.app, second);
    expect(
      (
        await callEndpoint(
          t.app,
          userApi.editUser,
          { id: second.id, status: 'disabled' },
          secondToken,
        )
      ).json().code,
    ).toBe(4090);
    const restore = await callEndpoint(
      t.app,
      userApi.editUser,
      { id: adminId, roleIds: [await roleId(ADMIN_ROLE)] },
      secondToken,
    );
    expect(restore.json().code).toBe(0);
  });
});

describe('last-admin protection under concurrency', () => {
  it('lets only one of two administrators disable the other at the same time', async () => {
    const adminRole = await roleId(ADMIN_ROLE);
    const holders = await t.db
      .select({ userId: staffUserRoles.userId })
      .from(staffUserRoles)
      .where(eq(staffUserRoles.roleId, adminRole));
    const first = await createStaff(t.db, t.clock);
    const second = await createStaff(t.db, t.clock);
    // Exactly these two are the enabled administrators during the race.
    await t.db.delete(staffUserRoles).where(eq(staffUserRoles.roleId, adminRole));
    for (const staff of [first, second]) await replaceUserRoles(t.db, staff.id, [adminRole]);
    try {
      const [firstToken, secondToken] = await Promise.all([
        loginAs(t.app, first),
        loginAs(t.app, second),
      ]);
      const results = await Promise.all([
        callEndpoint(t.app, userApi.editUser, { id: second.id, status: 'disabled' }, firstToken),
        callEndpoint(t.app, userApi.editUser, { id: first.id, status: 'disabled' }, secondToken),
      ]);
      const codes = results.map((response) => response.json().code).sort((a, b) => a - b);
      // One wins; the other is refused (4090) or finds its own session already ended (4005).
      expect(codes[0]).toBe(0);
      expect([4005, 4090]).toContain(codes[1]);
      const stillEnabled = await t.db
        .select({ id: staffUsers.id })
        .from(staffUsers)
        .where(
          and(inArray(staffUsers.id, [first.id, second.id]), eq(staffUsers.status, 'enabled')),
        );
      expect(stillEnabled).toHaveLength(1);
    } finally {
      await t.db.delete(staffUserRoles).where(eq(staffUserRoles.roleId, adminRole));
      for (const holder of holders) await replaceUserRoles(t.db, holder.userId, [adminRole]);
    }
  });
});

describe('seeded roles', () => {
  it('give each demo role its groups with every descendant', async () => {
    const [finance] = await t.db.select().from(roles).where(eq(roles.name, 'Finance'));
    const expected = businessRouteNames().filter((name) =>
      [
        'Loan',
        'loanDetail',
        'Repay',
        'repayQuery',
        'FinancialManagement',
        'FinancialList',
        'Report',
      ].includes(name),
    );
    expect(finance?.menus).toEqual(expect.arrayContaining(['Dashboard', ...expected]));
    // Finance reads the dashboard, looks orders up, disburses and takes repayments; nothing
    // of staff, roles or configuration.
    expect(finance?.interfaces).toEqual(
      expect.arrayContaining([
        'dashboard.summary',
        'order.list',
        'order.detail',
        'loan.wait_list',
        'loan.create_payout',
        'repay.plan_list',
        'repay.post_repayment',
      ]),
    );
    expect(finance?.interfaces.filter((id) => /^(user|power|loanConfig|log)\./.test(id))).toEqual(
      [],
    );
  });
});
