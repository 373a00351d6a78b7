import { z } from 'zod';

export interface ListSort {
  field: string;
  order: 'asc' | 'desc';
}

/** What a list shows: kept in the URL, so a reload, a shared link or Back shows the same. */
export interface ListParams {
  page: number;
  pageSize: number;
  /** Only filters the endpoint accepts, each as its schema accepts it. */
  filters: Record<string, unknown>;
  sort?: ListSort;
}

/** The parts of a list endpoint's body schema (`listRequestSchema` of the contract). */
export interface ListSchema {
  page: z.ZodType;
  pageSize: z.ZodType;
  filters: Readonly<Record<string, z.ZodType>>;
  sort: z.ZodType;
}

function unwrap(schema: z.ZodType | undefined): z.ZodType | undefined {
  return schema instanceof z.ZodOptional || schema instanceof z.ZodDefault
    ? unwrap(schema.unwrap() as z.ZodType)
    : schema;
}

/** Reads a list endpoint's body schema; anything else is a programming error. */
export function listSchemaOf(body: z.ZodType | undefined, endpointId: string): ListSchema {
  if (!(body instanceof z.ZodObject)) {
    throw new Error(`${endpointId} is not a list endpoint: its body is not an object`);
  }
  const shape = body.shape as Record<string, z.ZodType>;
  const filters = unwrap(shape.filters);
  if (!shape.page || !shape.pageSize || !shape.sort) {
    throw new Error(`${endpointId} is not a list endpoint: no page, pageSize and sort`);
  }
  return {
    page: shape.page,
    pageSize: shape.pageSize,
    sort: shape.sort,
    filters: filters instanceof z.ZodObject ? (filters.shape as Record<string, z.ZodType>) : {},
  };
}

/** The values a URL text may stand for: itself, a number, a boolean. */
function candidates(text: string): unknown[] {
  const out: unknown[] = [text];
  if (/^-?\d+(\.\d+)?$/.test(text)) out.push(Number(text));
  if (text === 'true' || text === 'false') out.push(text === 'true');
  return out;
}

/** The first reading of a URL text the schema accepts, or undefined (the value is dropped). */
function accepted(schema: z.ZodType, text: string | null): unknown {
  if (text === null || text.trim() === '') return undefined;
  return candidates(text).find((value) => schema.safeParse(value).success);
}

export interface ListUrlOptions {
  defaultPageSize: number;
  /** Fields the screen sorts by; any other `sort` in the URL is dropped. */
  sortFields: ReadonlySet<string>;
  /** Filters fixed by the screen; the URL does not set them. */
  fixedFilters: ReadonlySet<string>;
}

/**
 * The list params a URL holds, read through the endpoint's own schema: numbers and enums are
 * coerced, values the endpoint would refuse are dropped, names it does not know are ignored.
 */
export function readListParams(
  search: URLSearchParams,
  schema: ListSchema,
  options: ListUrlOptions,
): ListParams {
  const filters: Record<string, unknown> = {};
  for (const [name, fieldSchema] of Object.entries(schema.filters)) {
    if (options.fixedFilters.has(name)) continue;
    const value = accepted(fieldSchema, search.get(name));
    if (value !== undefined) filters[name] = value;
  }
  const page = accepted(schema.page, search.get('page'));
  const pageSize = accepted(schema.pageSize, search.get('pageSize'));
  const field = search.get('sort');
  const order = search.get('order');
  const sort: ListSort | undefined =
    field !== null && options.sortFields.has(field) && (order === 'asc' || order === 'desc')
      ? { field, order }
      : undefined;
  return {
    page: typeof page === 'number' ? page : 1,
    pageSize: typeof pageSize === 'number' ? pageSize : options.defaultPageSize,
    filters,
    ...(sort && schema.sort.safeParse(sort).success ? { sort } : {}),
  };
}

/** The URL of these list params; defaults are left out, so a fresh list has a clean URL. */
export function writeListParams(params: ListParams, defaultPageSize: number): URLSearchParams {
  const out = new URLSearchParams();
  for (const [name, value] of Object.entries(params.filters)) {
    if (value === undefined || value === null || String(value).trim() === '') continue;
    out.set(name, String(value).trim());
  }
  if (params.sort) {
    out.set('sort', params.sort.field);
    out.set('order', params.sort.order);
  }
  if (params.page !== 1) out.set('page', String(params.page));
  if (params.pageSize !== defaultPageSize) out.set('pageSize', String(params.pageSize));
  return out;
}
