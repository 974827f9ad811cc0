import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  eventually,
  staffKeys,
  startApi,
  startWorker,
  uniqueEmail,
  type ApiHarness,
  type StaffKeys,
  type TestContext,
  type WorkerHarness,
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

let context: TestContext;
let smtp: RefusingServer;
let api: ApiHarness;
let worker: WorkerHarness;
let staff: StaffKeys;

beforeAll(async () => {
  context = await createTestContext();
  smtp = await new RefusingServer().start();
  staff = await staffKeys();
  api = await startApi(context, { staffKeys: staff.keys, env: { SUPPRESSION_KEY: KEY, RESEND_COOLDOWN_S: '0' } });
  worker = await startWorker(context, { smtpUrl: smtp.url, env: { SUPPRESSION_KEY: KEY, MAIL_BACKOFF_MS: '50' } });
});
afterAll(async () => {
  await worker?.close();
  await api?.close();
  await smtp?.close();
  await context?.close();
});

async function suppressionOf(email: string) {
  const hash = createHmac('sha256', KEY).update(email.toLowerCase()).digest();
  const { rows } = await context.pool.query<{ reason: string; source: string | null }>(
    'select reason, source from waitlist.suppressions where email_hash = $1',
    [hash],
  );
  return rows[0];
}

async function entryOf(email: string) {
  const list = await api.request(`/api/admin/waitlist/entries?q=${encodeURIComponent(email)}`, {
    token: await staff.sign('viewer'),
  });
  return list.body.items.find((item: { email: string }) => item.email === email);
}

/** A mail nobody asked for just now (as a welcome or an invitation is), through the worker's own sender. */
function sendUnasked(email: string) {
  return worker.worker.sender.send({
    to: email,
    subject: 'Welcome',
    text: 'hello',
    html: '<p>hello</p>',
    headers: {},
    reference: 'test',
    devLink: '',
  });
}

describe('the suppression list', () => {
  it('a permanent refusal (5xx) suppresses the address: no mail of any kind goes to it again, staff see why', async () => {
    const email = uniqueEmail('hard');
    smtp.refusals.set(email, 550);
    await api.request('/waitlist', { method: 'POST', body: { email } });
    await eventually(async () => (await suppressionOf(email)) ?? undefined);
    expect(await suppressionOf(email)).toMatchObject({ reason: 'hard_bounce', source: expect.stringMatching(/550/) });

    smtp.refusals.delete(email);
    await expect(sendUnasked(email)).rejects.toThrow(/suppressed \(hard_bounce\)/);
    expect(smtp.to(email)).toHaveLength(0);

    const entry = await entryOf(email);
    expect(entry.suppressed).toBe('hard_bounce');
    const resend = await api.request(`/api/admin/waitlist/entries/${entry.id}/resend`, {
      method: 'POST',
      token: await staff.sign('admin'),
    });
    expect(resend.status).toBe(409);
    expect(resend.body.code).toBe('suppressed');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.to(email)).toHaveLength(0);
  });

  it('three temporary refusals (4xx) in a row count as a permanent one, retried with back-off until then', async () => {
    const email = uniqueEmail('soft');
    smtp.refusals.set(email, 452);
    await api.request('/waitlist', { method: 'POST', body: { email } });
    await eventually(async () => (await suppressionOf(email)) ?? undefined);
    expect((await suppressionOf(email))?.reason).toBe('soft_bounces');
    const row = await eventually(async () => {
      const { rows } = await context.pool.query<{ attempts: number; failed_at: Date | null }>(
        `select o.attempts, o.failed_at from waitlist.outbox o join waitlist.entries e on e.id = o.entry_id
          where e.email_normalized = $1`,
        [email],
      );
      return rows[0]?.failed_at ? rows[0] : undefined;
    });
    expect(row).toMatchObject({ attempts: 3, failed_at: expect.any(Date) });
    smtp.refusals.delete(email);
    await expect(sendUnasked(email)).rejects.toThrow(/suppressed/);
  });

  it('a delivery between temporary refusals starts the count again', async () => {
    const email = uniqueEmail('softok');
    smtp.refusals.set(email, 452);
    await expect(sendUnasked(email)).rejects.toThrow(/452|Mailbox full/);
    await expect(sendUnasked(email)).rejects.toThrow(/452|Mailbox full/);
    smtp.refusals.delete(email);
    await sendUnasked(email);
    smtp.refusals.set(email, 452);
    await expect(sendUnasked(email)).rejects.toThrow(/452|Mailbox full/);
    await expect(sendUnasked(email)).rejects.toThrow(/452|Mailbox full/);
    expect(await suppressionOf(email)).toBeUndefined();
  });

  it('unsubscribing suppresses the address; signing up again lifts it and the new confirmation mail goes out', async () => {
    const email = uniqueEmail('unsub');
    await api.request('/waitlist', { method: 'POST', body: { email } });
    await eventually(async () => smtp.to(email).length === 1);
    const token = /unsubscribe\?token=([A-Za-z0-9_-]{43})/.exec(smtp.to(email)[0]!.raw.replace(/=\r?\n/g, ''))?.[1];
    expect((await api.request('/waitlist/unsubscribe', { method: 'POST', body: { token } })).status).toBe(200);
    expect(await suppressionOf(email)).toMatchObject({ reason: 'unsubscribed' });
    expect((await entryOf(email)).suppressed).toBe('unsubscribed');
    await expect(sendUnasked(email)).rejects.toThrow(/suppressed \(unsubscribed\)/);

    // Erased (as retention does), the person signs up again: they asked, so they get the mail.
    await context.pool.query('delete from waitlist.entries where email_normalized = $1', [email]);
    await api.request('/waitlist', { method: 'POST', body: { email } });
    await eventually(async () => smtp.to(email).length === 2);
    expect(await suppressionOf(email)).toBeUndefined();
  });

  it('a hard-bounced address that signs up again is mailed again', async () => {
    const email = uniqueEmail('again');
    smtp.refusals.set(email, 550);
    await api.request('/waitlist', { method: 'POST', body: { email } });
    await eventually(async () => (await suppressionOf(email)) ?? undefined);
    smtp.refusals.delete(email);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await api.request('/waitlist', { method: 'POST', body: { email } });
    await eventually(async () => smtp.to(email).length === 1);
    expect(await suppressionOf(email)).toBeUndefined();
  });

  it('a welcome mail to an address suppressed since its confirmation is not sent, and its row is given up, not retried', async () => {
    const email = uniqueEmail('welcome-suppressed');
    await api.request('/waitlist', { method: 'POST', body: { email } });
    await eventually(async () => smtp.to(email).length === 1);
    // The body is quoted-printable: soft line breaks and `=3D` for "=".
    const body = smtp
      .to(email)[0]!
      .raw.replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    const token = /\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(body)?.[1];
    const hash = createHmac('sha256', KEY).update(email.toLowerCase()).digest();
    await context.pool.query(
      `insert into waitlist.suppressions (email_hash, reason, source) values ($1, 'complaint', 'test')`,
      [hash],
    );

    expect((await api.request('/waitlist/confirm', { method: 'POST', body: { token } })).status).toBe(200);
    const welcome = await eventually(async () => {
      const { rows } = await context.pool.query<{ failedAt: Date | null; sentAt: Date | null; attempts: number }>(
        `select o.failed_at as "failedAt", o.sent_at as "sentAt", o.attempts from waitlist.outbox o
           join waitlist.entries e on e.id = o.entry_id where e.email_normalized = $1 and o.kind = 'welcome'`,
        [email],
      );
      return rows[0]?.failedAt ? rows[0] : undefined;
    });
    expect(welcome).toMatchObject({ sentAt: null, attempts: 0 });
    expect(smtp.to(email)).toHaveLength(1);
    expect(worker.logs.lines().some((line) => line.msg === 'welcome mail skipped')).toBe(true);
  });
});
