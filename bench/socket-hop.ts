/**
 * What a Unix domain socket would save on a proxy hop, against loopback TCP:
 *   node --import tsx bench/socket-hop.ts [requests] [rounds]
 * Starts a bare node:http stub listening on a TCP port and on a socket file, and two minimal proxies (node:http in,
 * undici's Pool out, as the gateway's fast lane) in front of it: one reaching it over TCP, one over the socket. Sends
 * POST requests at 50 connections, alternating between the two, and prints the CPU microseconds per request of the
 * proxy and the stub for each round (utime + stime from /proc, as bench/gateway-hop.ts does), so the transports are
 * compared in the same minutes on the same machine. The gateway itself does not reach services over sockets: this
 * prices the idea before anyone builds it.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { loadOptions } from './lib/options.js';
import { freePort, startProcess, waitForHttp, type RunningProcess } from './lib/processes.js';
import { ROOT } from './lib/system.js';

const requests = Number(process.argv[2] ?? 20_000);
const rounds = Number(process.argv[3] ?? 3);
const options = loadOptions();
const dir = join(ROOT, 'bench/.tmp', `socket-hop${randomBytes(3).toString('hex')}`);
mkdirSync(dir, { recursive: true });
const socketPath = join(dir, 'stub.sock');
const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
};

const STUB = `const answer = (req, res) => {
  req.resume();
  req.on('end', () => { const body = '{"success":true,"message":"ok"}';
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) }); res.end(body); });
};
require('node:http').createServer(answer).listen(Number(process.env.PORT), '127.0.0.1');
require('node:http').createServer(answer).listen(process.env.SOCKET_PATH);`;

/** undici's Pool to the stub, over TCP or (SOCKET_PATH set) the socket file; the answer copied back whole. */
const PROXY = `const { Pool } = require('undici');
const socketPath = process.env.SOCKET_PATH;
const pool = new Pool(process.env.UPSTREAM, { connections: 64, ...(socketPath ? { socketPath } : {}) });
require('node:http').createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', async () => {
    const answer = await pool.request({ method: req.method, path: req.url, headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) });
    const body = Buffer.from(await answer.body.arrayBuffer());
    res.writeHead(answer.statusCode, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  });
}).listen(Number(process.env.PORT), '127.0.0.1');`;

const [stubPort, tcpPort, socketPort] = [await freePort(), await freePort(), await freePort()];
const env = { ...options.inheritedEnv, NODE_PATH: join(ROOT, 'node_modules') };
const started: RunningProcess[] = [];
const start = (name: string, script: string, extra: Record<string, string>) => {
  const child = startProcess(
    name,
    process.execPath,
    ['-e', script],
    { ...env, ...extra },
    join(dir, `${name}.log`),
    ROOT,
  );
  started.push(child);
  return child;
};
const stub = start('stub', STUB, { PORT: String(stubPort), SOCKET_PATH: socketPath });
const upstream = `http://127.0.0.1:${stubPort}`;
const lanes = {
  tcp: { port: tcpPort, proxy: start('proxy-tcp', PROXY, { PORT: String(tcpPort), UPSTREAM: upstream }) },
  socket: {
    port: socketPort,
    proxy: start('proxy-socket', PROXY, { PORT: String(socketPort), UPSTREAM: upstream, SOCKET_PATH: socketPath }),
  },
};
try {
  for (const lane of Object.values(lanes)) await waitForHttp(`http://127.0.0.1:${lane.port}/`, 30_000, lane.proxy);
  const measure = async ({ port, proxy }: (typeof lanes)['tcp'], amount: number) => {
    const before = { proxy: cpuMs(proxy.pid), stub: cpuMs(stub.pid) };
    const result = await autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: 50,
      amount,
      requests: [
        {
          method: 'POST',
          path: '/waitlist',
          headers: { 'content-type': 'application/json' },
          body: '{"email":"hop@example.com"}',
        },
      ],
    });
    const per = (ms: number) => ((ms * 1000) / amount).toFixed(0).padStart(8);
    return `${per(cpuMs(proxy.pid) - before.proxy)} ${per(cpuMs(stub.pid) - before.stub)} ${String(result.non2xx + result.errors).padStart(7)}`;
  };
  for (const lane of Object.values(lanes)) await measure(lane, 2_000); // warm-up
  console.log(`µs of CPU per request (${requests} at 50 connections), alternating transports\n`);
  console.log('hop        proxy     stub  failed');
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, lane] of Object.entries(lanes)) console.log(`${name.padEnd(7)} ${await measure(lane, requests)}`);
  }
} finally {
  for (const child of started) await child.stop();
}
