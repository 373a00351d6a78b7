import { test as base, expect } from '@playwright/test';
import { portOfWorker } from './servers';

/**
 * Playwright's test with the worker's own server as the base address (servers.ts): every
 * journey imports `test` and `expect` from here.
 */
export const test = base.extend<object, { serverPort: number }>({
  serverPort: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first argument
    async ({}, use, workerInfo) => use(portOfWorker(workerInfo.parallelIndex)),
    { scope: 'worker' },
  ],
  baseURL: async ({ serverPort }, use) => use(`http://127.0.0.1:${serverPort}`),
});

export { expect };
