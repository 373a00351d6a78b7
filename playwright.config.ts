import { defineConfig, devices } from '@playwright/test';
import { FIRST_PORT, WORKERS, portOfWorker } from './e2e/servers';

/**
 * Browser journeys in Debian's Chromium (never a downloaded browser) against the real server
 * on a fresh embedded database with demo data (e2e/start-server.mjs): one server per worker
 * (e2e/servers.ts), so journeys that run at once never share a book. docs/testing.md says how
 * to run one journey, and why there are no retries.
 */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  // Journeys are shared out between the workers one by one, whatever their file: none depends
  // on another having run (each worker's server starts from the same book).
  fullyParallel: true,
  workers: WORKERS,
  // None: a journey that fails once is a defect to find at its cause, never a retry to hide.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Each journey file's time and journeys, for the report of scripts/check.mjs (CHECK_RESULTS).
  reporter: [['list'], ['./scripts/ci/playwright-results.ts']],
  use: {
    baseURL: `http://127.0.0.1:${FIRST_PORT}`,
    // The DOM at every step of a failed journey, without a film of the screen: the screencast
    // doubled the browser's work on every journey, failed or not.
    trace: { mode: 'retain-on-failure', screenshots: false },
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
  webServer: Array.from({ length: WORKERS }, (_, worker) => {
    const port = portOfWorker(worker);
    return {
      command: `node e2e/start-server.mjs`,
      url: `http://127.0.0.1:${port}/admin-api/docs`,
      env: { PORT: String(port), E2E_PORT: String(port) },
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    };
  }),
});
