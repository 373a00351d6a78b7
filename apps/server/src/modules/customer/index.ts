/**
 * Customers' personal data on request: the audited unmask (decision 0034). Lists and
 * details show personal data masked; `customer.unmask` reveals one field of one customer.
 */
import type { ModuleRoutes } from '../../plugins/module.js';
import { registerCustomerRoutes } from './customer.routes.js';
import type { CustomerDeps } from './customer.service.js';

export type { CustomerDeps } from './customer.service.js';

export function createCustomerModule(deps: CustomerDeps) {
  return {
    registerRoutes: (routes: ModuleRoutes) => registerCustomerRoutes(routes.admin, deps),
  };
}
