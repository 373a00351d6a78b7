import { configEndpoints } from '../config/config.endpoints.js';
import { dashboardEndpoints } from '../dashboard/dashboard.endpoints.js';
import { disbursementEndpoints } from '../disbursement/disbursement.endpoints.js';
import type { EndpointDefinition } from '../endpoint.js';
import { loanBookEndpoints } from '../loan-book/loan-book.endpoints.js';
import { logEndpoints } from '../log/log.endpoints.js';
import { orderEndpoints } from '../order/order.endpoints.js';
import { powerEndpoints } from '../power/power.endpoints.js';
import { repayEndpoints } from '../repay/repay.endpoints.js';
import { userEndpoints } from '../user/user.endpoints.js';

/** Every admin API endpoint; the interface catalogue and the OpenAPI document derive from it. */
export const adminEndpoints: readonly EndpointDefinition[] = [
  ...userEndpoints,
  ...powerEndpoints,
  ...configEndpoints,
  ...logEndpoints,
  ...loanBookEndpoints,
  ...orderEndpoints,
  ...disbursementEndpoints,
  ...repayEndpoints,
  ...dashboardEndpoints,
];

/** Interface ids a role can be granted (public and own-session calls need no grant). */
export const grantableInterfaceIds: readonly string[] = adminEndpoints
  .filter((endpoint) => endpoint.access === 'granted')
  .map((endpoint) => endpoint.id);

export const ADMIN_API_BASE = '/admin-api';

/** Modules in the order the catalogue lists them, each with its grantable endpoints. */
export function interfacesByModule(
  endpoints: readonly EndpointDefinition[] = adminEndpoints,
): { module: string; endpoints: EndpointDefinition[] }[] {
  const byModule = new Map<string, EndpointDefinition[]>();
  for (const endpoint of endpoints) {
    if (endpoint.access !== 'granted') continue;
    const list = byModule.get(endpoint.module) ?? [];
    list.push(endpoint);
    byModule.set(endpoint.module, list);
  }
  return [...byModule].map(([module, list]) => ({ module, endpoints: list }));
}

/** Keys whose values never reach a log (SECURITY.md: passwords and tokens). */
export const REDACTED_KEYS: readonly string[] = [
  'password',
  'oldpassword',
  'newpassword',
  'confirmpassword',
  'token',
];
