import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type StaffUserListItem, powerApi, userApi } from '@lending/contract';
import { i18n } from '../../../lib/i18n';
import { fakeEndpoints, fakeList } from '../../../test/fake-endpoints';
import { renderAt, testAdmin } from '../../../test/render';
import { AccountPage } from './account-page';

configure({ asyncUtilTimeout: 20_000 });

const clerk: StaffUserListItem = {
  id: 3,
  email: 'clerk@example.com',
  name: 'Clerk',
  avatar: '',
  status: 'enabled',
  language: 'en',
  roles: [{ id: 2, name: 'Reviewer' }],
  createdAt: '2025-01-01T00:00:00.000Z',
  lastLoginAt: '2025-01-15T04:30:00.000Z',
  signInBlocks: [],
};

async function findRow(email: string) {
  return within((await screen.findByText(email, { selector: 'td' })).closest('tr')!);
}

describe('accounts page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists accounts with their roles and status, and deletes one after a confirmation', async () => {
    const accounts = [clerk];
    const call = fakeEndpoints([
      fakeList(userApi.getUsers, accounts),
      fakeList(powerApi.getRoles, []),
      [
        userApi.deleteUser,
        ({ id }) => {
          accounts.splice(
            accounts.findIndex((account) => account.id === id),
            1,
          );
          return null;
        },
      ],
    ]);
    const user = userEvent.setup({ delay: null });
    renderAt(<AccountPage />, '/power/account');
    const row = await findRow('clerk@example.com');
    expect(row.getByText('Reviewer')).toBeInTheDocument();
    expect(row.getByText('2025-01-15 10:00:00')).toBeInTheDocument();
    expect(row.getByRole('switch', { name: 'Enabled: clerk@example.com' })).toBeChecked();

    await user.click(row.getByRole('button', { name: 'Delete: clerk@example.com' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'This will permanently delete the account clerk@example.com. Continue?',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await screen.findByText('Delete Success');
    expect(call).toHaveBeenCalledWith(userApi.deleteUser, { id: 3 });
    await waitFor(() =>
      expect(screen.queryByText('clerk@example.com', { selector: 'td' })).toBeNull(),
    );
  });

  it('shows one who may only list accounts no action, and the status as a tag', async () => {
    fakeEndpoints([fakeList(userApi.getUsers, [clerk])]);
    renderAt(<AccountPage />, '/power/account', {
      user: { ...testAdmin, roles: ['account'], interfaces: [userApi.getUsers.id] },
    });
    const row = await findRow('clerk@example.com');
    expect(row.queryByRole('switch')).toBeNull();
    expect(row.getByText('Enabled')).toBeInTheDocument();
    expect(row.queryByRole('button')).toBeNull();
    expect(
      within(screen.getByRole('toolbar')).queryByRole('button', { name: 'New account' }),
    ).toBeNull();
  });

  it('shows a blocked account with where and until when, and unblocks it after confirmation', async () => {
    const accounts: StaffUserListItem[] = [
      {
        ...clerk,
        id: 7,
        email: 'blocked@example.com',
        signInBlocks: [
          { address: null, until: '2025-01-15T05:00:00.000Z' },
          { address: '10.1.0.1', until: '2025-01-15T05:10:00.000Z' },
        ],
      },
      { ...clerk, id: 8, email: 'open@example.com' },
    ];
    const call = fakeEndpoints([
      fakeList(userApi.getUsers, accounts),
      fakeList(powerApi.getRoles, []),
      [
        userApi.unblockSignIn,
        ({ id }) => {
          accounts.find((account) => account.id === id)!.signInBlocks = [];
          return null;
        },
      ],
    ]);
    renderAt(<AccountPage />, '/power/account');
    const blocked = await findRow('blocked@example.com');
    expect(blocked.getByText('Blocked')).toBeInTheDocument();
    expect(blocked.getByText('From every address until 2025-01-15 10:30:00')).toBeInTheDocument();
    expect(blocked.getByText('From 10.1.0.1 until 2025-01-15 10:40:00')).toBeInTheDocument();
    const open = await findRow('open@example.com');
    expect(open.queryByText('Blocked')).toBeNull();
    expect(open.queryByRole('button', { name: /Unblock sign-in/ })).toBeNull();

    const user = userEvent.setup({ delay: null });
    await user.click(blocked.getByRole('button', { name: 'Unblock sign-in: blocked@example.com' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Let blocked@example.com sign in again now?');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    await screen.findByText('Sign-in unblocked');
    expect(call).toHaveBeenCalledWith(userApi.unblockSignIn, { id: 7 });
    await waitFor(async () =>
      expect((await findRow('blocked@example.com')).queryByText('Blocked')).toBeNull(),
    );
  });

  it('says it in Chinese', async () => {
    await i18n.changeLanguage('zh');
    fakeEndpoints([
      fakeList(userApi.getUsers, [
        {
          ...clerk,
          id: 9,
          email: 'zh@example.com',
          signInBlocks: [{ address: '10.2.0.1', until: '2025-01-15T05:00:00.000Z' }],
        },
      ]),
      fakeList(powerApi.getRoles, []),
    ]);
    renderAt(<AccountPage />, '/power/account');
    const row = await findRow('zh@example.com');
    expect(row.getByText('已锁定')).toBeInTheDocument();
    expect(row.getByText('地址 10.2.0.1，锁定至 2025-01-15 10:30:00')).toBeInTheDocument();
    expect(row.getByRole('button', { name: '解除登录锁定: zh@example.com' })).toBeInTheDocument();
  });
});
