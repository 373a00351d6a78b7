import { type StaffStatus, powerApi, userApi } from '@lending/contract';
import { listPage, type StatusTags } from '../../../components/list-page';
import { useRoleOptions } from '../api/use-roles';
import { AccountFormDialog, ResetPasswordDialog } from '../components/account-dialogs';
import { SignInBlocks } from '../components/sign-in-blocks';

const statusTags: StatusTags<StaffStatus> = {
  enabled: { label: 'account.enabled', color: 'green' },
  disabled: { label: 'account.disabled' },
};

/** /power/account, on the spec's /user/get_users and /user/edit_user calls. */
export const AccountPage = listPage(userApi.getUsers, ({ column, filter, action }) => ({
  route: 'account',
  rowLabel: (account) => account.email,
  filters: [
    filter.text('email', 'account.email'),
    filter.text('name', 'account.name'),
    filter.select('roleId', 'account.roles', useRoleOptions),
    filter.status('status', 'account.status', statusTags),
  ],
  columns: [
    column.text('email', 'account.email', { sortable: true }),
    column.text('name', 'account.name', { sortable: true }),
    column.tags('roles', 'account.roles', (role) => role.name),
    column.toggle('status', 'account.status', {
      endpoint: userApi.editUser,
      on: 'enabled',
      off: 'disabled',
      body: (account, status) => ({ id: account.id, status }),
      labels: { on: 'account.enabled', off: 'account.disabled' },
      confirmOff: 'account.disableConfirm',
      ariaLabel: 'account.toggleStatus',
      invalidates: [powerApi.getRoles],
    }),
    // Blocked by failed sign-ins (decision 0023): where from and until when.
    column.render('signInBlocks', 'account.signIn', (account) => (
      <SignInBlocks blocks={account.signInBlocks} />
    )),
    column.instant('lastLoginAt', 'account.lastLogin', { sortable: true }),
    column.instant('createdAt', 'account.createdAt', { sortable: true, hiddenByDefault: true }),
  ],
  toolbar: [
    action.form('account.newAccount', AccountFormDialog, {
      needs: [userApi.createUser, powerApi.getRoles],
    }),
  ],
  rowActions: [
    action.form('common.edit', AccountFormDialog, { needs: [userApi.editUser, powerApi.getRoles] }),
    action.form('account.resetPassword', ResetPasswordDialog, { needs: userApi.resetPassword }),
    action.call(userApi.unblockSignIn, {
      label: 'account.unblock',
      body: (account) => ({ id: account.id }),
      hidden: (account) => account.signInBlocks.length === 0,
      confirm: 'account.unblockConfirm',
      success: 'account.unblockSuccess',
    }),
    action.call(userApi.deleteUser, {
      label: 'common.delete',
      body: (account) => ({ id: account.id }),
      confirm: 'account.deleteConfirm',
      danger: true,
      success: 'messages.deleteSuccess',
      invalidates: [powerApi.getRoles],
    }),
  ],
}));
