import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const TIMING = ['auth-attacks.test.ts'];

const project = (name: string, extra: Record<string, unknown>) => ({
  // Each subpath export (`@mmdm/shared/db`, `@mmdm/contracts/email`) is the source file of the same name.
  resolve: { alias: [{ find: /^@mmdm\/(shared|contracts)\/(.+)$/, replacement: here('../../services/$1/src/$2.ts') }] },
  test: {
    name,
    root: here('.'),
    environment: 'node',
    globalSetup: [here('../support/global-setup.ts')],
    testTimeout: 180_000,
    hookTimeout: 60_000,
    ...extra,
  },
});

/**
 * The fault, flood, bad-input and attack suite (`npm run test:faults`). The fault files mostly wait (30 s outages,
 * BullMQ's stalled-job locks), so two run side by side; the file that measures response timings for enumeration runs
 * afterwards, alone, since a neighbour's CPU load on a 2-core runner would drown a few milliseconds.
 */
export default defineConfig({
  test: {
    projects: [
      project('faults', { include: ['**/*.test.ts'], exclude: TIMING, maxWorkers: 2, sequence: { groupOrder: 0 } }),
      project('faults-timing', { include: TIMING, fileParallelism: false, sequence: { groupOrder: 1 } }),
    ],
  },
});
