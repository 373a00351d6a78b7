import { findUnstorableText, type ValidationReason } from '@lending/contract';
import type { z } from 'zod';
import { AppError, type ReasonedFieldError } from '../shared/app-error.js';

/**
 * Reading a request's body or query with its contract schema, for both APIs: text the
 * database cannot hold is refused first, then the strict schema; every refusal names its
 * field and says what is wrong as a reason the answer translates.
 */

/**
 * Refuses text the database cannot hold (a NUL, broken Unicode) anywhere in a body or query,
 * naming its field, before any schema or handler sees it (decision 0025).
 */
export function refuseUnstorableText(input: unknown, prefix = ''): void {
  const found = findUnstorableText(input);
  if (!found) return;
  const field = [prefix, found.field].filter(Boolean).join('.') || prefix || 'body';
  throw AppError.invalid(field, found.reason);
}

function isEmptyObject(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length === 0
  );
}

/**
 * Parses a body (`prefix` 'body') or query ('query') with the endpoint's strict schema. An
 * endpoint without a schema takes nothing: an absent or empty input passes, anything else is
 * an unknown field.
 */
export function parseInput(
  schema: z.ZodType | undefined,
  input: unknown,
  prefix: 'body' | 'query',
): unknown {
  if (!schema) {
    if (input === undefined || input === null || isEmptyObject(input)) return undefined;
    const keys = typeof input === 'object' && !Array.isArray(input) ? Object.keys(input) : [];
    const field = keys[0] ? `${prefix}.${keys[0]}` : prefix;
    throw AppError.invalid(
      field,
      prefix === 'query' ? 'unknown parameter' : 'this call takes no body',
    );
  }
  // Query strings arrive as null-prototype objects; zod wants a plain one.
  const value = prefix === 'query' && input ? { ...(input as object) } : input;
  const fieldPrefix = prefix === 'query' ? 'query' : '';
  refuseUnstorableText(value, fieldPrefix);
  // reportInput: an issue carries the refused value, so a missing field tells from a wrong one.
  const parsed = schema.safeParse(value, { reportInput: true });
  if (!parsed.success) throw validationError(parsed.error, schema, fieldPrefix);
  return parsed.data;
}

/** Zod issues → one AppError naming the first field; `prefix` places query fields apart. */
export function validationError(error: z.ZodError, schema: z.ZodType, prefix = ''): AppError {
  const errors = error.issues.flatMap((issue): ReasonedFieldError[] => {
    const base = issue.path.map(String).join('.');
    const join = (name: string) => [prefix, base, name].filter(Boolean).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        field: join(key),
        message: 'unknown field',
        reason: { kind: 'unknownField' },
      }));
    }
    const field = join('') || prefix || 'body';
    // A schema's own message (the spec's texts, such as 'amount cannot be 0') is kept; only
    // the parser's default sentences are replaced by a reason, and a refinement's message when
    // the refinement names its reason.
    const reason =
      isParserDefault(issue.message) || issue.code === 'custom'
        ? reasonOfIssue(issue, schema)
        : undefined;
    return [{ field, message: reason ? reason.kind : issue.message, reason }];
  });
  const first = errors[0] ?? { field: prefix || 'body', message: 'invalid' };
  return new AppError('validationFailed', {
    field: first.field,
    detail: first.message,
    reason: first.reason,
    errors,
  });
}

type Issue = z.core.$ZodIssue;

/** Zod's own English messages ("Invalid input: …", "Too big: …"), as opposed to a schema's. */
const PARSER_DEFAULT = /^(Invalid |Too (big|small)|Unrecognized key)/;

function isParserDefault(message: string): boolean {
  return PARSER_DEFAULT.test(message);
}

/** What a parser's issue means to a caller; undefined keeps a schema's own message. */
export function reasonOfIssue(issue: Issue, schema: z.ZodType): ValidationReason | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return { kind: 'required' };
      switch (issue.expected) {
        case 'int':
          return { kind: 'wholeNumber' };
        case 'number':
          return isIntegerSchema(schemaAt(schema, issue.path))
            ? { kind: 'wholeNumber' }
            : { kind: 'number' };
        case 'string':
          return { kind: 'text' };
        case 'boolean':
          return { kind: 'trueOrFalse' };
        case 'array':
        case 'tuple':
          return { kind: 'list' };
        case 'object':
        case 'record':
          return { kind: 'object' };
        default:
          return { kind: 'invalid' };
      }
    case 'too_small':
    case 'too_big': {
      const small = issue.code === 'too_small';
      const limit = String(small ? issue.minimum : issue.maximum);
      if (issue.origin === 'string') return { kind: small ? 'minLength' : 'maxLength', limit };
      if (issue.origin === 'array' || issue.origin === 'set')
        return { kind: small ? 'minItems' : 'maxItems', limit };
      if (issue.inclusive === false) return { kind: small ? 'above' : 'below', limit };
      return { kind: small ? 'atLeast' : 'atMost', limit };
    }
    case 'not_multiple_of':
      return { kind: 'multipleOf', limit: String(issue.divisor) };
    case 'invalid_value':
      return issue.values.length === 1 && typeof issue.values[0] === 'boolean'
        ? { kind: 'invalid' }
        : { kind: 'oneOf', options: issue.values.map(String).join(', ') };
    case 'invalid_format':
      return issue.format === 'email' ? { kind: 'email' } : { kind: 'format' };
    case 'invalid_union':
      return { kind: 'invalid' };
    case 'custom':
      // A refinement may name its reason (withRanges does), to be worded in the caller's language.
      return (issue.params as { reason?: ValidationReason } | undefined)?.reason;
    default:
      // A schema's own refinement says what it checks in its message.
      return undefined;
  }
}

interface SchemaInternals {
  _zod: {
    def: {
      type: string;
      innerType?: z.ZodType;
      in?: z.ZodType;
      shape?: Record<string, z.ZodType>;
      element?: z.ZodType;
      valueType?: z.ZodType;
      getter?: () => z.ZodType;
    };
  };
  isInt?: boolean;
}

/** The schema that parses the value at `path`, where one can be told (not through unions). */
function schemaAt(schema: z.ZodType, path: PropertyKey[]): z.ZodType | undefined {
  let current: z.ZodType | undefined = schema;
  let rest = [...path];
  for (let guard = 0; current && guard < 64; guard++) {
    const { def }: SchemaInternals['_zod'] = (current as unknown as SchemaInternals)._zod;
    const unwrapped: z.ZodType | undefined =
      def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
    if (unwrapped) {
      current = unwrapped;
      continue;
    }
    if (def.type === 'lazy' && def.getter) {
      current = def.getter();
      continue;
    }
    if (rest.length === 0) return current;
    const [key, ...tail] = rest;
    rest = tail;
    if (def.type === 'object' && def.shape) current = def.shape[String(key)];
    else if (def.type === 'array') current = def.element;
    else if (def.type === 'record') current = def.valueType;
    else return undefined;
  }
  return undefined;
}

function isIntegerSchema(schema: z.ZodType | undefined): boolean {
  return (schema as unknown as SchemaInternals | undefined)?.isInt === true;
}
