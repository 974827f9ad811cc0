import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpSink } from '../support/index.js';
import { signupStream, type SignupOutcome } from './support/load.js';
import { mailsPerRecipient } from './support/mail.js';
import { RedisServer, REDIS_OUTAGE_WORKER_ENV } from './support/redis-server.js';
import { SecretWatch } from './support/secrets.js';
import { startSystem, type System } from './support/system.js';
import { sleep } from './support/timing.js';
import { adminToken, confirmedPeople, invitationsPerRecipient, invite, invitedEmails } from './support/waves.js';

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

async function unsentRows(): Promise<number> {
  const { rows } = await system.context.pool.query<{ unsent: number }>(
    `select count(*)::int as unsent from waitlist.outbox o join waitlist.entries e on e.id = o.entry_id
      where o.sent_at is null and o.failed_at is null and (o.kind <> 'confirmation' or e.status = 'pending')`,
  );
  return rows[0]?.unsent ?? 0;
}

/**
 * Sign-ups stream in and a wave of invitations is accepted while the mail server is slow, so that Redis holds waiting
 * and active jobs when `lose` takes its data; then every acknowledged sign-up's mail and every invitation must arrive
 * exactly once, the owed ones within the bound.
 */
async function signUpsAndWaveThrough(label: string, lose: () => Promise<void>) {
  const people = await confirmedPeople(system, `${label}-line`, PEOPLE);
  await sink.waitFor(() => people.every((email) => sink.to(email).length === 1), 30_000); // their welcome mails
  const token = await adminToken(system, secrets);
  const invitedBefore = new Set(await invitedEmails(system));

  sink.slow(SMTP_ACCEPT_MS);
  const stream = signupStream(system.api.url, 100, label);
  await sleep(1500);
  const wave = await invite(system, token, PEOPLE);
  expect(wave.status).toBe(202);
  // The wave's rows are relayed (its picks are invited by the worker within a second or two), mails are being sent.
  await sleep(2000);
  const lostAt = Date.now();
  await lose();
  const owedAtLoss = await unsentRows();
  await sleep(2000);
  const outcomes = await stream.stop();
  sink.slow(0);

  const acknowledged = outcomes.filter((o: SignupOutcome) => o.status === 200).map((o) => o.email);
  expect(acknowledged.length).toBeGreaterThan(outcomes.length * 0.95);
  const invited = (await invitedEmails(system)).filter((email) => !invitedBefore.has(email));
  expect(invited).toHaveLength(PEOPLE);

  const confirmationsDone = () => acknowledged.every((email) => sink.to(email).length >= 1);
  const invitationsDone = () => invited.every((email) => (invitationsPerRecipient(sink).get(email) ?? 0) >= 1);
  await sink.waitFor(() => confirmationsDone() && invitationsDone(), DELIVERY_BOUND_MS + 5000);
  const deliveredAfterMs = Date.now() - lostAt;
  await sleep(2000); // a duplicate would come late: give it the chance to

  const counts = mailsPerRecipient(sink);
  const invitations = invitationsPerRecipient(sink);
  const duplicates = [
    ...acknowledged.filter((email) => counts.get(email) !== 1),
    ...invited.filter((email) => invitations.get(email) !== 1),
  ];
  // The relay's own line about it, the first after the loss.
  const requeued = system.worker?.logs
    .lines()
    .filter((line) => typeof line.msg === 'string' && line.msg.startsWith('mail queue has no epoch marker'))
    .map((line) => line as { offered?: number; ms?: number; time?: string })
    .find((line) => Date.parse(line.time ?? '') >= lostAt);
  const requeuedAfterMs = requeued?.time ? Date.parse(requeued.time) - lostAt : Number.NaN;
  console.info(
    `${label}: ${acknowledged.length} sign-ups and ${invited.length} invitations; ${owedAtLoss} mails owed at the loss, ` +
      `${requeued?.offered ?? 0} rows queued again ${(requeuedAfterMs / 1000).toFixed(1)} s after the loss ` +
      `(the re-offer itself ${requeued?.ms ?? '?'} ms); every mail delivered ` +
      `${(deliveredAfterMs / 1000).toFixed(1)} s after the loss; ${duplicates.length} duplicates`,
  );
  expect(duplicates).toEqual([]);
  expect(requeued?.offered ?? 0).toBeGreaterThan(0);
  expect(requeuedAfterMs).toBeLessThan(REQUEUE_BOUND_MS);
  expect(deliveredAfterMs).toBeLessThan(DELIVERY_BOUND_MS);
  expect(await unsentRows()).toBe(0);
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
