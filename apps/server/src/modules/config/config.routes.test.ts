import { consoleConfigSchema } from '@lending/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { productTitle: 'Test Lending' } });
});
afterAll(() => t.close());

describe('POST /config/index', () => {
  it('is public and answers the console configuration', async () => {
    for (const payload of [undefined, {}]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/admin-api/config/index',
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.code).toBe(0);
      expect(consoleConfigSchema.parse(body.ret)).toEqual({
        productTitle: 'Test Lending',
        languages: ['en', 'zh', 'bur'],
        defaultLanguage: 'en',
        timeZone: 'Asia/Kolkata',
        currency: 'INR',
        uploadLimitBytes: 10 * 1024 * 1024,
        uploadExtensions: ['.xlsx'],
      });
    }
  });

  it('refuses unknown fields', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/admin-api/config/index',
      payload: { secret: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 4000, errors: [{ field: 'secret' }] });
  });
});
