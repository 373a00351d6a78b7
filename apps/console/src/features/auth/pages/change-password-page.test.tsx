import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userApi } from '@lending/contract';
import { api } from '../../../lib/api';
import { feedback } from '../../../lib/feedback';
import { i18n } from '../../../lib/i18n';
import { renderAt } from '../../../test/render';
import { ChangePasswordPage } from './change-password-page';

describe('change password page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    document.cookie = 'Admin-Token=t1; path=/';
  });
  afterEach(() => vi.restoreAllMocks());

  async function fill(oldPassword: string, newPassword: string, confirmation: string) {
    const user = userEvent.setup({ delay: null });
    if (oldPassword) await user.type(screen.getByLabelText('Old password'), oldPassword);
    if (newPassword) await user.type(screen.getByLabelText('New password'), newPassword);
    if (confirmation) await user.type(screen.getByLabelText('Confirm new password'), confirmation);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
  }

  it('shows the product messages for a weak and a mismatched password, and sends nothing', async () => {
    const call = vi.spyOn(api, 'call');
    renderAt(<ChangePasswordPage />, '/changePassword/index');
    await fill('Admin12345', 'short1', 'different1');
    await screen.findByText(
      'The password must be at least 8 characters with both letters and numbers',
    );
    await screen.findByText('The two passwords are not consistent');
    expect(call).not.toHaveBeenCalled();
  });

  it('rejects letters only and digits only', async () => {
    renderAt(<ChangePasswordPage />, '/changePassword/index');
    await fill('old', 'lettersonly', 'lettersonly');
    await screen.findByText(/at least 8 characters/);
  });

  it('shows the Chinese variants in zh', async () => {
    await i18n.changeLanguage('zh');
    renderAt(<ChangePasswordPage />, '/changePassword/index');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('新密码'), '1234567');
    await user.type(screen.getByLabelText('确认新密码'), 'abc');
    await user.click(screen.getByRole('button', { name: '提交' }));
    await screen.findByText('密码至少 8 位，且须同时包含字母和数字');
    await screen.findByText('两次输入的密码不一致');
    await screen.findByText('请输入旧密码');
  });

  it('submits change_password, says Update Success, clears the token and goes to /login', async () => {
    const call = vi.spyOn(api, 'call').mockResolvedValue(null);
    const success = vi.spyOn(feedback, 'success').mockImplementation(() => {});
    const { router } = renderAt(<ChangePasswordPage />, '/changePassword/index', {
      extraRoutes: [{ path: '/login', element: <p>login page</p> }],
    });
    await fill('Admin12345', 'NewPass123', 'NewPass123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(call).toHaveBeenCalledWith(userApi.changePassword, {
      oldPassword: 'Admin12345',
      newPassword: 'NewPass123',
      confirmPassword: 'NewPass123',
    });
    expect(success).toHaveBeenCalledWith('Update Success');
    expect(document.cookie).not.toContain('Admin-Token');
  });
});
