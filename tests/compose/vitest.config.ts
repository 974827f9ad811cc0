import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The container journey (`npm run test:compose`): builds the images and runs docker-compose.yml as ops would. No
 * global set-up: it needs neither the shared Postgres nor Redis, only a Docker engine (it skips without one).
 */
export default defineConfig({
  test: {
    name: 'compose',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['**/*.test.ts'],
    // One stack, steps in order: a first build with an empty cache takes minutes on a 2-core machine.
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 1_200_000,
  },
});
