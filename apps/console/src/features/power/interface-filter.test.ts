import { describe, expect, it } from 'vitest';
import type { InterfaceCatalogue } from '@lending/contract';
import { filterCatalogue } from './interface-filter';

const entry = (id: string, summary: string) => ({
  id,
  method: 'POST' as const,
  path: `/${id.replace('.', '/')}`,
  summary,
  mutates: false,
});
const catalogue: InterfaceCatalogue = {
  modules: [
    {
      module: 'user',
      interfaces: [entry('user.get_users', 'List staff accounts'), entry('user.edit_user', 'Edit')],
    },
    { module: 'log', interfaces: [entry('log.login_log', 'Every sign-in attempt')] },
  ],
};

describe('filterCatalogue', () => {
  it('keeps everything for an empty search', () => {
    expect(filterCatalogue(catalogue, '  ')).toBe(catalogue.modules);
  });
  it('matches id, path, summary or module, case-insensitively, and drops empty modules', () => {
    expect(filterCatalogue(catalogue, 'SIGN-IN')).toEqual([
      { module: 'log', interfaces: [catalogue.modules[1]?.interfaces[0]] },
    ]);
    expect(
      filterCatalogue(catalogue, 'edit_user').map((g) => g.interfaces.map((i) => i.id)),
    ).toEqual([['user.edit_user']]);
    expect(filterCatalogue(catalogue, 'user')[0]?.interfaces).toHaveLength(2);
    expect(filterCatalogue(catalogue, 'nothing here')).toEqual([]);
  });
});
