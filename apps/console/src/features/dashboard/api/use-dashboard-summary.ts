import { type QueryClient, useQuery } from '@tanstack/react-query';
import { type DashboardRangeKey, dashboardApi } from '@lending/contract';
import { api } from '../../../lib/api';
import { savedPageState } from '../../../lib/page-state';
import { apiRangeOf, DASHBOARD_RANGE_KEY, DEFAULT_DASHBOARD_RANGE } from '../dashboard-range';

export const dashboardSummaryKey = (range: DashboardRangeKey) =>
  ['dashboard', 'summary', range] as const;

/**
 * The dashboard's figures for a range (POST /dashboard/summary). Silent: the page shows a
 * refusal (no grant) in place rather than as a toast.
 */
const dashboardSummaryQuery = (range: DashboardRangeKey) => ({
  queryKey: dashboardSummaryKey(range),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.call(dashboardApi.dashboardSummary, { range }, { signal, silent: true }),
});

export function useDashboardSummary(range: DashboardRangeKey) {
  return useQuery({ ...dashboardSummaryQuery(range), refetchInterval: 60_000 });
}

/**
 * Sends the summary call of the range the dashboard at this path will show, while the console
 * checks the user (user_info) and renders the layout: the page then finds its figures in the
 * cache instead of asking after its first render (issue #15, decision 0093).
 */
export function prefetchDashboardSummary(queryClient: QueryClient, pagePath: string): void {
  const range = savedPageState(pagePath, DASHBOARD_RANGE_KEY, DEFAULT_DASHBOARD_RANGE);
  // Only a first call: a dashboard already showing figures (its tab kept open) refreshes them
  // on its own interval, as before.
  void queryClient.prefetchQuery({
    ...dashboardSummaryQuery(apiRangeOf[range]),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
