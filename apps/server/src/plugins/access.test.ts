import { ADMIN_API_BASE, adminEndpoints, grantableInterfaceIds } from '@lending/contract';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.js';
import { createStaff, loginAs } from '../testing/factories.js';

let t: TestApp;
let noGrantToken: string;
let allGrantsToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  // Every menu of the tree but no interface: menus never grant calls.
  const noGrant = await createStaff(t.db, t.clock, {
    menus: ['Dashboard', 'Power', 'role', 'account'],
  });
  noGrantToken = await loginAs(t.app, noGrant);
  const allGrants = await createStaff(t.db, t.clock, { interfaces: [...grantableInterfaceIds] });
  allGrantsToken = await loginAs(t.app, allGrants);
});
afterAll(() => t.close());

function call(endpoint: (typeof adminEndpoints)[number], token?: string) {
  return t.app.inject({
    method: endpoint.method as HTTPMethods,
    url: `${ADMIN_API_BASE}${endpoint.path}`,
    ...(endpoint.method === 'POST' ? { payload: {} } : {}),
    headers: token ? { 'x-token': token } : {},
  });
}

describe('the access layer over every contract endpoint', () => {
  it('registers every endpoint of adminEndpoints, and only through the access layer', () => {
    for (const endpoint of adminEndpoints) {
      expect(
        t.app.hasRoute({ method: endpoint.method, url: `${ADMIN_API_BASE}${endpoint.path}` }),
        endpoint.id,
      ).toBe(true);
      expect(t.app.registeredEndpointIds.has(endpoint.id), endpoint.id).toBe(true);
    }
    expect(t.app.registeredEndpointIds.size).toBe(adminEndpoints.length);
  });

  it.each(adminEndpoints.filter((endpoint) => endpoint.access !== 'public').map((e) => [e.id, e]))(
    '%s answers 4005 without a session',
    async (_id, endpoint) => {
      const response = await call(endpoint);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe(4005);
      const expired = await call(endpoint, 'x'.repeat(43));
      expect(expired.json().code).toBe(4005);
    },
  );

  it.each(adminEndpoints.filter((endpoint) => endpoint.access === 'granted').map((e) => [e.id, e]))(
    '%s answers 4003 to a session without the grant, and passes the gate with it',
    async (_id, endpoint) => {
      const refused = await call(endpoint, noGrantToken);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 4003,
        msg: 'You do not have permission for this operation',
      });
      const granted = await call(endpoint, allGrantsToken);
      expect([0, 4000]).toContain(granted.json().code);
    },
  );

  it.each(adminEndpoints.filter((endpoint) => endpoint.access === 'public').map((e) => [e.id, e]))(
    '%s needs no session',
    async (_id, endpoint) => {
      const response = await call(endpoint);
      expect(response.json().code).not.toBe(4005);
      expect(response.json().code).not.toBe(4003);
    },
  );

  it('every granted endpoint is a grantable interface id', () => {
    const granted = adminEndpoints.filter((e) => e.access === 'granted').map((e) => e.id);
    expect([...grantableInterfaceIds].sort()).toEqual(granted.sort());
  });
});
