import {
  ADMIN_API_BASE,
  APP_API_BASE,
  RULES_KEY,
  adminEndpoints,
  rangeRule,
  type EndpointDefinition,
  appApi,
} from '@lending/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.js';
import { loginAs } from '../testing/factories.js';
import { sampleOf, validSampleOf, type Json } from '../testing/schema-samples.js';

/**
 * The range rules of both APIs (decision 0077): every pair of body fields named as the two ends
 * of one range (`dueFrom`/`dueTo`, `amountMin`/`amountMax`, `minAge`/`maxAge`, at any depth of
 * the body) is found in the served documents and sent backwards and in order as a signed-in
 * caller. Each must be documented (its rule in `x-rules`) and refused backwards with 400 naming
 * its `to` field, and taken in order. Found by name, not by reading the server, so a body that
 * gains a pair is held to the rule by itself; a pair named so that is no range is listed below.
 */

/** Pairs that read as ranges and are not: what the server requires of them instead. */
const NOT_RANGES: Record<string, string> = {
  'sms.config_save quietStart–quietEnd':
    'quiet hours run overnight: quietEnd is earlier than quietStart (its own rule)',
};

const SUFFIXES: [string, string][] = [
  ['From', 'To'],
  ['Min', 'Max'],
  ['Start', 'End'],
];

/** The pairs of an object's properties named as the two ends of one range. */
function namedRanges(names: string[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (const from of names) {
    for (const [start, end] of SUFFIXES) {
      const to = `${from.slice(0, -start.length)}${end}`;
      if (from.endsWith(start) && from !== start && names.includes(to)) pairs.push([from, to]);
    }
    const to = `max${from.slice(3)}`;
    if (/^min[A-Z]/.test(from) && names.includes(to)) pairs.push([from, to]);
  }
  return pairs;
}

interface RangeAt {
  endpoint: EndpointDefinition;
  base: string;
  /** The object holding the pair, within the body (`[]`: the body itself; `['filters']`). */
  path: string[];
  from: string;
  to: string;
  /** The holding object's schema as the document serves it. */
  holder: Json;
}

/** Every range-looking pair of a served body schema, at any depth of objects. */
function rangesIn(endpoint: EndpointDefinition, base: string, body: Json): RangeAt[] {
  const found: RangeAt[] = [];
  const visit = (node: Json, path: string[]) => {
    for (const option of (node.anyOf ?? []) as Json[]) visit(option, path);
    const properties = (node.properties ?? {}) as Record<string, Json>;
    for (const [from, to] of namedRanges(Object.keys(properties))) {
      found.push({ endpoint, base, path, from, to, holder: node });
    }
    for (const [name, property] of Object.entries(properties)) visit(property, [...path, name]);
  };
  visit(body, []);
  return found;
}

const nameOf = (range: RangeAt) => `${range.endpoint.id} ${range.from}–${range.to}`;
const field = (range: RangeAt, name: string) => [...range.path, name].join('.');

/** Two values a field takes, the first before the second. */
function twoValues(schema: Json): [unknown, unknown] | undefined {
  if (schema.type === 'integer' || schema.type === 'number') {
    const low = Number(schema.minimum ?? 0) + 1;
    return [low, low + 1];
  }
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : /^$/;
  const candidates: [string, string][] = [
    ['2025-01-01', '2025-01-02'],
    ['2025-01', '2025-02'],
    ['09:00', '10:00'],
  ];
  return candidates.find(([a, b]) => pattern.test(a) && pattern.test(b));
}

/** The endpoint's valid body with the pair set to `start` and `end`. */
function bodyWith(range: RangeAt, start: unknown, end: unknown): Json {
  const body = validSampleOf(range.endpoint.body!).value as Json;
  const set = (value: Json, path: string[]): Json => {
    if (path.length === 0) return { ...value, [range.from]: start, [range.to]: end };
    const [key, ...rest] = path as [string, ...string[]];
    const inner = (value[key] ?? sampleOf(range.holder)) as Json;
    return { ...value, [key]: set(inner, rest) };
  };
  return set(body, range.path);
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A borrower's session token, signed in by OTP as the app does. */
async function borrowerToken(): Promise<string> {
  const phone = '9812345671';
  const call = (path: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `${APP_API_BASE}${path}`, payload });
  await call('/auth/send_otp', { phone });
  const code = t.app.integrations.sms.lastTo(phone)?.params.code;
  return ((await call('/auth/verify_otp', { phone, code })).json().ret as { token: string }).token;
}

describe('range rules in the documents (decision 0077)', () => {
  it('every range of both APIs is documented, refused backwards naming its end, and taken in order', async () => {
    const ranges: RangeAt[] = [];
    for (const [base, endpoints] of [
      [ADMIN_API_BASE, adminEndpoints],
      [APP_API_BASE, appApi.appEndpoints],
    ] as const) {
      const document = (await t.app.inject({ method: 'GET', url: `${base}/docs` })).json();
      for (const endpoint of endpoints) {
        const operation = document.paths[`${base}${endpoint.path}`][endpoint.method.toLowerCase()];
        const body = operation.requestBody?.content['application/json'].schema as Json | undefined;
        if (body) ranges.push(...rangesIn(endpoint, base, body));
      }
    }
    const tokens = {
      [ADMIN_API_BASE]: { 'x-token': await loginAs(t.app) },
      [APP_API_BASE]: { 'x-app-token': await borrowerToken() },
    };
    const send = (range: RangeAt, payload: Json) =>
      t.app.inject({
        method: 'POST',
        url: `${range.base}${range.endpoint.path}`,
        headers: tokens[range.base as keyof typeof tokens],
        payload,
      });

    const problems: string[] = [];
    let documented = 0;
    let refused = 0;
    for (const range of ranges) {
      const name = nameOf(range);
      if (NOT_RANGES[name]) continue;
      const fromSchema = (range.holder.properties as Record<string, Json>)[range.from]!;
      const values = twoValues(fromSchema);
      const inOrder = values && bodyWith(range, values[0], values[1]);
      if (!values || !inOrder || !range.endpoint.body!.safeParse(inOrder).success) {
        problems.push(`${name}: no valid body holds the pair in order; teach twoValues its type`);
        continue;
      }
      const numbers = fromSchema.type === 'integer' || fromSchema.type === 'number';
      const rules = (range.holder[RULES_KEY] ?? []) as string[];
      const isDocumented = rules.includes(rangeRule(range.from, range.to, numbers));
      const backwards = (await send(range, bodyWith(range, values[1], values[0]))).json();
      const isRefused =
        backwards.code === 4000 && backwards.errors[0].field === field(range, range.to);
      const taken = (await send(range, inOrder)).json();
      if (taken.code === 4000 && taken.errors[0].field === field(range, range.to)) {
        problems.push(`${name}: refused in order too (${taken.msg})`);
      }
      if (isDocumented) documented += 1;
      if (isRefused) refused += 1;
      if (!isDocumented && isRefused) problems.push(`${name}: refused backwards, not documented`);
      if (isDocumented && !isRefused) {
        problems.push(`${name}: documented, taken backwards (${backwards.code} ${backwards.msg})`);
      }
      if (!isDocumented && !isRefused) {
        problems.push(`${name}: neither documented nor refused; declare it with withRanges`);
      }
    }
    console.log(
      `range pairs: ${ranges.length} found, ${Object.keys(NOT_RANGES).length} not ranges, ` +
        `${documented} documented, ${refused} refused backwards`,
    );
    expect(problems).toEqual([]);
    expect(ranges.length).toBeGreaterThan(50);
    const found = new Set(ranges.map(nameOf));
    expect(Object.keys(NOT_RANGES).filter((name) => !found.has(name))).toEqual([]);
  }, 300_000);

  it('words the refusal in the caller’s language', async () => {
    const token = await loginAs(t.app);
    const backwards = (language: string) =>
      t.app.inject({
        method: 'POST',
        url: `${ADMIN_API_BASE}/order/list`,
        headers: { 'x-token': token, language },
        payload: { filters: { appliedFrom: '2025-01-02', appliedTo: '2025-01-01' } },
      });
    expect((await backwards('EN')).json().errors).toEqual([
      { field: 'filters.appliedTo', message: 'must not be before appliedFrom' },
    ]);
    expect((await backwards('ZH')).json().errors).toEqual([
      { field: 'filters.appliedTo', message: '不能早于 appliedFrom' },
    ]);
  });
});
