import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The fault, flood, bad-input and attack suite (`npm run test:faults`). Files run one at a time: several of them
 * measure timings (enumeration, outage recovery) that a neighbour's CPU load on a 2-core CI runner would distort.
 */
export default defineConfig({
  resolve: { alias: { '@mmdm/shared': here('../../services/shared/src/index.ts') } },
  test: {
    name: 'faults',
    root: here('.'),
    environment: 'node',
    include: ['**/*.test.ts'],
    globalSetup: [here('../support/global-setup.ts')],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
