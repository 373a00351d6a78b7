import { Space, Tag } from 'antd';
import { type Role, powerApi } from '@lending/contract';
import { listPage } from '../../../components/list-page';
import { RoleFormDialog } from '../components/role-form-dialog';

/** The administrator role grants everything; its menus and interfaces are not assigned. */
const notForSystemRole = (role: Role) => role.isSystem && 'role.adminAll';

/** /power/role: roles, and from each the hidden menu and interface pages. */
export const RolePage = listPage(powerApi.getRoles, ({ column, filter, action }) => ({
  route: 'role',
  rowLabel: (role) => role.name,
  filters: [filter.text('name', 'role.name')],
  columns: [
    column.render(
      'name',
      'role.name',
      (role, t) => (
        <Space>
          {role.name}
          {role.isSystem ? <Tag color="orange">{t('role.system')}</Tag> : null}
        </Space>
      ),
      { sortable: true },
    ),
    column.text('description', 'role.description'),
    column.count('userCount', 'role.accounts'),
    column.render('menus', 'role.menus', (role, t) =>
      role.isSystem ? t('common.all') : role.menus.length,
    ),
    column.render('interfaces', 'role.interfaces', (role, t) =>
      role.isSystem ? t('common.all') : role.interfaces.length,
    ),
  ],
  toolbar: [action.form('role.newRole', RoleFormDialog, { needs: powerApi.saveRole })],
  rowActions: [
    action.form('common.edit', RoleFormDialog, { needs: powerApi.saveRole }),
    action.link('role.assignMenus', (role) => `/power/menu?roleId=${role.id}`, {
      needs: [powerApi.roleDetail, powerApi.setRoleMenus],
      disabled: notForSystemRole,
    }),
    action.link('role.assignInterfaces', (role) => `/power/interface?roleId=${role.id}`, {
      needs: [powerApi.roleDetail, powerApi.getInterfaces, powerApi.setRoleInterfaces],
      disabled: notForSystemRole,
    }),
    action.call(powerApi.deleteRole, {
      label: 'common.delete',
      body: (role) => ({ id: role.id }),
      confirm: 'role.deleteConfirm',
      danger: true,
      success: 'messages.deleteSuccess',
      disabled: (role) => notForSystemRole(role) || (role.userCount > 0 && 'role.inUse'),
    }),
  ],
}));
