import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Role, powerApi } from '@lending/contract';
import { i18n } from '../../../lib/i18n';
import { fakeEndpoints, fakeList } from '../../../test/fake-endpoints';
import { renderAt } from '../../../test/render';
import { RolePage } from './role-page';

configure({ asyncUtilTimeout: 20_000 });

const admin: Role = {
  id: 1,
  name: 'admin',
  description: 'Everything',
  menus: [],
  interfaces: [],
  isSystem: true,
  userCount: 1,
};
const reviewer: Role = {
  id: 2,
  name: 'Reviewer',
  description: 'Reviews applications',
  menus: ['Dashboard', 'Approve', 'Loan'],
  interfaces: ['user.get_users'],
  isSystem: false,
  userCount: 2,
};

async function findRow(description: string) {
  return within((await screen.findByText(description, { selector: 'td' })).closest('tr')!);
}

describe('roles page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists roles; the system role and a role in use cannot be changed the way others can', async () => {
    fakeEndpoints([fakeList(powerApi.getRoles, [admin, reviewer])]);
    const user = userEvent.setup({ delay: null });
    renderAt(<RolePage />, '/power/role', {
      extraRoutes: [{ path: '/power/menu', element: <p>menus of the role</p> }],
    });
    const system = await findRow('Everything');
    expect(system.getByText('System role')).toBeInTheDocument();
    expect(system.getAllByText('All')).toHaveLength(2);
    expect(system.getByRole('button', { name: 'Assign menus: admin' })).toBeDisabled();

    const inUse = await findRow('Reviews applications');
    expect(inUse.getByText('2')).toBeInTheDocument();
    expect(inUse.getByRole('button', { name: 'Delete: Reviewer' })).toBeDisabled();
    await user.click(inUse.getByRole('button', { name: 'Assign menus: Reviewer' }));
    await screen.findByText('menus of the role');
  });
});
