import { describe, expect, it } from 'vitest';
import { resources } from '../locales';
import { chooseLanguage, i18n, routeTitle } from './i18n';

describe('default language (Cookie, then browser, else en)', () => {
  it.each([
    ['zh', ['en-US'], 'zh'],
    ['bur', ['zh-CN'], 'bur'],
    [undefined, ['zh-CN', 'en'], 'zh'],
    [undefined, ['zh-TW'], 'zh'],
    [undefined, ['my-MM'], 'bur'],
    [undefined, ['bur'], 'bur'],
    [undefined, ['fr-FR', 'en-GB'], 'en'],
    [undefined, ['fr-FR', 'my'], 'bur'],
    [undefined, ['de'], 'en'],
    [undefined, [], 'en'],
    ['xx', ['zh'], 'zh'],
  ] as const)('cookie %s, browser %j → %s', (saved, browser, expected) => {
    expect(chooseLanguage(saved, browser)).toBe(expected);
  });
});

describe('catalogues', () => {
  it('translate the shell and the route titles; Burmese falls back to English', async () => {
    await i18n.changeLanguage('zh');
    expect(i18n.t('messages.switchLanguageSuccess')).toBe('切换语言成功');
    expect(i18n.t('session.confirmLogoutTitle')).toBe('确认登出');
    expect(routeTitle('dashboard')).toBe('首页');
    await i18n.changeLanguage('bur');
    expect(i18n.t('session.confirmLogoutTitle')).toBe('Confirm logout');
    expect(i18n.t('navbar.logOut')).not.toBe('Log out');
    await i18n.changeLanguage('en');
    expect(i18n.t('messages.fullscreenUnsupported')).toBe('you browser can not work');
    expect(i18n.t('tagsView.closeTab', { title: 'Roles' })).toBe('Close Roles');
    expect(routeTitle('noSuchRoute')).toBe('noSuchRoute');
  });
});

function textKeys(catalogue: unknown, prefix = ''): string[] {
  if (!catalogue || typeof catalogue !== 'object') return [prefix];
  return Object.entries(catalogue).flatMap(([key, value]) =>
    textKeys(value, prefix ? `${prefix}.${key}` : key),
  );
}

describe('English and Chinese', () => {
  it('have the same texts: every English key has a Chinese one, and no Chinese key is stray', () => {
    const english = textKeys(resources.en.translation).sort();
    const chinese = textKeys(resources.zh.translation).sort();
    expect(chinese).toEqual(english);
  });
});
