import { useMemo } from 'react';
import type { EndpointDefinition } from '@lending/contract';
import { useSession, type Session } from './session';

/**
 * Whether the session may call an endpoint: public and own-session calls always, a granted
 * one only when the roles hold its interface id. The server decides again on every call; this
 * only keeps the console from offering what would be refused.
 */
export function canCall(session: Session | null, endpoint: EndpointDefinition): boolean {
  if (endpoint.access !== 'granted') return true;
  return session?.grantedInterfaces.has(endpoint.id) ?? false;
}

export interface Grants {
  /** True when every endpoint given may be called. */
  can(...endpoints: readonly EndpointDefinition[]): boolean;
}

/**
 * The signed-in user's grants, for showing only the actions they may take.
 *
 * @example
 * const { can } = useGrants();
 * return can(deleteUser) ? <Button danger>Delete</Button> : null;
 */
export function useGrants(): Grants {
  const session = useSession();
  return useMemo(
    () => ({ can: (...endpoints) => endpoints.every((endpoint) => canCall(session, endpoint)) }),
    [session],
  );
}
