import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  eventually,
  readSuppression,
  startApi,
  startWorker,
  uniqueEmail,
  type ApiHarness,
  type TestContext,
  type WorkerHarness,
} from '../../testing/waitlist-harness.js';
import {
  buildAuditRow,
  buildEntry as buildEntryRow,
  buildReferralCredit,
  daysAgo,
  hoursAgo,
} from '../../testing/waitlist-factories.js';

const KEY = 'retention-test-suppression-key';
/** Short periods, so a row is "past" or "inside" by an hour or two. */
const RULES = { UNSUBSCRIBED_RETENTION_H: '1', UNCONFIRMED_RETENTION_H: '2', AUDIT_RETENTION_DAYS: '30' };

let context: TestContext;
let api: ApiHarness;
let worker: WorkerHarness;

beforeAll(async () => {
  context = await createTestContext();
  api = await startApi(context, { env: { SUPPRESSION_KEY: KEY } });
  // No SMTP: mails go to files; the rules under test never wait on mail.
  worker = await startWorker(context, { env: { SUPPRESSION_KEY: KEY, ...RULES, MAIL_DIR: `/tmp/${context.prefix}` } });
});
afterAll(async () => {
  await worker?.close();
  await api?.close();
  await context?.close();
});

interface EntryOverrides {
  email?: string;
  status?: 'pending' | 'confirmed' | 'unsubscribed';
  /** Hours ago. */
  createdHoursAgo?: number;
  lastMailHoursAgo?: number;
  unsubscribedHoursAgo?: number;
}

/** A waitlist entry as the sign-up and unsubscribe paths leave it, dated as the test needs. */
async function buildEntry(overrides: EntryOverrides = {}): Promise<{ id: string; email: string }> {
  const email = overrides.email ?? uniqueEmail('kept');
  const status = overrides.status ?? 'pending';
  const created = overrides.createdHoursAgo ?? 0;
  const entry = await buildEntryRow(context.pool, {
    email,
    status,
    createdAt: hoursAgo(created),
    lastMailQueuedAt: hoursAgo(overrides.lastMailHoursAgo ?? created),
    unsubscribedAt: overrides.unsubscribedHoursAgo === undefined ? null : hoursAgo(overrides.unsubscribedHoursAgo),
    // Confirmed (later unsubscribed) entries confirmed when they signed up, and hold a referral code.
    confirmedAt: status === 'pending' ? null : hoursAgo(created),
    referralCode: status === 'pending' ? null : createHash('md5').update(email).digest('hex').slice(0, 8),
  });
  return { id: entry.id, email };
}

async function exists(id: string): Promise<boolean> {
  const { rowCount } = await context.pool.query('select 1 from waitlist.entries where id = $1', [id]);
  return rowCount === 1;
}

async function suppressedAs(email: string): Promise<string | undefined> {
  return (await readSuppression(context.pool, KEY, email))?.reason;
}

describe('retention: unsubscribed rows', () => {
  it('erases rows unsubscribed longer than UNSUBSCRIBED_RETENTION_H ago, keeps later ones; only the keyed hash stays', async () => {
    const past = await buildEntry({
      email: uniqueEmail('gone'),
      status: 'unsubscribed',
      createdHoursAgo: 5,
      unsubscribedHoursAgo: 2,
    });
    const inside = await buildEntry({ status: 'unsubscribed', createdHoursAgo: 5, unsubscribedHoursAgo: 0 });
    await worker.worker.retention.runOnce();

    expect(await exists(past.id)).toBe(false);
    expect(await exists(inside.id)).toBe(true);
    expect(await suppressedAs(past.email)).toBe('unsubscribed');
    // Nothing readable is left of the address: not in any table the waitlist keeps.
    const { rows } = await context.pool.query(
      `select 1 from waitlist.entries where email_normalized = lower($1)
       union all select 1 from waitlist.audit_log where details::text ilike '%' || $1 || '%' or target = $1`,
      [past.email],
    );
    expect(rows).toEqual([]);
  });

  it('an erased unsubscribed address is never mailed again; a new sign-up restores it', async () => {
    const person = await buildEntry({ status: 'unsubscribed', createdHoursAgo: 5, unsubscribedHoursAgo: 3 });
    await worker.worker.retention.runOnce();
    expect(await exists(person.id)).toBe(false);
    await expect(
      worker.worker.sender.send({
        to: person.email,
        subject: 'News',
        text: 'hello',
        html: '<p>hello</p>',
        headers: {},
        reference: 'test',
        devLink: '',
      }),
    ).rejects.toThrow(/suppressed \(unsubscribed\)/);

    expect((await api.request('/waitlist', { method: 'POST', body: { email: person.email } })).status).toBe(200);
    await eventually(async () => (await suppressedAs(person.email)) === undefined);
  });

  it('takes back the credit an erased referred entry gave: its referrer moves back in line', async () => {
    const referrer = await buildEntry({ status: 'confirmed', createdHoursAgo: 10 });
    const referred = await buildEntry({ status: 'unsubscribed', createdHoursAgo: 9, unsubscribedHoursAgo: 3 });
    await buildReferralCredit(context.pool, { referrerId: referrer.id, referredId: referred.id });
    await context.pool.query('update waitlist.entries set credits = 1 where id = $1', [referrer.id]);
    const counts = await worker.worker.retention.runOnce();
    expect(counts.creditsTakenBack).toBeGreaterThanOrEqual(1);
    const { rows } = await context.pool.query('select credits from waitlist.entries where id = $1', [referrer.id]);
    expect(rows).toEqual([{ credits: 0 }]);
  });
});

describe('retention: never-confirmed sign-ups', () => {
  it('erases pending sign-ups UNCONFIRMED_RETENTION_H after their last mail; keeps recent, re-mailed and confirmed ones', async () => {
    const lapsed = await buildEntry({ createdHoursAgo: 5, lastMailHoursAgo: 3 });
    const recent = await buildEntry({ createdHoursAgo: 1, lastMailHoursAgo: 1 });
    const remailed = await buildEntry({ createdHoursAgo: 50, lastMailHoursAgo: 1 });
    const confirmed = await buildEntry({ status: 'confirmed', createdHoursAgo: 50, lastMailHoursAgo: 50 });
    const counts = await worker.worker.retention.runOnce();

    expect(counts.unconfirmed).toBeGreaterThanOrEqual(1);
    expect(await exists(lapsed.id)).toBe(false);
    expect(await exists(recent.id)).toBe(true);
    expect(await exists(remailed.id)).toBe(true);
    expect(await exists(confirmed.id)).toBe(true);
  });

  it('sign-ups during a purge are unharmed: every acknowledged one has its entry and its mail queued', async () => {
    // 150 lapsed sign-ups in one statement (three batches' worth).
    const { rows: lapsed } = await context.pool.query<{ email: string }>(
      `insert into waitlist.entries (email, email_normalized, created_at, last_mail_queued_at)
       select e, e, now() - interval '5 hours', now() - interval '3 hours'
         from (select 'lapsed-' || md5(random()::text) || '@example.com' as e from generate_series(1, 150)) s
       returning email`,
    );
    const fresh = Array.from({ length: 40 }, () => uniqueEmail('fresh'));
    // Some of the lapsed addresses sign up again while the purge runs.
    const again = lapsed.slice(0, 20).map((entry) => entry.email);
    const signUps = [...fresh, ...again].map((email) => api.request('/waitlist', { method: 'POST', body: { email } }));
    const [counts, ...answers] = await Promise.all([worker.worker.retention.runOnce(), ...signUps]);

    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const asked = [...fresh, ...again];
    const { rows } = await context.pool.query<{ email: string; status: string; queued: number }>(
      `select e.email, e.status, (select count(*)::int from waitlist.outbox o
                                   where o.entry_id = e.id and o.created_at > now() - interval '1 minute') as queued
         from waitlist.entries e where e.email_normalized = any($1::text[]) order by e.email`,
      [asked],
    );
    expect(rows).toEqual(asked.sort().map((email) => ({ email, status: 'pending', queued: 1 })));
    expect(counts.unconfirmed).toBeGreaterThanOrEqual(130);
  });
});

describe('retention: audit rows', () => {
  it('erases audit rows older than AUDIT_RETENTION_DAYS, keeps younger ones', async () => {
    const old = await buildAuditRow(context.pool, { at: daysAgo(31), actorSub: 'old-staff' });
    const young = await buildAuditRow(context.pool, { at: daysAgo(29), actorSub: 'young-staff' });
    await worker.worker.retention.runOnce();
    const { rows: left } = await context.pool.query<{ id: string }>(
      'select id from waitlist.audit_log where id = any($1::bigint[])',
      [[old.id, young.id]],
    );
    expect(left.map((row) => row.id)).toEqual([young.id]);
  });
});

describe('retention: the worker', () => {
  it('runs the rules on its own every RETENTION_INTERVAL_MS and logs counts, never an address', async () => {
    const person = await buildEntry({
      email: uniqueEmail('logged'),
      status: 'unsubscribed',
      createdHoursAgo: 4,
      unsubscribedHoursAgo: 2,
    });
    const own = await startWorker(context, {
      env: { SUPPRESSION_KEY: KEY, ...RULES, RETENTION_INTERVAL_MS: '200', MAIL_DIR: `/tmp/${context.prefix}` },
    });
    try {
      await eventually(async () => !(await exists(person.id)));
      const line = await eventually(async () =>
        own.logs.lines().find((entry) => entry.msg === 'retention run' && Number(entry.unsubscribed) >= 1),
      );
      expect(line).toMatchObject({
        unsubscribed: expect.any(Number),
        unconfirmed: expect.any(Number),
        auditRows: expect.any(Number),
      });
      expect(own.logs.text()).not.toContain(person.email);
      expect(worker.logs.text()).not.toContain(person.email);
    } finally {
      await own.close();
    }
  });
});
