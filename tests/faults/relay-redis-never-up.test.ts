import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  startApi,
  uniqueEmail,
  type ApiHarness,
  type TestContext,
} from '../../services/waitlist/src/testing/waitlist-harness.js';
import { SmtpSink, startOldRedis } from '../support/index.js';
import { request } from '../support/http.js';
import { sleep } from './support/timing.js';
import { mailsPerRecipient } from './support/mail.js';
import { freePort } from '../support/free-port.js';
import { RedisServer } from './support/redis-server.js';
import { SecretWatch } from './support/secrets.js';
import { startServiceProcess, untilHealthy, type ServiceProcess } from './support/service-process.js';

const RELAY_INTERVAL_MS = 100;
/** How long the worker runs with Redis absent: several relay rounds (each waits up to 1 s for Redis, then gives up). */
const ABSENT_MS = 6000;
const SIGNUPS = 20;

let context: TestContext;
let api: ApiHarness;
let sink: SmtpSink;
const redisServers: RedisServer[] = [];
const processes: ServiceProcess[] = [];
const secrets = new SecretWatch();

beforeAll(async () => {
  context = await createTestContext();
  sink = await new SmtpSink().start();
  // The API takes the sign-ups (its rate limiter uses the run's Redis); only the worker's Redis is missing.
  api = await startApi(context);
});

afterAll(async () => {
  for (const worker of processes) if (worker.child.exitCode === null) worker.child.kill('SIGKILL');
  const logs = [api?.logs.text() ?? '', ...processes.map((p) => p.output())].join('\n');
  expect(secrets.leakedIn(logs, sink?.messages)).toEqual([]);
  await api?.close();
  await sink?.close();
  for (const redis of redisServers) await redis.close();
  await context?.close();
});

/** A redis-server of the test's own whose port is chosen but not listened on until `start()`. */
async function absentRedis(): Promise<RedisServer> {
  const redis = new RedisServer();
  redis.port = await freePort();
  redisServers.push(redis);
  return redis;
}

/**
 * The real worker process (worker-main.ts): an unhandled rejection there stops it, as in production. Waits for its
 * /healthz unless told not to (a worker expected to exit at once never gets healthy).
 */
async function startWorkerProcess(
  redisUrl: string,
  { waitHealthy = true } = {},
): Promise<{ process: ServiceProcess; url: string }> {
  const port = await freePort();
  const worker = startServiceProcess('services/waitlist/src/worker-main.ts', {
    DATABASE_URL: context.databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: context.prefix,
    SMTP_URL: sink.url,
    PUBLIC_URL: 'http://mmdm.test',
    WORKER_PORT: String(port),
    HOST: '127.0.0.1',
    RELAY_INTERVAL_MS: String(RELAY_INTERVAL_MS),
    MAIL_BACKOFF_MS: '100',
  });
  processes.push(worker);
  const url = `http://127.0.0.1:${port}`;
  if (waitHealthy) await untilHealthy(url, worker);
  return { process: worker, url };
}

interface LogLine {
  level?: string;
  msg?: string;
}

function logLines(worker: ServiceProcess): LogLine[] {
  return worker
    .output()
    .split('\n')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as LogLine];
      } catch {
        return [];
      }
    });
}

function crashesIn(worker: ServiceProcess): LogLine[] {
  return logLines(worker).filter((line) => line.msg === 'unhandled rejection' || line.msg === 'uncaught exception');
}

/** The worker's Postgres sessions inside a transaction that began more than `olderThanMs` ago. */
async function longTransactions(olderThanMs: number): Promise<{ state: string; query: string }[]> {
  const { rows } = await context.pool.query<{ state: string; query: string }>(
    `select state, query from pg_stat_activity
      where datname = current_database() and application_name = 'waitlist-worker'
        and xact_start < now() - make_interval(secs => $1::float8 / 1000)`,
    [olderThanMs],
  );
  return rows;
}

/** Outbox rows another session can lock at once: none is held by a relay waiting on Redis. */
async function lockableUnrelayedRows(): Promise<number> {
  const client = await context.pool.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query('select id from waitlist.outbox where relayed_at is null for update nowait');
    return rows.length;
  } finally {
    await client.query('rollback').catch(() => undefined);
    client.release();
  }
}

describe('the e-mail worker started while Redis has never been reachable', () => {
  it('holds no outbox rows and stays up over several relay rounds, warning once; when Redis comes, every mail goes out exactly once', async () => {
    const redis = await absentRedis();
    const worker = await startWorkerProcess(redis.url);
    const emails = Array.from({ length: SIGNUPS }, () => uniqueEmail('never-up'));
    for (const email of emails)
      expect((await api.request('/waitlist', { method: 'POST', body: { email } })).status).toBe(200);

    // Several relay rounds with Redis absent: no transaction of the worker's lives longer than a moment, and every
    // outbox row stays free for anyone else (FOR UPDATE NOWAIT would fail on a row a relay holds).
    const sampledUntil = Date.now() + ABSENT_MS;
    let samples = 0;
    while (Date.now() < sampledUntil) {
      expect(await longTransactions(500)).toEqual([]);
      samples += 1;
      await sleep(100);
    }
    expect(samples).toBeGreaterThan(10);
    expect(await lockableUnrelayedRows()).toBe(SIGNUPS);

    expect(worker.process.child.exitCode).toBeNull();
    expect(crashesIn(worker.process)).toEqual([]);
    expect((await request(worker.url, '/healthz')).status).toBe(200);
    expect((await request(worker.url, '/readyz')).status).toBe(503);
    // Told once, not once per round.
    const waiting = logLines(worker.process).filter((line) => line.msg?.startsWith('outbox relay'));
    expect(waiting.map((line) => [line.level, line.msg])).toEqual([
      ['warn', 'outbox relay cannot hand over: Redis is not ready; rows stay in the outbox and are retried'],
    ]);

    await redis.start();
    const startedAt = Date.now();
    const wanted = new Set(emails);
    await sink.waitFor(
      () => [...mailsPerRecipient(sink).keys()].filter((to) => wanted.has(to)).length === SIGNUPS,
      30_000,
    );
    console.info(
      `redis never up: all ${SIGNUPS} mails delivered ${((Date.now() - startedAt) / 1000).toFixed(1)} s after Redis came`,
    );
    await sleep(1000);
    const counts = mailsPerRecipient(sink);
    expect(emails.filter((email) => counts.get(email) !== 1)).toEqual([]);
    const { rows } = await context.pool.query<{ unrelayed: number; unsent: number }>(
      `select count(*) filter (where relayed_at is null)::int as unrelayed, count(*) filter (where sent_at is null)::int as unsent
         from waitlist.outbox`,
    );
    expect(rows[0]).toEqual({ unrelayed: 0, unsent: 0 });
    expect(logLines(worker.process).some((line) => line.msg === 'outbox relay recovered')).toBe(true);

    expect(crashesIn(worker.process)).toEqual([]);
    worker.process.child.kill('SIGTERM');
    expect(await worker.process.exited).toBe(0);
  });

  it('stops cleanly (exit 0, within seconds) when told to while Redis has still never been reachable', async () => {
    const redis = await absentRedis();
    const worker = await startWorkerProcess(redis.url);
    await api.request('/waitlist', { method: 'POST', body: { email: uniqueEmail('never-up-stop') } });
    await sleep(10 * RELAY_INTERVAL_MS);
    const started = Date.now();
    worker.process.child.kill('SIGTERM');
    expect(await worker.process.exited).toBe(0);
    console.info(`redis never up: SIGTERM to exit 0 in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(crashesIn(worker.process)).toEqual([]);
  });

  it('exits 1 (for its supervisor to restart it) when its queue can never work, e.g. BullMQ refuses the Redis it found', async () => {
    const oldRedis = await startOldRedis();
    try {
      const { process: worker } = await startWorkerProcess(oldRedis.url, { waitHealthy: false });
      const code = await Promise.race([worker.exited, sleep(20_000).then(() => 'still running after 20 s')]);
      expect(code).toBe(1);
      expect(
        logLines(worker).some((line) => line.msg?.startsWith('mail queue could not set up its Redis connection')),
      ).toBe(true);
    } finally {
      await oldRedis.close();
    }
  });
});
