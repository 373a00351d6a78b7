/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

/**
 * Console build. React and Ant Design go into their own long-lived chunks so that the
 * sign-in page's first load stays small and cached across releases of the pages.
 */
export default defineConfig({
  plugins: [react(), precompress()],
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
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    testTimeout: 60_000,
  },
});
