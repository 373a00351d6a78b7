/**
 * Customers' personal data on request: the audited unmask (decision 0034). Lists and
 * details show personal data masked; `customer.unmask` reveals one field of one customer.
 */
export { registerCustomerRoutes } from './customer.routes.js';
export type { CustomerDeps } from './customer.service.js';
