import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  eventually,
  readSuppression,
  startWorker,
  uniqueEmail,
  useWaitlistSystem,
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

// The rules under test never wait on mail: the worker's SMTP sink only keeps what it is sent.
const system = useWaitlistSystem({ env: { SUPPRESSION_KEY: KEY }, workerEnv: () => RULES });

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
  const entry = await buildEntryRow(system.context.pool, {
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
  const { rowCount } = await system.context.pool.query('select 1 from waitlist.entries where id = $1', [id]);
  return rowCount === 1;
}

async function suppressedAs(email: string): Promise<string | undefined> {
  return (await readSuppression(system.context.pool, KEY, email))?.reason;
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
    await system.worker.worker.retention.runOnce();

    expect(await exists(past.id)).toBe(false);
    expect(await exists(inside.id)).toBe(true);
    expect(await suppressedAs(past.email)).toBe('unsubscribed');
    // Nothing readable is left of the address: not in any table the waitlist keeps.
    const { rows } = await system.context.pool.query(
      `select 1 from waitlist.entries where email_normalized = lower($1)
       union all select 1 from waitlist.audit_log where details::text ilike '%' || $1 || '%' or target = $1`,
      [past.email],
    );
    expect(rows).toEqual([]);
  });

  it('an erased unsubscribed address is never mailed again; a new sign-up restores it', async () => {
    const person = await buildEntry({ status: 'unsubscribed', createdHoursAgo: 5, unsubscribedHoursAgo: 3 });
    await system.worker.worker.retention.runOnce();
    expect(await exists(person.id)).toBe(false);
    await expect(
      system.worker.worker.sender.send({
        to: person.email,
        subject: 'News',
        text: 'hello',
        html: '<p>hello</p>',
        headers: {},
        reference: 'test',
        devLink: '',
      }),
    ).rejects.toThrow(/suppressed \(unsubscribed\)/);

    expect((await system.api.request('/waitlist', { method: 'POST', body: { email: person.email } })).status).toBe(200);
    await eventually(async () => (await suppressedAs(person.email)) === undefined);
  });

  it('takes back the credit an erased referred entry gave: its referrer moves back in line', async () => {
    const referrer = await buildEntry({ status: 'confirmed', createdHoursAgo: 10 });
    const referred = await buildEntry({ status: 'unsubscribed', createdHoursAgo: 9, unsubscribedHoursAgo: 3 });
    await buildReferralCredit(system.context.pool, { referrerId: referrer.id, referredId: referred.id });
    await system.context.pool.query('update waitlist.entries set credits = 1 where id = $1', [referrer.id]);
    const counts = await system.worker.worker.retention.runOnce();
    expect(counts.creditsTakenBack).toBeGreaterThanOrEqual(1);
    const { rows } = await system.context.pool.query('select credits from waitlist.entries where id = $1', [
      referrer.id,
    ]);
    expect(rows).toEqual([{ credits: 0 }]);
  });
});

describe('retention: never-confirmed sign-ups', () => {
  it('erases pending sign-ups UNCONFIRMED_RETENTION_H after their last mail; keeps recent, re-mailed and confirmed ones', async () => {
    const lapsed = await buildEntry({ createdHoursAgo: 5, lastMailHoursAgo: 3 });
    const recent = await buildEntry({ createdHoursAgo: 1, lastMailHoursAgo: 1 });
    const remailed = await buildEntry({ createdHoursAgo: 50, lastMailHoursAgo: 1 });
    const confirmed = await buildEntry({ status: 'confirmed', createdHoursAgo: 50, lastMailHoursAgo: 50 });
    const counts = await system.worker.worker.retention.runOnce();

    expect(counts.unconfirmed).toBeGreaterThanOrEqual(1);
    expect(await exists(lapsed.id)).toBe(false);
    expect(await exists(recent.id)).toBe(true);
    expect(await exists(remailed.id)).toBe(true);
    expect(await exists(confirmed.id)).toBe(true);
  });

  it('sign-ups during a purge are unharmed: every acknowledged one has its entry and its mail queued', async () => {
    // 150 lapsed sign-ups (three batches' worth).
    const lapsed = await Promise.all(
      Array.from({ length: 150 }, () =>
        buildEntryRow(system.context.pool, {
          email: uniqueEmail('lapsed'),
          createdAt: hoursAgo(5),
          lastMailQueuedAt: hoursAgo(3),
        }),
      ),
    );
    const fresh = Array.from({ length: 40 }, () => uniqueEmail('fresh'));
    // Some of the lapsed addresses sign up again while the purge runs.
    const again = lapsed.slice(0, 20).map((entry) => entry.email);
    const signUps = [...fresh, ...again].map((email) =>
      system.api.request('/waitlist', { method: 'POST', body: { email } }),
    );
    const [counts, ...answers] = await Promise.all([system.worker.worker.retention.runOnce(), ...signUps]);

    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const asked = [...fresh, ...again];
    const { rows } = await system.context.pool.query<{ email: string; status: string; queued: number }>(
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
    const old = await buildAuditRow(system.context.pool, { at: daysAgo(31), actorSub: 'old-staff' });
    const young = await buildAuditRow(system.context.pool, { at: daysAgo(29), actorSub: 'young-staff' });
    await system.worker.worker.retention.runOnce();
    const { rows: left } = await system.context.pool.query<{ id: string }>(
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
    const own = await startWorker(system.context, {
      env: { SUPPRESSION_KEY: KEY, ...RULES, RETENTION_INTERVAL_MS: '200', MAIL_DIR: `/tmp/${system.context.prefix}` },
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
      expect(system.worker.logs.text()).not.toContain(person.email);
    } finally {
      await own.close();
    }
  });
});
