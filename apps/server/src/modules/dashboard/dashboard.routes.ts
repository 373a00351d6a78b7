import { dashboardApi } from '@lending/contract';
import type { EndpointRegistrar } from '../../plugins/access.js';
import { dashboardSummary, type DashboardDeps } from './dashboard.service.js';

export function registerDashboardRoutes(endpoints: EndpointRegistrar, deps: DashboardDeps): void {
  endpoints.register(dashboardApi.dashboardSummary, ({ body }) =>
    dashboardSummary(deps, body.range),
  );
}
