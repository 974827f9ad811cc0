/**
 * Profiles one process of the system under the sign-up load (the profile behind docs/performance.md):
 *   node --import tsx bench/profile.ts <gateway|waitlist|waitlist-worker> [seconds] [MAIL_CONCURRENCY for the worker | jwks]
 * (`gateway 10 jwks` drives GET /api/admin/jwks.json, the tiny answer of the gateway-overhead comparison.)
 * Starts auth, waitlist and gateway (and, for the worker, the worker with an SMTP sink and 3,000 queued mails) on a
 * fresh database with `--cpu-prof` on the chosen process, drives it, stops it, and prints where its CPU time went:
 * by package and by function (self time). The .cpuprofile stays in bench/.tmp/ for Chrome DevTools.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { load } from './lib/load.js';
import { loadOptions } from './lib/options.js';
import { removeKeys } from './lib/redis-cleanup.js';
import { CountingSmtpSink } from './lib/smtp-counter.js';
import { sleep } from './lib/stats.js';
import { ROOT, standaloneSystem, type ServiceName } from './lib/system.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

const target = (process.argv[2] ?? 'gateway') as ServiceName;
const seconds = Number(process.argv[3] ?? 10);
if (!['gateway', 'waitlist', 'waitlist-worker'].includes(target))
  throw new Error('profile: gateway, waitlist or waitlist-worker');
const options = loadOptions();
const runId = `prof${randomBytes(3).toString('hex')}`;
const dir = join(ROOT, 'bench/.tmp', runId);
mkdirSync(dir, { recursive: true });

function where(url: string): string {
  const module = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
  if (module) return module;
  if (url.startsWith('node:')) return 'node core';
  if (url.includes('/work/') || url.startsWith('file:')) return 'project';
  return url ? 'other' : '(native/GC/idle)';
}

function summarize(file: string): void {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[] };
  const total = profile.nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0);
  const idle = profile.nodes
    .filter((node) => node.callFrame.functionName === '(idle)')
    .reduce((sum, node) => sum + (node.hitCount ?? 0), 0);
  const busy = total - idle;
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    if (node.callFrame.functionName === '(idle)') continue;
    const hits = node.hitCount ?? 0;
    const pkg = where(node.callFrame.url);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + hits);
    const name = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').slice(-2).join('/')}:${node.callFrame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + hits);
  }
  const top = (map: Map<string, number>, count: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, hits]) => `  ${((hits / busy) * 100).toFixed(1).padStart(5)}%  ${name}`)
      .join('\n');
  console.log(
    `\n${target}: busy ${((busy / total) * 100).toFixed(0)}% of samples\n\nby package (self time, share of busy):\n${top(byPackage, 12)}`,
  );
  console.log(`\nby function (self time):\n${top(byFunction, 25)}\n\nprofile: ${file}`);
}

const sink = await new CountingSmtpSink().start();
const { database, system } = await standaloneSystem(options, runId, dir, sink.url);
const profiled = ['--cpu-prof', `--cpu-prof-dir=${dir}`];
try {
  for (const name of ['auth', 'waitlist', 'gateway'] as const)
    await system.start([name], {}, name === target ? profiled : []);
  if (target === 'waitlist-worker') {
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    await pool.query(
      `with e as (insert into waitlist.entries (email, email_normalized, last_mail_queued_at)
                  select 'p' || g || '@bench.example.com', 'p' || g || '@bench.example.com', now() from generate_series(1, 3000) g returning id)
       insert into waitlist.outbox (entry_id) select id from e`,
    );
    await pool.end();
    await system.start(
      ['waitlist-worker'],
      { SMTP_POOL_SIZE: '5', ...(process.argv[4] ? { MAIL_CONCURRENCY: process.argv[4] } : {}) },
      profiled,
    );
    const started = Date.now();
    while (sink.accepted < 3000 && Date.now() - started < seconds * 1000 * 20) await sleep(50);
    console.log(`worker: ${sink.accepted} mails in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } else if (process.argv[4] === 'jwks') {
    const result = await load({ url: system.url, connections: 50, seconds, path: '/api/admin/jwks.json' });
    console.log(`load: ${result.rps.toFixed(0)} req/s, p99 ${result.p99} ms, errors ${result.errors}`);
  } else {
    let counter = 0;
    const url = target === 'gateway' ? system.url : system.serviceUrl('waitlist');
    const result = await load({
      url,
      connections: 50,
      seconds,
      method: 'POST',
      path: '/waitlist',
      headers: { 'content-type': 'application/json' },
      body: () => JSON.stringify({ email: `p${runId}-${(counter += 1)}@bench.example.com` }),
    });
    console.log(`load: ${result.rps.toFixed(0)} req/s, p99 ${result.p99} ms, errors ${result.errors}`);
  }
} finally {
  await system.stop();
  await sink.close();
  await database.drop();
  await removeKeys(options.redisUrl, `bench-${runId}`);
}
const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
if (file) summarize(join(dir, file));
else console.log('no .cpuprofile written');
