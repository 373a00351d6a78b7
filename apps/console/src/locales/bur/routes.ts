/**
 * Route titles in Burmese script where a translation is known; every other title falls back
 * to English (i18next fallbackLng). Decision 0002.
 */
export const routes: Record<string, string> = {
  login: 'ဝင်ရောက်ရန်',
  changePassword: 'စကားဝှက်ပြောင်းရန်',
  dashboard: 'ပင်မစာမျက်နှာ',
  Approve: 'ချေးငွေအတည်ပြုခြင်း',
  Collection: 'ငွေပြန်ကောက်ခံခြင်း',
  Loan: 'ငွေထုတ်ပေးခြင်း',
  Repay: 'ငွေပြန်ဆပ်ခြင်း',
  Order: 'အော်ဒါများ',
  Report: 'အစီရင်ခံစာများ',
  SystemConfig: 'စနစ်ဆက်တင်များ',
  Power: 'ခွင့်ပြုချက်များ',
  role: 'အခန်းကဏ္ဍများ',
  account: 'အကောင့်များ',
};
