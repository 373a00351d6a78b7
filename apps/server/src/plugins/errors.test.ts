import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors.js';
import { buildTestApp, type TestApp } from '../testing/build-test-app.js';
import { loginAs } from '../testing/factories.js';
import { isCountedPath } from '../app.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  token = await loginAs(t.app);
});
afterAll(() => t.close());

function raw(
  url: string,
  body: string | Buffer | undefined,
  headers: Record<string, string> = { 'content-type': 'application/json' },
  method: 'POST' | 'GET' | 'PUT' | 'DELETE' = 'POST',
) {
  return t.app.inject({
    method,
    url: `/admin-api${url}`,
    ...(body === undefined ? {} : { payload: body }),
    headers: { 'x-token': token, ...headers },
  });
}

function expectClean(body: string) {
  expect(body).not.toMatch(/at \S+ \(|node_modules|\.ts:\d+|SELECT |INSERT |syntax error at/i);
}

describe('bad input never gets a 500', () => {
  it('malformed JSON → 4001/400', async () => {
    for (const body of ['{"email":', '{email: 1}', 'nul', '[1,2', '{"a":1}}']) {
      const response = await raw('/user/login', body);
      expect(response.statusCode, body).toBe(400);
      expect(response.json(), body).toMatchObject({
        code: 4001,
        msg: 'The request body is not valid JSON',
      });
      expectClean(response.body);
    }
  });

  it('prototype pollution attempts are refused', async () => {
    const response = await raw(
      '/user/login',
      '{"email":"admin@example.com","password":"x","__proto__":{"admin":true}}',
    );
    expect(response.statusCode).toBe(400);
    expect([4000, 4001]).toContain(response.json().code);
  });

  it('wrong content type → 4002/415', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
    ]) {
      const response = await raw('/user/login', 'email=admin@example.com', {
        'content-type': type,
      });
      expect(response.statusCode, type).toBe(415);
      expect(response.json(), type).toMatchObject({ code: 4002 });
    }
  });

  it('an empty body of another type is no body (a bodiless call still works)', async () => {
    const other = await raw('/user/logout', undefined, {
      'x-token': await loginAs(t.app),
      'content-type': 'text/plain',
    });
    expect(other.json().code).toBe(0);
    const missing = await raw('/user/login', 'email=x', { 'content-type': '' });
    expect(missing.statusCode).toBe(415);
  });

  it('JSON with a charset is fine', async () => {
    const response = await raw(
      '/user/login',
      JSON.stringify({ email: 'admin@example.com', password: 'Admin12345' }),
      { 'content-type': 'application/json; charset=utf-8' },
    );
    expect(response.json().code).toBe(0);
  });

  it('unknown fields → 4000/400 naming the field', async () => {
    const response = await raw(
      '/user/login',
      JSON.stringify({ email: 'admin@example.com', password: 'Admin12345', role: 'admin' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 4000,
      msg: 'Invalid value for role: unknown field',
      errors: [{ field: 'role', message: 'unknown field' }],
    });
  });

  it('wrong types and missing fields → 4000 naming the first field', async () => {
    const cases: [unknown, string][] = [
      [{ email: 42, password: 'x' }, 'email'],
      [{ email: 'admin@example.com', password: ['x'] }, 'password'],
      [{ email: 'admin@example.com' }, 'password'],
      [{}, 'email'],
      [[], 'body'],
      ['just a string', 'body'],
      [null, 'body'],
      [7, 'body'],
    ];
    for (const [payload, field] of cases) {
      const response = await raw('/user/login', JSON.stringify(payload));
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code, JSON.stringify(payload)).toBe(4000);
      expect(response.json().errors[0].field, JSON.stringify(payload)).toBe(field);
      expect(response.json().msg).toContain(field);
    }
  });

  it('text the database cannot hold → 4000 naming the field, on every API, nothing written', async () => {
    const cases: [string, unknown, string, RegExp][] = [
      ['/power/save_role', { name: 'nul\u0000role' }, 'name', /NUL/],
      ['/power/save_role', { name: 'x\ud800y' }, 'name', /unpaired surrogate/],
      ['/power/save_role', { name: 'x\udc00' }, 'name', /unpaired surrogate/],
      ['/user/get_users', { filters: { name: 'a\u0000' } }, 'filters.name', /NUL/],
      [
        '/user/edit_user',
        { id: 1, roleIds: [1], name: 'ok', avatar: '\ud83d' },
        'avatar',
        /Unicode/,
      ],
      ['/log/login_log', { page: 1, filters: { 'e\u0000': 'x' } }, 'filters.key', /NUL/],
    ];
    for (const [url, payload, field, detail] of cases) {
      // JSON.stringify keeps a lone surrogate as an escape, as a caller's JSON would carry it.
      const response = await raw(url, JSON.stringify(payload));
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ code: 4000, errors: [{ field }] });
      expect(response.json().errors[0].message, url).toMatch(detail);
    }
    const roles = await raw('/power/roles', JSON.stringify({ page: 1, pageSize: 100 }));
    expect(roles.json().ret.total).toBeGreaterThan(0);
    expect(JSON.stringify(roles.json().ret.list)).not.toMatch(/nul|x.y/);

    // A well-formed pair (an emoji) is text like any other.
    const emoji = await raw('/user/get_users', JSON.stringify({ filters: { name: '🙂' } }));
    expect(emoji.statusCode).toBe(200);

    // The borrower API refuses the same, before any session check.
    const app = await t.app.inject({
      method: 'POST',
      url: '/app-api/auth/send_otp',
      payload: '{"phone":"98765\\u000043210"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(app.statusCode).toBe(400);
    expect(app.json()).toMatchObject({ code: 4000, errors: [{ field: 'phone' }] });
  });

  it('ids beyond what an id column holds → 4000 naming the field', async () => {
    for (const [url, payload, field] of [
      ['/power/role_detail', { id: 2_147_483_648 }, 'id'],
      ['/user/delete_user', { id: 9_007_199_254_740_991 }, 'id'],
      ['/user/edit_user', { id: 1, roleIds: [2_147_483_648] }, 'roleIds.0'],
      ['/order/detail', { orderId: 2_147_483_648 }, 'orderId'],
      ['/log/operation_log_detail', { id: 2_147_483_648 }, 'id'],
    ] as const) {
      const response = await raw(url, JSON.stringify(payload));
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ code: 4000, errors: [{ field }] });
    }
  });

  it('a missing body → 4000 naming the body', async () => {
    const response = await raw('/user/login', undefined, {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 4000, errors: [{ field: 'body' }] });
  });

  it('a body over 1 MiB → 4130/413', async () => {
    const huge = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) });
    const response = await raw('/user/login', huge);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 4130, msg: 'The request body is too large' });
  });

  it('a long string under the limit → 4000, not a crash', async () => {
    const response = await raw(
      '/user/login',
      JSON.stringify({ email: `${'a'.repeat(5000)}@example.com`, password: 'x'.repeat(500) }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(4000);
  });

  it('deeply nested JSON → 4000, not a crash', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const response = await raw('/user/get_users', deep);
    expect(response.statusCode).toBe(400);
    expect([4000, 4001]).toContain(response.json().code);
  });

  it('translates validation messages by LANGUAGE', async () => {
    const response = await raw('/user/login', JSON.stringify({ email: 'x' }), {
      'content-type': 'application/json',
      language: 'ZH',
    });
    expect(response.json().msg).toMatch(/^email 的值无效/);
    const burmese = await raw(
      '/user/login',
      JSON.stringify({ email: 'admin@example.com', password: 'bad' }),
      {
        'content-type': 'application/json',
        language: 'BUR',
      },
    );
    expect(burmese.json().msg).toBe('အီးမေးလ် သို့မဟုတ် စကားဝှက် မှားနေပါသည်');
    const unknown = await raw('/user/login', JSON.stringify({ email: 'x' }), {
      'content-type': 'application/json',
      language: 'FR',
    });
    expect(unknown.json().msg).toMatch(/^Invalid value for email/);
  });
});

describe('validation messages say what is wrong', () => {
  const list = (body: string, language = 'EN') =>
    raw('/log/login_log', body, { 'content-type': 'application/json', language });

  it('names the field and the rule it broke', async () => {
    for (const [body, field, message] of [
      ['{"page":"1"}', 'page', 'must be a whole number'],
      ['{"page":1.5}', 'page', 'must be a whole number'],
      ['{"page":null}', 'page', 'must be a whole number'],
      ['{"page":1e400}', 'page', 'must be a whole number'],
      ['{"page":0}', 'page', 'must be at least 1'],
      ['{"pageSize":500}', 'pageSize', 'must be at most 100'],
      ['{"sort":{"field":"at","order":"up"}}', 'sort.order', 'must be one of asc, desc'],
      ['{"filters":{"result":"maybe"}}', 'filters.result', 'must be one of success, failure'],
      ['{"filters":{"email":7}}', 'filters.email', 'must be text'],
      ['{"filters":[]}', 'filters', 'must be an object'],
      ['{"sort":{"order":"asc"}}', 'sort.field', 'required'],
    ] as const) {
      const response = await list(body);
      expect(response.statusCode, body).toBe(400);
      expect(response.json(), body).toMatchObject({
        code: 4000,
        msg: `Invalid value for ${field}: ${message}`,
        errors: [{ field, message }],
      });
    }
  });

  it("in the caller's language", async () => {
    const response = await list('{"page":"1","pageSize":500}', 'ZH');
    expect(response.json()).toMatchObject({
      msg: 'page 的值无效：必须是整数',
      errors: [
        { field: 'page', message: '必须是整数' },
        { field: 'pageSize', message: '不能大于 100' },
      ],
    });
  });
});

describe('unexpected failures', () => {
  it('answer 5000 with a generic message and no internals, and are logged', async () => {
    const logged: unknown[] = [];
    const app = Fastify({ logger: false });
    registerErrorHandling(app, { hasConsole: () => false });
    app.addHook('onRequest', async (request) => {
      request.log.error = ((obj: unknown) => logged.push(obj)) as typeof request.log.error;
    });
    app.get('/boom', async () => {
      throw new Error('duplicate key value violates unique constraint; SELECT * FROM staff_users');
    });
    const response = await app.inject({ method: 'GET', url: '/boom', headers: { language: 'ZH' } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 5000, msg: '内部错误，请稍后再试' });
    expectClean(response.body);
    expect(logged).toHaveLength(1);
    await app.close();
  });
});

describe('unknown routes and methods', () => {
  it('answers 4004/404 under /admin-api', async () => {
    for (const [method, url] of [
      ['GET', '/nothing/here'],
      ['POST', '/user/nothing'],
      ['GET', '/user/login'],
      ['PUT', '/user/login'],
      ['DELETE', '/user/edit_user'],
    ] as const) {
      const response = await t.app.inject({ method, url: `/admin-api${url}` });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json(), `${method} ${url}`).toMatchObject({ code: 4004, msg: 'Not found' });
    }
  });

  it('answers a JSON 4004/404 under /app-api and /webhooks too, never the console page', async () => {
    for (const [method, url] of [
      ['GET', '/app-api/nothing/here'],
      ['GET', '/app-api'],
      ['POST', '/app-api/auth/nothing'],
      ['GET', '/webhooks/unknown'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json(), `${method} ${url}`).toMatchObject({ code: 4004 });
    }
  });

  it('refuses unknown query parameters on /app-api as on /admin-api', async () => {
    for (const url of ['/app-api/auth/send_otp?debug=1', '/admin-api/user/login?debug=1']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        payload: { phone: '9876543210' },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({
        code: 4000,
        errors: [{ field: 'query.debug', message: 'unknown parameter' }],
      });
    }
  });

  it('a malformed URL gets the same body shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/admin-api/%E0%A4%A' });
    expect(response.statusCode).toBeLessThan(500);
    expect(typeof response.json().code).toBe('number');
  });
});

describe('rate limiting', () => {
  it('answers 4290/429 over the limit', async () => {
    // A built console to serve: its files must stay reachable when the API is refused.
    const consoleDist = await mkdtemp(path.join(os.tmpdir(), 'console-dist-'));
    await mkdir(path.join(consoleDist, 'assets'));
    await writeFile(path.join(consoleDist, 'index.html'), '<!doctype html><title>console</title>');
    await writeFile(path.join(consoleDist, 'assets', 'index.js'), 'export {};');
    const limited = await buildTestApp({ config: { rateLimitPerMinute: 3, consoleDist } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/admin-api/config/index',
          headers: { language: 'ZH' },
        });
        codes.push(response.json().code);
        if (response.json().code === 4290) {
          expect(response.statusCode).toBe(429);
          expect(response.json().msg).toBe('请求过于频繁，请稍后再试');
        }
      }
      expect(codes).toEqual([0, 0, 0, 4290, 4290]);
      // The console's own files are never refused: a refused asset would break the page.
      const asset = await limited.app.inject({ method: 'GET', url: '/assets/index.js' });
      expect(asset.statusCode).toBe(200);
      const page = await limited.app.inject({ method: 'GET', url: '/repay/repayPlan' });
      expect(page.statusCode).toBe(200);
    } finally {
      await limited.close();
      await rm(consoleDist, { recursive: true, force: true });
    }
  });

  it('counts the APIs and the webhooks, not the console', () => {
    expect(isCountedPath('/admin-api/order/list')).toBe(true);
    expect(isCountedPath('/app-api/loans?x=1')).toBe(true);
    expect(isCountedPath('/webhooks/collections/razorpay')).toBe(true);
    expect(isCountedPath('/assets/index-abc.js')).toBe(false);
    expect(isCountedPath('/repay/repayPlan')).toBe(false);
    expect(isCountedPath('/admin-apiary')).toBe(false);
  });
});
