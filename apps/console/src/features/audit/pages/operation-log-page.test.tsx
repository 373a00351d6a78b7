import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type OperationLogEntry, auditApi } from '@lending/contract';
import { i18n } from '../../../lib/i18n';
import { fakeEndpoints, fakeList } from '../../../test/fake-endpoints';
import { renderAt } from '../../../test/render';
import { OperationLogPage } from './operation-log-page';

configure({ asyncUtilTimeout: 20_000 });

const entry: OperationLogEntry = {
  id: 41,
  actorId: 1,
  actorName: 'Admin',
  actorEmail: 'admin@example.com',
  action: 'user.edit_user',
  module: 'user',
  summary: "Edit a staff account's name, avatar, status or roles",
  targetType: 'staff_user',
  targetId: '3',
  ip: '10.0.0.1',
  at: '2025-01-15T04:30:00.000Z',
};

describe('operation log page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists changes with their actor, and opens one with what changed', async () => {
    const call = fakeEndpoints([
      fakeList(auditApi.operationLog, [entry]),
      [
        auditApi.operationLogDetail,
        ({ id }) => ({
          ...entry,
          id,
          userAgent: 'Tester/1.0',
          before: { status: 'enabled' },
          after: { status: 'disabled' },
          request: { id: 3, status: 'disabled' },
        }),
      ],
    ]);
    const user = userEvent.setup({ delay: null });
    renderAt(<OperationLogPage />, '/systemConfig/log?actor=admin');
    const cell = await screen.findByText('user.edit_user');
    const row = within(cell.closest('tr')!);
    expect(row.getByText('Admin <admin@example.com>')).toBeInTheDocument();
    expect(row.getByText('staff_user 3')).toBeInTheDocument();
    expect(row.getByText('2025-01-15 10:00:00')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(auditApi.operationLog, {
      page: 1,
      pageSize: 20,
      filters: { actor: 'admin' },
    });

    await user.click(row.getByRole('button', { name: 'Detail: #41' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Operation #41')).toBeInTheDocument();
    expect(await within(drawer).findByText('Tester/1.0')).toBeInTheDocument();
    expect(within(drawer).getByText('Changed')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(auditApi.operationLogDetail, { id: 41 });
  });
});
