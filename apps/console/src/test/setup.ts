import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { languages } from '@lending/contract';
import { i18n } from '../lib/i18n';
import { resources } from '../locales';

// Pages render outside the signed-in layout in tests: give i18n every feature's texts, which
// the console loads with the layout's route (lib/i18n-catalogues.ts).
for (const language of languages) {
  i18n.addResourceBundle(language, 'translation', resources[language].translation, true, true);
}

// On a loaded two-core CI machine a form's validation can take longer than the library's
// default second to show; a find* waits up to twenty seconds before it fails (a test that
// passes does not wait longer for it).
configure({ asyncUtilTimeout: 20_000 });

// jsdom lacks these; Ant Design's responsive helpers and observers need them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
}

window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
