import { useQuery } from '@tanstack/react-query';
import { userApi } from '@lending/contract';
import { api } from '../../../lib/api';

/** The signed-in staff member's own account (POST /user/profile). */
export function useProfile() {
  return useQuery({
    queryKey: ['user', 'profile'] as const,
    queryFn: ({ signal }) => api.call(userApi.profile, undefined, { signal }),
  });
}
