/** Shell texts, English (complete; the other catalogues follow its shape). */
export const shell = {
  languageNames: { en: 'English', zh: '中文', bur: 'မြန်မာ' },
  layout: { logoTitle: 'Admin', loading: 'Loading…' },
  navbar: {
    toggleSidebar: 'Toggle sidebar',
    language: 'Language',
    size: 'Size',
    fullscreen: 'Fullscreen',
    account: 'Account',
    dashboard: 'Dashboard',
    changePassword: 'Change password',
    logOut: 'Log out',
  },
  size: { default: 'Default', medium: 'Medium', small: 'Small', mini: 'Mini' },
  tagsView: {
    refresh: 'Refresh',
    close: 'Close',
    closeOthers: 'Close others',
    closeAll: 'Close all',
    closeTab: 'Close {{title}}',
  },
  login: {
    heading: 'Sign in',
    email: 'E-mail',
    password: 'Password',
    signIn: 'Sign in',
    emailRequired: 'Please enter your e-mail',
    emailInvalid: 'Please enter a valid e-mail address',
    passwordRequired: 'Please enter your password',
  },
  changePassword: {
    heading: 'Change password',
    oldPassword: 'Old password',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    submit: 'Submit',
    oldRequired: 'Please enter the old password',
    confirmRequired: 'Please enter the new password again',
    passwordRule: 'The password must be at least 8 characters with both letters and numbers',
    notConsistent: 'The two passwords are not consistent',
    afterChange: 'After the change every session of this account ends and you sign in again.',
  },
  dashboard: {
    range: 'Range',
    lastThreeDays: 'Last three days',
    nearlyAWeek: 'Nearly a week',
    lastMonth: 'Last month',
    indiaTime: 'India time',
    period: '{{from}} to {{to}}',
    asOf: 'as of {{date}} 23:59:59 (India time)',
    figuresNotBuilt:
      'The figures are not built yet: they come with the loan book. No numbers are shown until then.',
  },
  notBuilt: { notice: 'This screen is not built yet.' },
  session: {
    confirmLogoutTitle: 'Confirm logout',
    confirmLogoutText:
      'You have been logged out, you can cancel to stay on this page, or log in again',
    relogin: 'Re-Login',
    cancel: 'Cancel',
  },
  messages: {
    switchSizeSuccess: 'Switch Size Success',
    switchLanguageSuccess: 'Switch Language Success',
    fullscreenUnsupported: 'you browser can not work',
    verificationFailed: 'Verification failed, please Login again.',
    hasError: 'Has Error',
    error: 'Error',
    operationSuccess: 'Operation Success',
    saveSuccess: 'Save Success',
    deleteSuccess: 'Delete Success',
    updateSuccess: 'Update Success',
    uploadSuccess: 'Upload file success',
    distributeSuccess: 'Success distribute',
    instalmentSuccess: 'Instalment successfully handled',
    verificationCodeSuccess: 'verification code obtained successfully',
    payingOut: 'Paying out, please wait...',
    noRepeatedClick: 'Do not click repeatedly after approval!',
    exportQueued: 'Executing, please go to the download page to download later',
    uploadFailed: 'Upload file failed',
  },
};

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
type PartialTexts<T> = { [K in keyof T]?: T[K] extends string ? string : PartialTexts<T[K]> };

/** The shape every complete catalogue has. */
export type ShellTexts = Texts<typeof shell>;
/** A catalogue that falls back to English for missing keys. */
export type PartialShellTexts = PartialTexts<typeof shell>;
