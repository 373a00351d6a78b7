import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import SlowestFirst from './scripts/ci/slowest-first.js';

/** One root config, a project per workspace (docs/architecture.md, Tests). */
export default defineConfig({
  test: {
    // Vitest runs one file fewer at once than the machine has cores; on CI's two cores that
    // is one file at a time. The test files are independent (a database each: in-memory
    // PGlite, or a schema of their own on PostgreSQL), so two run at once, one per core.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Each file's time and test cases, for the report of scripts/check.mjs (CHECK_RESULTS).
    reporters: ['default', './scripts/ci/vitest-results.ts'],
    // The slowest files start first, so that both cores stay busy to the end.
    sequence: { sequencer: SlowestFirst },
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      { test: { name: 'lending', root: 'packages/lending', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          // A worker runs its files one after another in one module graph, so the migrated
          // databases it keeps (src/testing/test-databases.ts) and the modules it has
          // loaded serve every file after the first (docs/testing.md).
          isolate: false,
          globalSetup: ['src/testing/global-setup.ts'],
          setupFiles: ['src/testing/error-answers.setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'scripts', root: 'scripts', include: ['*.test.ts'] } },
      'apps/console/vite.config.ts',
    ],
  },
});
