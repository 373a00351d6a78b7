import { MAX_ID } from '@lending/contract';
import { z } from 'zod';

/**
 * Valid request bodies built from the contract's schemas, for tests that call every endpoint
 * (the generated-input test, the OpenAPI test's sort probe): first from the JSON Schema the
 * documents show, then repaired with the schema's own answers until it accepts the body, so
 * a rule across fields (exactly one of two, a value only with another) is met too.
 */

export type Json = Record<string, unknown>;

export function jsonSchemaOf(schema: z.ZodType): Json {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
}

/** Texts tried on a `pattern`, first match wins; each is valid for some schema of the contract. */
export const PATTERN_GUESSES = [
  '2026-11-20',
  '2026-11',
  '9876543210',
  'ABCDE1234F',
  'HDFC0001234',
  '234567890123',
  '1234',
  '123456',
  '1234567890123456789',
  'LN20261120000001',
  'a@example.com',
  '10:00',
  '21:00',
  '1.0.0',
  'https://example.com/x',
  'abc',
];

/** A row id far from any the tests make: a valid body aims at nothing that exists. */
const UNUSED_ID = MAX_ID;

function isIdSchema(schema: Json): boolean {
  return schema.type === 'integer' && schema.minimum === 1 && schema.maximum === MAX_ID;
}

/** A plausible value for a JSON Schema: valid where that is easy to see, close to it elsewhere. */
export function sampleOf(schema: Json, depth = 0): unknown {
  if (depth > 6) return null;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key] as Json[] | undefined;
    if (options?.length) {
      const notNull = options.find((o) => o.type !== 'null') ?? options[0]!;
      return sampleOf(notNull, depth + 1);
    }
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length) {
    return sampleOf(schema.allOf[0] as Json, depth + 1);
  }
  if ('default' in schema) return schema.default;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Json>;
      const required = new Set((schema.required as string[] | undefined) ?? []);
      const value: Json = {};
      for (const [name, property] of Object.entries(properties)) {
        if (required.has(name)) value[name] = sampleOf(property, depth + 1);
      }
      return value;
    }
    case 'array': {
      const items = (schema.items ?? {}) as Json;
      const count = Math.max(Number(schema.minItems ?? 0), 1);
      return Array.from({ length: count }, () => sampleOf(items, depth + 1));
    }
    case 'string': {
      if (schema.format === 'email') return 'a@example.com';
      if (schema.format === 'date') return '2026-11-20';
      if (schema.format === 'date-time') return '2026-11-20T10:00:00.000Z';
      if (schema.format === 'uri') return 'https://example.com/x';
      const guess = patternGuesses(schema)[0];
      if (guess !== undefined) return guess;
      const min = Number(schema.minLength ?? 1);
      return 'x'.repeat(Math.max(min, 3)).slice(0, Number(schema.maxLength ?? 64));
    }
    case 'integer':
    case 'number':
      if (isIdSchema(schema)) return UNUSED_ID;
      return Math.max(Number(schema.minimum ?? 1), Number(schema.exclusiveMinimum ?? 0) + 1, 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'x';
  }
}

function patternGuesses(schema: Json): string[] {
  if (typeof schema.pattern !== 'string') return [];
  const pattern = new RegExp(schema.pattern, 'u');
  return PATTERN_GUESSES.filter((guess) => pattern.test(guess));
}

/** The JSON Schema of the value at `path` (object properties, array items, a union's options). */
function schemaAt(schema: Json, path: readonly string[]): Json | undefined {
  let at: Json | undefined = schema;
  for (const key of path) {
    if (!at) return undefined;
    const options = (at.anyOf ?? at.oneOf) as Json[] | undefined;
    if (options) at = options.find((o) => o.properties || o.items) ?? options[0];
    if (!at) return undefined;
    const properties = at.properties as Record<string, Json> | undefined;
    if (properties && key in properties) at = properties[key];
    else if (at.items && /^\d+$/.test(key)) at = at.items as Json;
    else return undefined;
  }
  return at;
}

function setAt(value: unknown, path: readonly string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [key, ...rest] = path as [string, ...string[]];
  const container: Record<string, unknown> = Array.isArray(value)
    ? ([...value] as unknown as Record<string, unknown>)
    : { ...((typeof value === 'object' && value !== null ? value : {}) as Json) };
  container[key] = setAt(container[key], rest, replacement);
  return container;
}

/** The values worth trying where the schema refused one: its sample, its options, its guesses. */
function candidatesFor(schema: Json): unknown[] {
  const candidates: unknown[] = [sampleOf(schema)];
  if (Array.isArray(schema.enum)) candidates.push(...schema.enum);
  candidates.push(...patternGuesses(schema));
  const seen = new Set<string>();
  return candidates.filter((c) => {
    const key = JSON.stringify(c);
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

export interface Sample {
  value: unknown;
  /** The schema accepts `value`. */
  valid: boolean;
  /** Why not, when it does not. */
  problem?: string;
}

/**
 * A body the schema accepts: the JSON Schema's sample, then, for each field the schema still
 * refuses (a rule across fields names one), the next value worth trying there.
 */
export function validSampleOf(schema: z.ZodType): Sample {
  const json = jsonSchemaOf(schema);
  let value = sampleOf(json);
  const attempts = new Map<string, number>();
  for (let round = 0; round < 40; round += 1) {
    const parsed = schema.safeParse(value);
    if (parsed.success) return { value, valid: true };
    const issue = parsed.error.issues[0]!;
    const path = issue.path.map(String);
    const problem = `${path.join('.') || '(body)'}: ${issue.message}`;
    const property = schemaAt(json, path);
    if (!property) return { value, valid: false, problem };
    const attempt = attempts.get(path.join('.')) ?? 0;
    const candidates = candidatesFor(property);
    if (attempt >= candidates.length) return { value, valid: false, problem };
    attempts.set(path.join('.'), attempt + 1);
    value = setAt(value, path, candidates[attempt]);
  }
  return { value, valid: false, problem: 'no valid body after 40 repairs' };
}
