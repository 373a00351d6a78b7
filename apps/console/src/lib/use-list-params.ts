import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export interface ListParams<F> {
  page: number;
  pageSize: number;
  filters: F;
}

function positive(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/**
 * A server-paginated list's page, page size and filters, kept in the URL (ARCHITECTURE.md):
 * a reload, a shared link or the back button shows the same list. Empty filters are dropped.
 * `numeric` names filters sent as numbers.
 */
export function useListParams<F extends Record<string, string | number | undefined>>(
  filterNames: readonly (keyof F & string)[],
  numeric: readonly (keyof F & string)[] = [],
  defaultPageSize = 20,
) {
  const [searchParams, setSearchParams] = useSearchParams();

  const params = useMemo<ListParams<F>>(() => {
    const filters: Record<string, string | number> = {};
    for (const name of filterNames) {
      const value = searchParams.get(name);
      if (value === null || value === '') continue;
      filters[name] = numeric.includes(name) ? Number(value) : value;
    }
    return {
      page: positive(searchParams.get('page'), 1),
      pageSize: positive(searchParams.get('pageSize'), defaultPageSize),
      filters: filters as F,
    };
    // filterNames and numeric are constant per page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchParams, defaultPageSize]);

  const write = useCallback(
    (next: ListParams<Partial<F>>) => {
      const out = new URLSearchParams();
      for (const [name, value] of Object.entries(next.filters)) {
        if (value !== undefined && value !== null && String(value).trim() !== '') {
          out.set(name, String(value).trim());
        }
      }
      if (next.page !== 1) out.set('page', String(next.page));
      if (next.pageSize !== defaultPageSize) out.set('pageSize', String(next.pageSize));
      setSearchParams(out, { replace: false });
    },
    [setSearchParams, defaultPageSize],
  );

  const setFilters = useCallback(
    (filters: Partial<F>) => write({ page: 1, pageSize: params.pageSize, filters }),
    [write, params.pageSize],
  );
  const setPage = useCallback(
    (page: number, pageSize: number) =>
      write({ page: pageSize === params.pageSize ? page : 1, pageSize, filters: params.filters }),
    [write, params.pageSize, params.filters],
  );

  return { params, setFilters, setPage };
}
