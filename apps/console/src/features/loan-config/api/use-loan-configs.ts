import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  listLoanConfig,
  saveLoanConfig,
  setLoanConfigStatus,
  type EndpointBody,
  type SaveLoanConfigBody,
} from '@lending/contract';
import { api } from '../../../lib/api';

export type ListLoanConfigBody = EndpointBody<typeof listLoanConfig>;
export type SetLoanConfigStatusBody = EndpointBody<typeof setLoanConfigStatus>;

export const loanConfigsKey = ['loanConfig'] as const;

export function useLoanConfigs(body: ListLoanConfigBody) {
  return useQuery({
    queryKey: [...loanConfigsKey, 'list', body],
    queryFn: () => api.call(listLoanConfig, body),
    placeholderData: keepPreviousData,
  });
}

function useLoanConfigMutation<B>(run: (body: B) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    // Also after a failure: a refused save (another version saved meanwhile) shows the list as it is now.
    onSettled: () => client.invalidateQueries({ queryKey: loanConfigsKey }),
  });
}

/** Without `id` a new product; with `id` a new version of that product. */
export const useSaveLoanConfig = () =>
  useLoanConfigMutation((body: SaveLoanConfigBody) => api.call(saveLoanConfig, body));

export const useSetLoanConfigStatus = () =>
  useLoanConfigMutation((body: SetLoanConfigStatusBody) => api.call(setLoanConfigStatus, body));
