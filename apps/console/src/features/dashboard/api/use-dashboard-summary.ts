import { useQuery } from '@tanstack/react-query';
import { type DashboardRangeKey, dashboardApi } from '@lending/contract';
import { api } from '../../../lib/api';

export const dashboardSummaryKey = (range: DashboardRangeKey) =>
  ['dashboard', 'summary', range] as const;

/**
 * The dashboard's figures for a range (POST /dashboard/summary). Silent: the page shows a
 * refusal (no grant) in place rather than as a toast.
 */
export function useDashboardSummary(range: DashboardRangeKey) {
  return useQuery({
    queryKey: dashboardSummaryKey(range),
    queryFn: ({ signal }) =>
      api.call(dashboardApi.dashboardSummary, { range }, { signal, silent: true }),
    refetchInterval: 60_000,
  });
}
