import { Button, Card, Form, Input, Select, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffStatus, StaffUser } from '@lending/contract';
import { feedback } from '../../../lib/feedback';
import { formatIndiaDateTime } from '../../../lib/format';
import { useListParams } from '../../../lib/use-list-params';
import { FilterActions } from '../../../components/list-page/filter-actions';
import { useListPagination } from '../../../components/list-page/use-list-pagination';
import {
  useAccounts,
  useCreateAccount,
  useDeleteAccount,
  useEditAccount,
  useResetPassword,
} from '../api/use-accounts';
import { useAllRoles } from '../api/use-roles';
import { AccountFormModal } from '../components/account-form-modal';
import { ResetPasswordModal } from '../components/reset-password-modal';

type AccountFilters = { email?: string; name?: string; roleId?: number; status?: StaffStatus };

/** Spec §2 /power/account, on the spec's /user/get_users and /user/edit_user calls. */
export function AccountPage() {
  const { t } = useTranslation();
  const { params, setFilters, setPage } = useListParams<AccountFilters>(
    ['email', 'name', 'roleId', 'status'],
    ['roleId'],
  );
  const accounts = useAccounts(params);
  const roles = useAllRoles();
  const create = useCreateAccount();
  const edit = useEditAccount();
  const reset = useResetPassword();
  const remove = useDeleteAccount();
  const [editing, setEditing] = useState<StaffUser | null | undefined>(undefined);
  const [resetting, setResetting] = useState<StaffUser | null>(null);
  const [filterForm] = Form.useForm<AccountFilters>();
  const roleOptions = (roles.data?.list ?? []).map((role) => ({
    value: role.id,
    label: role.name,
  }));

  const setStatus = async (account: StaffUser, status: StaffStatus) => {
    try {
      await edit.mutateAsync({ id: account.id, status });
      feedback.success(t('messages.updateSuccess'));
    } catch {
      // The request client has shown the server's message.
    }
  };

  const confirmStatus = (account: StaffUser, enabled: boolean) => {
    if (enabled) {
      void setStatus(account, 'enabled');
      return;
    }
    feedback.confirm({
      title: t('common.tips'),
      content: t('account.disableConfirm', { email: account.email }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => setStatus(account, 'disabled'),
    });
  };

  const confirmDelete = (account: StaffUser) => {
    feedback.confirm({
      title: t('common.tips'),
      content: t('account.deleteConfirm', { email: account.email }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync(account.id);
          feedback.success(t('messages.deleteSuccess'));
        } catch {
          // The request client has shown the server's message.
        }
      },
    });
  };

  const pagination = useListPagination(params, accounts.data?.total, setPage);
  return (
    <Card title={<h1 className="page-heading">{t('route.account')}</h1>}>
      <Form<AccountFilters>
        form={filterForm}
        name="account-filters"
        layout="inline"
        initialValues={params.filters}
        onFinish={(values) => setFilters(values)}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item label={t('account.email')} name="email">
          <Input allowClear />
        </Form.Item>
        <Form.Item label={t('account.name')} name="name">
          <Input allowClear />
        </Form.Item>
        <Form.Item label={t('account.roles')} name="roleId">
          <Select allowClear options={roleOptions} style={{ minWidth: 140 }} />
        </Form.Item>
        <Form.Item label={t('account.status')} name="status">
          <Select
            allowClear
            style={{ minWidth: 120 }}
            options={[
              { value: 'enabled', label: t('account.enabled') },
              { value: 'disabled', label: t('account.disabled') },
            ]}
          />
        </Form.Item>
        <FilterActions form={filterForm} onReset={() => setFilters({})}>
          <Button type="primary" onClick={() => setEditing(null)}>
            {t('account.newAccount')}
          </Button>
        </FilterActions>
      </Form>
      <Table<StaffUser>
        rowKey="id"
        loading={accounts.isFetching}
        dataSource={accounts.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        pagination={pagination}
        columns={[
          { title: t('account.email'), dataIndex: 'email' },
          { title: t('account.name'), dataIndex: 'name' },
          {
            title: t('account.roles'),
            key: 'roles',
            render: (_, account) =>
              account.roles.map((role) => <Tag key={role.id}>{role.name}</Tag>),
          },
          {
            title: t('account.status'),
            key: 'status',
            render: (_, account) => (
              <Switch
                checked={account.status === 'enabled'}
                aria-label={t('account.toggleStatus', { email: account.email })}
                checkedChildren={t('account.enabled')}
                unCheckedChildren={t('account.disabled')}
                onChange={(on) => confirmStatus(account, on)}
              />
            ),
          },
          {
            title: t('account.lastLogin'),
            dataIndex: 'lastLoginAt',
            render: (at: string | null) => (at ? formatIndiaDateTime(at) : '—'),
          },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_, account) => {
              const label = (action: string) => `${action}: ${account.email}`;
              return (
                <Space wrap>
                  <Button
                    size="small"
                    aria-label={label(t('common.edit'))}
                    onClick={() => setEditing(account)}
                  >
                    {t('common.edit')}
                  </Button>
                  <Button
                    size="small"
                    aria-label={label(t('account.resetPassword'))}
                    onClick={() => setResetting(account)}
                  >
                    {t('account.resetPassword')}
                  </Button>
                  <Button
                    size="small"
                    danger
                    aria-label={label(t('common.delete'))}
                    onClick={() => confirmDelete(account)}
                  >
                    {t('common.delete')}
                  </Button>
                </Space>
              );
            },
          },
        ]}
      />
      <AccountFormModal
        open={editing !== undefined}
        account={editing ?? null}
        roles={roles.data?.list ?? []}
        saving={create.isPending || edit.isPending}
        onCancel={() => setEditing(undefined)}
        onCreate={async (body) => {
          try {
            await create.mutateAsync(body);
          } catch {
            return;
          }
          feedback.success(t('messages.saveSuccess'));
          setEditing(undefined);
        }}
        onEdit={async (body) => {
          try {
            await edit.mutateAsync(body);
          } catch {
            return;
          }
          feedback.success(t('messages.updateSuccess'));
          setEditing(undefined);
        }}
      />
      <ResetPasswordModal
        account={resetting}
        saving={reset.isPending}
        onCancel={() => setResetting(null)}
        onSubmit={async (newPassword) => {
          if (!resetting) return;
          try {
            await reset.mutateAsync({ id: resetting.id, newPassword });
          } catch {
            return;
          }
          feedback.success(t('messages.operationSuccess'));
          setResetting(null);
        }}
      />
    </Card>
  );
}
