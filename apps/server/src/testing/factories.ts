import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { insertRole } from '../modules/user/roles.repository.js';
import { insertStaffUser, replaceUserRoles } from '../modules/user/staff-users.repository.js';
import type { Database } from '../plugins/db.js';
import type { Clock } from '../shared/clock.js';
import { testHasher } from './build-test-app.js';

export const ADMIN_LOGIN = { email: 'admin@example.com', password: 'Admin12345' };

/** Signs in through the API; returns the token. */
export async function loginAs(
  app: FastifyInstance,
  credentials: { email: string; password: string } = ADMIN_LOGIN,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/admin-api/user/login',
    payload: { email: credentials.email, password: credentials.password },
  });
  const body = response.json() as { code: number; ret?: { token: string }; msg: string };
  if (body.code !== 0 || !body.ret) {
    throw new Error(`login of ${credentials.email} failed: ${body.code} ${body.msg}`);
  }
  return body.ret.token;
}

export { badBody, callEndpoint } from './call-endpoint.js';

/**
 * A POST with a JSON body (and a token when given), by URL string and with an untyped reply.
 * Prefer `callEndpoint` for a contract endpoint (typed input and `ret`); `post` stays for what
 * is not one (webhooks, raw paths) and for tests not yet converted.
 */
export function post(
  app: FastifyInstance,
  url: string,
  payload?: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/admin-api${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { ...(token ? { 'x-token': token } : {}), ...headers },
  });
}

export function get(
  app: FastifyInstance,
  url: string,
  token?: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url: `/admin-api${url}`,
    headers: { ...(token ? { 'x-token': token } : {}), ...headers },
  });
}

export interface StaffFactoryOptions {
  menus?: string[];
  interfaces?: string[];
  roleName?: string;
  name?: string;
  email?: string;
  password?: string;
  status?: 'enabled' | 'disabled';
}

export interface CreatedStaff {
  id: number;
  roleId: number;
  email: string;
  password: string;
}

/** A staff member holding one fresh role with the given menus and interfaces. */
export async function createStaff(
  db: Database,
  clock: Clock,
  options: StaffFactoryOptions = {},
): Promise<CreatedStaff> {
  const suffix = randomBytes(4).toString('hex');
  const email = options.email ?? `staff-${suffix}@example.com`;
  const password = options.password ?? `Staff${suffix}99`;
  const role = await insertRole(db, {
    name: options.roleName ?? `role-${suffix}`,
    menus: options.menus ?? [],
    interfaces: options.interfaces ?? [],
  });
  const user = await insertStaffUser(db, {
    email,
    name: options.name ?? `Staff ${suffix}`,
    passwordHash: await testHasher.hash(password),
    status: options.status ?? 'enabled',
    at: clock.now(),
  });
  await replaceUserRoles(db, user.id, [role.id]);
  return { id: user.id, roleId: role.id, email, password };
}
