/**
 * What one gateway hop costs, by lane, against a stub service that answers a tiny JSON at once:
 *   node --import tsx bench/gateway-hop.ts [requests] [rounds]
 * Starts the compiled gateway (gateway/dist/main.js, as compose runs it) in front of a bare node:http stub and sends
 * POST requests at 50 connections, alternating between a path of the fast lane (`/waitlist`, undici) and one of the
 * full proxy (`/api/admin/waitlist/...`, http-proxy), both to the same stub. Prints the CPU microseconds
 * per request of the gateway, the stub and the load generator for each round (bench/lib/cpu-accounting.ts's method:
 * utime + stime from /proc), so the two lanes are compared in the same minutes on the same machine.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { loadOptions } from './lib/options.js';
import { freePort, startProcess, waitForHttp } from './lib/processes.js';
import { ROOT } from './lib/system.js';

const requests = Number(process.argv[2] ?? 20_000);
const rounds = Number(process.argv[3] ?? 3);
const options = loadOptions();
const dir = join(ROOT, 'bench/.tmp', `hop${randomBytes(3).toString('hex')}`);
mkdirSync(dir, { recursive: true });
const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
};

const STUB = `require('node:http').createServer((req, res) => {
  req.resume();
  req.on('end', () => { const body = '{"success":true,"message":"ok"}';
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) }); res.end(body); });
}).listen(Number(process.env.PORT), '127.0.0.1');`;

const [stubPort, gatewayPort, metricsPort] = [await freePort(), await freePort(), await freePort()];
const stub = startProcess(
  'stub',
  process.execPath,
  ['-e', STUB],
  { ...options.inheritedEnv, PORT: String(stubPort) },
  join(dir, 'stub.log'),
);
const stubUrl = `http://127.0.0.1:${stubPort}`;
const gateway = startProcess(
  'gateway',
  process.execPath,
  [join(ROOT, 'gateway/dist/main.js')],
  {
    ...options.inheritedEnv,
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    PORT: String(gatewayPort),
    HOST: '127.0.0.1',
    GATEWAY_METRICS_PORT: String(metricsPort),
    AUTH_URL: stubUrl,
    WAITLIST_URL: stubUrl,
  },
  join(dir, 'gateway.log'),
);
try {
  await waitForHttp(`http://127.0.0.1:${gatewayPort}/robots.txt`, 30_000, gateway);
  const lanes = { fast: '/waitlist', full: '/api/admin/waitlist/hop' };
  const measure = async (path: string, amount: number) => {
    const before = { gateway: cpuMs(gateway.pid), stub: cpuMs(stub.pid), load: process.cpuUsage() };
    const result = await autocannon({
      url: `http://127.0.0.1:${gatewayPort}`,
      connections: 50,
      amount,
      requests: [
        { method: 'POST', path, headers: { 'content-type': 'application/json' }, body: '{"email":"hop@example.com"}' },
      ],
    });
    const load = process.cpuUsage(before.load);
    const per = (ms: number) => ((ms * 1000) / amount).toFixed(0).padStart(8);
    return `${per(cpuMs(gateway.pid) - before.gateway)} ${per(cpuMs(stub.pid) - before.stub)} ${per((load.user + load.system) / 1000)} ${result.requests.average.toFixed(0).padStart(8)} ${String(result.non2xx + result.errors).padStart(6)}`;
  };
  for (const path of Object.values(lanes)) await measure(path, 2_000); // warm-up
  console.log(`µs of CPU per request (${requests} at 50 connections), alternating lanes\n`);
  console.log('lane      gateway     stub     load    req/s  failed');
  for (let round = 0; round < rounds; round += 1) {
    for (const [lane, path] of Object.entries(lanes)) console.log(`${lane.padEnd(6)} ${await measure(path, requests)}`);
  }
} finally {
  await gateway.stop();
  await stub.stop();
}
