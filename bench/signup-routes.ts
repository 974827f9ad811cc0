/**
 * The waitlist service's two sign-up routes side by side, in CPU per sign-up by process:
 *   node --import tsx bench/signup-routes.ts [requests] [rounds]
 * Starts auth and the waitlist service (compiled, as compose runs them) on a fresh database and sends unique
 * POST /waitlist straight to the service at 50 connections, alternating `Content-Type: application/json` (taken by
 * the lean route, modules/signup/signup.lean-route.ts) and `application/json;charset=utf-8` (which the lean route
 * leaves to Express's route), so both are measured in the same minutes (bench/lib/cpu-accounting.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CPU_PARTS, cpuPerRequest } from './lib/cpu-accounting.js';
import { loadOptions } from './lib/options.js';
import { removeKeys } from './lib/redis-cleanup.js';
import { ROOT, standaloneSystem } from './lib/system.js';

const requests = Number(process.argv[2] ?? 10_000);
const rounds = Number(process.argv[3] ?? 3);
const options = loadOptions();
const runId = `rts${randomBytes(3).toString('hex')}`;
const dir = join(ROOT, 'bench/.tmp', runId);
mkdirSync(dir, { recursive: true });

const { database, system } = await standaloneSystem(options, runId, dir);
try {
  await system.start(['auth', 'waitlist']);
  let counter = 0;
  const body = () => JSON.stringify({ email: `r${runId}-${(counter += 1)}@bench.example.com` });
  const routes = { lean: 'application/json', express: 'application/json;charset=utf-8' };
  const run = (contentType: string, amount: number) =>
    cpuPerRequest({
      url: system.serviceUrl('waitlist'),
      requests: amount,
      body,
      serverPid: system.pid('waitlist'),
      databaseName: database.name,
      contentType,
    });
  for (const contentType of Object.values(routes)) await run(contentType, 2000); // warm-up
  console.log(`CPU µs per sign-up, waitlist service direct (${requests} per round at 50 connections)\n`);
  console.log(['route', 'req/s', ...CPU_PARTS, 'total'].map((cell) => cell.padStart(15)).join(''));
  for (let round = 0; round < rounds; round += 1) {
    for (const [route, contentType] of Object.entries(routes)) {
      const cost = await run(contentType, requests);
      const cells = [
        route,
        cost.rps.toFixed(0),
        ...CPU_PARTS.map((part) => cost.perRequest[part].toFixed(0)),
        cost.perRequest.total.toFixed(0),
      ];
      console.log(cells.map((cell) => cell.padStart(15)).join(''));
    }
  }
} finally {
  await system.stop();
  await database.drop();
  await removeKeys(options.redisUrl, `bench-${runId}`);
}
