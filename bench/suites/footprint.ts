import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchContext } from '../lib/context.js';
import { childrenOf, commandLineOf, freePort, rssOf, startProcess, waitForHttp } from '../lib/processes.js';
import { mb, ms, sleep } from '../lib/stats.js';
import { ENTRIES, ROOT, type ServiceName } from '../lib/system.js';

function descendants(pid: number): number[] {
  const direct = childrenOf(pid);
  return [...direct, ...direct.flatMap(descendants)];
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    0,
    ...readdirSync(path)
      .filter((name) => name !== 'node_modules' && name !== 'dist')
      .map((name) => newestMtime(join(path, name))),
  );
}

/**
 * The supervisor's own test (infra/supervisor/start.mjs): it rebuilds when a source is newer than an output. A
 * rebuild would be timed as start-up, and would rewrite web/dist under the feet of whoever works in the checkout.
 */
function buildIsFresh(): boolean {
  const outputs = [...Object.values(ENTRIES), 'web/dist/index.html'].map((file) => join(ROOT, file));
  const oldestOutput = Math.min(...outputs.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
  const sources = [
    'services/shared/src',
    'services/auth/src',
    'services/waitlist/src',
    'gateway/src',
    'web/src',
    'web/index.html',
  ];
  return oldestOutput > 0 && oldestOutput >= Math.max(...sources.map((path) => newestMtime(join(ROOT, path))));
}

/** SIGTERM to the supervisor (it stops its children gracefully), then waits until the whole tree is gone. */
async function stopTree(root: number): Promise<void> {
  const tree = descendants(root);
  const supervisor = tree.find((pid) => commandLineOf(pid).includes('start.mjs'));
  if (supervisor) process.kill(supervisor, 'SIGTERM');
  const deadline = Date.now() + 20_000;
  while (tree.some((pid) => Number.isFinite(rssOf(pid))) && Date.now() < deadline) await sleep(100);
  for (const pid of tree) if (Number.isFinite(rssOf(pid))) process.kill(pid, 'SIGKILL');
}

/**
 * (6) `npm start` as a person runs it (the supervisor, its four children), on free ports against the bench database:
 * time until the gateway's /healthz answers, then the idle RSS of every process after a few quiet seconds.
 * Run twice: the first start also migrates the fresh database; the second is an ordinary restart.
 */
export async function footprintSuite(context: BenchContext): Promise<void> {
  const { report, system, tmpDir } = context;
  if (!buildIsFresh()) {
    report.note(
      'footprint: skipped, a source changed after the build (npm start would rebuild and time that); run again',
    );
    return;
  }
  for (const attempt of ['first start (fresh database, migrations)', 'restart']) {
    const port = await freePort();
    const env = {
      ...system.env,
      PORT: String(port),
      AUTH_PORT: String(await freePort()),
      WAITLIST_PORT: String(await freePort()),
      WORKER_PORT: String(await freePort()),
      AUTH_URL: '',
      WAITLIST_URL: '',
      AUTH_JWKS_URL: '',
      PUBLIC_URL: '',
      LOG_DIR: join(tmpDir, 'supervisor-logs'),
    };
    const started = performance.now();
    const npm = startProcess('npm start', 'npm', ['start', '--silent'], env, join(tmpDir, 'npm-start.log'), ROOT);
    try {
      await waitForHttp(`http://127.0.0.1:${port}/healthz`, 90_000, npm);
      const healthyAfter = performance.now() - started;
      // The supervisor builds first when a source is newer than its output (someone edited during the run).
      const built = readFileSync(join(tmpDir, 'npm-start.log'), 'utf8').includes('[supervisor] building');
      report.add({
        suite: 'footprint',
        what: `npm start → gateway /healthz 200, ${attempt}${built ? ' (INCLUDING a rebuild: sources changed)' : ''}`,
        value: ms(healthyAfter),
      });
      writeFileSync(join(tmpDir, 'npm-start.log'), '');
      if (attempt !== 'restart') continue;
      await sleep(3000);
      // Node processes only: npm runs the supervisor through `sh -c`, whose few hundred kB are not ours.
      const pids = descendants(npm.pid).filter(
        (pid) => commandLineOf(pid).startsWith(process.execPath) || commandLineOf(pid).startsWith('node '),
      );
      for (const pid of pids) {
        const command = commandLineOf(pid);
        const service = (Object.entries(ENTRIES) as [ServiceName, string][]).find(([, entry]) =>
          command.includes(entry),
        )?.[0];
        const name = service ?? (command.includes('start.mjs') ? 'supervisor' : undefined);
        if (name) report.add({ suite: 'footprint', what: `idle RSS ${name}`, value: mb(rssOf(pid)) });
      }
    } finally {
      await stopTree(npm.pid);
      await npm.stop();
    }
  }
}
