import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../support/free-port.js';
import { request } from '../support/http.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

/**
 * `npm start` (infra/supervisor/start.mjs) as an operator runs it: the real supervisor on the built code, its own
 * database, Redis prefix and ports. What it promises: a child that dies is reported and restarted without the
 * others being touched, and SIGTERM stops everything, exit code 0, no process left behind.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const ENTRIES = {
  auth: 'services/auth/dist/main.js',
  waitlist: 'services/waitlist/dist/main.js',
  'waitlist-worker': 'services/waitlist/dist/worker-main.js',
  gateway: 'gateway/dist/main.js',
} as const;
type ChildName = keyof typeof ENTRIES;
// The supervisor builds when an entry is missing; without a build there is nothing to supervise.
const built = [...Object.values(ENTRIES), 'web/dist/index.html'].every((file) => existsSync(join(root, file)));

/** The supervisor's children by name, read from /proc (every thread's list: any of them may have spawned one). */
function childrenOf(pid: number): Map<ChildName, number> {
  const found = new Map<ChildName, number>();
  const tasks = readdirSync(`/proc/${pid}/task`);
  const pids = tasks.flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean),
  );
  for (const child of pids.map(Number)) {
    if (!isRunning(child)) continue;
    const argv = readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0');
    const name = (Object.keys(ENTRIES) as ChildName[]).find((key) => argv.some((arg) => arg.endsWith(ENTRIES[key])));
    if (name) found.set(name, child);
  }
  return found;
}

/** Alive and not a zombie (a zombie has exited; only its exit status waits to be collected). */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

function acceptsConnections(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host, timeout: 2000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The local addresses (IPv4, dotted) of TCP sockets listening on `port`, from the kernel's own table. */
function listeningAddresses(port: number): string[] {
  const LISTEN = '0A';
  return readFileSync('/proc/net/tcp', 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter(([, local, , state]) => state === LISTEN && Number.parseInt(local!.split(':')[1]!, 16) === port)
    .map(([, local]) => {
      const hex = local!.split(':')[0]!;
      return [6, 4, 2, 0].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join('.');
    });
}

/** An IPv4 address of this machine that is not loopback, if it has one. */
function nonLoopbackAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;
}

async function status(url: string, path: string): Promise<number | undefined> {
  try {
    return (await request(url, path, { timeoutMs: 3000 })).status;
  } catch {
    return undefined;
  }
}

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs: number,
  output: () => string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(`${what}: not within ${timeoutMs} ms\n--- supervisor output ---\n${output().slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!built)('the npm start supervisor', () => {
  let database: TestDatabase;
  let dir: string;
  let supervisor: ChildProcess;
  let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  let gatewayUrl: string;
  let port: number;
  let metricsPort: number;
  let servicePorts: Record<'auth' | 'waitlist' | 'waitlist-worker', number>;
  const redisPrefix = `sup${randomBytes(4).toString('hex')}`;
  const chunks: string[] = [];
  const output = () => chunks.join('');
  /** Every child pid seen, so the SIGTERM test can check the restarted one too. */
  const seen = new Set<number>();

  beforeAll(async () => {
    database = await createTestDatabase(inject('databaseUrl'));
    dir = mkdtempSync(join(tmpdir(), 'mmdm-supervisor-'));
    // The supervisor rebuilds when sources are newer than their build. A test must never start a build (minutes,
    // and others build the same folders): the only `npm` it can find refuses, so the supervisor stops and says so.
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    writeFileSync(
      join(bin, 'npm'),
      '#!/bin/sh\necho "test: no build from a test; run npm run build first" >&2\nexit 1\n',
    );
    chmodSync(join(bin, 'npm'), 0o755);
    const ports = new Set<number>();
    while (ports.size < 5) ports.add(await freePort());
    const [gatewayPort, authPort, waitlistPort, workerPort, gatewayMetricsPort] = [...ports].map(String);
    metricsPort = Number(gatewayMetricsPort);
    port = Number(gatewayPort);
    servicePorts = { auth: Number(authPort), waitlist: Number(waitlistPort), 'waitlist-worker': Number(workerPort) };
    gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    supervisor = spawn(process.execPath, [join(root, 'infra/supervisor/start.mjs')], {
      cwd: root,
      // Its own process group: should the test fail half-way, afterAll ends the supervisor and whatever it started.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: `${bin}:${process.env.PATH ?? ''}`,
        LOG_LEVEL: 'warn',
        LOG_DIR: join(dir, 'logs'),
        MAIL_DIR: join(dir, 'mail'),
        PORT: gatewayPort,
        // The operator opens the site to the network; that is where the gateway listens, not the services.
        HOST: '0.0.0.0',
        AUTH_PORT: authPort,
        WAITLIST_PORT: waitlistPort,
        WORKER_PORT: workerPort,
        GATEWAY_METRICS_PORT: gatewayMetricsPort,
        PUBLIC_URL: gatewayUrl,
        // Passkeys need a domain name, never the address in PUBLIC_URL: the auth service refuses to start without one.
        PASSKEY_RP_ID: 'localhost',
        DATABASE_URL: database.url,
        REDIS_URL: inject('redisUrl'),
        REDIS_PREFIX: redisPrefix,
        // This machine's resolver answers NXDOMAIN for every outside name, so the sign-up's domain check would refuse
        // example.com; the check has its own tests (modules/abuse) against a DNS server of their own.
        EMAIL_DNS_CHECK: 'false',
      },
    });
    for (const stream of [supervisor.stdout, supervisor.stderr])
      stream?.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
    exited = new Promise((resolve) => supervisor.once('exit', (code, signal) => resolve({ code, signal })));

    await until(
      'the gateway says healthy',
      async () => {
        if (output().includes('[supervisor] building')) {
          throw new Error(
            'the supervisor started a build: sources are newer than their dist; run `npm run build` first',
          );
        }
        if (supervisor.exitCode !== null)
          throw new Error(`the supervisor exited with ${supervisor.exitCode}:\n${output().slice(-4000)}`);
        return (await status(gatewayUrl, '/healthz')) === 200 ? true : undefined;
      },
      25_000,
      output,
    );
    for (const pid of childrenOf(supervisor.pid ?? 0).values()) seen.add(pid);
  }, 40_000);

  afterAll(async () => {
    if (supervisor?.pid && supervisor.exitCode === null && supervisor.signalCode === null) {
      process.kill(-supervisor.pid, 'SIGKILL');
      await exited;
    }
    for (const pid of seen) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
    const redis = new Redis(inject('redisUrl'), { lazyConnect: true });
    try {
      await redis.connect();
      for await (const keys of redis.scanStream({ match: `${redisPrefix}*`, count: 500 }) as AsyncIterable<string[]>) {
        if (keys.length) await redis.unlink(...keys);
      }
    } finally {
      redis.disconnect();
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
    await database?.drop();
  }, 20_000);

  it("listens for the site on the operator's HOST, and for auth, the waitlist API, the worker and the gateway's metrics on loopback alone", async () => {
    expect(listeningAddresses(port)).toEqual(['0.0.0.0']);
    expect(listeningAddresses(metricsPort), 'gateway metrics').toEqual(['127.0.0.1']);
    expect(await status(`http://127.0.0.1:${metricsPort}`, '/metrics'), 'gateway metrics').toBe(200);
    for (const [name, servicePort] of Object.entries(servicePorts)) {
      // The gateway's health covers auth and the API only; the worker may still be starting (migrations, place rule).
      await until(
        `${name} listens`,
        async () => ((await acceptsConnections(servicePort, '127.0.0.1')) ? true : undefined),
        20_000,
        output,
      );
      expect(listeningAddresses(servicePort), name).toEqual(['127.0.0.1']);
      expect(await acceptsConnections(servicePort, '127.0.0.1'), name).toBe(true);
    }
    const outside = nonLoopbackAddress();
    if (outside) {
      // Reachable from the network: the gateway, yes; a service, never (it would take any X-Forwarded-For from there).
      expect(await acceptsConnections(port, outside)).toBe(true);
      expect(await acceptsConnections(metricsPort, outside), `gateway metrics on ${outside}`).toBe(false);
      for (const [name, servicePort] of Object.entries(servicePorts)) {
        expect(await acceptsConnections(servicePort, outside), `${name} on ${outside}`).toBe(false);
      }
    }
  }, 40_000);

  it('reports a SIGKILLed waitlist API, restarts it alone, and sign-ups work again within 20 s', async () => {
    const before = childrenOf(supervisor.pid ?? 0);
    expect([...before.keys()].sort()).toEqual(['auth', 'gateway', 'waitlist', 'waitlist-worker']);
    const victim = before.get('waitlist');
    if (!victim) throw new Error(`no waitlist child found:\n${output().slice(-4000)}`);
    const killedAt = Date.now();
    process.kill(victim, 'SIGKILL');

    await until(
      'the supervisor reports the crash',
      () => (/\[supervisor\] waitlist exited \(SIGKILL\); restarting in \d+ ms/.test(output()) ? true : undefined),
      5_000,
      output,
    );
    const restarted = await until(
      'a new waitlist process',
      () => childrenOf(supervisor.pid ?? 0).get('waitlist'),
      20_000,
      output,
    );
    seen.add(restarted);
    expect(restarted).not.toBe(victim);
    expect(isRunning(victim)).toBe(false);

    await until(
      'the gateway says healthy again',
      async () => ((await status(gatewayUrl, '/healthz')) === 200 ? true : undefined),
      20_000 - (Date.now() - killedAt),
      output,
    );
    const email = `restart-${randomBytes(4).toString('hex')}@example.com`;
    const signup = await request(gatewayUrl, '/waitlist', { method: 'POST', body: { email }, timeoutMs: 5000 });
    expect(signup.status).toBe(200);
    expect(signup.body).toMatchObject({ success: true, data: { email } });
    expect(Date.now() - killedAt).toBeLessThan(20_000);

    // Only the crashed child was restarted: the others kept their processes.
    const after = childrenOf(supervisor.pid ?? 0);
    for (const name of ['auth', 'waitlist-worker', 'gateway'] as const)
      expect(after.get(name), name).toBe(before.get(name));
    for (const pid of after.values()) seen.add(pid);
  }, 30_000);

  it('stops on SIGTERM with exit code 0 and leaves no child process behind', async () => {
    for (const pid of childrenOf(supervisor.pid ?? 0).values()) seen.add(pid);
    expect(seen.size).toBeGreaterThanOrEqual(4);
    supervisor.kill('SIGTERM');
    const result = await Promise.race([
      exited,
      new Promise((resolve) => setTimeout(() => resolve('still running after 15 s'), 15_000)),
    ]);
    expect(result, output().slice(-4000)).toEqual({ code: 0, signal: null });
    expect(output()).toContain('[supervisor] stopped');
    expect([...seen].filter(isRunning)).toEqual([]);
    expect(await refusesConnections(port)).toBe(true);
  }, 20_000);
});
