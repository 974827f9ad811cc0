import { PRIVACY_POLICY_VERSION } from '@mmdm/contracts/privacy-policy';
import { describe, expect, it } from 'vitest';
import { buildCity, buildEntry, buildInvitationWave, buildReferralCredit } from '../../testing/waitlist-factories.js';
import { confirmTokenIn, startApi, uniqueEmail, useWaitlistSystem } from '../../testing/waitlist-harness.js';

const system = useWaitlistSystem();

const DATA_LINK = /\/your-data\?token=([A-Za-z0-9_-]{43})/;

/** Signs up and confirms through the mail, as a person does; answers the referral code. */
async function joinAndConfirm(email: string, referralSource?: string): Promise<string> {
  await system.api.request('/waitlist', {
    method: 'POST',
    body: { email, ...(referralSource ? { referralSource } : {}) },
  });
  await system.smtp.waitFor(() => system.smtp.to(email).length >= 1);
  const token = confirmTokenIn(system.smtp.to(email)[0]!.parsed.text ?? '');
  const confirmed = await system.api.request('/waitlist/confirm', { method: 'POST', body: { token } });
  expect(confirmed.status).toBe(200);
  return confirmed.body.data.referralCode as string;
}

/** Asks for the data link and answers the token of the mail it brings. */
async function dataLinkFor(email: string): Promise<string> {
  const before = system.smtp.to(email).filter((mail) => DATA_LINK.test(mail.parsed.text ?? '')).length;
  const asked = await system.api.request('/waitlist/data-access', { method: 'POST', body: { email } });
  expect(asked.status).toBe(200);
  await system.smtp.waitFor(
    () => system.smtp.to(email).filter((mail) => DATA_LINK.test(mail.parsed.text ?? '')).length > before,
  );
  const mail = system.smtp
    .to(email)
    .filter((m) => DATA_LINK.test(m.parsed.text ?? ''))
    .at(-1)!;
  return DATA_LINK.exec(mail.parsed.text ?? '')![1]!;
}

async function entryId(email: string): Promise<string | undefined> {
  const { rows } = await system.context.pool.query<{ id: string }>(
    'select id from waitlist.entries where email_normalized = lower($1)',
    [email],
  );
  return rows[0]?.id;
}

describe('the "Your data" page: asking for a link', () => {
  it('answers a listed and an unlisted address byte for byte the same; only the listed one gets a mail', async () => {
    const listed = uniqueEmail('listed');
    const unlisted = uniqueEmail('unlisted');
    await system.api.request('/waitlist', { method: 'POST', body: { email: listed } });
    await system.smtp.waitFor(() => system.smtp.to(listed).length === 1);

    const a = await system.api.request('/waitlist/data-access', { method: 'POST', body: { email: listed } });
    const b = await system.api.request('/waitlist/data-access', { method: 'POST', body: { email: unlisted } });
    expect(a.status).toBe(200);
    expect(b.status).toBe(a.status);
    expect(b.text).toBe(a.text);
    expect(a.body.message).toMatch(/If this address is on our waitlist/);

    await system.smtp.waitFor(() => system.smtp.to(listed).length === 2);
    const mail = system.smtp.to(listed)[1]!;
    expect(mail.parsed.subject).toBe('Your link to the data Meet Match Date Marry holds about you');
    expect(mail.parsed.text).toMatch(DATA_LINK);
    // Like every mail: an unsubscribe link and the one-click header.
    expect(mail.parsed.text).toMatch(/\/unsubscribe\?token=/);
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const { rows } = await system.context.pool.query(
      `select o.kind from waitlist.outbox o join waitlist.entries e on e.id = o.entry_id
        where e.email_normalized = lower($1) and o.kind = 'data_access'`,
      [unlisted],
    );
    expect(rows).toEqual([]);
    expect(system.smtp.to(unlisted)).toEqual([]);
  });

  it('mails one link per address per cooldown, however often it is asked (the answer stays the same)', async () => {
    const email = uniqueEmail('twice');
    await system.api.request('/waitlist', { method: 'POST', body: { email } });
    const first = await system.api.request('/waitlist/data-access', { method: 'POST', body: { email } });
    const second = await system.api.request('/waitlist/data-access', { method: 'POST', body: { email } });
    expect(second.text).toBe(first.text);
    const { rows } = await system.context.pool.query(
      `select count(*)::int as n from waitlist.outbox o join waitlist.entries e on e.id = o.entry_id
        where e.email_normalized = lower($1) and o.kind = 'data_access'`,
      [email],
    );
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('is throttled per client address with 429 and Retry-After, whatever the addresses asked about', async () => {
    // Counters of its own (the other tests' requests came from the same address).
    const strict = await startApi(system.context, {
      env: { DATA_ACCESS_RATE_LIMIT: '2', REDIS_PREFIX: `${system.context.prefix}-strict` },
    });
    try {
      const answers = [];
      for (let i = 0; i < 3; i++) {
        answers.push(
          await strict.request('/waitlist/data-access', { method: 'POST', body: { email: uniqueEmail('probe') } }),
        );
      }
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 429]);
      expect(answers[2]!.headers['retry-after']).toMatch(/^\d+$/);
    } finally {
      await strict.close();
    }
  });

  it('refuses a malformed address or an unknown field with 400, and queues nothing', async () => {
    for (const body of [{ email: 'not-an-address' }, { email: uniqueEmail(), extra: 1 }, {}]) {
      const answer = await system.api.request('/waitlist/data-access', { method: 'POST', body });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, code: 'validation_error' });
    }
  });
});

describe('the "Your data" page: the link', () => {
  it('shows everything held (address, status, dates, codes, credits given and received, place, city, consent, suppression, mails)', async () => {
    const referrer = uniqueEmail('referrer');
    const person = uniqueEmail('person');
    const friend = uniqueEmail('friend');
    const referrerCode = await joinAndConfirm(referrer);
    const code = await joinAndConfirm(person, referrerCode);
    await joinAndConfirm(friend, code);
    const city = await buildCity(system.context.pool, { name: `Porto ${person}` });
    await system.context.pool.query('update waitlist.entries set city_id = $1 where email_normalized = lower($2)', [
      city.id,
      person,
    ]);

    const token = await dataLinkFor(person);
    const opened = await system.api.request('/waitlist/your-data/open', { method: 'POST', body: { token } });
    expect(opened.status).toBe(200);
    expect(opened.headers['cache-control']).toContain('no-store');
    const data = opened.body.data;
    expect(data).toMatchObject({
      email: person,
      status: 'confirmed',
      signedUpAt: expect.any(String),
      confirmedAt: expect.any(String),
      referralSource: referrerCode,
      referralCode: code,
      place: expect.any(Number),
      city: `Porto ${person}`,
      cityOther: false,
      credits: {
        given: { state: 'granted', reason: 'confirmed', at: expect.any(String), decidedBy: 'automatic' },
        received: [{ state: 'granted', reason: 'confirmed', at: expect.any(String), decidedBy: 'automatic' }],
        granted: 1,
      },
      consent: { at: expect.any(String), policyVersion: PRIVACY_POLICY_VERSION },
      suppression: null,
      review: null,
      invitationWave: null,
    });
    // The friend's confirmation moved this person up: the "a friend joined" mail is theirs too.
    expect(data.mails.map((mail: { kind: string }) => mail.kind)).toEqual([
      'confirmation',
      'welcome',
      'friend_joined',
      'data_access',
    ]);
    // Nobody else's address is in it: not the referrer's, not the friend's.
    expect(opened.text).not.toContain(referrer);
    expect(opened.text).not.toContain(friend);
  });

  it('shows everything decided about the person: the review and why, held and refused credits and why, the wave', async () => {
    const person = uniqueEmail('decided');
    await joinAndConfirm(person);
    const id = (await entryId(person))!;
    const pool = system.context.pool;
    const admin = await system.staff.sign('admin');
    // The checks flagged the sign-up; staff approved it.
    await pool.query(
      `update waitlist.entries set review_state = 'flagged', review_reasons = '{dns_unavailable}' where id = $1`,
      [id],
    );
    const approved = await system.api.request(`/api/admin/waitlist/review/entries/${id}`, {
      method: 'POST',
      token: admin,
      body: { decision: 'approve' },
    });
    expect(approved.status).toBe(200);
    // Two friends' credits held by the referral rules; staff refused one of them.
    const friends = [];
    for (const label of ['held', 'refused']) {
      const friend = await buildEntry(pool, { email: uniqueEmail(label), status: 'confirmed' });
      await buildReferralCredit(pool, { referrerId: id, referredId: friend.id, state: 'held', reason: 'held' });
      await pool.query(`update waitlist.referral_credits set rule = 'same_network' where referred_id = $1`, [
        friend.id,
      ]);
      friends.push(friend);
    }
    const refused = await system.api.request(`/api/admin/waitlist/review/credits/${friends[1]!.id}`, {
      method: 'POST',
      token: admin,
      body: { decision: 'reject' },
    });
    expect(refused.status).toBe(200);
    // Then a wave for the person's city invited them.
    const city = await buildCity(pool);
    const wave = await buildInvitationWave(pool, { cityId: city.id });
    await pool.query(
      `update waitlist.entries set status = 'invited', invited_at = now(), wave_id = $2, city_id = $3 where id = $1`,
      [id, wave.id, city.id],
    );

    const token = await dataLinkFor(person);
    const opened = await system.api.request('/waitlist/your-data/open', { method: 'POST', body: { token } });
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({
      status: 'invited',
      review: { state: 'approved', reasons: ['dns_unavailable'] },
      invitationWave: { id: Number(wave.id), at: expect.any(String), city: city.name },
      credits: {
        received: [
          { state: 'held', reason: 'held', rule: 'same_network', decidedAt: null, decidedBy: null },
          {
            state: 'refused',
            reason: 'rejected_in_review',
            rule: 'same_network',
            decidedAt: expect.any(String),
            decidedBy: 'staff',
          },
        ],
      },
    });
    // Decided about the person, never revealing the friends or the staff member.
    for (const friend of friends) expect(opened.text).not.toContain(friend.email);
  });

  it("shows what the address wrote through the contact form (whatever the case it was typed in), and nobody else's", async () => {
    const email = uniqueEmail('writer');
    await system.api.request('/waitlist', { method: 'POST', body: { email } });
    const wrote = (from: string, message: string) =>
      system.api.request('/waitlist/contact', { method: 'POST', body: { name: 'Ana Silva', email: from, message } });
    expect((await wrote(email.toUpperCase().replace('@EXAMPLE.COM', '@example.com'), 'First question')).status).toBe(
      200,
    );
    expect((await wrote(email, 'Second question')).status).toBe(200);
    expect((await wrote(uniqueEmail('other'), 'Not theirs')).status).toBe(200);

    const token = await dataLinkFor(email);
    const opened = await system.api.request('/waitlist/your-data/open', { method: 'POST', body: { token } });
    expect(opened.status).toBe(200);
    expect(opened.body.data.messages).toEqual([
      { receivedAt: expect.any(String), name: 'Ana Silva', message: 'First question' },
      { receivedAt: expect.any(String), name: 'Ana Silva', message: 'Second question' },
    ]);
    expect(opened.text).not.toContain('Not theirs');
  });

  it('works once: a second opening answers 409 token_used', async () => {
    const email = uniqueEmail('once');
    await system.api.request('/waitlist', { method: 'POST', body: { email } });
    const token = await dataLinkFor(email);
    expect((await system.api.request('/waitlist/your-data/open', { method: 'POST', body: { token } })).status).toBe(
      200,
    );
    const again = await system.api.request('/waitlist/your-data/open', { method: 'POST', body: { token } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, code: 'token_used' });
  });

  it('expires within the hour: the link lives one hour from its mail; past that 410 token_expired', async () => {
    const email = uniqueEmail('late');
    await system.api.request('/waitlist', { method: 'POST', body: { email } });
    const token = await dataLinkFor(email);
    const { rows } = await system.context.pool.query<{ minutes: number }>(
      `select round(extract(epoch from t.expires_at - t.created_at) / 60)::int as minutes from waitlist.tokens t
         join waitlist.entries e on e.id = t.entry_id where e.email_normalized = lower($1) and t.purpose = 'data_access'`,
      [email],
    );
    expect(rows).toEqual([{ minutes: 60 }]);
    await system.context.pool.query(
      `update waitlist.tokens set expires_at = now() - interval '1 second'
        where purpose = 'data_access' and entry_id = (select id from waitlist.entries where email_normalized = lower($1))`,
      [email],
    );
    const late = await system.api.request('/waitlist/your-data/open', { method: 'POST', body: { token } });
    expect(late.status).toBe(410);
    expect(late.body).toMatchObject({ success: false, code: 'token_expired' });
  });

  it('opens only with a data link, and erases only with the session the opening gave (404 otherwise)', async () => {
    const email = uniqueEmail('mixed');
    await system.api.request('/waitlist', { method: 'POST', body: { email } });
    await system.smtp.waitFor(() => system.smtp.to(email).length === 1);
    const confirm = confirmTokenIn(system.smtp.to(email)[0]!.parsed.text ?? '');
    expect(
      (await system.api.request('/waitlist/your-data/open', { method: 'POST', body: { token: confirm } })).status,
    ).toBe(404);
    const token = await dataLinkFor(email);
    expect(
      (await system.api.request('/waitlist/your-data/erase', { method: 'POST', body: { session: token } })).status,
    ).toBe(404);
    const opened = await system.api.request('/waitlist/your-data/open', { method: 'POST', body: { token } });
    expect(
      (await system.api.request('/waitlist/your-data/open', { method: 'POST', body: { token: opened.body.session } }))
        .status,
    ).toBe(404);
    expect(await entryId(email)).toBeDefined();
  });
});

describe('the "Your data" page: delete everything now', () => {
  it('erases what the address wrote through the contact form too, with its mails to our desk', async () => {
    const email = uniqueEmail('wrote-erased');
    const other = uniqueEmail('wrote-kept');
    await system.api.request('/waitlist', { method: 'POST', body: { email } });
    for (const from of [email, other])
      await system.api.request('/waitlist/contact', {
        method: 'POST',
        body: { name: 'Ana Silva', email: from, message: 'Hello' },
      });
    const token = await dataLinkFor(email);
    const opened = await system.api.request('/waitlist/your-data/open', { method: 'POST', body: { token } });
    const erased = await system.api.request('/waitlist/your-data/erase', {
      method: 'POST',
      body: { session: opened.body.session },
    });
    expect(erased.status).toBe(200);
    const held = async (address: string) =>
      (
        await system.context.pool.query<{ messages: number; mails: number }>(
          `select (select count(*)::int from waitlist.contact_messages where email_normalized = lower($1)) as messages,
                  (select count(*)::int from waitlist.outbox o join waitlist.contact_messages m
                      on m.id = o.contact_message_id where m.email_normalized = lower($1)) as mails`,
          [address],
        )
      ).rows[0];
    expect(await held(email)).toEqual({ messages: 0, mails: 0 });
    expect(await held(other)).toEqual({ messages: 1, mails: 1 });
  });

  it('erases the entry, its tokens, mails, credits and queue jobs at once; places move; the address can sign up again', async () => {
    const referrer = uniqueEmail('ref');
    const person = uniqueEmail('erased');
    const friend = uniqueEmail('friend');
    const referrerCode = await joinAndConfirm(referrer);
    const code = await joinAndConfirm(person, referrerCode);
    await joinAndConfirm(friend, code);
    const id = (await entryId(person))!;
    const token = await dataLinkFor(person);
    const opened = await system.api.request('/waitlist/your-data/open', { method: 'POST', body: { token } });
    const placeOf = async (email: string) =>
      (
        await system.context.pool.query<{ credits: number }>(
          'select credits from waitlist.entries where email_normalized = lower($1)',
          [email],
        )
      ).rows[0]!.credits;
    expect(await placeOf(referrer)).toBe(1);

    const { rows: outbox } = await system.context.pool.query<{ id: string }>(
      'select id from waitlist.outbox where entry_id = $1',
      [id],
    );
    expect(outbox.length).toBe(4); // confirmation, welcome, friend joined, data link
    const jobKey = (outboxId: string) => `${system.context.prefix}:bull:confirmation-mail:outbox-${outboxId}`;
    expect(await system.api.redis.exists(...outbox.map((row) => jobKey(row.id)))).toBeGreaterThan(0);

    const erased = await system.api.request('/waitlist/your-data/erase', {
      method: 'POST',
      body: { session: opened.body.session },
    });
    expect(erased.status).toBe(200);
    expect(erased.body).toMatchObject({ success: true });

    const count = async (sql: string) => (await system.context.pool.query<{ n: number }>(sql, [id])).rows[0]!.n;
    expect(await count('select count(*)::int as n from waitlist.entries where id = $1')).toBe(0);
    expect(await count('select count(*)::int as n from waitlist.tokens where entry_id = $1')).toBe(0);
    expect(await count('select count(*)::int as n from waitlist.outbox where entry_id = $1')).toBe(0);
    expect(
      await count(
        'select count(*)::int as n from waitlist.referral_credits where referrer_id = $1 or referred_id = $1',
      ),
    ).toBe(0);
    // The referrer's credit for this person is taken back; the friend keeps its place, its referrer gone.
    expect(await placeOf(referrer)).toBe(0);
    expect(await system.api.redis.exists(...outbox.map((row) => jobKey(row.id)))).toBe(0);

    // Audited without the address: the entry's number only.
    const { rows: audit } = await system.context.pool.query<{ action: string; target: string; actor_sub: string }>(
      `select action, target, actor_sub, details::text from waitlist.audit_log
        where request_id = $1 or target = $2 order by id`,
      [erased.headers['x-request-id'], id],
    );
    expect(audit.map((row) => row.action)).toContain('entry.self_erase');
    expect(JSON.stringify(audit)).not.toContain(person);

    // The session is spent with the entry; the address signs up again as anyone can.
    expect(
      (
        await system.api.request('/waitlist/your-data/erase', {
          method: 'POST',
          body: { session: opened.body.session },
        })
      ).status,
    ).toBe(404);
    const again = await system.api.request('/waitlist', { method: 'POST', body: { email: person } });
    expect(again.status).toBe(200);
    const { rows } = await system.context.pool.query(
      'select status from waitlist.entries where email_normalized = lower($1)',
      [person],
    );
    expect(rows).toEqual([{ status: 'pending' }]);
  });
});
