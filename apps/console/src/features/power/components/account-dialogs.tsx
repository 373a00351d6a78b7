import { type StaffUser, powerApi, userApi } from '@lending/contract';
import type { ActionFormProps } from '../../../components/list-page';
import { useEndpointMutation } from '../../../lib/use-endpoint';
import { useAllRoles } from '../api/use-roles';
import { AccountFormModal } from './account-form-modal';
import { ResetPasswordModal } from './reset-password-modal';

// Role lists show how many accounts hold each role: an account change refreshes them too.
const changes = [userApi.getUsers, powerApi.getRoles];

/** The account form as the accounts list opens it: new from the toolbar, edit on a row. */
export function AccountFormDialog({ open, row, onClose }: ActionFormProps<StaffUser>) {
  const roles = useAllRoles(open);
  const create = useEndpointMutation(userApi.createUser, {
    invalidates: changes,
    success: 'messages.saveSuccess',
  });
  const edit = useEndpointMutation(userApi.editUser, {
    invalidates: changes,
    success: 'messages.updateSuccess',
  });
  return (
    <AccountFormModal
      open={open}
      account={row ?? null}
      roles={roles.data?.list ?? []}
      saving={create.isPending || edit.isPending}
      onCancel={onClose}
      onCreate={(body) => create.mutate(body, { onSuccess: onClose })}
      onEdit={(body) => edit.mutate(body, { onSuccess: onClose })}
    />
  );
}

/** Setting an account's password, from its row. */
export function ResetPasswordDialog({ open, row, onClose }: ActionFormProps<StaffUser>) {
  const reset = useEndpointMutation(userApi.resetPassword, {
    invalidates: changes,
    success: 'messages.operationSuccess',
  });
  return (
    <ResetPasswordModal
      account={open ? (row ?? null) : null}
      saving={reset.isPending}
      onCancel={onClose}
      onSubmit={(newPassword) => {
        if (row) reset.mutate({ id: row.id, newPassword }, { onSuccess: onClose });
      }}
    />
  );
}
