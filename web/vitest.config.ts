import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { contractsResolve } from './contracts-resolve.js';

export default defineConfig({
  plugins: [react()],
  resolve: contractsResolve,
  define: { __PUBLIC_URL__: JSON.stringify('http://localhost:8080') },
  test: {
    name: 'web',
    root: new URL('.', import.meta.url).pathname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    // jsdom renders are slow on a loaded 2-core machine (the e2e suite may run alongside).
    testTimeout: 15_000,
  },
});
