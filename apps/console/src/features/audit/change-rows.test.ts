import { describe, expect, it } from 'vitest';
import { changeRows } from './change-rows';

describe('changeRows', () => {
  it('lists changed fields first, nested objects as dot paths, arrays as lists', () => {
    const rows = changeRows(
      {
        name: 'Clerk One',
        roles: [{ id: 1, name: 'A' }],
        menus: ['Dashboard'],
        outstanding: { principal: '10' },
      },
      {
        name: 'Clerk Uno',
        roles: [{ id: 1, name: 'A' }],
        menus: ['Dashboard', 'log'],
        outstanding: { principal: '10' },
      },
    );
    expect(rows.slice(0, 2)).toEqual([
      { field: 'name', before: 'Clerk One', after: 'Clerk Uno', changed: true },
      { field: 'menus', before: 'Dashboard', after: 'Dashboard, log', changed: true },
    ]);
    expect(rows.find((row) => row.field === 'outstanding.principal')).toMatchObject({
      changed: false,
    });
    expect(rows.find((row) => row.field === 'roles')?.before).toBe('[{"id":1,"name":"A"}]');
  });

  it('shows a created or deleted record with one side empty', () => {
    expect(changeRows(null, { status: 'enabled' })).toEqual([
      { field: 'status', before: '', after: 'enabled', changed: true },
    ]);
    expect(changeRows({ status: 'enabled' }, null)[0]).toMatchObject({
      before: 'enabled',
      after: '',
    });
    expect(changeRows(null, null)).toEqual([]);
  });
});
