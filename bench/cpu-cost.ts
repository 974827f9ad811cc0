/**
 * CPU time per sign-up, by process, on its own (the sign-up suite of `npm run bench` reports the same rows):
 *   node --import tsx bench/cpu-cost.ts [requests]
 * Starts auth, waitlist and gateway and the two reference servers on a fresh database, and prints the CPU
 * microseconds each process spends per unique POST /waitlist for each path (bench/lib/cpu-accounting.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CPU_PARTS, cpuPerRequest } from './lib/cpu-accounting.js';
import { loadOptions } from './lib/options.js';
import { freePort, startProcess, waitForHttp } from './lib/processes.js';
import { removeKeys } from './lib/redis-cleanup.js';
import { ROOT, standaloneSystem } from './lib/system.js';

const requests = Number(process.argv[2] ?? 20_000);
const options = loadOptions();
const runId = `cpu${randomBytes(3).toString('hex')}`;
const dir = join(ROOT, 'bench/.tmp', runId);
mkdirSync(dir, { recursive: true });

const { database, system } = await standaloneSystem(options, runId, dir);
const ports = { simple: await freePort(), project: await freePort() };
const references = Object.entries(ports).map(([statement, port]) =>
  startProcess(
    `reference-${statement}`,
    process.execPath,
    [join(ROOT, 'bench/reference/signup-reference.mjs')],
    { ...options.inheritedEnv, PORT: String(port), DATABASE_URL: database.url, STATEMENT: statement },
    join(dir, `reference-${statement}.log`),
  ),
);
try {
  await system.start(['auth', 'waitlist', 'gateway']);
  await waitForHttp(`http://127.0.0.1:${ports.simple}/healthz`, 10_000, references[0]);
  await waitForHttp(`http://127.0.0.1:${ports.project}/healthz`, 10_000, references[1]);
  const paths = [
    { name: 'reference', url: `http://127.0.0.1:${ports.simple}`, serverPid: references[0]!.pid },
    { name: 'ref + statement', url: `http://127.0.0.1:${ports.project}`, serverPid: references[1]!.pid },
    { name: 'service', url: system.serviceUrl('waitlist'), serverPid: system.pid('waitlist') },
    { name: 'via gateway', url: system.url, serverPid: system.pid('waitlist'), gatewayPid: system.pid('gateway') },
  ];
  let counter = 0;
  const body = () => JSON.stringify({ email: `c${runId}-${(counter += 1)}@bench.example.com` });
  console.log(`CPU µs per sign-up (${requests} requests at 50 connections per path)\n`);
  console.log(['path', 'req/s', ...CPU_PARTS, 'total'].map((cell) => cell.padStart(15)).join(''));
  for (const path of paths) {
    const cost = await cpuPerRequest({ ...path, requests, body, databaseName: database.name });
    const cells = [
      path.name,
      cost.rps.toFixed(0),
      ...CPU_PARTS.map((part) => cost.perRequest[part].toFixed(0)),
      cost.perRequest.total.toFixed(0),
    ];
    console.log(cells.map((cell) => cell.padStart(15)).join(''));
  }
} finally {
  for (const reference of references) await reference.stop();
  await system.stop();
  await database.drop();
  await removeKeys(options.redisUrl, `bench-${runId}`);
}
