import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpSink } from '../support/index.js';
import { request } from '../support/http.js';
import { sleep } from './support/timing.js';
import { mailJobCounts, mailsPerRecipient } from './support/mail.js';
import { SecretWatch } from './support/secrets.js';
import { startSystem, type System } from './support/system.js';
import { uniqueEmail } from '../support/unique-email.js';

/**
 * Production retries 15 times with back-off from 1 s (MAIL_ATTEMPTS, MAIL_BACKOFF_MS): hours of patience. Here the
 * back-off starts at 100 ms, so 20 s of refusal stands for several minutes of a provider refusing.
 */
const REFUSE_MS = Number(process.env.FAULT_SMTP_REFUSE_MS ?? 20_000);
const SIGNUPS = 40;

let sink: SmtpSink;
let system: System;
const secrets = new SecretWatch();

beforeAll(async () => {
  sink = await new SmtpSink().start();
  system = await startSystem({ sink, workerEnv: { MAIL_BACKOFF_MS: '100', MAIL_ATTEMPTS: '15' } });
});

afterAll(async () => {
  if (system) {
    expect(secrets.leakedIn(system.logs(), sink.messages)).toEqual([]);
  }
  await system?.close();
  await sink?.close();
});

describe('SMTP refusing every message for a while', () => {
  it('fails no job permanently, sends no duplicate, and drains the backlog once the server accepts again', async () => {
    sink.refuse(true);
    const emails = Array.from({ length: SIGNUPS }, () => uniqueEmail('smtp-down'));
    for (const email of emails)
      expect((await request(system.gateway.url, '/waitlist', { method: 'POST', body: { email } })).status).toBe(200);
    await sleep(REFUSE_MS);
    expect(sink.messages).toHaveLength(0);
    const { rows: attempted } = await system.context.pool.query<{ n: number }>(
      'select count(*)::int as n from waitlist.outbox where attempts > 1',
    );
    expect(attempted[0]?.n).toBeGreaterThan(0);

    sink.refuse(false);
    const acceptedAt = Date.now();
    await sink.waitFor((messages) => messages.length >= SIGNUPS, 60_000);
    console.info(
      `smtp refusing: backlog of ${SIGNUPS} drained ${((Date.now() - acceptedAt) / 1000).toFixed(1)} s after the server accepted again`,
    );
    await sleep(1500);

    const counts = mailsPerRecipient(sink);
    expect(emails.map((email) => counts.get(email) ?? 0)).toEqual(emails.map(() => 1));
    expect(sink.messages.every((mail) => mail.envelope.to.length === 1)).toBe(true);
    const jobs = await mailJobCounts(system.context.redisUrl, system.context.prefix);
    expect(jobs.failed).toBe(0);
    const { rows } = await system.context.pool.query<{ unsent: number }>(
      'select count(*)::int as unsent from waitlist.outbox where sent_at is null',
    );
    expect(rows[0]?.unsent).toBe(0);
  });
});
