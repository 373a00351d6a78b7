import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@lending/contract';
import {
  getSidebarOpened,
  getSizeCookie,
  getThemeCookie,
  setSidebarOpened,
  setSizeCookie,
  setThemeCookie,
  type Size,
  type Theme,
} from './cookies';

export type Device = 'desktop' | 'mobile';

/**
 * Session: sidebar state (opened, without-animation flag) and device; plus the
 * navbar's size and theme colour.
 */
export interface AppSettings {
  sidebar: { opened: boolean; withoutAnimation: boolean };
  device: Device;
  size: Size;
  theme: Theme;
}

export function deviceOfWidth(width: number): Device {
  return width < MOBILE_BREAKPOINT_PX ? 'mobile' : 'desktop';
}

function initialState(): AppSettings {
  const device = typeof window === 'undefined' ? 'desktop' : deviceOfWidth(window.innerWidth);
  return {
    // On a phone the sidebar starts closed whatever the cookie says.
    sidebar: { opened: device === 'mobile' ? false : getSidebarOpened(), withoutAnimation: true },
    device,
    size: getSizeCookie() ?? 'medium',
    theme: getThemeCookie() ?? 'blue',
  };
}

let state: AppSettings = initialState();
const listeners = new Set<() => void>();

function update(next: AppSettings) {
  state = next;
  for (const listener of listeners) listener();
}

export const appSettings = {
  get: (): AppSettings => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The hamburger: flips the sidebar and remembers it. */
  toggleSidebar(): void {
    const opened = !state.sidebar.opened;
    setSidebarOpened(opened);
    update({ ...state, sidebar: { opened, withoutAnimation: false } });
  },
  /** Closes the sidebar (on becoming mobile without animation; on mobile navigation). */
  closeSidebar(withoutAnimation: boolean): void {
    if (!state.sidebar.opened && state.sidebar.withoutAnimation === withoutAnimation) return;
    update({ ...state, sidebar: { opened: false, withoutAnimation } });
  },
  setDevice(device: Device): void {
    if (state.device === device) return;
    update({ ...state, device });
    if (device === 'mobile') appSettings.closeSidebar(true);
  },
  setSize(size: Size): void {
    setSizeCookie(size);
    update({ ...state, size });
  },
  setTheme(theme: Theme): void {
    setThemeCookie(theme);
    update({ ...state, theme });
  },
  /** For tests: start again from the cookies and the window. */
  reset(): void {
    update(initialState());
  },
};

export function useAppSettings(): AppSettings {
  return useSyncExternalStore(appSettings.subscribe, appSettings.get, appSettings.get);
}
