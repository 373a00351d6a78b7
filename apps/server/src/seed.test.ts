import { approvalApi, disbursementApi } from '@lending/contract';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { roles } from './modules/user/roles.table.js';
import { staffUsers } from './modules/user/staff-users.table.js';
import { seed } from './seed.js';
import { buildTestApp, testHasher, type TestApp } from './testing/build-test-app.js';
import { callEndpoint, loginAs, post } from './testing/factories.js';

const opened: TestApp[] = [];
afterAll(async () => {
  for (const t of opened) await t.close();
});

async function counts(t: TestApp) {
  const [users] = await t.db.select({ total: count() }).from(staffUsers);
  const [roleRows] = await t.db.select({ total: count() }).from(roles);
  return { users: users?.total, roles: roleRows?.total };
}

describe('seed', () => {
  it('creates the admin and the demo accounts once, and never again', async () => {
    const t = await buildTestApp();
    opened.push(t);
    expect(await counts(t)).toEqual({ users: 12, roles: 9 });
    const warnings: string[] = [];
    await seed({
      db: t.db,
      clock: t.clock,
      hasher: testHasher,
      demoData: true,
      warn: (m) => warnings.push(m),
    });
    expect(await counts(t)).toEqual({ users: 12, roles: 9 });
    expect(warnings).toEqual([]);
    for (const credentials of [
      { email: 'admin@example.com', password: 'Admin12345' },
      { email: 'reviewer@example.com', password: 'Reviewer12345' },
      { email: 'arjun@example.com', password: 'Reviewer12345' },
      { email: 'neha@example.com', password: 'Reviewer12345' },
      { email: 'lead@example.com', password: 'ReviewLead12345' },
      { email: 'collector@example.com', password: 'Collector12345' },
      { email: 'finance@example.com', password: 'Finance12345' },
      { email: 'risk@example.com', password: 'Risk12345' },
      { email: 'telemarketer@example.com', password: 'Telemarketer12345' },
      { email: 'sunil@example.com', password: 'Telemarketer12345' },
      { email: 'telelead@example.com', password: 'TeleLead12345' },
    ]) {
      await loginAs(t.app, credentials);
    }
    // Finance disburses: the /loan lists and the payout; a reviewer does not.
    const finance = await loginAs(t.app, {
      email: 'finance@example.com',
      password: 'Finance12345',
    });
    for (const path of ['/loan/wait_list', '/loan/record_list', '/loan/flow_list']) {
      expect((await post(t.app, path, {}, finance)).statusCode).toBe(200);
    }
    const reviewer = await loginAs(t.app, {
      email: 'reviewer@example.com',
      password: 'Reviewer12345',
    });
    expect((await callEndpoint(t.app, disbursementApi.waitLoanList, {}, reviewer)).statusCode).toBe(
      403,
    );
    // A reviewer works their queue but does not distribute work; the lead does.
    expect((await callEndpoint(t.app, approvalApi.reviewQueue, {}, reviewer)).statusCode).toBe(200);
    expect(
      (
        await callEndpoint(
          t.app,
          approvalApi.assignReview,
          { taskIds: [1], reviewerId: 1 },
          reviewer,
        )
      ).statusCode,
    ).toBe(403);
    // Risk manages the rules and the blacklist; disbursing is not theirs.
    const risk = await loginAs(t.app, { email: 'risk@example.com', password: 'Risk12345' });
    for (const path of ['/risk/rule_list', '/risk/version_list', '/toolMage/blacklist_list']) {
      expect((await post(t.app, path, {}, risk)).statusCode).toBe(200);
    }
    expect((await callEndpoint(t.app, disbursementApi.waitLoanList, {}, risk)).statusCode).toBe(
      403,
    );
  });

  it('without demo data creates only the admin, and warns about the demo credential', async () => {
    const t = await buildTestApp({ demoData: false });
    opened.push(t);
    expect(await counts(t)).toEqual({ users: 1, roles: 1 });
    const token = await loginAs(t.app);
    expect(token).toBeTruthy();
  });

  it('warns that the admin password is a demo credential', async () => {
    const t = await buildTestApp({ demoData: false });
    opened.push(t);
    await t.db.delete(staffUsers);
    await t.db.delete(roles);
    const warnings: string[] = [];
    await seed({
      db: t.db,
      clock: t.clock,
      hasher: testHasher,
      demoData: false,
      warn: (m) => warnings.push(m),
    });
    expect(warnings.join(' ')).toMatch(/admin@example\.com.*demo password.*change it/);
  });
});
