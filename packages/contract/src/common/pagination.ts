import { z } from 'zod';

/**
 * List calls take `{page, pageSize, filters, sort}` and return `{list, total}`
 * (docs/product.md §7).
 */
export const pageSchema = z.int().min(1).default(1);
export const pageSizeSchema = z.int().min(1).max(100).default(20);
export const sortSchema = z.strictObject({
  field: z.string().min(1).max(64),
  order: z.enum(['asc', 'desc']),
});

/**
 * The `sort` of a list offering `fields` (the columns its server-side list sorts by). The
 * field is still checked by the server, not here: one that is not offered is answered 400
 * naming `sort.field`, as before. The documents show the fields as an enumeration, and a test
 * holds each list's declaration to what its server sorts by (decision 0069). A list offering
 * none (its rows come in one fixed order) refuses any `sort`.
 */
function sortOffering(fields: readonly string[]): typeof sortSchema {
  if (fields.length === 0) {
    return sortSchema.meta({
      description: 'Not offered: the rows come in a fixed order, and any sort is refused.',
      not: {},
    });
  }
  return sortSchema.extend({
    field: sortSchema.shape.field.meta({
      enum: [...fields],
      description: `One of ${fields.join(', ')}.`,
    }),
  });
}

/** The sort fields each list declares, by its body schema (see sortFieldsOf). */
const listSortFields = new WeakMap<object, readonly string[]>();

/** Every schema listRequestSchema made: what makes an endpoint a list (and exportable). */
const listRequestSchemas = new WeakSet<object>();

/**
 * A list call's body. `sortFields` are the fields `sort.field` may name: exactly those the
 * server's list sorts by (its `sortColumns`), `[]` when it offers no sort. Every contract
 * list declares them; the OpenAPI test fails for one that does not, or whose server disagrees.
 */
export function listRequestSchema<F extends z.ZodType>(filters: F, sortFields?: readonly string[]) {
  const schema = z.strictObject({
    page: pageSchema,
    pageSize: pageSizeSchema,
    filters: filters.optional(),
    sort: (sortFields ? sortOffering(sortFields) : sortSchema).optional(),
  });
  listRequestSchemas.add(schema);
  if (sortFields) listSortFields.set(schema, sortFields);
  return schema;
}

/** The sort fields a list body declared; undefined for one that declared none (or no list). */
export function sortFieldsOf(schema: unknown): readonly string[] | undefined {
  return typeof schema === 'object' && schema !== null ? listSortFields.get(schema) : undefined;
}

/**
 * True for a body made by listRequestSchema: such an endpoint is a list, and the background
 * export can page through it with the caller's filters and sort (decision 0033).
 */
export function isListRequestSchema(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && listRequestSchemas.has(schema);
}

/**
 * A list's answer. `total` counts the rows matching the filters exactly up to 1,000; above
 * that it may be the database's estimate, and then (only then) `totalIsEstimate` is true, so
 * a screen says "about N" (decision 0051). Callers that ignore the flag keep working.
 */
export function listResultSchema<T extends z.ZodType>(row: T) {
  return z.object({
    list: z.array(row),
    total: z.int().min(0),
    totalIsEstimate: z.literal(true).optional(),
  });
}
