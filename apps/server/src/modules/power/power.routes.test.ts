import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../shared/testing/build-test-app.js';
import { get, loginAs, post } from '../../shared/testing/factories.js';

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
      const response = await post(t.app, '/power/set_language', { language }, token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ code: 0, ret: { language } });
      expect((await get(t.app, '/user/user_info', token)).json().ret.language).toBe(language);
    }
  });

  it('refuses other languages naming the field, and needs a session', async () => {
    const token = await loginAs(t.app);
    const response = await post(t.app, '/power/set_language', { language: 'fr' }, token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 4000, errors: [{ field: 'language' }] });
    const upper = await post(t.app, '/power/set_language', { language: 'ZH' }, token);
    expect(upper.json().code).toBe(4000);
    const anonymous = await post(t.app, '/power/set_language', { language: 'zh' });
    expect(anonymous.json().code).toBe(4005);
  });
});
