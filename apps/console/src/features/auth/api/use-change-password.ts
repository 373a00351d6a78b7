import { useMutation } from '@tanstack/react-query';
import { type ChangePasswordBody, userApi } from '@lending/contract';
import { api } from '../../../lib/api';

/** POST /user/change_password; success ends every session of the account. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordBody) => api.call(userApi.changePassword, input),
  });
}
