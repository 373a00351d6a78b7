import { ADMIN_API_BASE, adminEndpoints } from '@lending/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../shared/testing/build-test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /admin-api/docs', () => {
  it('is an OpenAPI 3.1 document listing every endpoint with request and response schemas', async () => {
    for (const url of ['/admin-api/docs', '/admin-api/docs/openapi.json']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      const document = response.json();
      expect(document.openapi).toBe('3.1.0');
      for (const endpoint of adminEndpoints) {
        const operation =
          document.paths[`${ADMIN_API_BASE}${endpoint.path}`]?.[endpoint.method.toLowerCase()];
        expect(operation, endpoint.id).toBeDefined();
        expect(operation.operationId).toBe(endpoint.id);
        expect(
          operation.responses['200'].content['application/json'].schema.properties.ret,
        ).toBeDefined();
        if (endpoint.body) {
          expect(
            operation.requestBody.content['application/json'].schema,
            endpoint.id,
          ).toBeDefined();
        }
        if (endpoint.access !== 'public') expect(operation.security).toEqual([{ token: [] }]);
        if (endpoint.access === 'granted') expect(operation.responses['403']).toBeDefined();
      }
    }
  });

  it('describes the login body strictly', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/admin-api/docs' })).json();
    const schema =
      document.paths['/admin-api/user/login'].post.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect(schema.additionalProperties).toBe(false);
    const userInfo = document.paths['/admin-api/user/user_info'].get;
    expect(userInfo.parameters.some((p: { name: string }) => p.name === 'token')).toBe(true);
  });
});
