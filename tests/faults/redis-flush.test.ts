import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpSink } from '../support/index.js';
import { mailThroughRedisLoss, unsentRows } from './support/redis-loss.js';
import { RedisServer, REDIS_OUTAGE_WORKER_ENV } from './support/redis-server.js';
import { SecretWatch } from './support/secrets.js';
import { startSystem, type System } from './support/system.js';

/**
 * Redis is a queue and a cache here, never the record: what Postgres acknowledged (a sign-up, an accepted wave) is
 * mailed exactly once even when Redis loses everything. The relay finds the loss by the epoch marker it keeps beside
 * the queue (read every second) and queues every relayed, unsent outbox row again; a job of before that is still
 * sending holds the row's claim, so its twin waits and then finds the row sent.
 */
const PEOPLE = 30;
/**
 * Each acceptance takes this long, so that mails are in the middle of being sent when Redis loses its data and still
 * are when their twins are queued (about a second later): without the send claim, each of those would go twice.
 */
const SMTP_ACCEPT_MS = 2000;
/** Owed rows must be in the queue again within this long of the loss (the marker is read every second). */
const REQUEUE_BOUND_MS = 10_000;
/** And every owed mail delivered within this long (through a mail server that takes 2 s per mail, on a busy runner). */
const DELIVERY_BOUND_MS = 60_000;

let redis: RedisServer;
let sink: SmtpSink;
let system: System;
const secrets = new SecretWatch();

beforeAll(async () => {
  // No persistence: a restart comes back empty, as a cache-style Redis (or a replaced pod) does.
  redis = await new RedisServer({ persistence: false }).start();
  sink = await new SmtpSink().start();
  system = await startSystem({
    redisUrl: redis.url,
    sink,
    workerEnv: REDIS_OUTAGE_WORKER_ENV,
    apiEnv: { SIGNUP_RATE_LIMIT: '100000' },
  });
});

afterAll(async () => {
  if (system) expect(secrets.leakedIn(system.logs(), sink.messages)).toEqual([]);
  await system?.close();
  await sink?.close();
  await redis?.close();
});

async function flushAll(): Promise<void> {
  const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  try {
    expect(await client.flushall()).toBe('OK');
  } finally {
    client.disconnect();
  }
}

/**
 * Sign-ups and a wave through a Redis that `lose` empties (mailThroughRedisLoss): every mail once, and the owed rows
 * queued again within the bound, by the relay's own account.
 */
async function signUpsAndWaveThrough(label: string, lose: () => Promise<void>) {
  let owedAtLoss = 0;
  let requeued: { offered?: number; ms?: number; time?: string } | undefined;
  let requeuedAfterMs = Number.NaN;
  await mailThroughRedisLoss({
    system,
    sink,
    secrets,
    label,
    people: PEOPLE,
    smtpAcceptMs: SMTP_ACCEPT_MS,
    deliveryBoundMs: DELIVERY_BOUND_MS,
    streamAfterLossMs: 2000,
    lose: async () => {
      await lose();
      owedAtLoss = await unsentRows(system);
    },
    report: ({ acknowledged, invited, lostAt, deliveredAfterMs, duplicates }) => {
      // The relay's own line about it, the first after the loss.
      requeued = system.worker?.logs
        .lines()
        .filter((line) => typeof line.msg === 'string' && line.msg.startsWith('mail queue has no epoch marker'))
        .map((line) => line as { offered?: number; ms?: number; time?: string })
        .find((line) => Date.parse(line.time ?? '') >= lostAt);
      requeuedAfterMs = requeued?.time ? Date.parse(requeued.time) - lostAt : Number.NaN;
      return (
        `${label}: ${acknowledged.length} sign-ups and ${invited.length} invitations; ${owedAtLoss} mails owed at the loss, ` +
        `${requeued?.offered ?? 0} rows queued again ${(requeuedAfterMs / 1000).toFixed(1)} s after the loss ` +
        `(the re-offer itself ${requeued?.ms ?? '?'} ms); every mail delivered ` +
        `${(deliveredAfterMs / 1000).toFixed(1)} s after the loss; ${duplicates.length} duplicates`
      );
    },
  });
  expect(requeued?.offered ?? 0).toBeGreaterThan(0);
  expect(requeuedAfterMs).toBeLessThan(REQUEUE_BOUND_MS);
  expect(sink.messages.every((mail) => mail.envelope.to.length === 1)).toBe(true);
}

describe('Redis loses everything during sign-ups and a wave of invitations', () => {
  it('after FLUSHALL, every acknowledged sign-up and every invitation is mailed exactly once, the owed ones queued again within seconds', async () => {
    await signUpsAndWaveThrough('flushall', flushAll);
  });

  it('after a restart without persistence, the same', async () => {
    await signUpsAndWaveThrough('restart', async () => {
      await redis.stop();
      await redis.start();
    });
  });
});
