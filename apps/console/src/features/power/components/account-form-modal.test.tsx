import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role, StaffUser } from '@lending/contract';
import { i18n } from '../../../lib/i18n';
import { renderAt } from '../../../test/render';
import { AccountFormModal } from './account-form-modal';

const roles: Role[] = [
  {
    id: 2,
    name: 'Reviewer',
    description: '',
    menus: [],
    interfaces: [],
    isSystem: false,
    userCount: 1,
  },
];

describe('the account form', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('checks e-mail, name and the initial password before creating', async () => {
    const onCreate = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderAt(
      <AccountFormModal
        open
        account={null}
        roles={roles}
        saving={false}
        onCreate={onCreate}
        onEdit={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await screen.findByText('Please enter the e-mail');
    expect(screen.getByText('Please enter the name')).toBeInTheDocument();

    await user.type(screen.getByLabelText('E-mail'), 'not-an-email');
    await user.type(screen.getByLabelText('Name'), 'New Person');
    await user.type(screen.getByLabelText('Initial password'), 'lettersonly');
    await user.type(screen.getByLabelText('Confirm password'), 'different1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Please enter a valid e-mail address');
    expect(
      screen.getByText('The password must be at least 8 characters with both letters and numbers'),
    ).toBeInTheDocument();
    await screen.findByText('The two passwords are not consistent');
    expect(onCreate).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'new@example.com');
    await user.clear(screen.getByLabelText('Initial password'));
    await user.type(screen.getByLabelText('Initial password'), 'Welcome123');
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'Welcome123');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onCreate).toHaveBeenCalledWith({
        email: 'new@example.com',
        name: 'New Person',
        roleIds: [],
        password: 'Welcome123',
      }),
    );
  });

  it('edits name and roles only, the e-mail fixed', async () => {
    const onEdit = vi.fn();
    const account: StaffUser = {
      id: 9,
      email: 'a@example.com',
      name: 'A',
      avatar: '',
      status: 'enabled',
      language: 'en',
      roles: [{ id: 2, name: 'Reviewer' }],
      createdAt: '2026-01-01T00:00:00.000Z',
      lastLoginAt: null,
    };
    const user = userEvent.setup({ delay: null });
    renderAt(
      <AccountFormModal
        open
        account={account}
        roles={roles}
        saving={false}
        onCreate={vi.fn()}
        onEdit={onEdit}
        onCancel={vi.fn()}
      />,
    );
    expect(await screen.findByLabelText('E-mail')).toBeDisabled();
    expect(screen.queryByLabelText('Initial password')).toBeNull();
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Anita');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onEdit).toHaveBeenCalledWith({ id: 9, name: 'Anita', roleIds: [2] }),
    );
  });
});
