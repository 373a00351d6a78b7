import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userApi } from '@lending/contract';
import { api } from '../../../lib/api';
import { i18n } from '../../../lib/i18n';
import { renderAt } from '../../../test/render';
import { LoginPage } from './login-page';

describe('sign-in page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.restoreAllMocks());

  it('validates the fields before sending anything', async () => {
    const call = vi.spyOn(api, 'call').mockRejectedValue(new Error('offline'));
    renderAt(<LoginPage />, '/login');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Please enter your e-mail')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveFocus();
    await user.type(screen.getByLabelText('E-mail'), 'not-an-email');
    expect(screen.getByText('Please enter a valid e-mail address')).toBeInTheDocument();
    expect(call).not.toHaveBeenCalledWith(
      expect.objectContaining({ id: userApi.login.id }),
      expect.anything(),
    );
  });

  it('trims the e-mail, stores the token and follows the redirect query', async () => {
    const call = vi
      .spyOn(api, 'call')
      .mockImplementation(async (endpoint) =>
        endpoint.id === userApi.login.id
          ? { token: 'tok-1' }
          : Promise.reject(new Error('not now')),
      );
    const { router } = renderAt(<LoginPage />, '/login?redirect=%2Fpower%2Frole', {
      extraRoutes: [{ path: '/power/role', element: <p>roles</p> }],
    });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('E-mail'), '  admin@example.com  ');
    await user.type(screen.getByLabelText('Password'), 'Admin12345');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/power/role'));
    expect(call).toHaveBeenCalledWith(
      expect.objectContaining({ id: userApi.login.id, path: userApi.login.path }),
      {
        email: 'admin@example.com',
        password: 'Admin12345',
      },
    );
    expect(document.cookie).toContain('Admin-Token=tok-1');
  });

  it('offers the three languages', async () => {
    vi.spyOn(api, 'call').mockRejectedValue(new Error('offline'));
    renderAt(<LoginPage />, '/login');
    const group = screen.getByRole('group', { name: 'Language' });
    expect(group).toHaveTextContent('English中文မြန်မာ');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: '中文' }));
    expect(await screen.findByLabelText('邮箱')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '中文' })).toHaveAttribute('aria-pressed', 'true');
  });
});
