/**
 * What the Users list's trigram index costs a sign-up, in Postgres CPU:
 *   node --import tsx bench/index-cost.ts [requests] [rounds]
 * Migrates a fresh database (by starting the waitlist service once), then drives the bare reference server sending
 * the project's own sign-up statement (bench/reference/signup-reference.mjs, STATEMENT=project) and counts the CPU of
 * the database's backends per sign-up (bench/lib/cpu-accounting.ts), alternating rounds with the GIN trigram index
 * as migrated, without it, and with a GiST trigram index in its place, so the variants share the same minutes.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { cpuPerRequest } from './lib/cpu-accounting.js';
import { loadOptions } from './lib/options.js';
import { freePort, startProcess, waitForHttp } from './lib/processes.js';
import { removeKeys } from './lib/redis-cleanup.js';
import { ROOT, standaloneSystem } from './lib/system.js';

const requests = Number(process.argv[2] ?? 10_000);
const rounds = Number(process.argv[3] ?? 2);
const options = loadOptions();
const runId = `idx${randomBytes(3).toString('hex')}`;
const dir = join(ROOT, 'bench/.tmp', runId);
mkdirSync(dir, { recursive: true });

const { database, system } = await standaloneSystem(options, runId, dir);
const port = await freePort();
const admin = new pg.Pool({ connectionString: database.url, max: 1 });
try {
  await system.start(['waitlist']);
  await system.stop();
  const reference = startProcess(
    'reference-project',
    process.execPath,
    [join(ROOT, 'bench/reference/signup-reference.mjs')],
    { ...options.inheritedEnv, PORT: String(port), DATABASE_URL: database.url, STATEMENT: 'project' },
    join(dir, 'reference.log'),
  );
  await waitForHttp(`http://127.0.0.1:${port}/healthz`, 10_000, reference);
  const variants: Record<string, string> = {
    'GIN trigram (as migrated)':
      'create index entries_email_trgm_idx on waitlist.entries using gin (email_normalized public.gin_trgm_ops)',
    'no trigram index': '',
    'GiST trigram':
      'create index entries_email_trgm_idx on waitlist.entries using gist (email_normalized public.gist_trgm_ops)',
  };
  let counter = 0;
  const body = () => JSON.stringify({ email: `i${runId}-${(counter += 1)}@bench.example.com` });
  await cpuPerRequest({
    url: `http://127.0.0.1:${port}`,
    requests: 2000,
    body,
    serverPid: reference.pid,
    databaseName: database.name,
  });
  console.log(`Postgres CPU µs per sign-up (${requests} sign-ups per round at 50 connections)\n`);
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, create] of Object.entries(variants)) {
      await admin.query('drop index if exists waitlist.entries_email_trgm_idx');
      if (create) await admin.query(create);
      await admin.query('vacuum analyze waitlist.entries');
      const cost = await cpuPerRequest({
        url: `http://127.0.0.1:${port}`,
        requests,
        body,
        serverPid: reference.pid,
        databaseName: database.name,
      });
      console.log(
        `${name.padEnd(28)} postgres ${cost.perRequest.postgres.toFixed(0).padStart(5)} µs   total ${cost.perRequest.total.toFixed(0).padStart(5)} µs   ${cost.rps.toFixed(0)} req/s`,
      );
    }
  }
  await reference.stop();
} finally {
  await admin.end();
  await system.stop();
  await database.drop();
  await removeKeys(options.redisUrl, `bench-${runId}`);
}
