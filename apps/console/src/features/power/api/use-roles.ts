import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deleteRole,
  getInterfaces,
  getRoles,
  roleDetail,
  saveRole,
  setRoleInterfaces,
  setRoleMenus,
  type GetRolesBody,
  type SaveRoleBody,
  type SetRoleInterfacesBody,
  type SetRoleMenusBody,
} from '@lending/contract';
import { api } from '../../../lib/api';

export const rolesKey = ['power', 'roles'] as const;

export function useRoles(body: GetRolesBody) {
  return useQuery({
    queryKey: [...rolesKey, 'list', body],
    queryFn: () => api.call(getRoles, body),
    placeholderData: keepPreviousData,
  });
}

/** Every role, for pickers (roles are few). */
export function useAllRoles() {
  return useRoles({ page: 1, pageSize: 100 });
}

export function useRoleDetail(id: number | undefined) {
  return useQuery({
    queryKey: [...rolesKey, 'detail', id],
    queryFn: () => api.call(roleDetail, { id: id ?? 0 }),
    enabled: id !== undefined,
  });
}

export function useInterfaceCatalogue() {
  return useQuery({
    queryKey: ['power', 'interfaces'],
    queryFn: () => api.call(getInterfaces, {}),
    staleTime: Infinity,
  });
}

function useRoleMutation<B>(run: (body: B) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: rolesKey }),
  });
}

export const useSaveRole = () => useRoleMutation((body: SaveRoleBody) => api.call(saveRole, body));
export const useDeleteRole = () => useRoleMutation((id: number) => api.call(deleteRole, { id }));
export const useSetRoleMenus = () =>
  useRoleMutation((body: SetRoleMenusBody) => api.call(setRoleMenus, body));
export const useSetRoleInterfaces = () =>
  useRoleMutation((body: SetRoleInterfacesBody) => api.call(setRoleInterfaces, body));
