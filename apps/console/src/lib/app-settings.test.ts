import { afterEach, describe, expect, it } from 'vitest';
import { appSettings } from './app-settings';
import { THEME_COOKIE } from './cookies';

function clearCookie(name: string) {
  document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

describe('the navbar theme', () => {
  afterEach(() => {
    clearCookie(THEME_COOKIE);
    appSettings.reset();
  });

  it('is blue until chosen, then kept in a cookie and read back on the next start', () => {
    appSettings.reset();
    expect(appSettings.get().theme).toBe('blue');
    appSettings.setTheme('green');
    expect(appSettings.get().theme).toBe('green');
    expect(document.cookie).toContain(`${THEME_COOKIE}=green`);
    appSettings.reset();
    expect(appSettings.get().theme).toBe('green');
  });

  it('ignores a cookie that names no theme', () => {
    document.cookie = `${THEME_COOKIE}=javascript:alert(1); path=/`;
    appSettings.reset();
    expect(appSettings.get().theme).toBe('blue');
  });
});
