import { Button, Card, Form, Input, Space, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Role } from '@lending/contract';
import { feedback } from '../../../lib/feedback';
import { useListParams } from '../../../lib/use-list-params';
import { FilterActions } from '../../../components/list-page/filter-actions';
import { useListPagination } from '../../../components/list-page/use-list-pagination';
import { useDeleteRole, useRoles, useSaveRole } from '../api/use-roles';
import { RoleFormModal } from '../components/role-form-modal';

type RoleFilters = { name?: string };

/** Spec §2 /power/role: roles, and from each the hidden menu and interface pages. */
export function RolePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { params, setFilters, setPage } = useListParams<RoleFilters>(['name']);
  const roles = useRoles(params);
  const save = useSaveRole();
  const remove = useDeleteRole();
  const [editing, setEditing] = useState<Role | null | undefined>(undefined);
  const [filterForm] = Form.useForm<RoleFilters>();

  const confirmDelete = (role: Role) => {
    feedback.confirm({
      title: t('common.tips'),
      content: t('role.deleteConfirm', { name: role.name }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync(role.id);
          feedback.success(t('messages.deleteSuccess'));
        } catch {
          // The request client has shown the server's message.
        }
      },
    });
  };

  const pagination = useListPagination(params, roles.data?.total, setPage);
  return (
    <Card title={<h1 className="page-heading">{t('route.role')}</h1>}>
      <Form<RoleFilters>
        form={filterForm}
        name="role-filters"
        layout="inline"
        initialValues={params.filters}
        onFinish={(values) => setFilters(values)}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item label={t('role.name')} name="name">
          <Input allowClear />
        </Form.Item>
        <FilterActions form={filterForm} onReset={() => setFilters({})}>
          <Button type="primary" onClick={() => setEditing(null)}>
            {t('role.newRole')}
          </Button>
        </FilterActions>
      </Form>
      <Table<Role>
        rowKey="id"
        loading={roles.isFetching}
        dataSource={roles.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        pagination={pagination}
        columns={[
          {
            title: t('role.name'),
            dataIndex: 'name',
            render: (name: string, role) => (
              <Space>
                {name}
                {role.isSystem ? <Tag color="orange">{t('role.system')}</Tag> : null}
              </Space>
            ),
          },
          { title: t('role.description'), dataIndex: 'description' },
          { title: t('role.accounts'), dataIndex: 'userCount' },
          {
            title: t('role.menus'),
            key: 'menus',
            render: (_, role) => (role.isSystem ? t('common.all') : role.menus.length),
          },
          {
            title: t('role.interfaces'),
            key: 'interfaces',
            render: (_, role) => (role.isSystem ? t('common.all') : role.interfaces.length),
          },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_, role) => {
              const label = (action: string) => `${action}: ${role.name}`;
              return (
                <Space wrap>
                  <Button
                    size="small"
                    aria-label={label(t('common.edit'))}
                    onClick={() => setEditing(role)}
                  >
                    {t('common.edit')}
                  </Button>
                  <Tooltip title={role.isSystem ? t('role.adminAll') : undefined}>
                    <Button
                      size="small"
                      disabled={role.isSystem}
                      aria-label={label(t('role.assignMenus'))}
                      onClick={() => navigate(`/power/menu?roleId=${role.id}`)}
                    >
                      {t('role.assignMenus')}
                    </Button>
                  </Tooltip>
                  <Button
                    size="small"
                    disabled={role.isSystem}
                    aria-label={label(t('role.assignInterfaces'))}
                    onClick={() => navigate(`/power/interface?roleId=${role.id}`)}
                  >
                    {t('role.assignInterfaces')}
                  </Button>
                  <Tooltip
                    title={
                      role.userCount > 0 ? t('role.inUse', { count: role.userCount }) : undefined
                    }
                  >
                    <Button
                      size="small"
                      danger
                      disabled={role.isSystem || role.userCount > 0}
                      aria-label={label(t('common.delete'))}
                      onClick={() => confirmDelete(role)}
                    >
                      {t('common.delete')}
                    </Button>
                  </Tooltip>
                </Space>
              );
            },
          },
        ]}
      />
      <RoleFormModal
        open={editing !== undefined}
        role={editing ?? null}
        saving={save.isPending}
        onCancel={() => setEditing(undefined)}
        onSubmit={async (body) => {
          try {
            await save.mutateAsync(body);
          } catch {
            return;
          }
          feedback.success(t('messages.saveSuccess'));
          setEditing(undefined);
        }}
      />
    </Card>
  );
}
