import Cookies from 'js-cookie';
import { languages, type Language } from '@lending/contract';

/**
 * Cookies of the console (docs/product.md §9: token, sidebar state; also language and size).
 * The token cookie is read by script (the spec reads it from a cookie), so it cannot be
 * HttpOnly; it is SameSite=Strict and Secure over HTTPS (decision 0004, docs/security.md).
 */
export const TOKEN_COOKIE = 'Admin-Token';
export const LANGUAGE_COOKIE = 'language';
export const SIDEBAR_COOKIE = 'sidebarStatus';
export const SIZE_COOKIE = 'size';
export const THEME_COOKIE = 'theme';

export const sizes = ['default', 'medium', 'small', 'mini'] as const;
export type Size = (typeof sizes)[number];

/**
 * The navbar's theme colours (docs/product.md §2 navbar: theme); blue is antd's own primary colour.
 */
export const themes = ['blue', 'orange', 'green', 'purple', 'red', 'cyan'] as const;
export type Theme = (typeof themes)[number];

function attributes(): Cookies.CookieAttributes {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:';
  return { path: '/', sameSite: 'Strict', secure };
}

export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}

export function setToken(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, attributes());
}

export function removeToken(): void {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
}

export function getLanguageCookie(): Language | undefined {
  const value = Cookies.get(LANGUAGE_COOKIE);
  return (languages as readonly string[]).includes(value ?? '') ? (value as Language) : undefined;
}

export function setLanguageCookie(language: Language): void {
  Cookies.set(LANGUAGE_COOKIE, language, { ...attributes(), expires: 365 });
}

/** '1' opened, '0' closed; no cookie means opened. */
export function getSidebarOpened(): boolean {
  return Cookies.get(SIDEBAR_COOKIE) !== '0';
}

export function setSidebarOpened(opened: boolean): void {
  Cookies.set(SIDEBAR_COOKIE, opened ? '1' : '0', { ...attributes(), expires: 365 });
}

export function getSizeCookie(): Size | undefined {
  const value = Cookies.get(SIZE_COOKIE);
  return (sizes as readonly string[]).includes(value ?? '') ? (value as Size) : undefined;
}

export function setSizeCookie(size: Size): void {
  Cookies.set(SIZE_COOKIE, size, { ...attributes(), expires: 365 });
}

export function getThemeCookie(): Theme | undefined {
  const value = Cookies.get(THEME_COOKIE);
  return (themes as readonly string[]).includes(value ?? '') ? (value as Theme) : undefined;
}

export function setThemeCookie(theme: Theme): void {
  Cookies.set(THEME_COOKIE, theme, { ...attributes(), expires: 365 });
}
