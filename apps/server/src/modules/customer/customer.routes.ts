import { customerApi } from '@lending/contract';
import type { EndpointRegistrar } from '../../plugins/access.js';
import * as customer from './customer.service.js';

export function registerCustomerRoutes(
  endpoints: EndpointRegistrar,
  deps: customer.CustomerDeps,
): void {
  endpoints.register(customerApi.unmaskCustomer, ({ body, audit }) =>
    customer.unmaskCustomer(deps, audit, body),
  );
}
