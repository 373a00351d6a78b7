import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { configIndex, type ConsoleConfig } from '@lending/contract';
import { api } from './api';

/**
 * The public console configuration (product title, languages…), fetched once per page load
 * and shared by the sign-in page and the layout. A small cache rather than TanStack Query so
 * that the sign-in page's first load stays light.
 */
let config: ConsoleConfig | undefined;
let loading: Promise<ConsoleConfig> | undefined;
const listeners = new Set<() => void>();

export function loadConsoleConfig(): Promise<ConsoleConfig> {
  if (config) return Promise.resolve(config);
  loading ??= api
    .call(configIndex, {}, { silent: true })
    .then((value) => {
      config = value;
      for (const listener of listeners) listener();
      return value;
    })
    .finally(() => {
      loading = undefined;
    });
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The configuration once loaded (undefined before); starts the load on first use. */
export function useConsoleConfig(): ConsoleConfig | undefined {
  const value = useSyncExternalStore(subscribe, () => config);
  useEffect(() => {
    if (!config) {
      // A cancelled or failed load is tried again on the next mount or navigation.
      loadConsoleConfig().catch(() => undefined);
    }
  }, []);
  return value;
}

/** Spec §1: the page title is the translated route title followed by the product title. */
export function useDocumentTitle(routeTitleKey: string | undefined): void {
  const { t } = useTranslation();
  const product = useConsoleConfig()?.productTitle ?? '';
  const title = routeTitleKey ? t(`route.${routeTitleKey}`, { defaultValue: routeTitleKey }) : '';
  useEffect(() => {
    const text = [title, product].filter(Boolean).join(' - ');
    if (text) document.title = text;
  }, [title, product]);
}
