import { defineConfig, devices } from '@playwright/test';

/**
 * Browser journeys in Debian's Chromium (never a downloaded browser) against the real
 * server on a fresh embedded database with demo data (e2e/start-server.mjs).
 */
const port = Number(process.env.E2E_PORT ?? 18_090);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  // One retry everywhere (CI does not set CI=true): a journey that passes only on its retry is
  // listed as flaky in the report, to be looked into, rather than failing a whole run.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    viewport: { width: 1400, height: 900 },
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `node e2e/start-server.mjs`,
    url: `http://127.0.0.1:${port}/admin-api/docs`,
    env: { PORT: String(port), E2E_PORT: String(port) },
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
