import { auditApi, userApi } from '@lending/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { buildTestApp, testHasher, type TestApp } from '../../testing/build-test-app.js';
import { badBody, callEndpoint, createStaff, loginAs } from '../../testing/factories.js';
import { attemptsForEmail } from './login-attempts.repository.js';
import type { PasswordHasher } from './passwords.js';
import type { LoginThrottleLimits } from './throttle-rules.js';

/** Small figures so a test reaches every limit in a few attempts. */
const limits: LoginThrottleLimits = {
  windowMinutes: 15,
  freeFailures: 2,
  pairMaxFailures: 3,
  accountMaxFailures: 5,
  addressSlowAfter: 6,
  addressDelaySeconds: 30,
};

/**
 * The test hasher, counting password checks and how many run at once; `hold()` makes checks
 * wait until `release()`, as a slow argon2 would.
 */
function observedHasher() {
  let running = 0;
  let gate: Promise<void> | null = null;
  let open = () => {};
  const seen = { checks: 0, mostAtOnce: 0, started: 0 };
  const around = async <T>(check: () => Promise<T>): Promise<T> => {
    seen.started += 1;
    running += 1;
    seen.mostAtOnce = Math.max(seen.mostAtOnce, running);
    try {
      if (gate) await gate;
      return await check();
    } finally {
      running -= 1;
      seen.checks += 1;
    }
  };
  const hasher: PasswordHasher = {
    hash: (password) => testHasher.hash(password),
    verify: (stored, password) => around(() => testHasher.verify(stored, password)),
    verifyDummy: (password) => around(() => testHasher.verifyDummy(password)),
  };
  return {
    hasher,
    seen,
    hold() {
      gate = new Promise((resolve) => {
        open = resolve;
      });
    },
    release() {
      gate = null;
      open();
    },
  };
}

const observed = observedHasher();
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp({
    config: { loginThrottle: limits },
    hasher: observed.hasher,
  });
  admin = await loginAs(t.app);
});
afterAll(() => t.close());

function login(email: string, password: string, remoteAddress: string, language?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/admin-api/user/login',
    payload: { email, password },
    remoteAddress,
    ...(language ? { headers: { language } } : {}),
  });
}

/** The answer's code, after letting `seconds` pass (past any short wait). */
async function codeOf(
  email: string,
  password: string,
  remoteAddress: string,
  seconds = 10,
): Promise<number> {
  t.clock.advance(seconds * 1000);
  return (await login(email, password, remoteAddress)).json().code as number;
}

async function blocksOf(email: string) {
  const list = (await callEndpoint(t.app, userApi.getUsers, { filters: { email } }, admin)).json()
    .ret.list as { email: string; signInBlocks: { address: string | null; until: string }[] }[];
  return list.find((account) => account.email === email)?.signInBlocks;
}

async function reasonsOf(email: string) {
  return (await attemptsForEmail(t.db, email)).map((row) => row.failureReason).reverse();
}

describe('guessing one account', () => {
  it('from one address blocks it from that address only, refusing before any password check', async () => {
    const staff = await createStaff(t.db, t.clock);
    for (let i = 0; i < limits.pairMaxFailures; i += 1) {
      expect(await codeOf(staff.email, 'Wrong12345', '10.1.0.1')).toBe(4010);
    }
    const checksBefore = observed.seen.checks;
    t.clock.advance(10_000);
    const blocked = await login(staff.email, staff.password, '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      code: 4011,
      msg: 'Too many failed sign-in attempts, please try again in 15 minutes',
    });
    expect(observed.seen.checks).toBe(checksBefore);
    expect(await blocksOf(staff.email)).toEqual([
      { address: '10.1.0.1', until: expect.any(String) },
    ]);

    // The owner, elsewhere, signs in; that success clears the account's failures.
    expect(await codeOf(staff.email, staff.password, '10.1.0.2')).toBe(0);
    expect(await blocksOf(staff.email)).toEqual([]);
    expect(await reasonsOf(staff.email)).toEqual([
      'bad_password',
      'bad_password',
      'bad_password',
      'blocked_for_address',
      null,
    ]);
  });

  it('answers too quick a retry after the free failures with the wait, without checking it', async () => {
    const staff = await createStaff(t.db, t.clock);
    for (let i = 0; i < limits.freeFailures; i += 1) {
      expect(await codeOf(staff.email, 'Wrong12345', '10.1.1.1')).toBe(4010);
    }
    const checksBefore = observed.seen.checks;
    const slowed = await login(staff.email, staff.password, '10.1.1.1');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toMatchObject({
      code: 4018,
      msg: 'Too many failed sign-in attempts, please wait 1 s and try again',
    });
    expect(observed.seen.checks).toBe(checksBefore);
    // After the wait the right password gets in.
    expect(await codeOf(staff.email, staff.password, '10.1.1.1', 1)).toBe(0);
    expect(await reasonsOf(staff.email)).toEqual([
      'bad_password',
      'bad_password',
      'account_slowed',
      null,
    ]);
  });

  it('from several addresses blocks it everywhere, until an administrator unblocks it', async () => {
    const staff = await createStaff(t.db, t.clock);
    for (let i = 0; i < limits.accountMaxFailures; i += 1) {
      expect(await codeOf(staff.email, 'Wrong12345', `10.2.0.${i}`)).toBe(4010);
    }
    const lastFailureAt = t.clock.now().getTime();
    expect(await codeOf(staff.email, staff.password, '10.2.9.9')).toBe(4011);
    const blocks = await blocksOf(staff.email);
    expect(blocks).toEqual([{ address: null, until: expect.any(String) }]);
    // Blocked until the first of the failures that reached the limit is a window old.
    const firstFailureAt = lastFailureAt - (limits.accountMaxFailures - 1) * 10_000;
    expect(Date.parse(blocks![0]!.until)).toBe(firstFailureAt + limits.windowMinutes * 60_000);

    const unblocked = await callEndpoint(t.app, userApi.unblockSignIn, { id: staff.id }, admin);
    expect(unblocked.json()).toMatchObject({ code: 0, ret: null });
    expect(await blocksOf(staff.email)).toEqual([]);
    expect(await codeOf(staff.email, staff.password, '10.2.9.9', 1)).toBe(0);

    // The unblock is in the operation log with the block it lifted.
    const log = (
      await callEndpoint(
        t.app,
        auditApi.operationLog,
        { filters: { action: 'user.unblock_sign_in', targetId: String(staff.id) } },
        admin,
      )
    ).json().ret;
    expect(log.list).toHaveLength(1);
    const detail = (
      await callEndpoint(t.app, auditApi.operationLogDetail, { id: log.list[0]!.id }, admin)
    ).json().ret;
    expect(detail).toMatchObject({
      actorEmail: 'admin@example.com',
      targetType: 'staff_user',
      before: { email: staff.email, signInBlocks: [{ address: null }] },
      after: { email: staff.email, signInBlocks: [] },
    });
  });

  it('an unblock clears failures that had not reached a block yet', async () => {
    const staff = await createStaff(t.db, t.clock);
    for (let i = 0; i < limits.pairMaxFailures - 1; i += 1) {
      await codeOf(staff.email, 'Wrong12345', '10.2.1.1');
    }
    expect(
      (await callEndpoint(t.app, userApi.unblockSignIn, { id: staff.id }, admin)).json().code,
    ).toBe(0);
    // A full set of free failures again, without a wait.
    for (let i = 0; i < limits.freeFailures; i += 1) {
      expect(await codeOf(staff.email, 'Wrong12345', '10.2.1.1', 0.001)).toBe(4010);
    }
  });
});

describe('spraying from one address', () => {
  it('does not stop a correct sign-in of an untouched account from that address', async () => {
    const sprayer = '10.3.0.1';
    const untouched = await createStaff(t.db, t.clock);
    const touched = await createStaff(t.db, t.clock);
    const sprayed = [
      touched.email,
      ...Array.from({ length: 20 }, (_, i) => `nobody-${i}@example.com`),
    ];
    for (const email of sprayed) expect(await codeOf(email, 'Spring2025', sprayer, 1)).toBe(4010);

    // The address is past its limit: e-mails that already failed from it must now wait…
    const again = await login(touched.email, touched.password, sprayer);
    expect(again.json()).toMatchObject({ code: 4018, msg: expect.stringMatching(/wait \d+ s /) });
    expect(await codeOf('nobody-0@example.com', 'Summer2025', sprayer, 0)).toBe(4018);
    // …while an account that has not failed is checked as usual, right or wrong.
    expect(await codeOf(untouched.email, untouched.password, sprayer, 0)).toBe(0);
    const other = await createStaff(t.db, t.clock);
    expect(await codeOf(other.email, 'Winter2025', sprayer, 0)).toBe(4010);
    // Having failed from there, it waits too.
    expect(await codeOf(other.email, other.password, sprayer, 0)).toBe(4018);

    // After the wait the sprayed account is checked again (and may sign in).
    expect(await codeOf(touched.email, touched.password, sprayer, limits.addressDelaySeconds)).toBe(
      0,
    );
    expect(await reasonsOf('nobody-0@example.com')).toEqual(['unknown_email', 'address_slowed']);
  });
});

describe('e-mails with no account', () => {
  it('are answered exactly as an account would be, and never count against a real account', async () => {
    const staff = await createStaff(t.db, t.clock);
    const unknown = 'joins-later@example.com';
    // The same attempts at the same moments, on the account and on the unknown e-mail.
    const codes: number[] = [];
    for (const address of ['1', '1', '1', '1', '2', '2', '3', '3']) {
      t.clock.advance(10_000);
      const known = await login(staff.email, 'Wrong12345', `10.4.0.${address}`);
      const other = await login(unknown, 'Wrong12345', `10.4.1.${address}`);
      expect([other.statusCode, other.json()]).toEqual([known.statusCode, known.json()]);
      codes.push(known.json().code as number);
    }
    // Free failures, the pair's block, more failures elsewhere, then the account's block.
    expect(codes).toEqual([4010, 4010, 4010, 4011, 4010, 4010, 4011, 4011]);

    // The e-mail becomes an account: it signs in at once, from the same addresses.
    const created = await callEndpoint(
      t.app,
      userApi.createUser,
      { email: unknown, name: 'Joins Later', roleIds: [], password: 'Welcome123' },
      admin,
    );
    expect(created.json().code).toBe(0);
    expect(await codeOf(unknown, 'Welcome123', '10.4.1.1')).toBe(0);
    expect(await blocksOf(unknown)).toEqual([]);
  });
});

describe('a login flood', () => {
  it('checks one password at a time, refuses the excess unchecked, and holds up no other call', async () => {
    const staff = await createStaff(t.db, t.clock);
    const { seen } = observed;
    const before = { ...seen };
    observed.hold();
    const flood = Promise.all([
      ...Array.from({ length: 40 }, () => login(staff.email, 'Wrong12345', '10.5.0.1')),
      ...Array.from({ length: 40 }, (_, i) =>
        login(`flood-${i}@example.com`, 'Wrong12345', '10.5.0.2'),
      ),
    ]);
    await expect.poll(() => seen.started > before.started).toBe(true);

    // While a password check is stuck, other calls answer.
    const info = await t.app.inject({
      method: 'GET',
      url: '/admin-api/user/user_info',
      headers: { 'x-token': admin },
    });
    expect(info.json()).toMatchObject({ code: 0, ret: { email: 'admin@example.com' } });
    expect(seen.started - before.started).toBe(1);

    observed.release();
    const codes = (await flood).map((response) => response.json().code as number);
    expect(seen.mostAtOnce).toBe(1);
    // The account under attack: its free failures are checked, the rest refused unchecked.
    expect(codes.slice(0, 40).filter((code) => code === 4010)).toHaveLength(limits.freeFailures);
    expect(codes.slice(0, 40).filter((code) => code === 4018)).toHaveLength(
      40 - limits.freeFailures,
    );
    // Distinct unknown e-mails each get their one check, one after another.
    expect(codes.slice(40).every((code) => code === 4010)).toBe(true);
    expect(seen.checks - before.checks).toBe(limits.freeFailures + 40);
  });
});

describe('the refusals', () => {
  it('are answered in Chinese', async () => {
    for (let i = 0; i < limits.pairMaxFailures; i += 1) {
      await codeOf('zh@example.com', 'Wrong12345', '10.6.0.1');
    }
    const response = await login('zh@example.com', 'Wrong12345', '10.6.0.1', 'ZH');
    expect(response.json().code).toBe(4011);
    expect(response.json().msg).toMatch(/^登录失败次数过多/);
  });

  it('are listed in the login log with their reasons', async () => {
    const staff = await createStaff(t.db, t.clock);
    for (let i = 0; i < limits.pairMaxFailures; i += 1) {
      await codeOf(staff.email, 'Wrong12345', '10.7.0.1');
    }
    await codeOf(staff.email, staff.password, '10.7.0.1');
    const log = (
      await callEndpoint(t.app, auditApi.loginLog, { filters: { email: staff.email } }, admin)
    ).json().ret;
    expect(log.list[0]).toMatchObject({
      email: staff.email,
      userId: staff.id,
      success: false,
      failureReason: 'blocked_for_address',
      ip: '10.7.0.1',
    });
  });
});

describe('POST /user/unblock_sign_in', () => {
  it('refuses a bad body (400), a caller without the grant (403) and an unknown account (404)', async () => {
    const staff = await createStaff(t.db, t.clock);
    for (const body of [{}, { id: 'one' }, { id: 0 }, { id: staff.id, extra: true }]) {
      const response = await callEndpoint(t.app, userApi.unblockSignIn, badBody(body), admin);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 4000 });
    }
    const clerk = await createStaff(t.db, t.clock, { interfaces: ['user.get_users'] });
    const clerkToken = await loginAs(t.app, clerk);
    const refused = await callEndpoint(t.app, userApi.unblockSignIn, { id: staff.id }, clerkToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(4003);
    expect(
      (await callEndpoint(t.app, userApi.unblockSignIn, { id: 99_999_999 }, admin)).json().code,
    ).toBe(4004);
  });

  it('lets a holder of the grant unblock only accounts within its own grants', async () => {
    const manager = await createStaff(t.db, t.clock, { interfaces: ['user.unblock_sign_in'] });
    const managerToken = await loginAs(t.app, manager);
    const peer = await createStaff(t.db, t.clock);
    expect(
      (await callEndpoint(t.app, userApi.unblockSignIn, { id: peer.id }, managerToken)).json().code,
    ).toBe(0);
    const adminId = (
      await callEndpoint(t.app, userApi.getUsers, { filters: { email: 'admin@' } }, admin)
    ).json().ret.list[0]!.id as number;
    const beyond = await callEndpoint(t.app, userApi.unblockSignIn, { id: adminId }, managerToken);
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json().code).toBe(4032);
  });
});

describe('the settings', () => {
  it('default to the README figures', () => {
    expect(loadConfig({}, []).loginThrottle).toEqual({
      windowMinutes: 15,
      freeFailures: 3,
      pairMaxFailures: 5,
      accountMaxFailures: 10,
      addressSlowAfter: 100,
      addressDelaySeconds: 30,
    });
  });
});
