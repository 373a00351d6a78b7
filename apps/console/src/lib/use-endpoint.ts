import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { EndpointBody, EndpointDefinition, EndpointRet } from '@lending/contract';
import { useTranslation } from 'react-i18next';
import { api } from './api';
import { feedback } from './feedback';

/**
 * The query key of an endpoint's answers: its interface id first, so every cached answer of
 * one endpoint is invalidated by its id alone.
 */
export function endpointKey(endpoint: EndpointDefinition, body?: unknown): QueryKey {
  return body === undefined ? [endpoint.id] : [endpoint.id, body];
}

export interface EndpointQueryOptions {
  enabled?: boolean;
  /** Keep showing the last answer while the next one loads (lists paging and filtering). */
  keepPrevious?: boolean;
  staleTime?: number;
}

/**
 * Reads an endpoint: the body is the contract's, the answer is the endpoint's `ret`, and the
 * query key derives from `endpoint.id`.
 *
 * @example
 * const roles = useEndpointQuery(getRoles, { page: 1, pageSize: 100 });
 * roles.data?.list.map((role) => role.name);
 */
export function useEndpointQuery<E extends EndpointDefinition>(
  endpoint: E,
  body: EndpointBody<E>,
  options: EndpointQueryOptions = {},
) {
  return useQuery({
    queryKey: endpointKey(endpoint, body ?? null),
    queryFn: () => api.call(endpoint, body),
    ...(options.enabled === undefined ? {} : { enabled: options.enabled }),
    ...(options.staleTime === undefined ? {} : { staleTime: options.staleTime }),
    ...(options.keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
}

export interface EndpointMutationOptions {
  /** Endpoints whose cached answers this call makes stale (the lists and details it changes). */
  invalidates?: readonly EndpointDefinition[];
  /**
   * 'settled' also refreshes after a refusal: a conflict (someone saved first) then shows the
   * data as it is now. Default 'success'.
   */
  refreshAfter?: 'success' | 'settled';
  /** Translation key of the toast after success ('messages.saveSuccess'). */
  success?: string;
}

/**
 * Calls an endpoint that changes data, then refreshes what it changed. A refusal has been
 * toasted by the request client already; `mutate` swallows it, `mutateAsync` rejects with it.
 *
 * @example
 * const save = useEndpointMutation(saveRole, { invalidates: [getRoles], success: 'messages.saveSuccess' });
 * save.mutate(body, { onSuccess: onClose });
 */
export function useEndpointMutation<E extends EndpointDefinition>(
  endpoint: E,
  options: EndpointMutationOptions = {},
) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const refresh = () =>
    Promise.all(
      (options.invalidates ?? []).map((stale) =>
        client.invalidateQueries({ queryKey: endpointKey(stale) }),
      ),
    );
  const toast = () => {
    if (options.success) feedback.success(t(options.success));
  };
  return useMutation<EndpointRet<E>, Error, EndpointBody<E>>({
    mutationKey: endpointKey(endpoint),
    mutationFn: (body) => api.call(endpoint, body),
    ...(options.refreshAfter === 'settled'
      ? { onSuccess: toast, onSettled: () => refresh() }
      : { onSuccess: () => (toast(), refresh()) }),
  });
}
