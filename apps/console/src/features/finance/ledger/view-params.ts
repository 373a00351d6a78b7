import { useSearchParams } from 'react-router';

/**
 * A ledger view's filter kept in the URL beside the tab (`?view=cashFlow&dateFrom=…`), so a
 * view can be linked to and Back returns to it. A value that does not match `pattern` is the
 * default.
 */
export function useViewParams<K extends string>(
  defaults: Record<K, string>,
  pattern: RegExp,
): [Record<K, string>, (next: Partial<Record<K, string>>) => void] {
  const [search, setSearch] = useSearchParams();
  const values = Object.fromEntries(
    (Object.keys(defaults) as K[]).map((key) => {
      const value = search.get(key);
      return [key, value !== null && pattern.test(value) ? value : defaults[key]];
    }),
  ) as Record<K, string>;
  const set = (next: Partial<Record<K, string>>) =>
    setSearch((current) => {
      const out = new URLSearchParams(current);
      for (const [key, value] of Object.entries(next)) if (value) out.set(key, value as string);
      return out;
    });
  return [values, set];
}

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The ledger reads are lists (decision 0064) of at most 24 months or 92 days: one page of the
 * largest size holds every row, so a view reads page 1 and shows all of it.
 */
export const LEDGER_READ_PAGE = { page: 1, pageSize: 100 } as const;
