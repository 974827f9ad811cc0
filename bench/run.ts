/**
 * `npm run bench`: measures each hot path against a reference in the same run and writes bench/results.md.
 * See docs/performance.md for how each figure is measured and where it stands (the profiles behind the fixes are in
 * its git history). Not part of `npm test`.
 */
import { execSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { BenchContext } from './lib/context.js';
import { createTestDatabase } from '../tests/support/test-database.js';
import { loadOptions, type SuiteName } from './lib/options.js';
import { removeKeys } from './lib/redis-cleanup.js';
import { Report } from './lib/report.js';
import { sleep } from './lib/stats.js';
import { CountingSmtpSink } from './lib/smtp-counter.js';
import { BenchSystem, ENTRIES, ROOT } from './lib/system.js';
import { footprintSuite } from './suites/footprint.js';
import { gatewaySuite } from './suites/gateway.js';
import { launchSuite } from './suites/launch.js';
import { launchEngineSuite } from './suites/launch-engine.js';
import { mailSuite } from './suites/mail.js';
import { mailLanesSuite } from './suites/mail-lanes.js';
import { signupSuite } from './suites/signup.js';
import { siteSuite } from './suites/site.js';
import { staffSuite } from './suites/staff.js';

const options = loadOptions();
const startedAt = new Date();
const runId = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const redisPrefix = `bench-${runId}`;
const tmpDir = join(ROOT, 'bench/.tmp', runId);
mkdirSync(tmpDir, { recursive: true });
const report = new Report();

function commit(): string {
  try {
    const head = execSync('git rev-parse --short HEAD', { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty = execSync('git status --porcelain --untracked-files=no', { cwd: ROOT, encoding: 'utf8' }).trim();
    return dirty ? `${head} (with uncommitted changes)` : head;
  } catch {
    return 'unknown';
  }
}

if (!options.skipBuild) {
  console.log('bench: building (tsc -b && web build)...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('bench: the build failed; nothing measured');
    process.exit(1);
  }
  // tsc -b re-emits only changed files, so an entry like services/auth/dist/main.js keeps an old mtime after a build
  // and the supervisor's freshness test (entry mtime vs newest source) would rebuild on every `npm start` and time
  // that. The build just ran and is current: mark its entries so (see the footprint
  // note in the git history of docs/performance.md).
  const now = new Date();
  for (const output of [...Object.values(ENTRIES), 'web/dist/index.html']) utimesSync(join(ROOT, output), now, now);
}

console.log(
  `bench: run ${runId}${options.quick ? ' (BENCH_QUICK: short runs, small data set)' : ''}; logs in ${tmpDir}`,
);
const webDistDir = join(tmpDir, 'web-dist');
/** Copies web/dist once it is complete (routes.json is written last); another build may be running in the checkout. */
async function snapshotWebDist(): Promise<void> {
  for (let waited = 0; waited <= 180_000; waited += 1000) {
    if (existsSync(join(ROOT, 'web/dist/routes.json'))) {
      cpSync(join(ROOT, 'web/dist'), webDistDir, { recursive: true });
      if (existsSync(join(webDistDir, 'routes.json')) && existsSync(join(webDistDir, 'index.html'))) return;
      rmSync(webDistDir, { recursive: true, force: true });
    }
    await sleep(1000);
  }
  console.error('bench: web/dist is not built (no routes.json): run `npm run build` or drop BENCH_SKIP_BUILD');
  process.exit(1);
}
await snapshotWebDist();
const database = await createTestDatabase(options.pgUrl, 'mmdm_bench');
const sink = await new CountingSmtpSink().start();
const system = await BenchSystem.create({
  databaseUrl: database.url,
  redisUrl: options.redisUrl,
  inheritedEnv: options.inheritedEnv,
  redisPrefix,
  webDistDir,
  logDir: join(tmpDir, 'logs'),
  smtpUrl: sink.url,
});
/** What else decides the figures on a shared machine: Postgres's durability settings and the load around us. */
async function describeEnvironment(moment: string): Promise<void> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string; sync: string; fsync: string; buffers: string }>(
      `select split_part(version(), ' on ', 1) as version, current_setting('synchronous_commit') as sync,
              current_setting('fsync') as fsync, current_setting('shared_buffers') as buffers`,
    );
    const row = rows[0];
    report.note(
      `${moment}: load average ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' / ')} (1/5/15 min) on ${cpus().length} cores` +
        (row
          ? `; ${row.version}, synchronous_commit=${row.sync}, fsync=${row.fsync}, shared_buffers=${row.buffers}`
          : ''),
    );
  } finally {
    await client.end();
  }
}

const context: BenchContext = { options, report, database, system, runId, redisPrefix, tmpDir, webDistDir };
const wants = (name: SuiteName) => options.suites.has(name);

let failed = false;
async function suite(name: SuiteName, body: () => Promise<void>): Promise<void> {
  if (!wants(name)) return;
  console.log(`\n== ${name}`);
  const started = performance.now();
  try {
    await body();
  } catch (error) {
    failed = true;
    const message = error instanceof Error ? error.message : String(error);
    report.add({ suite: name, what: 'suite failed', value: message.split('\n')[0]!.slice(0, 300), met: false });
  }
  console.log(`   (${name}: ${((performance.now() - started) / 1000).toFixed(0)} s)`);
}

try {
  await describeEnvironment('at the start');
  await suite('footprint', () => footprintSuite(context));
  await system.start(['auth', 'waitlist', 'gateway']);
  await suite('signup', () => signupSuite(context));
  await suite('gateway', () => gatewaySuite(context));
  await suite('site', () => siteSuite(context));
  await suite('mail', () => mailSuite(context, sink));
  await suite('staff', () => staffSuite(context));
  await suite('launch', () => launchSuite(context, sink));
  await suite('engine', () => launchEngineSuite(context));
  await suite('lanes', () => mailLanesSuite(context, sink));
  await describeEnvironment('at the end');
} catch (error) {
  failed = true;
  console.error('bench: could not run:', error instanceof Error ? error.message : error);
} finally {
  await system.stop();
  await sink.close();
  rmSync(webDistDir, { recursive: true, force: true });
  if (!options.keepDatabase) await database.drop();
  else console.log(`bench: kept database ${database.name}`);
  await removeKeys(options.redisUrl, redisPrefix).catch((error: unknown) =>
    console.error('bench: could not remove Redis keys:', error),
  );
}

const seconds = (Date.now() - startedAt.getTime()) / 1000;
/** The label each suite's rows carry in the results table, in the table's order. */
const ROW_LABELS: Record<SuiteName, string> = {
  footprint: 'footprint',
  signup: 'sign-up',
  gateway: 'gateway',
  site: 'site',
  mail: 'mail',
  staff: 'staff',
  launch: 'launch',
  engine: 'engine',
  lanes: 'lanes',
};
const resultsFile = join(ROOT, 'bench/results.md');
const partial = options.suites.size < Object.keys(ROW_LABELS).length && existsSync(resultsFile);
const markdown = report.markdown(
  { startedAt, seconds, quick: options.quick, commit: commit() },
  partial
    ? {
        previous: readFileSync(resultsFile, 'utf8'),
        rowLabelsRun: new Set([...options.suites].map((name) => ROW_LABELS[name])),
        order: Object.values(ROW_LABELS),
      }
    : undefined,
);
writeFileSync(resultsFile, markdown);
console.log(`\n${report.table()}\n\nbench: wrote bench/results.md in ${Math.round(seconds)} s`);
process.exit(failed ? 1 : 0);
