import { z } from 'zod';
import { describeReason, type ValidationReason } from './validation-reasons.js';

/**
 * The rules a schema's refinements enforce, in words, for the API documents (decision 0069).
 * A `.refine` or `.superRefine` is a function, which JSON Schema cannot show, so a schema
 * carrying one across fields says what it checks:
 *
 * @example
 * z.strictObject({ orderId: …, orderNo: … })
 *   .refine(…, { message: 'give either orderId or orderNo', path: ['orderId'] })
 *   .meta(crossFieldRules('exactly one of orderId and orderNo'))
 *
 * The documents list the rules on the schema (`x-rules`, and in its description) and in the
 * operation's description. A refinement whose own message says it all ('must be an https://
 * address') needs none: the documents show that message. The OpenAPI test fails for a
 * refinement of an endpoint that has neither. A range over two fields is declared with
 * `withRanges`, which both checks it and writes its rule (decision 0077).
 */
export const RULES_KEY = 'x-rules';

export function crossFieldRules(...rules: [string, ...string[]]): { [RULES_KEY]: string[] } {
  return { [RULES_KEY]: rules };
}

/** The metadata a schema carries under RULES_KEY (its own or inherited), or none. */
function rulesDeclaredOn(schema: z.ZodType): string[] {
  const rules = z.globalRegistry.get(schema)?.[RULES_KEY];
  return Array.isArray(rules) ? rules.map(String) : [];
}

/** Whether a field holds a number (amounts, days, ages), under its optional and default. */
function holdsNumber(schema: z.core.$ZodType): boolean {
  const def = schema._zod.def as { type: string; innerType?: z.core.$ZodType };
  if (def.type === 'number') return true;
  return def.innerType ? holdsNumber(def.innerType) : false;
}

/** A range rule in words, as the documents list it (`x-rules`). */
export function rangeRule(from: string, to: string, numbers: boolean): string {
  return numbers ? `${from} is not more than ${to}` : `${from} is not after ${to}`;
}

type FieldOf<S extends z.ZodObject> = Extract<keyof S['shape'], string>;

/**
 * The object's fields that bound one value, each pair in order: `from` not after `to` (dates,
 * months) or not more than it (numbers), both ends inclusive, either may be left out. A pair
 * given backwards is refused with 400 naming `to`, and the documents list each pair as a rule
 * (decision 0077): the one place a range is declared, checked and documented.
 *
 * @example
 * export const loginLogFiltersSchema = withRanges(
 *   z.strictObject({ email: …, dateFrom: indiaDateSchema.optional(), dateTo: … }),
 *   ['dateFrom', 'dateTo'],
 * );
 */
export function withRanges<S extends z.ZodObject>(
  schema: S,
  ...ranges: [[FieldOf<S>, FieldOf<S>], ...[FieldOf<S>, FieldOf<S>][]]
): S {
  let checked = schema;
  const rules = rulesDeclaredOn(schema);
  for (const [from, to] of ranges) {
    const numbers = holdsNumber(schema.shape[from]!);
    const reason: ValidationReason = { kind: numbers ? 'atLeast' : 'notBefore', limit: from };
    checked = checked.refine(
      (value) => {
        const start = (value as Record<string, unknown>)[from] as string | number | undefined;
        const end = (value as Record<string, unknown>)[to] as string | number | undefined;
        return start == null || end == null || start <= end;
      },
      { message: describeReason(reason, 'en'), path: [to], params: { reason } },
    );
    rules.push(rangeRule(from, to, numbers));
  }
  return checked.meta(crossFieldRules(...(rules as [string, ...string[]])));
}
