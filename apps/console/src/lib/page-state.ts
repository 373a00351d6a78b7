import { createContext, useCallback, useContext, useState } from 'react';

/**
 * Page state that lives as long as the page's tab (keep-alive across reloads of the browser
 * tab): kept per page path in sessionStorage, dropped when the tab is closed or refreshed.
 * Outside a page scope it is plain component state.
 */
const KEY = 'pageState';

type Store = Record<string, Record<string, unknown>>;

function readStore(): Store {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '{}');
    return value && typeof value === 'object' ? (value as Store) : {};
  } catch {
    return {};
  }
}

function writeStore(store: Store): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(store));
  } catch {
    // Storage full or disabled: state then lasts as long as the page stays mounted.
  }
}

/** Forgets the state of the pages at these paths (their tab was closed or refreshed). */
export function dropPageState(paths: readonly string[]): void {
  const store = readStore();
  let changed = false;
  for (const path of paths) {
    if (path in store) {
      delete store[path];
      changed = true;
    }
  }
  if (changed) writeStore(store);
}

/** Keeps only the state of these pages. */
export function keepPageState(paths: readonly string[]): void {
  const store = readStore();
  const open = new Set(paths);
  const kept = Object.fromEntries(Object.entries(store).filter(([path]) => open.has(path)));
  if (Object.keys(kept).length !== Object.keys(store).length) writeStore(kept);
}

/**
 * The value a page at this path keeps under this key (else `initial`): what the page will show
 * when it is rendered, read before it is (a page's first call made while its code loads).
 */
export function savedPageState<T>(scope: string, key: string, initial: T): T {
  const saved = readStore()[scope];
  return saved && key in saved ? (saved[key] as T) : initial;
}

/** The path of the page being rendered; provided by the shell around each kept-alive page. */
export const PageScopeContext = createContext<string | null>(null);

export function usePageState<T>(key: string, initial: T): [T, (value: T) => void] {
  const scope = useContext(PageScopeContext);
  const [value, setValue] = useState<T>(() =>
    scope ? savedPageState(scope, key, initial) : initial,
  );
  const update = useCallback(
    (next: T) => {
      setValue(next);
      if (!scope) return;
      const store = readStore();
      store[scope] = { ...store[scope], [key]: next };
      writeStore(store);
    },
    [scope, key],
  );
  return [value, update];
}
