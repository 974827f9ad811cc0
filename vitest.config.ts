import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Tests run the TypeScript sources directly; the alias spares a build of the shared packages before every run. Each
// subpath export (`@mmdm/shared/db`, `@mmdm/contracts/email`) is the source file of the same name.
const alias = [{ find: /^@mmdm\/(shared|contracts)\/(.+)$/, replacement: here('./services/$1/src/$2.ts') }];

const nodeProject = (name: string, root: string, extra: Record<string, unknown> = {}) => ({
  resolve: { alias },
  test: {
    name,
    root: here(root),
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: [here('./tests/support/global-setup.ts')],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    ...extra,
  },
});

export default defineConfig({
  test: {
    projects: [
      nodeProject('contracts', './services/contracts'),
      nodeProject('shared', './services/shared'),
      nodeProject('auth', './services/auth'),
      nodeProject('waitlist', './services/waitlist'),
      nodeProject('backup', './services/backup', { testTimeout: 60_000 }),
      nodeProject('gateway', './gateway'),
      nodeProject('integration', './tests', { include: ['integration/**/*.test.ts'] }),
      './web/vitest.config.ts',
    ],
  },
});
