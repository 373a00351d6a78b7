import { configEndpoints } from '../config/config.endpoints.js';
import type { EndpointDefinition } from '../endpoint.js';
import { loanBookEndpoints } from '../loan-book/loan-book.endpoints.js';
import { powerEndpoints } from '../power/power.endpoints.js';
import { userEndpoints } from '../user/user.endpoints.js';

/** Every admin API endpoint; the interface catalogue and the OpenAPI document derive from it. */
export const adminEndpoints: readonly EndpointDefinition[] = [
  ...userEndpoints,
  ...powerEndpoints,
  ...configEndpoints,
  ...loanBookEndpoints,
];

/** Interface ids a role can be granted (public and own-session calls need no grant). */
export const grantableInterfaceIds: readonly string[] = adminEndpoints
  .filter((endpoint) => endpoint.access === 'granted')
  .map((endpoint) => endpoint.id);

export const ADMIN_API_BASE = '/admin-api';
