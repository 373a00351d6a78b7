import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type StaffUser, userApi } from '@lending/contract';
import { api } from '../../../lib/api';
import { i18n } from '../../../lib/i18n';
import { RequestError } from '../../../lib/request';
import { renderAt } from '../../../test/render';
import { ProfilePage } from './profile-page';

const own: StaffUser = {
  id: 3,
  email: 'reviewer@example.com',
  name: 'Riya Reviewer',
  avatar: '',
  status: 'enabled',
  language: 'zh',
  roles: [{ id: 2, name: 'Reviewer' }],
  createdAt: '2026-11-01T04:30:00.000Z',
  lastLoginAt: '2026-11-22T06:00:05.000Z',
};

describe('profile page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.restoreAllMocks());

  it("shows the caller's own account from /user/profile, times in India time", async () => {
    const call = vi.spyOn(api, 'call').mockResolvedValue(own);
    renderAt(<ProfilePage />, '/profile/index');
    await screen.findByText('reviewer@example.com');
    expect(call.mock.calls[0]?.[0]).toBe(userApi.profile);
    expect(screen.getByText('Riya Reviewer')).toBeInTheDocument();
    expect(screen.getByText('Reviewer')).toBeInTheDocument();
    expect(screen.getByText('中文')).toBeInTheDocument();
    // 06:00:05 UTC is 11:30:05 in India.
    expect(screen.getByText('2026-11-22 11:30:05')).toBeInTheDocument();
    expect(screen.getByText('2026-11-01 10:00:00')).toBeInTheDocument();
  });

  it('opens the change password page', async () => {
    vi.spyOn(api, 'call').mockResolvedValue(own);
    const { router } = renderAt(<ProfilePage />, '/profile/index', {
      extraRoutes: [{ path: '/changePassword/index', element: <p>change password</p> }],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Change password' }));
    expect(router.state.location.pathname).toBe('/changePassword/index');
  });

  it('says so when the account cannot be loaded', async () => {
    // A refusal (the request client has toasted it) is not retried.
    vi.spyOn(api, 'call').mockRejectedValue(new RequestError('Forbidden', 'business', 4030, 403));
    renderAt(<ProfilePage />, '/profile/index');
    await screen.findByText('Your account could not be loaded.');
  });
});
