import { fileURLToPath } from 'node:url';

/**
 * `@mmdm/contracts/<name>` is bundled from its TypeScript source (no stale build can slip in), and every zod import,
 * the contracts' included, resolves to web's one copy: two copies would both ship.
 */
export const contractsResolve = {
  alias: [
    {
      find: /^@mmdm\/contracts\/(.+)$/,
      replacement: fileURLToPath(new URL('../services/contracts/src/$1.ts', import.meta.url)),
    },
  ],
  dedupe: ['zod'],
};
