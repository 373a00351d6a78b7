import { getToken, removeToken } from './cookies';
import { feedback } from './feedback';
import { currentLanguage, i18n } from './i18n';
import { createRequestClient } from './request';

/** Clears the stored login and reloads (docs/product.md §4: Re-Login, Log out). */
export function clearLoginAndReload(): void {
  removeToken();
  window.location.reload();
}

/**
 * When the page began to be left, if it has not come back since (a navigation that did not
 * happen, or the page restored from the back-forward cache).
 */
let leftAt: number | undefined;
const STILL_LEAVING_MS = 10_000;
if (typeof window !== 'undefined') {
  const leaving = () => {
    leftAt = Date.now();
  };
  window.addEventListener('beforeunload', leaving);
  window.addEventListener('pagehide', leaving);
  window.addEventListener('pageshow', () => {
    leftAt = undefined;
  });
}

/** The console's request client, wired to the cookies, i18n and antd feedback. */
export const api = createRequestClient({
  getToken,
  getLanguage: currentLanguage,
  notifyError: (text, durationMs) => feedback.error(text, durationMs),
  isPageLeaving: () => leftAt !== undefined && Date.now() - leftAt < STILL_LEAVING_MS,
  confirmSessionEnded(language, onClose) {
    // English, or the Chinese variant when the language is zh.
    const t = i18n.getFixedT(language === 'zh' ? 'zh' : 'en');
    feedback.confirm({
      title: t('session.confirmLogoutTitle'),
      content: t('session.confirmLogoutText'),
      okText: t('session.relogin'),
      cancelText: t('session.cancel'),
      onOk: () => clearLoginAndReload(),
      onCancel: onClose,
      afterClose: onClose,
    });
  },
});

export const cancelPendingRequests = api.cancelAll;
