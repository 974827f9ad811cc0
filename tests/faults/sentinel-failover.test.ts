import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpSink } from '../support/index.js';
import { signupStream, type SignupOutcome } from './support/load.js';
import { mailsPerRecipient } from './support/mail.js';
import { RedisSentinels } from './support/redis-sentinel.js';
import { RedisServer, REDIS_OUTAGE_WORKER_ENV } from './support/redis-server.js';
import { SecretWatch } from './support/secrets.js';
import { startSystem, type System } from './support/system.js';
import { sleep } from './support/timing.js';
import { adminToken, confirmedPeople, invitationsPerRecipient, invite, invitedEmails } from './support/waves.js';

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

async function unsentRows(): Promise<number> {
  const { rows } = await system.context.pool.query<{ unsent: number }>(
    `select count(*)::int as unsent from waitlist.outbox o join waitlist.entries e on e.id = o.entry_id
      where o.sent_at is null and o.failed_at is null and (o.kind <> 'confirmation' or e.status = 'pending')`,
  );
  return rows[0]?.unsent ?? 0;
}

describe('Redis through Sentinel', () => {
  it('when the primary dies during sign-ups and mail, the replica is promoted and every acknowledged mail goes exactly once', async () => {
    expect(await sentinels.primaryPort()).toBe(primary.port);
    const people = await confirmedPeople(system, 'sentinel-line', PEOPLE);
    await sink.waitFor(() => people.every((email) => sink.to(email).length === 1), 30_000); // their welcome mails
    const token = await adminToken(system, secrets);
    const invitedBefore = new Set(await invitedEmails(system));

    sink.slow(SMTP_ACCEPT_MS);
    const stream = signupStream(system.api.url, 100, 'sentinel');
    await sleep(1500);
    const wave = await invite(system, token, PEOPLE);
    expect(wave.status).toBe(202);
    await sleep(2000);
    const killedAt = Date.now();
    await primary.kill();
    // The sentinels agree it is down after 1 s, then elect one of them to promote the replica.
    for (;;) {
      const port = await sentinels.primaryPort().catch(() => primary.port);
      if (port === replica.port) break;
      expect(Date.now() - killedAt).toBeLessThan(30_000);
      await sleep(200);
    }
    const promotedAfterMs = Date.now() - killedAt;
    await sleep(3000);
    const outcomes = await stream.stop();
    sink.slow(0);

    const acknowledged = outcomes.filter((o: SignupOutcome) => o.status === 200).map((o) => o.email);
    expect(acknowledged.length).toBeGreaterThan(outcomes.length * 0.95);
    const invited = (await invitedEmails(system)).filter((email) => !invitedBefore.has(email));
    expect(invited).toHaveLength(PEOPLE);

    const confirmationsDone = () => acknowledged.every((email) => sink.to(email).length >= 1);
    const invitationsDone = () => invited.every((email) => (invitationsPerRecipient(sink).get(email) ?? 0) >= 1);
    await sink.waitFor(() => confirmationsDone() && invitationsDone(), DELIVERY_BOUND_MS + 5000);
    const deliveredAfterMs = Date.now() - killedAt;
    await sleep(2000); // a duplicate would come late: give it the chance to

    const counts = mailsPerRecipient(sink);
    const invitations = invitationsPerRecipient(sink);
    const duplicates = [
      ...acknowledged.filter((email) => counts.get(email) !== 1),
      ...invited.filter((email) => invitations.get(email) !== 1),
    ];
    const reoffered = system.worker?.logs
      .lines()
      .some((line) => typeof line.msg === 'string' && line.msg.startsWith('another Redis server holds the mail queue'));
    console.info(
      `sentinel: ${acknowledged.length}/${outcomes.length} sign-ups acknowledged and ${invited.length} invitations; ` +
        `replica promoted ${(promotedAfterMs / 1000).toFixed(1)} s after the kill; every mail delivered ` +
        `${(deliveredAfterMs / 1000).toFixed(1)} s after it; owed rows offered again: ${String(reoffered)}; ` +
        `${duplicates.length} duplicates`,
    );
    expect(duplicates).toEqual([]);
    expect(deliveredAfterMs).toBeLessThan(DELIVERY_BOUND_MS);
    expect(await unsentRows()).toBe(0);
  });
});
