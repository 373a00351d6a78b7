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

/** Every schema listRequestSchema made: what makes an endpoint a list (and exportable). */
const listRequestSchemas = new WeakSet<object>();

export function listRequestSchema<F extends z.ZodType>(filters: F) {
  const schema = z.strictObject({
    page: pageSchema,
    pageSize: pageSizeSchema,
    filters: filters.optional(),
    sort: sortSchema.optional(),
  });
  listRequestSchemas.add(schema);
  return schema;
}

/**
 * True for a body made by listRequestSchema: such an endpoint is a list, and the background
 * export can page through it with the caller's filters and sort (decision 0033).
 */
export function isListRequestSchema(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && listRequestSchemas.has(schema);
}

/**
 * A list's answer. `total` counts the rows matching the filters exactly up to 10,000; above
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
