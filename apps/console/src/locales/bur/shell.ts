import type { PartialShellTexts } from '../en/shell';

/**
 * Shell texts in Burmese script where a translation is known; every other key falls back to
 * English (i18next fallbackLng 'en', decision 0002). Accessible names of the navbar
 * controls stay English so that they remain stable for assistive technology users who
 * switch languages.
 */
export const shell: PartialShellTexts = {
  languageNames: { en: 'English', zh: '中文', bur: 'မြန်မာ' },
  navbar: {
    dashboard: 'ပင်မစာမျက်နှာ',
    changePassword: 'စကားဝှက်ပြောင်းရန်',
    logOut: 'ထွက်ရန်',
  },
  tagsView: {
    refresh: 'ပြန်လည်စတင်ရန်',
    close: 'ပိတ်ရန်',
  },
  login: {
    heading: 'ဝင်ရောက်ရန်',
    email: 'အီးမေးလ်',
    password: 'စကားဝှက်',
    signIn: 'ဝင်ရောက်ရန်',
  },
  changePassword: {
    heading: 'စကားဝှက်ပြောင်းရန်',
    oldPassword: 'စကားဝှက်အဟောင်း',
    newPassword: 'စကားဝှက်အသစ်',
  },
};
