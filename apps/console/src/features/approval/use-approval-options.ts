import { type ReviewStage, approvalApi } from '@lending/contract';
import type { FilterOption } from '../../components/list-page';
import { useGrants } from '../../lib/grants';
import { useEndpointQuery } from '../../lib/use-endpoint';

/** Reviewers, staff, groups and products to choose from (one small call). */
export function useReviewerOptions(stage?: ReviewStage, enabled = true) {
  const { can } = useGrants();
  return useEndpointQuery(approvalApi.reviewerOptions, stage ? { stage } : {}, {
    enabled: enabled && can(approvalApi.reviewerOptions),
  });
}

export function useReviewerFilterOptions(): FilterOption<number>[] {
  const options = useReviewerOptions();
  return (options.data?.reviewers ?? []).map((r) => ({ value: r.userId, label: r.name }));
}

export function useGroupFilterOptions(): FilterOption<number>[] {
  const options = useReviewerOptions();
  return (options.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name }));
}
