import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { buildSuppression } from '../../testing/waitlist-factories.js';
import {
  eventually,
  readSuppression,
  sendUnasked,
  staffViewOf,
  uniqueEmail,
  useWaitlistSystem,
} from '../../testing/waitlist-harness.js';

const KEY = 'test-suppression-key-0123456789';

/** An SMTP server that refuses chosen recipients with a chosen code at RCPT TO, and keeps what it accepts. */
class RefusingServer {
  readonly refusals = new Map<string, number>();
  readonly received: { to: string[]; raw: string }[] = [];
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo: (address, _session, callback) => {
      const code = this.refusals.get(address.address.toLowerCase());
      if (code)
        return callback(
          Object.assign(new Error(code >= 500 ? 'No such user' : 'Mailbox full'), { responseCode: code }),
        );
      callback();
    },
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        this.received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString(),
        });
        callback();
      });
    },
  });
  url = '';
  async start() {
    this.server.on('error', () => undefined);
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.url = `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
    return this;
  }
  to(email: string) {
    return this.received.filter((mail) => mail.to.includes(email));
  }
  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const system = useWaitlistSystem({
  env: { SUPPRESSION_KEY: KEY },
  apiEnv: { RESEND_COOLDOWN_S: '0' },
  workerEnv: () => ({ MAIL_BACKOFF_MS: '50' }),
  smtp: () => new RefusingServer().start(),
});

const suppressionOf = (email: string) => readSuppression(system.context.pool, KEY, email);

const entryOf = async (email: string) => (await staffViewOf(system, email))!;

describe('the suppression list', () => {
  it('a permanent refusal (5xx) suppresses the address: no mail of any kind goes to it again, staff see why', async () => {
    const email = uniqueEmail('hard');
    system.smtp.refusals.set(email, 550);
    await system.api.request('/waitlist', { method: 'POST', body: { email } });
    await eventually(async () => (await suppressionOf(email)) ?? undefined);
    expect(await suppressionOf(email)).toMatchObject({ reason: 'hard_bounce', source: expect.stringMatching(/550/) });

    system.smtp.refusals.delete(email);
    await expect(sendUnasked(system.worker, email)).rejects.toThrow(/suppressed \(hard_bounce\)/);
    expect(system.smtp.to(email)).toHaveLength(0);

    const entry = await entryOf(email);
    expect(entry.suppressed).toBe('hard_bounce');
    const resend = await system.api.request(`/api/admin/waitlist/entries/${entry.id}/resend`, {
      method: 'POST',
      token: await system.staff.sign('admin'),
    });
    expect(resend.status).toBe(409);
    expect(resend.body.code).toBe('suppressed');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(system.smtp.to(email)).toHaveLength(0);
  });

  it('three temporary refusals (4xx) in a row count as a permanent one, retried with back-off until then', async () => {
    const email = uniqueEmail('soft');
    system.smtp.refusals.set(email, 452);
    await system.api.request('/waitlist', { method: 'POST', body: { email } });
    await eventually(async () => (await suppressionOf(email)) ?? undefined);
    expect((await suppressionOf(email))?.reason).toBe('soft_bounces');
    const row = await eventually(async () => {
      const { rows } = await system.context.pool.query<{ attempts: number; failed_at: Date | null }>(
        `select o.attempts, o.failed_at from waitlist.outbox o join waitlist.entries e on e.id = o.entry_id
          where e.email_normalized = $1`,
        [email],
      );
      return rows[0]?.failed_at ? rows[0] : undefined;
    });
    expect(row).toMatchObject({ attempts: 3, failed_at: expect.any(Date) });
    system.smtp.refusals.delete(email);
    await expect(sendUnasked(system.worker, email)).rejects.toThrow(/suppressed/);
  });

  it('a delivery between temporary refusals starts the count again', async () => {
    const email = uniqueEmail('softok');
    system.smtp.refusals.set(email, 452);
    await expect(sendUnasked(system.worker, email)).rejects.toThrow(/452|Mailbox full/);
    await expect(sendUnasked(system.worker, email)).rejects.toThrow(/452|Mailbox full/);
    system.smtp.refusals.delete(email);
    await sendUnasked(system.worker, email);
    system.smtp.refusals.set(email, 452);
    await expect(sendUnasked(system.worker, email)).rejects.toThrow(/452|Mailbox full/);
    await expect(sendUnasked(system.worker, email)).rejects.toThrow(/452|Mailbox full/);
    expect(await suppressionOf(email)).toBeUndefined();
  });

  it('unsubscribing suppresses the address; signing up again lifts it and the new confirmation mail goes out', async () => {
    const email = uniqueEmail('unsub');
    await system.api.request('/waitlist', { method: 'POST', body: { email } });
    await eventually(async () => system.smtp.to(email).length === 1);
    const token = /unsubscribe\?token=([A-Za-z0-9_-]{43})/.exec(
      system.smtp.to(email)[0]!.raw.replace(/=\r?\n/g, ''),
    )?.[1];
    expect((await system.api.request('/waitlist/unsubscribe', { method: 'POST', body: { token } })).status).toBe(200);
    expect(await suppressionOf(email)).toMatchObject({ reason: 'unsubscribed' });
    expect((await entryOf(email)).suppressed).toBe('unsubscribed');
    await expect(sendUnasked(system.worker, email)).rejects.toThrow(/suppressed \(unsubscribed\)/);

    // Erased (as retention does), the person signs up again: they asked, so they get the mail.
    await system.context.pool.query('delete from waitlist.entries where email_normalized = $1', [email]);
    await system.api.request('/waitlist', { method: 'POST', body: { email } });
    await eventually(async () => system.smtp.to(email).length === 2);
    expect(await suppressionOf(email)).toBeUndefined();
  });

  it('a hard-bounced address that signs up again is mailed again', async () => {
    const email = uniqueEmail('again');
    system.smtp.refusals.set(email, 550);
    await system.api.request('/waitlist', { method: 'POST', body: { email } });
    await eventually(async () => (await suppressionOf(email)) ?? undefined);
    system.smtp.refusals.delete(email);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await system.api.request('/waitlist', { method: 'POST', body: { email } });
    await eventually(async () => system.smtp.to(email).length === 1);
    expect(await suppressionOf(email)).toBeUndefined();
  });

  it('a welcome mail to an address suppressed since its confirmation is not sent, and its row is given up, not retried', async () => {
    const email = uniqueEmail('welcome-suppressed');
    await system.api.request('/waitlist', { method: 'POST', body: { email } });
    await eventually(async () => system.smtp.to(email).length === 1);
    // The body is quoted-printable: soft line breaks and `=3D` for "=".
    const body = system.smtp
      .to(email)[0]!
      .raw.replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    const token = /\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(body)?.[1];
    await buildSuppression(system.context.pool, { email, key: KEY, reason: 'complaint', source: 'test' });

    expect((await system.api.request('/waitlist/confirm', { method: 'POST', body: { token } })).status).toBe(200);
    const welcome = await eventually(async () => {
      const { rows } = await system.context.pool.query<{
        failedAt: Date | null;
        sentAt: Date | null;
        attempts: number;
      }>(
        `select o.failed_at as "failedAt", o.sent_at as "sentAt", o.attempts from waitlist.outbox o
           join waitlist.entries e on e.id = o.entry_id where e.email_normalized = $1 and o.kind = 'welcome'`,
        [email],
      );
      return rows[0]?.failedAt ? rows[0] : undefined;
    });
    expect(welcome).toMatchObject({ sentAt: null, attempts: 0 });
    expect(system.smtp.to(email)).toHaveLength(1);
    expect(system.worker.logs.lines().some((line) => line.msg === 'welcome mail skipped')).toBe(true);
  });
});
