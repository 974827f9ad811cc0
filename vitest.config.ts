import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Tests run the TypeScript sources directly; the alias spares a build of the shared packages before every run. Each
// subpath export (`@mmdm/shared/db`, `@mmdm/contracts/email`) is the source file of the same name.
const alias = [{ find: /^@mmdm\/(shared|contracts)\/(.+)$/, replacement: here('./services/$1/src/$2.ts') }];

const PGBOUNCER_SUITES = [
  'shared/src/transaction-pooling.test.ts',
  'waitlist/src/modules/signup/signup.test.ts',
  'waitlist/src/modules/privacy/policy-claims.test.ts',
  'waitlist/src/modules/mail/mail.test.ts',
  'waitlist/src/modules/invitations/waves.test.ts',
  'auth/src/modules/staff/staff.test.ts',
  'auth/src/lib/revocation.test.ts',
];

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
    // Vitest's default on 2 cores is one file at a time, yet most files wait on Postgres, Redis, SMTP or a child
    // process far more than they compute: three at a time ran the whole suite in 7 minutes (its files' durations add
    // up to 10.5), green at a load of 14. Every file isolates its rows and Redis keys, so files never meet.
    maxWorkers: 3,
    projects: [
      nodeProject('contracts', './services/contracts'),
      nodeProject('shared', './services/shared'),
      nodeProject('auth', './services/auth'),
      nodeProject('waitlist', './services/waitlist'),
      nodeProject('backup', './services/backup', { testTimeout: 60_000 }),
      nodeProject('gateway', './gateway'),
      nodeProject('integration', './tests', { include: ['integration/**/*.test.ts'] }),
      // The service suites that cover every kind of transaction (sign-up, confirmation, mail relay and send, waves,
      // staff and their second factors, consent recorded) once more through PgBouncer in transaction pooling:
      // decision 032.
      nodeProject('pgbouncer', './services', {
        include: PGBOUNCER_SUITES,
        globalSetup: [here('./tests/support/global-setup.ts'), here('./tests/support/pgbouncer-setup.ts')],
      }),
      './web/vitest.config.ts',
    ],
  },
});
