import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpSink } from '../support/index.js';
import { mailThroughRedisLoss } from './support/redis-loss.js';
import { RedisSentinels } from './support/redis-sentinel.js';
import { RedisServer, REDIS_OUTAGE_WORKER_ENV } from './support/redis-server.js';
import { SecretWatch } from './support/secrets.js';
import { startSystem, type System } from './support/system.js';
import { sleep } from './support/timing.js';

/**
 * Redis through Sentinel (REDIS_SENTINELS, REDIS_SENTINEL_NAME): a primary and a replica on loopback, three
 * redis-sentinel processes (quorum 2). The primary is killed (SIGKILL, as a lost machine) while sign-ups stream in and
 * a wave's invitations are being sent; the sentinels promote the replica, every process finds it through them, and
 * every acknowledged sign-up and every invitation is still mailed exactly once. Replication is asynchronous: jobs the
 * old primary took in its last moments may never have reached the replica, so the relay offers the owed rows again
 * when another server holds the queue (decision 032).
 */
const NAME = 'mmdm-test';
const PEOPLE = 20;
/** Slow acceptance, so that mails are being sent (jobs active) when the primary dies. */
const SMTP_ACCEPT_MS = 1000;
/** Every owed mail delivered within this long of the kill (failover ~2–4 s, then a mail server at 1 s per mail). */
const DELIVERY_BOUND_MS = 60_000;

let primary: RedisServer;
let replica: RedisServer;
let sentinels: RedisSentinels;
let sink: SmtpSink;
let system: System;
const secrets = new SecretWatch();

beforeAll(async () => {
  primary = await new RedisServer().start();
  replica = await new RedisServer({ replicaOf: primary.port }).start();
  sentinels = await new RedisSentinels({ name: NAME, primaryPort: primary.port, quorum: 2, downAfterMs: 1000 }).start(
    3,
  );
  sink = await new SmtpSink().start();
  const viaSentinel = { REDIS_SENTINELS: sentinels.list, REDIS_SENTINEL_NAME: NAME };
  system = await startSystem({
    // The URL gives only the db number (and a password, where there is one): the sentinels name the server.
    redisUrl: primary.url,
    sink,
    authEnv: viaSentinel,
    apiEnv: { SIGNUP_RATE_LIMIT: '100000', ...viaSentinel },
    workerEnv: { ...REDIS_OUTAGE_WORKER_ENV, ...viaSentinel },
  });
});

afterAll(async () => {
  if (system) expect(secrets.leakedIn(system.logs(), sink.messages)).toEqual([]);
  await system?.close();
  await sink?.close();
  await sentinels?.close();
  await replica?.close();
  await primary?.close();
});

describe('Redis through Sentinel', () => {
  it('when the primary dies during sign-ups and mail, the replica is promoted and every acknowledged mail goes exactly once', async () => {
    expect(await sentinels.primaryPort()).toBe(primary.port);
    let promotedAfterMs = Number.NaN;
    await mailThroughRedisLoss({
      system,
      sink,
      secrets,
      label: 'sentinel',
      people: PEOPLE,
      smtpAcceptMs: SMTP_ACCEPT_MS,
      deliveryBoundMs: DELIVERY_BOUND_MS,
      streamAfterLossMs: 3000,
      lose: async () => {
        const killedAt = Date.now();
        await primary.kill();
        // The sentinels agree it is down after 1 s, then elect one of them to promote the replica.
        for (;;) {
          const port = await sentinels.primaryPort().catch(() => primary.port);
          if (port === replica.port) break;
          expect(Date.now() - killedAt).toBeLessThan(30_000);
          await sleep(200);
        }
        promotedAfterMs = Date.now() - killedAt;
      },
      report: ({ acknowledged, attempted, invited, deliveredAfterMs, duplicates }) => {
        const reoffered = system.worker?.logs
          .lines()
          .some(
            (line) => typeof line.msg === 'string' && line.msg.startsWith('another Redis server holds the mail queue'),
          );
        return (
          `sentinel: ${acknowledged.length}/${attempted} sign-ups acknowledged and ${invited.length} invitations; ` +
          `replica promoted ${(promotedAfterMs / 1000).toFixed(1)} s after the kill; every mail delivered ` +
          `${(deliveredAfterMs / 1000).toFixed(1)} s after it; owed rows offered again: ${String(reoffered)}; ` +
          `${duplicates.length} duplicates`
        );
      },
    });
  });
});
