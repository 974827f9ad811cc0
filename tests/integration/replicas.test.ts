import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  chmodSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { decodeProtectedHeader } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePortBlock } from '../support/free-port.js';
import { request, sampleValue, scrape, SmtpSink } from '../support/index.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

/**
 * `npm start -- --replicas 2` as an operator runs it: two of auth, of the waitlist API and of the e-mail worker, one
 * gateway balancing over them, all on one database and one Redis. What two copies must do is what one does: every
 * acknowledged sign-up mailed once, one rate limit, one session store, one key set, one migration, and no loss when
 * a copy of each dies.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const ENTRIES = {
  auth: 'services/auth/dist/main.js',
  waitlist: 'services/waitlist/dist/main.js',
  worker: 'services/waitlist/dist/worker-main.js',
  gateway: 'gateway/dist/main.js',
} as const;
const built = [...Object.values(ENTRIES), 'web/dist/index.html', 'services/auth/dist/cli/rotate-keys.js'].every(
  (file) => existsSync(join(root, file)),
);

const REPLICAS = 2;
const SIGNUP_RATE_LIMIT = 10;
/** What docs/configuration.md promises across N replicas (SIGNUP_RATE_LIMIT): points + (N − 1) × floor(points / 10). */
const RATE_LIMIT_OVERSHOOT = (REPLICAS - 1) * Math.floor(SIGNUP_RATE_LIMIT / 10);
const MAIL_CONCURRENCY = 5;
const ADMIN = { email: 'replica-admin@example.com', password: 'four replicas walk into a bar' };

type Service = keyof typeof ENTRIES;
interface Replica {
  service: Exclude<Service, 'gateway'>;
  index: number;
  port: number;
  url: string;
}

/** The supervisor's children, from /proc: which service each runs (its entry) and on which port (its environment). */
function childrenOf(pid: number): { pid: number; service: Service; port: number }[] {
  const pids = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
  );
  return pids.flatMap((child) => {
    try {
      const argv = readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0');
      const service = (Object.keys(ENTRIES) as Service[]).find((key) => argv.some((arg) => arg.endsWith(ENTRIES[key])));
      if (!service) return [];
      const environ = Object.fromEntries(
        readFileSync(`/proc/${child}/environ`, 'utf8')
          .split('\0')
          .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
      );
      const portVariable = { auth: 'AUTH_PORT', waitlist: 'WAITLIST_PORT', worker: 'WORKER_PORT', gateway: 'PORT' }[
        service
      ];
      return [{ pid: child, service, port: Number(environ[portVariable]) }];
    } catch {
      return []; // exited meanwhile
    }
  });
}

/** How long a request here may stay unanswered: a replica that was killed answers nothing. */
const timeoutMs = 10_000;

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
  output: () => string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms\n${output().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!built)(`npm start -- --replicas ${REPLICAS}`, () => {
  let database: TestDatabase;
  let sink: SmtpSink;
  let dir: string;
  let supervisor: ChildProcess;
  let exited: Promise<unknown>;
  let gatewayUrl: string;
  let replicas: Replica[];
  const redisPrefix = `rep${randomBytes(4).toString('hex')}`;
  const chunks: string[] = [];
  const output = () => chunks.join('');
  /** Every sign-up the system answered 200 to: each must end up mailed. */
  const acknowledged: string[] = [];
  let clientCounter = 0;
  /** A client address of its own per sign-up (as nginx would state it), so the load meets no rate limit. */
  const nextClient = () => `10.${(clientCounter >> 16) & 255}.${(clientCounter >> 8) & 255}.${clientCounter++ & 255}`;

  const env = (extra: Record<string, string> = {}) => ({
    PATH: process.env.PATH ?? '',
    DATABASE_URL: database.url,
    REDIS_URL: inject('redisUrl'),
    REDIS_PREFIX: redisPrefix,
    ...extra,
  });

  const signUp = async (email: string, client = nextClient()) => {
    const started = Date.now();
    try {
      const answer = await request(gatewayUrl, '/waitlist', {
        method: 'POST',
        headers: { 'x-forwarded-for': client },
        body: { email },
        timeoutMs,
      });
      if (answer.status === 200) acknowledged.push(email);
      return { started, status: answer.status };
    } catch {
      return { started, status: 0 };
    }
  };
  const of = (service: Replica['service']) => replicas.filter((replica) => replica.service === service);

  /** For a failure message: the outbox rows of addresses never mailed, and the workers' last warnings and errors. */
  const whyUnmailed = async (emails: string[]): Promise<string> => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query(
        `select e.email_normalized as email, o.id, o.relayed_at, o.sent_at, o.failed_at, o.attempts, o.last_error
           from waitlist.entries e left join waitlist.outbox o on o.entry_id = e.id
          where e.email_normalized = any($1::text[])`,
        [emails.slice(0, 20)],
      );
      const workerLogs = readdirSync(join(dir, 'logs'))
        .filter((name) => name.includes('worker'))
        .flatMap((name) =>
          readFileSync(join(dir, 'logs', name), 'utf8')
            .split('\n')
            .filter((line) => /"level":"(warn|error)"/.test(line))
            .slice(-10)
            .map((line) => `${name}: ${line}`),
        );
      return [`${emails.length} never mailed; their outbox rows:`, JSON.stringify(rows), ...workerLogs].join('\n');
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    database = await createTestDatabase(inject('databaseUrl'));
    sink = await new SmtpSink().start();
    dir = mkdtempSync(join(tmpdir(), 'mmdm-replicas-'));
    // As in the supervisor test: a test never builds (an `npm` that refuses is all the supervisor can find).
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    writeFileSync(
      join(bin, 'npm'),
      '#!/bin/sh\necho "test: no build from a test; run npm run build first" >&2\nexit 1\n',
    );
    chmodSync(join(bin, 'npm'), 0o755);
    // Six service ports (3 services × 2 replicas, REPLICA_PORT_STEP 3 apart) and the gateway's.
    const base = await freePortBlock(7);
    const gatewayPort = base + 6;
    gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    replicas = (['auth', 'waitlist', 'worker'] as const).flatMap((service, offset) =>
      Array.from({ length: REPLICAS }, (_, index) => {
        const port = base + offset + index * 3;
        return { service, index, port, url: `http://127.0.0.1:${port}` };
      }),
    );
    supervisor = spawn(process.execPath, [join(root, 'infra/supervisor/start.mjs'), '--replicas', String(REPLICAS)], {
      cwd: root,
      detached: true, // its own process group, ended as a whole by afterAll should the test fail half-way
      stdio: ['ignore', 'pipe', 'pipe'],
      env: env({
        PATH: `${bin}:${process.env.PATH ?? ''}`,
        LOG_LEVEL: 'info',
        LOG_DIR: join(dir, 'logs'),
        PORT: String(gatewayPort),
        HOST: '127.0.0.1',
        AUTH_PORT: String(base),
        WAITLIST_PORT: String(base + 1),
        WORKER_PORT: String(base + 2),
        REPLICA_PORT_STEP: '3',
        GATEWAY_METRICS_PORT: '0',
        // The test stands where nginx would: it states each client's address.
        GATEWAY_TRUSTED_PROXIES: 'loopback',
        PUBLIC_URL: gatewayUrl,
        // Passkeys need a domain name, never the address in PUBLIC_URL: the auth service refuses to start without one.
        PASSKEY_RP_ID: 'localhost',
        SMTP_URL: sink.url,
        SIGNUP_RATE_LIMIT: String(SIGNUP_RATE_LIMIT),
        // What is measured here is spreading and the shared limit, not the abuse defences (their own tests): no
        // proof of work for these bursts from one network, and no DNS, which this machine cannot reach.
        SIGNUP_CHALLENGE: 'off',
        EMAIL_DNS_CHECK: 'false',
        MAIL_CONCURRENCY: String(MAIL_CONCURRENCY),
        RELAY_INTERVAL_MS: '50',
        MAIL_BACKOFF_MS: '200',
        // A killed worker's jobs go to the other within 8–16 s instead of 30–60 s. Not shorter: a worker whose event
        // loop stalls past half of it (a saturated machine) would have its live jobs taken over and sent twice.
        MAIL_JOB_LOCK_MS: '8000',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      }),
    });
    for (const stream of [supervisor.stdout, supervisor.stderr])
      stream?.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
    exited = new Promise((resolve) => supervisor.once('exit', resolve));
    await until(
      'every replica and the gateway ready',
      async () => {
        if (output().includes('[supervisor] building'))
          throw new Error('the supervisor started a build: run `npm run build` first');
        if (supervisor.exitCode !== null) throw new Error(`the supervisor exited:\n${output().slice(-3000)}`);
        const statuses = await Promise.all(
          [...replicas.map((replica) => [replica.url, '/readyz']), [gatewayUrl, '/healthz']].map(async ([url, path]) =>
            request(url!, path!, { timeoutMs }).then(
              (answer) => answer.status,
              () => 0,
            ),
          ),
        );
        return statuses.every((status) => status === 200) ? true : undefined;
      },
      // 15-25 s on a quiet 2-core machine; far more when other work saturates it.
      120_000,
      output,
    );
  }, 150_000);

  afterAll(async () => {
    if (supervisor?.pid && supervisor.exitCode === null && supervisor.signalCode === null) {
      supervisor.kill('SIGTERM');
      const stopped = await Promise.race([
        exited.then(() => true),
        new Promise((resolve) => setTimeout(() => resolve(false), 12_000)),
      ]);
      if (!stopped) process.kill(-supervisor.pid, 'SIGKILL');
    }
    const redis = new Redis(inject('redisUrl'), { lazyConnect: true });
    try {
      await redis.connect();
      for await (const keys of redis.scanStream({ match: `${redisPrefix}*`, count: 500 }) as AsyncIterable<string[]>) {
        if (keys.length) await redis.unlink(...keys);
      }
    } finally {
      redis.disconnect();
    }
    await sink?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    await database?.drop();
  }, 30_000);

  it('ran each migration once, whichever replica got there first (the advisory lock made the others wait)', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      for (const schema of ['auth', 'waitlist'] as const) {
        const files = readdirSync(join(root, `services/${schema}/migrations`)).filter((name) => name.endsWith('.sql'));
        const { rows } = await client.query<{ name: string; runs: number }>(
          `select name, count(*)::int as runs from ${schema}.migrations group by name order by name`,
        );
        expect(rows, schema).toEqual(
          files
            .map((file) => ({ name: file.replace(/\.sql$/, ''), runs: 1 }))
            .sort((a, b) => a.name.localeCompare(b.name)),
        );
      }
    } finally {
      await client.end();
    }
    // Four processes migrate the waitlist schema (two APIs, two workers), two the auth schema: one of each applied.
    const logs = readdirSync(join(dir, 'logs')).map((name) => ({
      name,
      text: readFileSync(join(dir, 'logs', name), 'utf8'),
    }));
    const applied = (prefix: string) =>
      logs
        .filter((log) => log.name.startsWith(prefix))
        .reduce((sum, log) => sum + (log.text.match(/"msg":"migrations applied"/g)?.length ?? 0), 0);
    expect(applied('auth-')).toBe(1);
    expect(applied('waitlist-')).toBe(1);
  });

  it('under load, spreads sign-ups over both APIs and both workers and mails every acknowledged one exactly once', async () => {
    const emails = Array.from({ length: 120 }, (_, i) => `load-${i}-${randomBytes(3).toString('hex')}@example.com`);
    for (let i = 0; i < emails.length; i += 10)
      await Promise.all(emails.slice(i, i + 10).map((email) => signUp(email)));
    const ok = emails.filter((email) => acknowledged.includes(email));
    expect(ok).toHaveLength(emails.length);

    await sink.waitFor(() => ok.every((email) => sink.to(email).length > 0), 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1000)); // a duplicate would arrive meanwhile
    expect(ok.filter((email) => sink.to(email).length !== 1)).toEqual([]);

    const signups = await Promise.all(
      of('waitlist').map(async (api) => sampleValue(await scrape(`${api.url}/metrics`), 'mmdm_signups_total') ?? 0),
    );
    const sent = await Promise.all(
      of('worker').map(
        async (worker) => sampleValue(await scrape(`${worker.url}/metrics`), 'mmdm_mails_sent_total') ?? 0,
      ),
    );
    expect(
      signups.every((count) => count > 0),
      `sign-ups per API: ${signups.join(', ')}`,
    ).toBe(true);
    expect(signups.reduce((a, b) => a + b, 0)).toBe(emails.length);
    expect(
      sent.every((count) => count > 0),
      `mails per worker: ${sent.join(', ')}`,
    ).toBe(true);
  }, 60_000);

  it(`holds one client's sign-ups to the limit plus at most ${RATE_LIMIT_OVERSHOOT} across the APIs`, async () => {
    const client = '203.0.113.77';
    const results = await Promise.all(
      Array.from({ length: 4 * SIGNUP_RATE_LIMIT }, (_, i) =>
        signUp(`limited-${i}-${randomBytes(3).toString('hex')}@example.com`, client),
      ),
    );
    const admitted = results.filter((result) => result.status === 200).length;
    const statuses = JSON.stringify(results.map((result) => result.status));
    expect(admitted, statuses).toBeGreaterThanOrEqual(SIGNUP_RATE_LIMIT);
    expect(admitted, statuses).toBeLessThanOrEqual(SIGNUP_RATE_LIMIT + RATE_LIMIT_OVERSHOOT);
    expect(results.filter((result) => result.status !== 200).every((result) => result.status === 429)).toBe(true);
  });

  const login = async (baseUrl: string) => {
    const answer = await request(baseUrl, '/api/admin/login', { method: 'POST', body: ADMIN, timeoutMs });
    expect(answer.status, answer.text).toBe(200);
    return String(answer.body.token);
  };
  /** What every auth replica and every waitlist replica answers to this token, asked directly. */
  const everywhere = async (token: string) =>
    Promise.all([
      ...of('auth').map(async (auth) => (await request(auth.url, '/api/admin/verify', { token, timeoutMs })).status),
      ...of('waitlist').map(
        async (api) => (await request(api.url, '/api/admin/waitlist/stats', { token, timeoutMs })).status,
      ),
    ]);

  it('honours a logout made through one replica on every other at once', async () => {
    const token = await login(gatewayUrl);
    expect(await everywhere(token)).toEqual([200, 200, 200, 200]);
    const [first] = of('auth');
    expect((await request(first!.url, '/api/admin/logout', { method: 'POST', token, timeoutMs })).status).toBe(204);
    // No wait at all: the next request to each replica is refused.
    expect(await everywhere(token)).toEqual([401, 401, 401, 401]);
  });

  it('signs with a rotated key on every auth replica, and every replica of both services accepts it, within a second', async () => {
    const before = await login(gatewayUrl);
    const oldKid = decodeProtectedHeader(before).kid;
    const rotation = spawnSync(process.execPath, [join(root, 'services/auth/dist/cli/rotate-keys.js')], {
      cwd: root,
      env: env({ LOG_LEVEL: 'warn' }),
      encoding: 'utf8',
      timeout: 20_000,
    });
    const rotatedAt = Date.now();
    expect(rotation.status, rotation.stderr).toBe(0);
    const newKid = /New signing key (\S+)\./.exec(rotation.stdout)?.[1];
    expect(newKid).toBeDefined();
    expect(newKid).not.toBe(oldKid);

    // Every auth replica publishes the new key and signs with it.
    for (const auth of of('auth')) {
      await until(
        `auth replica ${auth.index + 1} publishes the new key`,
        async () => {
          const { body } = await request(auth.url, '/.well-known/jwks.json', { timeoutMs }).catch(() => ({
            body: { keys: [] },
          }));
          return (body.keys as { kid: string }[]).some((key) => key.kid === newKid) ? true : undefined;
        },
        1000,
        output,
      );
    }
    const fresh = await Promise.all(of('auth').map((auth) => login(auth.url)));
    expect(Date.now() - rotatedAt).toBeLessThan(5000); // two logins on a busy machine; argon2 takes its time
    expect(fresh.map((token) => decodeProtectedHeader(token).kid)).toEqual(of('auth').map(() => newKid));
    // Tokens of the new key work everywhere; so does the one signed before the rotation.
    for (const token of [...fresh, before]) expect(await everywhere(token)).toEqual([200, 200, 200, 200]);
  }, 40_000);

  it('loses no sign-up when one replica of each service is SIGKILLed under load, and routes around them within a second', async () => {
    const victims = (['auth', 'waitlist', 'worker'] as const).map((service) => {
      const target = of(service)[0]!;
      const child = childrenOf(supervisor.pid ?? 0).find(
        (found) => found.service === service && found.port === target.port,
      );
      if (!child) throw new Error(`no ${service} replica on ${target.port}:\n${output().slice(-3000)}`);
      return { ...child, replica: target };
    });
    const sentBefore = sink.messages.length;
    const signups: { started: number; status: number }[] = [];
    const reads: { started: number; status: number }[] = [];
    let killedAt = Number.POSITIVE_INFINITY;
    let stop = false;
    const loadUntilStopped = async (
      work: () => Promise<{ started: number; status: number }>,
      into: typeof signups,
      pauseMs = 0,
    ) => {
      while (!stop) {
        into.push(await work());
        if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    };
    // Ten sign-up loops, each pausing 100 ms between its calls, and three staff calls to auth alongside (a token check
    // without a token: auth's own 401 is the answer that shows auth was reached). Paced because the mails are checked
    // against a fixed time below: unpaced, the API (which commits sign-ups in groups) took 1,344 sign-ups in these 5 s
    // on a quiet machine (390 paced), more than the surviving worker had mailed 40 s later on a loaded one.
    const load = [
      ...Array.from({ length: 10 }, () =>
        loadUntilStopped(() => signUp(`killed-${randomBytes(5).toString('hex')}@example.com`), signups, 100),
      ),
      ...Array.from({ length: 3 }, () =>
        loadUntilStopped(async () => {
          const started = Date.now();
          const status = await request(gatewayUrl, '/api/admin/verify', { timeoutMs }).then(
            (answer) => (answer.status === 401 && answer.body?.code === 'invalid_token' ? 200 : answer.status),
            () => 0,
          );
          return { started, status };
        }, reads),
      ),
    ];
    await new Promise((resolve) => setTimeout(resolve, 1000));
    killedAt = Date.now();
    for (const victim of victims) process.kill(victim.pid, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 4000));
    stop = true;
    await Promise.all(load);

    const after = (list: typeof signups, ms: number) => list.filter((result) => result.started >= killedAt + ms);
    const failed = (list: typeof signups) => list.filter((result) => result.status !== 200);
    // Only calls that reached a killed replica can fail (those in flight, and one sent on a pooled connection the
    // kernel had just reset): at most the sign-ups and staff calls then running, and none started a second later.
    expect(failed(signups).length, JSON.stringify(failed(signups))).toBeLessThanOrEqual(10);
    expect(failed(reads).length, JSON.stringify(failed(reads))).toBeLessThanOrEqual(3);
    expect(after(signups, 1000).length).toBeGreaterThan(10);
    expect(failed(after(signups, 1000))).toEqual([]);
    expect(after(reads, 1000).length).toBeGreaterThan(0);
    expect(failed(after(reads, 1000))).toEqual([]);
    expect(signups.filter((result) => result.started < killedAt).length).toBeGreaterThan(0);

    // Every sign-up ever acknowledged (this test's and the earlier ones') is mailed: the killed worker's jobs are
    // taken over once their locks expire. Only a mail the killed worker had handed to SMTP without recording it may
    // go twice: at most the jobs it had in hand.
    await sink
      .waitFor(() => acknowledged.every((email) => sink.to(email).length > 0), 40_000)
      .catch(async (error: unknown) => {
        const unmailed = acknowledged.filter((email) => !sink.to(email).length);
        const why = await whyUnmailed(unmailed).catch((failure: unknown) => `(no diagnosis: ${String(failure)})`);
        throw new Error(`${String(error)}; ${signups.length} sign-ups in this test\n${why}`);
      });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(acknowledged.filter((email) => sink.to(email).length === 0)).toEqual([]);
    const duplicates = acknowledged.filter((email) => sink.to(email).length > 1);
    expect(duplicates.length).toBeLessThanOrEqual(MAIL_CONCURRENCY);
    expect(sink.messages.length).toBeGreaterThan(sentBefore);

    // The supervisor restarted the three, each alone.
    for (const victim of victims) {
      const name = `${victim.service === 'worker' ? 'waitlist-worker' : victim.service}-${victim.replica.index + 1}`;
      expect(output()).toMatch(new RegExp(`\\[supervisor\\] ${name} exited \\(SIGKILL\\); restarting`));
    }
  }, 75_000);
});
