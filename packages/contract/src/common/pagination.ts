import { z } from 'zod';

/** List calls take `{page, pageSize, filters, sort}` and return `{list, total}` (ARCHITECTURE.md). */
export const pageSchema = z.int().min(1).default(1);
export const pageSizeSchema = z.int().min(1).max(100).default(20);
export const sortSchema = z.strictObject({
  field: z.string().min(1).max(64),
  order: z.enum(['asc', 'desc']),
});

export function listRequestSchema<F extends z.ZodType>(filters: F) {
  return z.strictObject({
    page: pageSchema,
    pageSize: pageSizeSchema,
    filters: filters.optional(),
    sort: sortSchema.optional(),
  });
}

export function listResultSchema<T extends z.ZodType>(row: T) {
  return z.object({ list: z.array(row), total: z.int().min(0) });
}
