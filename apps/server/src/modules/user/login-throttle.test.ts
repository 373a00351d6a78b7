import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../shared/testing/build-test-app.js';
import { createStaff } from '../../shared/testing/factories.js';
import { attemptsForEmail } from './login-attempts.repository.js';

const MAX = 3;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { loginMaxFailures: MAX, loginWindowMinutes: 15 } });
});
afterAll(() => t.close());

function login(email: string, password: string, remoteAddress = '10.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/admin-api/user/login',
    payload: { email, password },
    remoteAddress,
  });
}

describe('sign-in throttling', () => {
  it('refuses the account with 4011 after N failures, even with the right password, and records it', async () => {
    const staff = await createStaff(t.db, t.clock);
    for (let i = 0; i < MAX; i += 1) {
      // Failures from different addresses still count against the account.
      expect((await login(staff.email, 'Wrong12345', `10.1.0.${i}`)).json().code).toBe(4010);
    }
    const blocked = await login(staff.email, staff.password, '10.1.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 4011 });
    expect(blocked.json().msg).toMatch(/try again in \d+ minutes/);
    const attempts = await attemptsForEmail(t.db, staff.email);
    expect(attempts).toHaveLength(MAX + 1);
    expect(attempts[0]).toMatchObject({
      success: false,
      failureReason: 'throttled',
      ip: '10.1.1.1',
    });
    expect(attempts.filter((row) => row.failureReason === 'bad_password')).toHaveLength(MAX);

    // The block lifts when the window has passed.
    t.clock.advanceMinutes(16);
    const after = await login(staff.email, staff.password, '10.1.1.1');
    expect(after.json().code).toBe(0);
  });

  it('refuses an address with 4011 after N failures on any e-mails', async () => {
    const staff = await createStaff(t.db, t.clock);
    for (let i = 0; i < MAX; i += 1) {
      await login(`nobody-${i}@example.com`, 'Wrong12345', '10.2.0.9');
    }
    const blocked = await login(staff.email, staff.password, '10.2.0.9');
    expect(blocked.json().code).toBe(4011);
    // The account itself is not blocked from another address.
    expect((await login(staff.email, staff.password, '10.2.0.10')).json().code).toBe(0);
  });

  it('answers in Chinese', async () => {
    for (let i = 0; i < MAX; i += 1) await login('zh@example.com', 'Wrong12345', '10.3.0.1');
    const response = await t.app.inject({
      method: 'POST',
      url: '/admin-api/user/login',
      payload: { email: 'zh@example.com', password: 'Wrong12345' },
      remoteAddress: '10.3.0.2',
      headers: { language: 'ZH' },
    });
    expect(response.json().code).toBe(4011);
    expect(response.json().msg).toMatch(/^登录失败次数过多/);
  });

  it('stays refused under a flood of the right password', async () => {
    const staff = await createStaff(t.db, t.clock);
    for (let i = 0; i < MAX; i += 1) await login(staff.email, 'Wrong12345', '10.4.0.1');
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => login(staff.email, staff.password, '10.4.0.2')),
    );
    expect(responses.every((response) => response.json().code === 4011)).toBe(true);
  });
});
