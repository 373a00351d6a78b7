/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { preloadChunks } from './build/preload-chunks.ts';
import { precompress } from './build/precompress.ts';

/**
 * Console build. The first load is a few large chunks rather than dozens of small ones (issue
 * #15, decision 0093): each request costs a round trip and the server's time, which on a busy
 * machine weighs more than the bytes. A group takes the modules it names and everything they
 * import, so a chunk is exactly what its part needs:
 * - `start`: the entry, which only picks the part to load (main.tsx);
 * - `sign-in`: the sign-in page alone (React, i18next, the form, the request client), and the
 *   session's user_info call, which the entry sends before the console's code has arrived;
 * - `console`: the router, the signed-in layout and the dashboard, the page opened first;
 *   what it shares with the sign-in page stays in `sign-in`, which it imports.
 * Every other page stays a lazy chunk of its own.
 */
const firstLoadChunks = [
  { name: 'start', test: /\/src\/main\.tsx$/, priority: 30 },
  { name: 'sign-in', test: /\/src\/(app\/start-sign-in\.tsx|lib\/session\.ts)$/, priority: 20 },
  {
    name: 'console',
    test: /\/src\/(app\/start-console|app\/signed-in|features\/dashboard\/pages\/dashboard-page)\.tsx$/,
    priority: 10,
  },
];

export default defineConfig({
  // The sign-in chunk is fetched with the entry (the console imports it too).
  plugins: [react(), preloadChunks(['sign-in']), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      treeshake: {
        // The contract's modules only declare values; unused zod schemas can go.
        moduleSideEffects: (id: string) => !id.includes('/packages/contract/'),
        manualPureFunctions: ['z', 'defineEndpoint'],
      },
      output: { codeSplitting: { groups: firstLoadChunks } },
    },
  },
  server: {
    proxy: {
      '/admin-api': { target: 'http://localhost:8080', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/admin-api': { target: 'http://localhost:8080', changeOrigin: false },
    },
  },
  test: {
    name: 'console',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // A worker runs its files one after another in one page and one module graph: the page,
    // React, Ant Design and the console's modules load once per worker, not once per file (a
    // third of the project's time). src/test/setup.ts puts back what a file may leave behind.
    isolate: false,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    testTimeout: 60_000,
  },
});
