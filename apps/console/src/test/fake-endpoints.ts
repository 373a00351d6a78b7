import { vi } from 'vitest';
import type { EndpointBody, EndpointDefinition, EndpointRet } from '@lending/contract';
import { api } from '../lib/api';
import { RequestError } from '../lib/request';

/** What a fake endpoint answers: the contract's `ret`, or a thrown refusal. */
export type FakeHandler<E extends EndpointDefinition> = (
  body: EndpointBody<E>,
) => EndpointRet<E> | Promise<EndpointRet<E>>;

type Entries<T extends readonly EndpointDefinition[]> = {
  readonly [K in keyof T]: readonly [T[K], FakeHandler<T[K]>];
};

/**
 * Answers the console's calls from handlers instead of a server, by endpoint. A call to an
 * endpoint without a handler fails loudly. Returns the spy on `api.call`, whose calls are
 * `(endpoint, body)`.
 *
 * @example
 * const call = fakeEndpoints([
 *   fakeList(getUsers, [admin, clerk]),
 *   [deleteUser, () => null],
 * ]);
 * expect(call).toHaveBeenCalledWith(deleteUser, { id: 2 });
 */
export function fakeEndpoints<const T extends readonly EndpointDefinition[]>(entries: Entries<T>) {
  const handlers = new Map<EndpointDefinition, (body: unknown) => unknown>(
    entries.map(([endpoint, handler]) => [endpoint, handler as (body: unknown) => unknown]),
  );
  return vi.spyOn(api, 'call').mockImplementation(async (endpoint, body) => {
    const handler = handlers.get(endpoint);
    if (!handler) throw new Error(`fakeEndpoints: no handler for ${endpoint.id}`);
    return handler(body) as never;
  });
}

type ListBody = {
  page?: number;
  pageSize?: number;
  filters?: Record<string, unknown>;
  sort?: { field: string; order: 'asc' | 'desc' };
};
type RowOf<E> = EndpointRet<E> extends { list: (infer R)[] } ? R : never;

/**
 * A list endpoint over these rows, as the server pages it: rows matching every filter (by
 * default a filter equal to the row's field of the same name; text fields contain it), sorted
 * by `sort` when sent, one page, and the total. The array is read at each call, so a handler
 * that changes it changes the next answer.
 */
export function fakeList<E extends EndpointDefinition>(
  endpoint: E,
  rows: RowOf<E>[],
  matches: (row: RowOf<E>, filters: Record<string, unknown>) => boolean = matchesByField,
): readonly [E, FakeHandler<E>] {
  const handler = (body: EndpointBody<E>) => {
    const { page = 1, pageSize = 20, filters = {}, sort } = (body ?? {}) as ListBody;
    const found = rows.filter((row) => matches(row, filters));
    if (sort) {
      const sign = sort.order === 'asc' ? 1 : -1;
      found.sort((a, b) => sign * compare(field(a, sort.field), field(b, sort.field)));
    }
    return {
      list: found.slice((page - 1) * pageSize, page * pageSize),
      total: found.length,
    } as EndpointRet<E>;
  };
  return [endpoint, handler] as const;
}

function field(row: unknown, name: string): unknown {
  return (row as Record<string, unknown>)[name];
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  return (a as number | string) < (b as number | string) ? -1 : 1;
}

function matchesByField(row: unknown, filters: Record<string, unknown>): boolean {
  return Object.entries(filters).every(([name, wanted]) => {
    const value = field(row, name);
    if (value === undefined) return true;
    if (typeof value === 'string' && typeof wanted === 'string') {
      return value.toLowerCase().includes(wanted.toLowerCase());
    }
    return value === wanted;
  });
}

/** A business refusal as the request client rejects with it (code, message, field errors). */
export function refusal(message: string, code = 4000, field?: string): RequestError {
  return new RequestError(message, 'business', code, 400, field ? [{ field, message }] : []);
}
