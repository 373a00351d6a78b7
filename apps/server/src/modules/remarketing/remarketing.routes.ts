import { listClearNotLoan, listCollectionOrders, listRegNotLoan } from '@lending/contract';
import type { EndpointRegistrar } from '../../plugins/access.js';
import * as remarketing from './remarketing.service.js';

/** Binds the /order screens besides the order list (reads only). */
export function registerRemarketingRoutes(
  endpoints: EndpointRegistrar,
  deps: remarketing.RemarketingDeps,
): void {
  endpoints.register(listClearNotLoan, ({ body }) => remarketing.clearNotLoan(deps, body));
  endpoints.register(listRegNotLoan, ({ body }) => remarketing.regNotLoan(deps, body));
  endpoints.register(listCollectionOrders, ({ body }) => remarketing.collectionOrders(deps, body));
}
