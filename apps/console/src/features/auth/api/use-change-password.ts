import { useMutation } from '@tanstack/react-query';
import { changePassword, type ChangePasswordBody } from '@lending/contract';
import { api } from '../../../lib/api';

/** POST /user/change_password; success ends every session of the account. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordBody) => api.call(changePassword, input),
  });
}
