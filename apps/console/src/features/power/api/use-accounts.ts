import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createUser,
  deleteUser,
  editUser,
  getUsers,
  resetPassword,
  type CreateUserBody,
  type EditUserBody,
  type GetUsersBody,
  type ResetPasswordBody,
} from '@lending/contract';
import { api } from '../../../lib/api';
import { rolesKey } from './use-roles';

export const accountsKey = ['power', 'accounts'] as const;

/** Spec §7 POST /user/get_users. */
export function useAccounts(body: GetUsersBody) {
  return useQuery({
    queryKey: [...accountsKey, body],
    queryFn: () => api.call(getUsers, body),
    placeholderData: keepPreviousData,
  });
}

function useAccountMutation<B>(run: (body: B) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: accountsKey });
      // Role lists show how many accounts hold each role.
      await client.invalidateQueries({ queryKey: rolesKey });
    },
  });
}

/** Spec §7 POST /user/edit_user. */
export const useEditAccount = () =>
  useAccountMutation((body: EditUserBody) => api.call(editUser, body));
export const useCreateAccount = () =>
  useAccountMutation((body: CreateUserBody) => api.call(createUser, body));
export const useResetPassword = () =>
  useAccountMutation((body: ResetPasswordBody) => api.call(resetPassword, body));
export const useDeleteAccount = () =>
  useAccountMutation((id: number) => api.call(deleteUser, { id }));
