/**
 * The web build: the public site, the staff panel and the SSR bundle, then pre-rendering (prerender.ts).
 * Everything is built in a private directory and swapped into dist/ at the end, so a gateway starting or another
 * build running meanwhile (a shared checkout, parallel test runs) never sees a half-written dist/.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

const webRoot = resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const viteBin = join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
const tag = `${process.pid}-${Date.now().toString(36)}`;
const out = join(webRoot, `.build-${tag}`);
const ssrOut = join(webRoot, `.build-${tag}-ssr`);
const dist = join(webRoot, 'dist');

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: webRoot, stdio: 'inherit', env: process.env });
  if (result.status !== 0) throw new Error(`${[command, ...args].join(' ')} failed (exit ${result.status})`);
}

try {
  // Sign-ups record the privacy policy's version: refuse to ship a policy text whose version was not updated.
  run(process.execPath, [require.resolve('tsx/cli'), 'scripts/policy-version.ts', '--check']);
  run(process.execPath, [viteBin, 'build', '--outDir', out]);
  run(process.execPath, [viteBin, 'build', '--mode', 'admin', '--outDir', out]);
  run(process.execPath, [viteBin, 'build', '--ssr', 'src/entry-server.tsx', '--outDir', ssrOut]);
  run(process.execPath, [require.resolve('tsx/cli'), 'scripts/prerender.ts', out, ssrOut]);
  const old = `${dist}-old-${tag}`;
  if (existsSync(dist)) renameSync(dist, old);
  renameSync(out, dist);
  rmSync(old, { recursive: true, force: true });
} finally {
  rmSync(out, { recursive: true, force: true });
  rmSync(ssrOut, { recursive: true, force: true });
}
