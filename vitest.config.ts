import { defineConfig } from 'vitest/config';

/** One root config, a project per workspace (docs/architecture.md, Tests). */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      { test: { name: 'lending', root: 'packages/lending', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          setupFiles: ['src/shared/testing/error-answers.setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'scripts', root: 'scripts', include: ['*.test.ts'] } },
      'apps/console/vite.config.ts',
    ],
  },
});
