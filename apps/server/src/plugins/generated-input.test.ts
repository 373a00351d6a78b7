import {
  ADMIN_API_BASE,
  APP_API_BASE,
  MAX_ID,
  adminEndpoints,
  type EndpointDefinition,
  appApi,
} from '@lending/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.js';
import { loginAs } from '../testing/factories.js';
import { jsonSchemaOf, validSampleOf, type Json } from '../testing/schema-samples.js';

/**
 * Generated requests over every endpoint of both APIs, built from the contract's schemas
 * (issue #16): for each operation a valid body (the schema accepts it, so the call reaches its
 * handler: a test fails for an endpoint whose schema the sampler cannot satisfy), then that
 * body broken in the usual ways (a field missing, of the wrong type, at an extreme, holding
 * text the database cannot store, an unknown field, malformed JSON). Whatever is sent: no 500,
 * nothing internal in the answer, no success for a body the schema refuses, and every
 * validation error names its field. The valid bodies are also sent without a session: no
 * endpoint but a public one may answer them with success. Endpoints added later are picked up
 * from the contract by themselves.
 *
 * The default budget fits CI; GENERATED_INPUT_ROUNDS=n adds n seeded rounds of random
 * breakage per endpoint (GENERATED_INPUT_SEED picks the seed).
 */

const ROUNDS = Number(process.env.GENERATED_INPUT_ROUNDS ?? 2);
const SEED = Number(process.env.GENERATED_INPUT_SEED ?? 20261123);

/** Calls that end the caller's session are left out: the run would sign itself out. */
const SKIPPED = new Set(['user.logout', 'app.auth.logout']);

const LEAK =
  /at \S+ \(|node_modules|\.ts:\d+|SELECT |INSERT |UPDATE |syntax error at|violates|pg_|Error:/;

/** The JSON types a schema admits; empty when it admits anything. */
function typesOf(schema: Json): Set<string> {
  const types = new Set<string>();
  const visit = (s: Json) => {
    if (Array.isArray(s.type)) s.type.forEach((t) => types.add(String(t)));
    else if (typeof s.type === 'string') types.add(s.type);
    else if ('const' in s) types.add(s.const === null ? 'null' : typeof s.const);
    else if (Array.isArray(s.enum))
      s.enum.forEach((v) => types.add(v === null ? 'null' : typeof v));
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      if (Array.isArray(s[key])) (s[key] as Json[]).forEach(visit);
    }
  };
  visit(schema);
  if (types.has('integer')) types.add('number-integer');
  return types;
}

/** Values of each JSON type, to put where the schema wants another. */
const WRONG_TYPES: [string, unknown][] = [
  ['string', 'text'],
  ['number-integer', 12345],
  ['number', 1.5],
  ['boolean', true],
  ['null', null],
  ['array', []],
  ['object', {}],
];

function admits(types: Set<string>, kind: string): boolean {
  if (types.size === 0) return true;
  if (kind === 'number-integer') return types.has('integer') || types.has('number');
  if (kind === 'number') return types.has('number');
  return types.has(kind);
}

interface Case {
  /** What was broken, for the failure message. */
  label: string;
  /** The valid body itself (its answers are counted apart). */
  valid?: boolean;
  /** The raw body sent (a string, so malformed JSON and 1e400 can be sent). */
  payload: string;
  /** The schema refuses it: success would be a defect. */
  invalid: boolean;
  /** The field a validation error must name, when it is known exactly. */
  field?: string;
}

/** Seeded PRNG (mulberry32): the same seed sends the same requests. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const EXTREMES: unknown[] = [
  MAX_ID + 1,
  Number.MAX_SAFE_INTEGER,
  -1,
  0,
  -2_147_483_649,
  1e21,
  '',
  ' ',
  'x'.repeat(10_000),
  '٠١٢',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🙂',
  '\u202etext',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '2026-02-30',
  [1, 2, 3],
  { nested: { deeper: [null] } },
];

/** The valid body of an endpoint that takes one; a problem when the sampler found none. */
function validBodyOf(endpoint: EndpointDefinition): { body?: Json; problem?: string } {
  if (!endpoint.body) return {};
  const sample = validSampleOf(endpoint.body);
  if (!sample.valid) return { problem: `${endpoint.id}: ${sample.problem}` };
  return { body: sample.value as Json };
}

function casesFor(
  endpoint: EndpointDefinition,
  random: () => number,
  base: Json | undefined,
): Case[] {
  const cases: Case[] = [
    { label: 'malformed JSON', payload: '{"a":', invalid: true },
    { label: 'a JSON array', payload: '[]', invalid: !!endpoint.body },
  ];
  if (!endpoint.body) {
    cases.push({ label: 'a body to a call without one', payload: '{"x":1}', invalid: true });
    return cases;
  }
  const schema = jsonSchemaOf(endpoint.body);
  if (schema.type !== 'object' || !base) return cases;
  cases.unshift({
    label: 'the valid body',
    payload: JSON.stringify(base),
    invalid: false,
    valid: true,
  });
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const send = (body: Json) => JSON.stringify(body);

  cases.push({
    label: 'an unknown field',
    payload: send({ ...base, zzUnknown: 1 }),
    invalid: true,
    field: 'zzUnknown',
  });
  for (const [name, property] of Object.entries(properties)) {
    if (required.has(name)) {
      const { [name]: _dropped, ...rest } = base;
      cases.push({ label: `${name} missing`, payload: send(rest), invalid: true });
    }
    const types = typesOf(property);
    for (const [kind, value] of WRONG_TYPES) {
      if (admits(types, kind)) continue;
      cases.push({
        label: `${name} = ${JSON.stringify(value)}`,
        payload: send({ ...base, [name]: value }),
        invalid: true,
      });
    }
    if (types.has('string') || types.size === 0) {
      for (const bad of ['nul\u0000text', 'x\ud800y']) {
        cases.push({
          label: `${name} holding ${JSON.stringify(bad)}`,
          payload: send({ ...base, [name]: bad }),
          invalid: true,
          field: name,
        });
      }
    }
    if (types.has('integer')) {
      cases.push({
        label: `${name} = 1e400`,
        payload: send({ ...base, [name]: 0 }).replace(`"${name}":0`, `"${name}":1e400`),
        invalid: true,
      });
    }
  }
  const names = Object.keys(properties);
  for (let round = 0; round < ROUNDS && names.length; round++) {
    const name = names[Math.floor(random() * names.length)]!;
    const value = EXTREMES[Math.floor(random() * EXTREMES.length)];
    cases.push({
      label: `${name} = ${JSON.stringify(value).slice(0, 40)}`,
      payload: send({ ...base, [name]: value }),
      invalid: false,
    });
  }
  return cases;
}

interface Tally {
  requests: number;
  serverErrors: string[];
  leaks: string[];
  invalidAccepted: string[];
  unnamedFields: string[];
  /** Endpoints taking a body, and those whose valid body the sampler could not build. */
  bodies: number;
  withoutValidBody: string[];
  /** How the valid bodies were answered, by code (0: success). */
  validAnswers: Map<number, number>;
  /** Calls without a session (or with a made-up token) to endpoints that need one. */
  unauthenticated: number;
  unauthenticatedSuccesses: string[];
}

function check(tally: Tally, where: string, testCase: Case, response: LightMyRequestResponse) {
  tally.requests += 1;
  const label = `${where}: ${testCase.label}`;
  if (response.statusCode >= 500) tally.serverErrors.push(`${label} → ${response.statusCode}`);
  if (LEAK.test(response.body)) tally.leaks.push(`${label} → ${response.body.slice(0, 200)}`);
  let body: { code?: number; msg?: string; errors?: { field: string }[] } = {};
  try {
    body = response.json();
  } catch {
    tally.leaks.push(`${label} → not JSON: ${response.body.slice(0, 80)}`);
    return;
  }
  if (testCase.invalid && body.code === 0) tally.invalidAccepted.push(label);
  if (testCase.valid && typeof body.code === 'number') {
    tally.validAnswers.set(body.code, (tally.validAnswers.get(body.code) ?? 0) + 1);
  }
  if (body.code === 4000) {
    const first = body.errors?.[0]?.field;
    if (!first || !body.msg?.includes(first)) {
      tally.unnamedFields.push(`${label} → ${response.body.slice(0, 160)}`);
    } else if (testCase.field && !body.errors!.some((e) => e.field === testCase.field)) {
      tally.unnamedFields.push(`${label} → named ${first}, not ${testCase.field}`);
    }
  }
}

/** A call made without a session: checked as any other, and it must not succeed. */
function checkUnauthenticated(
  tally: Tally,
  where: string,
  how: string,
  response: LightMyRequestResponse,
) {
  tally.unauthenticated += 1;
  check(tally, where, { label: how, payload: '', invalid: false }, response);
  const body = response.json() as { code?: number };
  if (body.code === 0) tally.unauthenticatedSuccesses.push(`${where}: ${how}`);
}

function report(name: string, tally: Tally) {
  const answers = [...tally.validAnswers.entries()]
    .sort(([a], [b]) => a - b)
    .map(([code, count]) => `${code}×${count}`)
    .join(', ');
  console.log(
    `${name}: ${tally.requests} requests, ${tally.serverErrors.length} answered 5xx, ` +
      `${tally.leaks.length} leaked internals, ${tally.invalidAccepted.length} invalid bodies ` +
      `accepted, ${tally.unnamedFields.length} validation errors without their field, ` +
      `${tally.unauthenticatedSuccesses.length} unauthenticated successes ` +
      `(${tally.unauthenticated} calls without a session to endpoints that need one); ` +
      `valid bodies for ${tally.bodies - tally.withoutValidBody.length} of ${tally.bodies} ` +
      `endpoints taking one, answered with codes ${answers}`,
  );
  expect(tally.withoutValidBody).toEqual([]);
  expect(tally.serverErrors).toEqual([]);
  expect(tally.leaks).toEqual([]);
  expect(tally.invalidAccepted).toEqual([]);
  expect(tally.unnamedFields).toEqual([]);
  expect(tally.unauthenticatedSuccesses).toEqual([]);
}

const newTally = (): Tally => ({
  requests: 0,
  serverErrors: [],
  leaks: [],
  invalidAccepted: [],
  unnamedFields: [],
  bodies: 0,
  withoutValidBody: [],
  validAnswers: new Map(),
  unauthenticated: 0,
  unauthenticatedSuccesses: [],
});

/** The endpoint's valid body (counted in the tally), or undefined when it takes none. */
function bodyFor(tally: Tally, endpoint: EndpointDefinition): Json | undefined {
  const { body, problem } = validBodyOf(endpoint);
  if (endpoint.body) tally.bodies += 1;
  if (problem) tally.withoutValidBody.push(problem);
  return body;
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('generated requests over every endpoint', () => {
  it('the admin API: no 500, no internals, no invalid body accepted, every field named', async () => {
    const random = prng(SEED);
    const tally = newTally();
    let token = await loginAs(t.app);
    for (const endpoint of adminEndpoints) {
      if (SKIPPED.has(endpoint.id)) continue;
      const base = bodyFor(tally, endpoint);
      // A GET takes no body: only its query is broken.
      const cases = endpoint.method === 'GET' ? [] : casesFor(endpoint, random, base);
      cases.push({
        label: 'an unknown query parameter',
        payload: '',
        invalid: true,
        field: 'query.zzUnknown',
      });
      for (const testCase of cases) {
        const withQuery = testCase.label === 'an unknown query parameter';
        const send = () =>
          t.app.inject({
            method: endpoint.method,
            url: `${ADMIN_API_BASE}${endpoint.path}${withQuery ? '?zzUnknown=1' : ''}`,
            headers: { 'x-token': token, 'content-type': 'application/json' },
            ...(withQuery ? {} : { payload: testCase.payload }),
          });
        let response = await send();
        if (response.json().code === 4005) {
          // A call that ended the session (a password change, say): sign in again and retry.
          token = await loginAs(t.app);
          response = await send();
        }
        check(tally, endpoint.id, testCase, response);
      }
      if (endpoint.access === 'public') continue;
      for (const [how, headers] of [
        ['without a session', {}],
        ['with a made-up token', { 'x-token': 'not-a-session-token' }],
      ] as const) {
        const response = await t.app.inject({
          method: endpoint.method,
          url: `${ADMIN_API_BASE}${endpoint.path}`,
          headers: { ...headers, 'content-type': 'application/json' },
          ...(endpoint.method === 'POST' ? { payload: JSON.stringify(base ?? {}) } : {}),
        });
        checkUnauthenticated(tally, endpoint.id, how, response);
      }
    }
    report('admin API', tally);
  }, 600_000);

  it('the borrower API: the same guarantees', async () => {
    const random = prng(SEED + 1);
    const tally = newTally();
    const phone = '9812345670';
    const app = (url: string, payload: string, token?: string, query = '') =>
      t.app.inject({
        method: 'POST',
        url: `${APP_API_BASE}${url}${query}`,
        payload,
        headers: { 'content-type': 'application/json', ...(token ? { 'x-app-token': token } : {}) },
      });
    await app('/auth/send_otp', JSON.stringify({ phone }));
    const code = t.app.integrations.sms.lastTo(phone)?.params.code;
    const verified = await app('/auth/verify_otp', JSON.stringify({ phone, code }));
    const token = (verified.json().ret as { token: string }).token;
    expect(token).toBeTruthy();

    for (const endpoint of appApi.appEndpoints) {
      if (SKIPPED.has(endpoint.id) || endpoint.method !== 'POST') continue;
      const base = bodyFor(tally, endpoint);
      const cases = casesFor(endpoint, random, base);
      for (const testCase of cases) {
        check(tally, endpoint.id, testCase, await app(endpoint.path, testCase.payload, token));
      }
      if (endpoint.access !== 'public') {
        const payload = JSON.stringify(base ?? {});
        checkUnauthenticated(
          tally,
          endpoint.id,
          'without a session',
          await app(endpoint.path, payload),
        );
        checkUnauthenticated(
          tally,
          endpoint.id,
          'with a made-up token',
          await app(endpoint.path, payload, 'not-a-session-token'),
        );
      }
      const unknownQuery: Case = {
        label: 'an unknown query parameter',
        payload: '{}',
        invalid: true,
        field: 'query.zzUnknown',
      };
      check(
        tally,
        endpoint.id,
        unknownQuery,
        await app(endpoint.path, '{}', token, '?zzUnknown=1'),
      );
    }
    report('borrower API', tally);
  }, 600_000);
});
