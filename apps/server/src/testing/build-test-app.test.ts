import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.js';

describe('buildTestApp', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers the public configuration', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/admin-api/config/index' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 0, ret: { currency: 'INR' } });
  });
});
