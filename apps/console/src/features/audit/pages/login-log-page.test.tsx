import { configure, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LoginLogEntry, auditApi } from '@lending/contract';
import { i18n } from '../../../lib/i18n';
import { fakeEndpoints, fakeList } from '../../../test/fake-endpoints';
import { renderAt } from '../../../test/render';
import { LoginLogPage } from './login-log-page';

configure({ asyncUtilTimeout: 20_000 });

const attempt: LoginLogEntry = {
  id: 7,
  email: 'clerk@example.com',
  userId: 3,
  userName: 'Clerk',
  success: false,
  failureReason: 'bad_password',
  ip: '10.0.0.9',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
  at: '2025-01-15T04:30:00.000Z',
};

describe('login log page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists sign-in attempts in India time with their result, filtered from the URL', async () => {
    const call = fakeEndpoints([
      fakeList(auditApi.loginLog, [
        attempt,
        { ...attempt, id: 8, success: true, failureReason: null },
      ]),
    ]);
    renderAt(<LoginLogPage />, '/systemConfig/loginLog?result=failure&dateFrom=2025-01-15');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Login log');
    const cell = await screen.findByText('Failure: Wrong password');
    const row = within(cell.closest('tr')!);
    expect(row.getByText('2025-01-15 10:00:00')).toBeInTheDocument();
    expect(row.getByText('Clerk')).toBeInTheDocument();
    expect(row.getByText('10.0.0.9')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(auditApi.loginLog, {
      page: 1,
      pageSize: 20,
      filters: { result: 'failure', dateFrom: '2025-01-15' },
    });
    expect(screen.getByLabelText('E-mail tried')).toHaveValue('');
  });
});
