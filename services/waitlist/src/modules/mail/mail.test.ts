import { SmtpSink } from '@mmdm/tests/support';
import { Queue } from 'bullmq';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TcpProxy } from '../../../../../tests/support/tcp-proxy.js';
import { createRedis } from '@mmdm/shared/redis';
import {
  confirmTokenIn,
  createTestContext,
  eventually,
  startApi,
  startSink,
  startWorker,
  uniqueEmail,
  type TestContext,
} from '../../testing/waitlist-harness.js';
import { buildEntry, buildOutboxRow, hoursAgo } from '../../testing/waitlist-factories.js';
import { bullPrefix, MAIL_QUEUE } from './mail.queue.js';

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context?.close();
});

async function outboxOf(email: string) {
  const { rows } = await context.pool.query<{
    sent_at: Date | null;
    attempts: number;
    last_error: string | null;
    relayed_at: Date | null;
  }>(
    `select o.sent_at, o.attempts, o.last_error, o.relayed_at from waitlist.outbox o
       join waitlist.entries e on e.id = o.entry_id where e.email_normalized = lower($1) order by o.id`,
    [email],
  );
  return rows;
}

describe('the confirmation mail', () => {
  it('comes from MAIL_FROM to exactly the address, with reply-to, text and HTML, and one-click unsubscribe headers', async () => {
    const sink = await startSink();
    const api = await startApi(context);
    const worker = await startWorker(context, { smtpUrl: sink.url });
    try {
      const email = uniqueEmail('headers');
      const answer = await api.request('/waitlist', {
        method: 'POST',
        body: { email, referralSource: 'SECRETREF123' },
        headers: { 'x-request-id': 'req-mail-1' },
      });
      expect(answer.status).toBe(200);
      await sink.waitFor(() => sink.to(email).length === 1);
      const mail = sink.to(email)[0]!;

      expect(mail.envelope.to).toEqual([email]);
      expect(mail.parsed.from?.value).toEqual([
        { name: 'Meet Match Date Marry', address: 'hello@meetmatchdatemarry.com' },
      ]);
      expect(mail.parsed.replyTo?.text).toBe('support@meetmatchdatemarry.com');
      expect(mail.parsed.cc).toBeUndefined();
      expect(mail.parsed.bcc).toBeUndefined();
      expect(mail.parsed.subject).toBe('Confirm your place on the Meet Match Date Marry waitlist');
      expect(mail.parsed.text).toContain(email);
      expect(mail.parsed.html).toContain('Confirm my address');
      confirmTokenIn(mail.parsed.text ?? '');
      expect(mail.parsed.text).toMatch(/http:\/\/mmdm\.test\/confirm\?token=/);

      const unfolded = mail.raw.replace(/\r?\n[ \t]+/g, ' ');
      expect(unfolded).toMatch(
        /^List-Unsubscribe: <http:\/\/mmdm\.test\/waitlist\/unsubscribe\?token=[A-Za-z0-9_-]{43}>\r?$/m,
      );
      expect(unfolded).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
      // Nothing the visitor typed but the address.
      expect(mail.raw).not.toContain('SECRETREF123');

      const sent = await eventually(async () =>
        worker.logs.lines().find((line) => line.msg === 'confirmation mail sent'),
      );
      expect(sent).toMatchObject({ reqId: 'req-mail-1' });
      expect(worker.logs.text()).not.toContain(confirmTokenIn(mail.parsed.text ?? ''));
    } finally {
      await worker.close();
      await api.close();
      await sink.close();
    }
  });

  it('without SMTP_URL is written as an .eml file and its link logged, never dropped', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wl-mail-'));
    const api = await startApi(context);
    const worker = await startWorker(context, { env: { MAIL_DIR: dir } });
    try {
      const email = uniqueEmail('file');
      await api.request('/waitlist', { method: 'POST', body: { email } });
      const files = await eventually(async () => {
        const names = await readdir(dir);
        return names.length > 0 ? names : undefined;
      });
      const eml = await readFile(join(dir, files[0]!), 'utf8');
      expect(eml).toContain(`To: ${email}`);
      expect(
        worker.logs
          .lines()
          .some((line) => typeof line.link === 'string' && line.link.startsWith('http://mmdm.test/confirm?token=')),
      ).toBe(true);
    } finally {
      await worker.close();
      await api.close();
    }
  });
});

describe('nothing acknowledged is lost', () => {
  it('while Redis is unreachable, sign-ups still succeed; every mail goes out once when it is back', async () => {
    const proxy = await TcpProxy.forUrl(context.redisUrl, 6379).start();
    const sink = await startSink();
    const redisUrl = proxy.rewrite(context.redisUrl);
    const api = await startApi(context, { redisUrl, env: { SIGNUP_RATE_LIMIT: '100' } });
    const worker = await startWorker(context, { smtpUrl: sink.url, redisUrl });
    try {
      proxy.cutOff();
      const emails = Array.from({ length: 5 }, () => uniqueEmail('outage'));
      for (const email of emails) {
        const started = Date.now();
        const answer = await api.request('/waitlist', { method: 'POST', body: { email } });
        expect(answer.status).toBe(200);
        expect(Date.now() - started).toBeLessThan(1000);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(emails.flatMap((email) => sink.to(email))).toHaveLength(0);
      for (const email of emails) expect((await outboxOf(email))[0]?.relayed_at).toBeNull();

      proxy.restore();
      await sink.waitFor(() => emails.every((email) => sink.to(email).length >= 1), 15_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      for (const email of emails) {
        expect(sink.to(email)).toHaveLength(1);
        expect((await outboxOf(email))[0]?.sent_at).not.toBeNull();
      }
    } finally {
      proxy.restore();
      await worker.close();
      await api.close();
      await sink.close();
      await proxy.close();
    }
  });

  it('while the SMTP server refuses, the mail is retried and sent once when it accepts again', async () => {
    const sink = await startSink();
    const api = await startApi(context);
    const worker = await startWorker(context, { smtpUrl: sink.url, env: { MAIL_BACKOFF_MS: '50' } });
    try {
      sink.refuse(true);
      const email = uniqueEmail('smtpdown');
      await api.request('/waitlist', { method: 'POST', body: { email } });
      await eventually(async () => ((await outboxOf(email))[0]?.attempts ?? 0) >= 3);
      expect((await outboxOf(email))[0]).toMatchObject({
        sent_at: null,
        last_error: expect.stringMatching(/451|Try again/),
      });
      sink.refuse(false);
      await sink.waitFor(() => sink.to(email).length >= 1, 15_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(sink.to(email)).toHaveLength(1);
      // The tokens of the refused attempts were thrown away: only the delivered mail's pair exists.
      const { rows } = await context.pool.query<{ n: number }>(
        `select count(*)::int as n from waitlist.tokens t join waitlist.entries e on e.id = t.entry_id where e.email_normalized = $1`,
        [email],
      );
      expect(rows[0]?.n).toBe(2);
    } finally {
      await worker.close();
      await api.close();
      await sink.close();
    }
  });

  it('a permanent recipient refusal (550) is not retried and is recorded on the outbox row', async () => {
    const rejecting = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (_address, _session, callback) =>
        callback(Object.assign(new Error('No such user'), { responseCode: 550 })),
    });
    await new Promise<void>((resolve) => rejecting.listen(0, '127.0.0.1', () => resolve()));
    const port = (rejecting.server.address() as AddressInfo).port;
    const api = await startApi(context);
    const worker = await startWorker(context, { smtpUrl: `smtp://127.0.0.1:${port}` });
    const redis = createRedis(context.redisUrl, 'worker');
    const queue = new Queue(MAIL_QUEUE, { connection: redis, prefix: bullPrefix(context.prefix) });
    try {
      const email = uniqueEmail('nosuchuser');
      await api.request('/waitlist', { method: 'POST', body: { email } });
      const failed = await eventually(async () => {
        const jobs = await queue.getFailed();
        return jobs.find((job) => job.failedReason.includes('recipient refused')) ?? undefined;
      });
      expect(failed.attemptsMade).toBe(1);
      expect((await outboxOf(email))[0]).toMatchObject({
        sent_at: null,
        attempts: 1,
        last_error: expect.stringMatching(/550/),
      });
      const given = await context.pool.query(
        'select failed_at from waitlist.outbox o join waitlist.entries e on e.id = o.entry_id where e.email_normalized = $1',
        [email],
      );
      expect(given.rows[0]?.failed_at).not.toBeNull();
    } finally {
      await queue.close();
      redis.disconnect();
      await worker.close();
      await api.close();
      await new Promise<void>((resolve) => rejecting.close(() => resolve()));
    }
  });

  it('a job for an entry confirmed or erased meanwhile sends nothing', async () => {
    const sink = new SmtpSink();
    await sink.start();
    const api = await startApi(context);
    try {
      const confirmed = uniqueEmail('already');
      const erased = uniqueEmail('erased');
      await api.request('/waitlist', { method: 'POST', body: { email: confirmed } });
      await api.request('/waitlist', { method: 'POST', body: { email: erased } });
      await context.pool.query(
        `update waitlist.entries set status = 'confirmed', confirmed_at = now() where email_normalized = $1`,
        [confirmed],
      );
      await context.pool.query('delete from waitlist.entries where email_normalized = $1', [erased]);
      const worker = await startWorker(context, { smtpUrl: sink.url });
      try {
        await eventually(
          async () => worker.logs.lines().filter((line) => line.msg === 'confirmation mail skipped').length >= 1,
        );
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(sink.to(confirmed)).toHaveLength(0);
        expect(sink.to(erased)).toHaveLength(0);
      } finally {
        await worker.close();
      }
    } finally {
      await api.close();
      await sink.close();
    }
  });

  it('a row relayed long ago whose job vanished from Redis is offered again and sent once', async () => {
    const sink = await startSink();
    const worker = await startWorker(context, { smtpUrl: sink.url });
    try {
      const email = uniqueEmail('lostjob');
      // As if the relay had handed it over an hour ago and Redis then lost its data.
      const entry = await buildEntry(context.pool, { email });
      await buildOutboxRow(context.pool, entry.id, { relayedAt: hoursAgo(1) });
      expect(await worker.worker.relay.sweepOnce()).toBe(1);
      await sink.waitFor(() => sink.to(email).length === 1);
      await eventually(async () => (await outboxOf(email))[0]?.sent_at ?? undefined);
      // Sent rows are never offered again.
      await context.pool.query(`update waitlist.outbox set relayed_at = now() - interval '1 hour'`);
      await worker.worker.relay.sweepOnce();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(sink.to(email)).toHaveLength(1);
    } finally {
      await worker.close();
      await sink.close();
    }
  });

  it('two worker replicas share the outbox and send every mail exactly once', async () => {
    const sink = await startSink();
    const api = await startApi(context);
    const one = await startWorker(context, { smtpUrl: sink.url });
    const two = await startWorker(context, { smtpUrl: sink.url });
    try {
      const emails = Array.from({ length: 30 }, () => uniqueEmail('replica'));
      await Promise.all(emails.map((email) => api.request('/waitlist', { method: 'POST', body: { email } })));
      await sink.waitFor(() => emails.every((email) => sink.to(email).length >= 1), 15_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      for (const email of emails) expect(sink.to(email)).toHaveLength(1);
      const sentBy = (logs: typeof one.logs) =>
        logs.lines().filter((line) => line.msg === 'confirmation mail sent').length;
      expect(sentBy(one.logs) + sentBy(two.logs)).toBe(30);
    } finally {
      await one.close();
      await two.close();
      await api.close();
      await sink.close();
    }
  });

  it('stopping the worker lets the mail in progress finish', async () => {
    const sink = await startSink();
    const api = await startApi(context);
    const worker = await startWorker(context, { smtpUrl: sink.url });
    try {
      const email = uniqueEmail('shutdown');
      await api.request('/waitlist', { method: 'POST', body: { email } });
      // Close as soon as the consumer has started on the job (its tokens exist): the send must still complete.
      await eventually(async () => {
        const { rows } = await context.pool.query(
          'select 1 from waitlist.tokens t join waitlist.entries e on e.id = t.entry_id where e.email_normalized = $1',
          [email],
        );
        return rows.length > 0 ? true : undefined;
      }, 5000);
      await worker.close();
      await sink.waitFor(() => sink.to(email).length === 1, 5000);
      expect((await outboxOf(email))[0]?.sent_at).not.toBeNull();
    } finally {
      await api.close();
      await sink.close();
    }
  });
});
