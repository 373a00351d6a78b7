import { remarketingApi } from '@lending/contract';
import type { EndpointRegistrar } from '../../plugins/access.js';
import * as remarketing from './remarketing.service.js';

/** Binds the /order screens besides the order list (reads only). */
export function registerRemarketingRoutes(
  endpoints: EndpointRegistrar,
  deps: remarketing.RemarketingDeps,
): void {
  endpoints.register(remarketingApi.listClearNotLoan, ({ body }) =>
    remarketing.clearNotLoan(deps, body),
  );
  endpoints.register(remarketingApi.listRegNotLoan, ({ body }) =>
    remarketing.regNotLoan(deps, body),
  );
  endpoints.register(remarketingApi.listCollectionOrders, ({ body }) =>
    remarketing.collectionOrders(deps, body),
  );
}
