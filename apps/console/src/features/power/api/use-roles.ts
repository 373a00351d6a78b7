import { powerApi } from '@lending/contract';
import type { FilterOption } from '../../../components/list-page';
import { useGrants } from '../../../lib/grants';
import { useEndpointQuery } from '../../../lib/use-endpoint';

/** Every role (roles are few), for pickers; not asked for without the grant to list them. */
export function useAllRoles(enabled = true) {
  const { can } = useGrants();
  return useEndpointQuery(
    powerApi.getRoles,
    { page: 1, pageSize: 100 },
    { enabled: enabled && can(powerApi.getRoles) },
  );
}

/** The roles as options of a filter. */
export function useRoleOptions(): FilterOption<number>[] {
  const roles = useAllRoles();
  return (roles.data?.list ?? []).map((role) => ({ value: role.id, label: role.name }));
}

/** One role, for the hidden menu and interface pages; nothing without an id. */
export function useRoleDetail(id: number | undefined) {
  return useEndpointQuery(powerApi.roleDetail, { id: id ?? 0 }, { enabled: id !== undefined });
}

/** The interface catalogue; it changes only with a new release. */
export function useInterfaceCatalogue() {
  return useEndpointQuery(powerApi.getInterfaces, {}, { staleTime: Infinity });
}
