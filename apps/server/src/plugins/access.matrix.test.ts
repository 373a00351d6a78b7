import { ADMIN_API_BASE, adminEndpoints, type EndpointDefinition } from '@lending/contract';
import { count, eq, sql } from 'drizzle-orm';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../modules/audit/index.js';
import { roles } from '../modules/user/roles.table.js';
import { buildTestApp, type TestApp } from '../testing/build-test-app.js';
import { createStaff, loginAs } from '../testing/factories.js';
import { isAudited } from './access.js';

/**
 * The route × role matrix over EVERY endpoint of the contract (endpoints added later join it
 * by themselves): a role lacking the interface gets 403 and changes nothing, the same role
 * with the interface passes the gate, no session gets 4005. One account is used and its role's
 * grants are rewritten between calls: grants are read at every call, so this also shows a
 * role change taking effect at the caller's next call.
 */
let t: TestApp;
let token: string;
let roleId: number;

const granted = adminEndpoints.filter((endpoint) => endpoint.access === 'granted');
const withSession = adminEndpoints.filter((endpoint) => endpoint.access !== 'public');

beforeAll(async () => {
  t = await buildTestApp();
  const staff = await createStaff(t.db, t.clock, { menus: ['Dashboard'] });
  roleId = staff.roleId;
  token = await loginAs(t.app, staff);
});
afterAll(() => t.close());

function call(endpoint: EndpointDefinition, bearer?: string) {
  return t.app.inject({
    method: endpoint.method as HTTPMethods,
    url: `${ADMIN_API_BASE}${endpoint.path}`,
    ...(endpoint.method === 'POST' ? { payload: {} } : {}),
    headers: bearer ? { 'x-token': bearer } : {},
  });
}

async function grantOnly(interfaces: string[]): Promise<void> {
  await t.db.update(roles).set({ interfaces }).where(eq(roles.id, roleId));
}

/** A digest of every table's rows, sessions excepted (a verified call touches its session). */
async function digestOfData(): Promise<string> {
  // Every table the migrations made, read from the catalogue: a new table is in without a list.
  const tables = await t.db.execute<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = current_schema() order by 1`,
  );
  const names = ((tables as unknown as { rows?: { name: string }[] }).rows ?? tables) as {
    name: string;
  }[];
  const parts: string[] = [];
  for (const { name } of names) {
    if (name === 'staff_sessions') continue;
    const result = await t.db.execute<{ digest: string | null }>(
      sql`select md5(coalesce(string_agg(r::text, ',' order by r::text), '')) as digest from ${sql.identifier(name)} r`,
    );
    const rows = (result as unknown as { rows?: { digest: string | null }[] }).rows ?? result;
    parts.push(`${name}:${(rows as { digest: string | null }[])[0]?.digest ?? ''}`);
  }
  return parts.join('\n');
}

async function auditCount(interfaceId?: string): Promise<number> {
  const [row] = await t.db
    .select({ total: count() })
    .from(auditEvents)
    .where(interfaceId ? eq(auditEvents.interfaceId, interfaceId) : undefined);
  return row?.total ?? 0;
}

describe('route × role matrix', () => {
  it('covers every endpoint of the contract', () => {
    expect(granted.length).toBeGreaterThan(20);
    for (const endpoint of adminEndpoints) {
      expect(t.app.registeredEndpointIds.has(endpoint.id), endpoint.id).toBe(true);
    }
  });

  it.each(withSession.map((endpoint) => [endpoint.id, endpoint] as const))(
    '%s: no session → 4005, nothing written',
    async (_id, endpoint) => {
      const before = await auditCount();
      const response = await call(endpoint);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe(4005);
      expect(await auditCount()).toBe(before);
    },
  );

  it.each(granted.map((endpoint) => [endpoint.id, endpoint] as const))(
    '%s: not granted → 403 and nothing changed; granted → past the gate',
    async (id, endpoint) => {
      await grantOnly(granted.map((e) => e.id).filter((other) => other !== id));
      const before = await digestOfData();
      const refused = await call(endpoint, token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 4003,
        msg: 'You do not have permission for this operation',
      });
      expect(await digestOfData()).toBe(before);

      await grantOnly([id]);
      const audited = await auditCount(id);
      const allowed = await call(endpoint, token);
      expect(allowed.statusCode).not.toBe(403);
      expect(allowed.json().code).not.toBe(4003);
      expect(allowed.json().code).not.toBe(4005);
      // A successful audited call has its row; a failed one (here mostly 4000) has none.
      const expected = isAudited(endpoint) && allowed.json().code === 0 ? audited + 1 : audited;
      expect(await auditCount(id)).toBe(expected);
    },
  );

  it('answers in Chinese when the language is zh', async () => {
    await grantOnly([]);
    const endpoint = granted.find((e) => e.id === 'user.get_users');
    if (!endpoint) throw new Error('user.get_users is missing');
    const response = await t.app.inject({
      method: 'POST',
      url: `${ADMIN_API_BASE}${endpoint.path}`,
      payload: {},
      headers: { 'x-token': token, language: 'ZH' },
    });
    expect(response.json()).toMatchObject({ code: 4003, msg: '您没有此操作的权限' });
  });
});
