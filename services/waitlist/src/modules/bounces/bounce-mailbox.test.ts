import { Dovecot, sampleValue } from '@mmdm/tests/support';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  readSoftBounces,
  readSuppression,
  sendUnasked,
  staffViewOf,
  uniqueEmail,
  useWaitlistSystem,
} from '../../testing/waitlist-harness.js';
import { deliveryStatusNotification, feedbackReport } from '../../testing/report-messages.js';

const KEY = 'test-suppression-key-mailbox-0123';

let dovecot: Dovecot;
beforeAll(async () => {
  dovecot = await new Dovecot().start();
}, 30_000);
afterAll(async () => {
  await dovecot?.close();
});
// Registered after the mailbox's hooks: starts once the mailbox is up, and is closed before it.
const system = useWaitlistSystem({
  env: { SUPPRESSION_KEY: KEY },
  // Passes are driven by the test; the interval only has to stay out of the way.
  workerEnv: () => ({ BOUNCE_MAILBOX_URL: dovecot.url, BOUNCE_MAILBOX_POLL_MS: '600000' }),
});

/** What a receiving server does: drops a report into the operator's mailbox. */
async function deliverToMailbox(...messages: string[]) {
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: dovecot.port,
    secure: false,
    auth: { user: dovecot.user, pass: dovecot.password },
    logger: false,
  });
  await client.connect();
  try {
    for (const message of messages) await client.append('INBOX', message);
    const lock = await client.getMailboxLock('INBOX');
    try {
      return (await client.search({ seen: false }, { uid: true })) || [];
    } finally {
      lock.release();
    }
  } finally {
    await client.logout();
  }
}

const suppressionOf = (email: string) => readSuppression(system.context.pool, KEY, email);

const softBouncesOf = (email: string) => readSoftBounces(system.context.pool, KEY, email);

async function signUp(email: string) {
  await system.api.request('/waitlist', { method: 'POST', body: { email } });
  await eventually(async () => system.smtp.to(email).length === 1);
}

const entryOf = async (email: string) => (await staffViewOf(system, email))!;

const poll = () => system.worker.worker.bounceMailbox!.pollOnce();
const metric = async (name: string, labels: Record<string, string>) =>
  sampleValue(await system.worker.worker.registry.metrics(), name, labels) ?? 0;

describe('the bounce mailbox (BOUNCE_MAILBOX_URL, read over IMAP)', () => {
  it('a DSN and a feedback report in the mailbox suppress those addresses: staff see why, and no mail goes to them again', async () => {
    const bounced = uniqueEmail('dsn-hard');
    const complained = uniqueEmail('arf');
    await signUp(bounced);
    await signUp(complained);

    const unread = await deliverToMailbox(
      deliveryStatusNotification([{ email: bounced, action: 'failed', status: '5.1.1' }]),
      feedbackReport(complained),
    );
    expect(unread.length).toBeGreaterThanOrEqual(2);
    expect(await poll()).toBeGreaterThanOrEqual(2);

    expect(await suppressionOf(bounced)).toMatchObject({ reason: 'hard_bounce', source: 'mailbox dsn 5.1.1' });
    expect(await suppressionOf(complained)).toMatchObject({ reason: 'complaint', source: 'mailbox arf abuse' });
    expect((await entryOf(bounced)).suppressed).toBe('hard_bounce');
    expect((await entryOf(complained)).suppressed).toBe('complaint');
    // Marked read: the next pass finds nothing to do.
    expect(await deliverToMailbox()).toEqual([]);
    expect(await poll()).toBe(0);

    // Never mailed again: the staff's resend is refused, and the worker sends nothing of any kind.
    const resend = await system.api.request(`/api/admin/waitlist/entries/${(await entryOf(bounced)).id}/resend`, {
      method: 'POST',
      token: await system.staff.sign('admin'),
    });
    expect(resend.status).toBe(409);
    await expect(sendUnasked(system.worker, complained)).rejects.toThrow(/suppressed \(complaint\)/);
    expect(system.smtp.to(bounced)).toHaveLength(1);
    expect(system.smtp.to(complained)).toHaveLength(1);

    expect(await metric('mmdm_mail_bounces_total', { kind: 'hard', feed: 'mailbox' })).toBeGreaterThanOrEqual(1);
    expect(await metric('mmdm_mail_complaints_total', { feed: 'mailbox' })).toBeGreaterThanOrEqual(1);
  });

  it('a report found twice (its flag lost) counts once: a delayed DSN is one soft bounce, not two', async () => {
    const delayed = uniqueEmail('dsn-soft');
    const report = deliveryStatusNotification([{ email: delayed, action: 'delayed', status: '4.2.2' }]);
    await deliverToMailbox(report, report);
    await poll();
    expect(await softBouncesOf(delayed)).toBe(1);
    expect(await suppressionOf(delayed)).toBeUndefined();
  });

  it('a mailbox that is down is tried again at the next pass, and its reports are applied once it is back', async () => {
    await dovecot.stop();
    expect(await poll()).toBe(0);
    expect(await metric('mmdm_bounce_mailbox_up', {})).toBe(0);
    expect(
      system.worker.logs.lines().filter((line) => String(line.msg).startsWith('bounce mailbox unavailable')),
    ).toHaveLength(1);

    await dovecot.restart();
    const bounced = uniqueEmail('after-outage');
    await deliverToMailbox(deliveryStatusNotification([{ email: bounced, action: 'failed', status: '5.2.1' }]));
    await poll();
    expect(await suppressionOf(bounced)).toMatchObject({ reason: 'hard_bounce' });
    expect(await metric('mmdm_bounce_mailbox_up', {})).toBe(1);
  });
});
