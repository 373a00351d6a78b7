import '@testing-library/jest-dom/vitest';
import { cleanup, configure, getConfig } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { languages } from '@lending/contract';
import { i18n } from '../lib/i18n';
import { endSession } from '../lib/session';
import { resources } from '../locales';

// Pages render outside the signed-in layout in tests: give i18n every feature's texts, which
// the console loads with the layout's route (lib/i18n-catalogues.ts).
for (const language of languages) {
  i18n.addResourceBundle(language, 'translation', resources[language].translation, true, true);
}

// The console project runs its files one after another in one page and module graph
// (vitest.config.ts: isolate off). What a file may change that outlives it is put back before
// each file starts, as a page of its own would have it: Testing Library's settings (a file may
// configure them), storage, the language, the signed-in user, whatever a file left in the page
// outside React's roots (Ant Design's message and notification holders), spies and clocks.
const libraryDefaults = ((
  globalThis as { testingLibraryDefaults?: object }
).testingLibraryDefaults ??= { ...getConfig() });
// On a loaded two-core CI machine a form's validation can take longer than the library's
// default second to show; a find* waits up to twenty seconds before it fails (a test that
// passes does not wait longer for it).
configure({ ...libraryDefaults, asyncUtilTimeout: 20_000 });
beforeAll(async () => {
  // A spy (fakeEndpoints' on api.call) would otherwise keep its calls and answers into the
  // next file.
  vi.restoreAllMocks();
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
  endSession();
  document.body.innerHTML = '';
  await i18n.changeLanguage('en');
});

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
