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
    // jsdom renders and user-event typing are slow on a loaded 2-core machine: a staff form typed key by key took
    // over 15 s at a load of 14 while passing in 4 s on a quiet one.
    testTimeout: 30_000,
  },
});
