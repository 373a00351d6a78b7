import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { listRequestSchema } from '@lending/contract';
import { listSchemaOf, readListParams, writeListParams } from './list-url';

const schema = listSchemaOf(
  listRequestSchema(
    z.strictObject({
      email: z.string().trim().max(20).optional(),
      status: z.enum(['enabled', 'disabled']).optional(),
      roleId: z.int().positive().optional(),
      verified: z.boolean().optional(),
      kind: z.enum(['first', 'reloan']).optional(),
      dateFrom: z.iso.date().optional(),
    }),
  ),
  'test.list',
);
const options = {
  defaultPageSize: 20,
  sortFields: new Set(['email', 'createdAt']),
  fixedFilters: new Set(['kind']),
};

function read(search: string) {
  return readListParams(new URLSearchParams(search), schema, options);
}

describe('list params in the URL', () => {
  it('are read through the endpoint schema: numbers, enums and booleans as it takes them', () => {
    expect(
      read(
        'email=a%40x.co&status=enabled&roleId=3&verified=true&dateFrom=2025-01-15&page=2&pageSize=50&sort=email&order=asc',
      ),
    ).toEqual({
      page: 2,
      pageSize: 50,
      filters: {
        email: 'a@x.co',
        status: 'enabled',
        roleId: 3,
        verified: true,
        dateFrom: '2025-01-15',
      },
      sort: { field: 'email', order: 'asc' },
    });
  });

  it('drop what the endpoint would refuse, names it does not know, and fixed filters', () => {
    expect(
      read(
        'status=lost&roleId=-1&roleId2=4&dateFrom=15-01-2025&email=' +
          'x'.repeat(21) +
          '&kind=reloan&page=0&pageSize=500',
      ),
    ).toEqual({ page: 1, pageSize: 20, filters: {} });
  });

  it('keep a sort only on a field the screen sorts by, in a known order', () => {
    expect(read('sort=password&order=asc').sort).toBeUndefined();
    expect(read('sort=email&order=sideways').sort).toBeUndefined();
    expect(read('sort=createdAt&order=desc').sort).toEqual({ field: 'createdAt', order: 'desc' });
  });

  it('are written without defaults or empty filters, so a fresh list has a clean URL', () => {
    expect(
      writeListParams({ page: 1, pageSize: 20, filters: { email: ' ', roleId: 3 } }, 20).toString(),
    ).toBe('roleId=3');
    expect(
      writeListParams(
        { page: 3, pageSize: 50, filters: {}, sort: { field: 'email', order: 'asc' } },
        20,
      ).toString(),
    ).toBe('sort=email&order=asc&page=3&pageSize=50');
  });

  it('refuse a body that is not a list request', () => {
    expect(() => listSchemaOf(z.strictObject({ id: z.int() }), 'test.detail')).toThrow(
      'test.detail is not a list endpoint',
    );
  });
});
