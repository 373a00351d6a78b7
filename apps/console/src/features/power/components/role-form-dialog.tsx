import { type Role, powerApi } from '@lending/contract';
import type { ActionFormProps } from '../../../components/list-page';
import { useEndpointMutation } from '../../../lib/use-endpoint';
import { RoleFormModal } from './role-form-modal';

/** The role form as the roles list opens it: new from the toolbar, edit on a row. */
export function RoleFormDialog({ open, row, onClose }: ActionFormProps<Role>) {
  const save = useEndpointMutation(powerApi.saveRole, {
    invalidates: [powerApi.getRoles],
    success: 'messages.saveSuccess',
  });
  return (
    <RoleFormModal
      open={open}
      role={row ?? null}
      saving={save.isPending}
      onCancel={onClose}
      onSubmit={(body) => save.mutate(body, { onSuccess: onClose })}
    />
  );
}
