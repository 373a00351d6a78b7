import { useSyncExternalStore } from 'react';
import {
  ADMIN_ROLE,
  businessRouteNames,
  businessRoutes,
  filterRoutesByRoles,
  type RouteNode,
  type UserInfo,
} from '@lending/contract';
import { api } from './api';
import { getToken, removeToken } from './cookies';
import { feedback } from './feedback';
import { userInfoEndpoint } from './first-load-endpoints';
import { i18n } from './i18n';
import { RequestError } from './request';

/** Session: the signed-in user and what their roles permit. */
export interface Session {
  user: UserInfo;
  /** Business routes the roles permit (admin: all), parent–child chains retained. */
  permittedRoutes: RouteNode[];
  /** Names of every permitted business route, for the route guard. */
  permittedNames: ReadonlySet<string>;
  /** Interface ids the roles grant (admin: every grantable one): what actions are shown. */
  grantedInterfaces: ReadonlySet<string>;
}

export function sessionOf(user: UserInfo): Session {
  const permittedRoutes = filterRoutesByRoles(businessRoutes, user.roles);
  return {
    user,
    permittedRoutes,
    permittedNames: new Set(businessRouteNames(permittedRoutes)),
    grantedInterfaces: new Set(user.interfaces),
  };
}

let session: Session | null = null;
let loading: Promise<Session> | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  return session;
}

export function useSession(): Session | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => session,
  );
}

/** Holds this user as the signed-in one (after user_info answered; tests start here). */
export function setSession(user: UserInfo): Session {
  session = sessionOf(user);
  emit();
  return session;
}

/** Forgets the user (after logout or a password change); the token cookie is removed too. */
export function endSession(): void {
  removeToken();
  session = null;
  loading = null;
  emit();
}

/** Delay before the reload, so the failure toast can be read. */
const RELOAD_DELAY_MS = 1500;

/**
 * With a token and no user yet, fetch user_info. A failure or an empty/invalid
 * answer shows 'Verification failed, please Login again.' (or the error text, else
 * 'Has Error'), clears the token and reloads the page (which leads to /login).
 */
export function loadSession(): Promise<Session> {
  if (session) return Promise.resolve(session);
  if (loading) return loading;
  const token = getToken();
  loading = api
    .call(userInfoEndpoint, undefined, {
      params: { token },
      silent: true,
    })
    .then((user) => {
      if (!user || !Array.isArray(user.roles) || user.roles.length === 0) {
        throw new Error(i18n.t('messages.verificationFailed'));
      }
      return setSession(user);
    })
    .catch((error: unknown) => {
      loading = null;
      if (error instanceof RequestError && error.kind === 'cancelled') throw error;
      const text =
        error instanceof Error && error.message ? error.message : i18n.t('messages.hasError');
      feedback.error(text, 3000);
      removeToken();
      setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
      // Stay pending: the page is about to reload.
      return new Promise<Session>(() => {});
    });
  return loading;
}

export function isAdmin(current: Session | null): boolean {
  return current?.user.roles.includes(ADMIN_ROLE) ?? false;
}
