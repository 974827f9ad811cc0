import { afterEach, describe, expect, it } from 'vitest';
import { SmtpSink } from '../support/index.js';
import { request } from '../support/http.js';
import { sleep } from './support/timing.js';
import { mailJobCounts } from './support/mail.js';
import { RedisServer, REDIS_OUTAGE_WORKER_ENV } from './support/redis-server.js';
import { SecretWatch } from './support/secrets.js';
import { startSystem, type System } from './support/system.js';
import { adminToken, confirmedPeople, invitationsPerRecipient, invite, invitedEmails } from './support/waves.js';

/** Back-off from 100 ms instead of production's 1 s: 10 s of refusal stands for minutes of a provider refusing. */
const REFUSE_MS = Number(process.env.FAULT_SMTP_REFUSE_MS ?? 20_000) / 2;
const OUTAGE_MS = Number(process.env.FAULT_OUTAGE_MS ?? 30_000) / 3;
const PEOPLE = 40;

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanup.reverse()) await close();
  cleanup = [];
});

/** Every invited person has exactly one invitation mail, nobody else has one, and the outbox owes nothing. */
async function expectEachInvitedMailedOnce(system: System, sink: SmtpSink, invited: string[]): Promise<void> {
  await sleep(1500); // a duplicate would arrive late: give it the chance to
  const counts = invitationsPerRecipient(sink);
  expect(invited.map((email) => counts.get(email) ?? 0)).toEqual(invited.map(() => 1));
  expect(counts.size).toBe(invited.length);
  expect(sink.messages.every((mail) => mail.envelope.to.length === 1)).toBe(true);
  const { rows } = await system.context.pool.query<{ unsent: number }>(
    `select count(*)::int as unsent from waitlist.outbox where kind = 'invitation' and sent_at is null`,
  );
  expect(rows[0]?.unsent).toBe(0);
}

describe('an invitation wave while Redis is stopped', () => {
  it('mails the wave sent before the outage once Redis returns, refuses (503) and changes nothing for one sent during it, and mails each invited person exactly once', async () => {
    const redis = await new RedisServer().start();
    const sink = await new SmtpSink().start();
    const system = await startSystem({ redisUrl: redis.url, sink, workerEnv: REDIS_OUTAGE_WORKER_ENV });
    const secrets = new SecretWatch();
    cleanup.push(
      () => redis.close(),
      () => sink.close(),
      async () => {
        expect(secrets.leakedIn(system.logs(), sink.messages)).toEqual([]);
        await system.close();
      },
    );
    const people = await confirmedPeople(system, 'wave-redis', PEOPLE);
    const token = await adminToken(system, secrets);
    await sink.waitFor((messages) => messages.length >= PEOPLE, 30_000); // the welcome mails

    // The first wave is accepted, and Redis stops before its mails can all be relayed and sent.
    const first = await invite(system, token, PEOPLE / 2);
    expect(first.status).toBe(202);
    await redis.stop();
    const stoppedAt = Date.now();

    // Staff sign-in state lives in Redis: a wave sent now fails closed and invites nobody.
    const during = await invite(system, token, PEOPLE / 4);
    expect(during.status).toBe(503);
    expect(await invitedEmails(system)).toHaveLength(PEOPLE / 2);
    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - stoppedAt)));

    await redis.start();
    const restoredAt = Date.now();
    const second = await eventuallyAccepted(() => invite(system, token, PEOPLE / 4));
    expect(second.body).toMatchObject({ invited: PEOPLE / 4 });
    const invited = await invitedEmails(system);
    expect(invited).toEqual(people.slice(0, PEOPLE / 2 + PEOPLE / 4));
    await sink.waitFor(() => invitationsPerRecipient(sink).size >= invited.length, 60_000);
    console.info(
      `wave during redis outage: ${invited.length} invitations delivered ${((Date.now() - restoredAt) / 1000).toFixed(1)} s after Redis returned`,
    );
    await expectEachInvitedMailedOnce(system, sink, invited);
  }, 120_000);
});

describe('an invitation wave while the mail server refuses', () => {
  it('fails no job, sends no duplicate, and delivers every invitation once the server accepts again', async () => {
    const sink = await new SmtpSink().start();
    const system = await startSystem({ sink, workerEnv: { MAIL_BACKOFF_MS: '100', MAIL_ATTEMPTS: '15' } });
    const secrets = new SecretWatch();
    cleanup.push(
      () => sink.close(),
      async () => {
        expect(secrets.leakedIn(system.logs(), sink.messages)).toEqual([]);
        await system.close();
      },
    );
    await confirmedPeople(system, 'wave-smtp', PEOPLE);
    const token = await adminToken(system, secrets);
    await sink.waitFor((messages) => messages.length >= PEOPLE, 30_000); // the welcome mails

    sink.refuse(true);
    const wave = await invite(system, token, PEOPLE);
    expect(wave.status).toBe(202);
    await sleep(REFUSE_MS);
    expect(invitationsPerRecipient(sink).size).toBe(0);
    const { rows: attempted } = await system.context.pool.query<{ n: number }>(
      `select count(*)::int as n from waitlist.outbox where kind = 'invitation' and attempts > 1`,
    );
    expect(attempted[0]?.n).toBeGreaterThan(0);

    sink.refuse(false);
    const acceptedAt = Date.now();
    await sink.waitFor(() => invitationsPerRecipient(sink).size >= PEOPLE, 60_000);
    console.info(
      `wave while smtp refused: ${PEOPLE} invitations delivered ${((Date.now() - acceptedAt) / 1000).toFixed(1)} s after the server accepted again`,
    );
    await expectEachInvitedMailedOnce(system, sink, await invitedEmails(system));
    const jobs = await mailJobCounts(system.context.redisUrl, system.context.prefix);
    expect(jobs.failed).toBe(0);
  }, 120_000);
});

/** Staff calls fail closed (503) until the services' Redis connections are back: retry for a few seconds. */
async function eventuallyAccepted(call: () => ReturnType<typeof request>): ReturnType<typeof request> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const answer = await call();
    if (answer.status !== 503 || Date.now() > deadline) {
      expect(answer.status).toBe(202);
      return answer;
    }
    await sleep(250);
  }
}
