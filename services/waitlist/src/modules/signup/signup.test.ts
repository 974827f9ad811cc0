import { describe, expect, it } from 'vitest';
import { confirmTokenIn, startApi, uniqueEmail, useWaitlistSystem } from '../../testing/waitlist-harness.js';

const system = useWaitlistSystem();

async function rowsFor(email: string) {
  const { rows } = await system.context.pool.query<{
    id: string;
    email: string;
    status: string;
    referral_source: string | null;
    referral_code: string | null;
  }>(
    'select id, email, status, referral_source, referral_code from waitlist.entries where email_normalized = lower($1)',
    [email],
  );
  return rows;
}

async function outboxCount(email: string): Promise<number> {
  const { rows } = await system.context.pool.query<{ n: number }>(
    `select count(*)::int as n from waitlist.outbox o join waitlist.entries e on e.id = o.entry_id where e.email_normalized = lower($1)`,
    [email],
  );
  return rows[0]?.n ?? 0;
}

async function signUpAndGetToken(email: string, extra: Record<string, unknown> = {}): Promise<string> {
  const answer = await system.api.request('/waitlist', { method: 'POST', body: { email, ...extra } });
  expect(answer.status).toBe(200);
  await system.smtp.waitFor(() => system.smtp.to(email).length > 0);
  return confirmTokenIn(system.smtp.to(email)[0]!.parsed.text ?? '');
}

describe('POST /waitlist', () => {
  it('signs up, mails a working confirmation link, and confirming gives the entry its own referral code', async () => {
    const email = uniqueEmail('journey');
    const answer = await system.api.request('/waitlist', { method: 'POST', body: { email } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, message: 'Successfully joined the waitlist!', data: { email } });

    await system.smtp.waitFor(() => system.smtp.to(email).length === 1);
    const token = confirmTokenIn(system.smtp.to(email)[0]!.parsed.text ?? '');
    const confirmed = await system.api.request('/waitlist/confirm', { method: 'POST', body: { token } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.email).toBe(email);
    expect(confirmed.body.data.referralCode).toMatch(/^[0-9A-Z]{8}$/);
    expect(confirmed.body.data.shareUrl).toBe(`http://mmdm.test/waitlist?ref=${confirmed.body.data.referralCode}`);

    const [row] = await rowsFor(email);
    expect(row).toMatchObject({ status: 'confirmed', referral_code: confirmed.body.data.referralCode });
  });

  it('gives a person who signed up in German a share link to the German waitlist page, on confirming and after', async () => {
    const email = uniqueEmail('teilen');
    const token = await signUpAndGetToken(email, { language: 'de' });
    const confirmed = await system.api.request('/waitlist/confirm', { method: 'POST', body: { token } });
    expect(confirmed.status).toBe(200);
    const code = confirmed.body.data.referralCode as string;
    expect(confirmed.body.data.shareUrl).toBe(`http://mmdm.test/de/waitlist?ref=${code}`);
    const again = await system.api.request('/waitlist/confirm', { method: 'POST', body: { token } });
    expect(again.status).toBe(409);
    expect(again.body.data.shareUrl).toBe(`http://mmdm.test/de/waitlist?ref=${code}`);
  });

  it('when the address is already on the list, answers like a new sign-up and writes no second row', async () => {
    const email = uniqueEmail('dup');
    const first = await system.api.request('/waitlist', { method: 'POST', body: { email } });
    const second = await system.api.request('/waitlist', { method: 'POST', body: { email } });
    const shouted = await system.api.request('/waitlist', {
      method: 'POST',
      body: { email: `  ${email.toUpperCase()}  ` },
    });
    expect(second.status).toBe(first.status);
    expect(second.text).toBe(first.text);
    expect(second.headers['content-length']).toBe(first.headers['content-length']);
    expect(shouted.status).toBe(200);
    expect(await rowsFor(email)).toHaveLength(1);
    // Inside the resend cooldown: one mail, not three.
    expect(await outboxCount(email)).toBe(1);
  });

  it('50 simultaneous sign-ups of one address make one row and at most two mails', async () => {
    const email = uniqueEmail('burst');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => system.api.request('/waitlist', { method: 'POST', body: { email } })),
    );
    expect(new Set(answers.map((answer) => `${answer.status} ${answer.text}`)).size).toBe(1);
    expect(answers[0]!.status).toBe(200);
    expect(await rowsFor(email)).toHaveLength(1);
    await system.smtp.waitFor(() => system.smtp.to(email).length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(system.smtp.to(email).length).toBeLessThanOrEqual(2);
  });

  it('records the referral code a sign-up was made with', async () => {
    const email = uniqueEmail('referred');
    await system.api.request('/waitlist', { method: 'POST', body: { email, referralSource: 'FRIEND-42_x' } });
    expect((await rowsFor(email))[0]?.referral_source).toBe('FRIEND-42_x');
  });

  it('accepts a 40-character referral code, as long as the form lets ?ref= pre-fill (64)', async () => {
    const email = uniqueEmail('long-ref');
    const code = 'campaign_2026-spring-launch-influencer01';
    expect(code).toHaveLength(40);
    const answer = await system.api.request('/waitlist', { method: 'POST', body: { email, referralSource: code } });
    expect(answer.status, answer.text).toBe(200);
    expect((await rowsFor(email))[0]?.referral_source).toBe(code);
    const tooLong = await system.api.request('/waitlist', {
      method: 'POST',
      body: { email: uniqueEmail(), referralSource: 'x'.repeat(65) },
    });
    expect(tooLong.status).toBe(400);
  });

  it('stores a full-width address as the ASCII it looks like, with its domain lower-cased: one entry, not a look-alike second', async () => {
    const email = uniqueEmail('wide');
    const wide = email.replace(/[!-~]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0));
    const [local, domain] = email.split('@') as [string, string];
    expect((await system.api.request('/waitlist', { method: 'POST', body: { email: wide } })).status).toBe(200);
    expect(
      (await system.api.request('/waitlist', { method: 'POST', body: { email: `${local}@${domain.toUpperCase()}` } }))
        .status,
    ).toBe(200);
    const rows = await rowsFor(email);
    expect(rows.map((row) => row.email)).toEqual([email]);
  });

  it.each([
    ['a zero-width space', '\u200b'],
    ['a byte-order mark', '\ufeff'],
    ['a soft hyphen', '\u00ad'],
  ])('refuses an address carrying %s with a 400 naming the field', async (_label, invisible) => {
    const email = uniqueEmail('hidden');
    const answer = await system.api.request('/waitlist', {
      method: 'POST',
      body: { email: email.replace('@', `${invisible}@`) },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'validation_error' });
    expect(answer.body.message).toContain('invisible');
    expect(await rowsFor(email)).toHaveLength(0);
  });

  it('refuses a mixed-script look-alike (a Cyrillic а among Latin letters)', async () => {
    const answer = await system.api.request('/waitlist', {
      method: 'POST',
      body: { email: uniqueEmail('\u0430dmin') },
    });
    expect(answer.status).toBe(400);
  });

  it.each([
    ['plus tag', 'first.last+dating@example.com'],
    ['apostrophe', "o'connor@example.ie"],
    ['sub-domain', 'someone@mail.eu.example.co.uk'],
    ['upper case', 'SHOUTY.PERSON@EXAMPLE.COM'],
    ['punycode domain', 'user@xn--bcher-kva.example'],
    ['punycode top-level domain', 'user@example.xn--p1ai'],
    ['exactly 254 characters', `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`],
  ])('accepts a valid unusual address (%s)', async (_label, address) => {
    // A tag keeps the address unique across runs without changing what makes it unusual (or its length).
    const tag = Math.random().toString(36).slice(2, 6).padEnd(4, '0');
    const unique = address.length + 5 <= 254 ? address.replace('@', `.${tag}@`) : `${tag}.${address.slice(5)}`;
    expect(unique.length).toBe(Math.min(address.length + 5, 254));
    const answer = await system.api.request('/waitlist', { method: 'POST', body: { email: unique } });
    expect(answer.status, answer.text).toBe(200);
    expect(await rowsFor(unique)).toHaveLength(1);
  });

  const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`;
  it.each<[string, { body?: unknown; headers?: Record<string, string> }, number, RegExp]>([
    ['missing address', { body: {} }, 400, /required/],
    ['empty address', { body: { email: '' } }, 400, /required/],
    ['blank address', { body: { email: '   ' } }, 400, /required/],
    ['no @', { body: { email: 'not-an-address' } }, 400, /valid e-mail/],
    ['no domain dot', { body: { email: 'a@localhost' } }, 400, /valid e-mail/],
    ['two @', { body: { email: 'a@b@example.com' } }, 400, /valid e-mail/],
    ['double dot', { body: { email: 'a..b@example.com' } }, 400, /valid e-mail/],
    ['space inside', { body: { email: 'a b@example.com' } }, 400, /valid e-mail/],
    ['over 254 characters', { body: { email: long } }, 400, /at most 254/],
    ['line feed', { body: { email: 'a@example.com\nBcc: x@evil.test' } }, 400, /control characters/],
    ['carriage return', { body: { email: 'a@example.com\r' } }, 400, /control characters/],
    ['NUL', { body: { email: 'a\u0000@example.com' } }, 400, /control characters/],
    ['number instead of text', { body: { email: 42 } }, 400, /must be text/],
    ['array instead of text', { body: { email: ['a@example.com'] } }, 400, /must be text/],
    ['unknown field', { body: { email: 'a@example.com', isAdmin: true } }, 400, /Unknown field: isAdmin/],
    [
      'referral code with spaces',
      { body: { email: 'a@example.com', referralSource: 'hi there' } },
      400,
      /referral code/,
    ],
    [
      'referral code too long',
      { body: { email: 'a@example.com', referralSource: 'x'.repeat(65) } },
      400,
      /referral code/,
    ],
    ['referral code not text', { body: { email: 'a@example.com', referralSource: 7 } }, 400, /referral code/],
    ['body an array', { body: [{ email: 'a@example.com' }] }, 400, /JSON object/],
    ['body a string', { body: '"a@example.com"', headers: { 'content-type': 'application/json' } }, 400, /JSON/],
    ['body not JSON', { body: '{email:', headers: { 'content-type': 'application/json' } }, 400, /not valid JSON/],
    [
      'form body',
      { body: 'email=a%40example.com', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      415,
      /JSON/,
    ],
    ['text body', { body: 'a@example.com', headers: { 'content-type': 'text/plain' } }, 415, /JSON/],
    [
      'brotli-encoded body',
      { body: '{"email":"a@example.com"}', headers: { 'content-type': 'application/json', 'content-encoding': 'br' } },
      415,
      /uncompressed/,
    ],
    ['body over 4 kB', { body: { email: 'a@example.com', referralSource: 'x'.repeat(5000) } }, 413, /too large/],
  ])('refuses %s with a %i that says what is wrong, and writes nothing', async (_label, request, status, message) => {
    const before = await system.context.pool.query<{ n: number }>('select count(*)::int as n from waitlist.entries');
    const answer = await system.api.request('/waitlist', { method: 'POST', ...request });
    expect(answer.status).toBe(status);
    expect(answer.headers['content-type']).toMatch(/application\/json/);
    expect(answer.body.success).toBe(false);
    expect(answer.body.message).toMatch(message);
    const after = await system.context.pool.query<{ n: number }>('select count(*)::int as n from waitlist.entries');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After once a client address has used its budget, and counts across replicas', async () => {
    const env = { SIGNUP_RATE_LIMIT: '3', SIGNUP_RATE_WINDOW_S: '600' };
    const one = await startApi(system.context, { env });
    const two = await startApi(system.context, { env });
    try {
      const ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
      const from = { 'x-forwarded-for': ip };
      const statuses = [];
      for (const harness of [one, two, one]) {
        statuses.push(
          (await harness.request('/waitlist', { method: 'POST', body: { email: uniqueEmail('rl') }, headers: from }))
            .status,
        );
        // Replicas share their counts within one sync interval (100 ms): the budget is shared, not instant.
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      expect(statuses).toEqual([200, 200, 200]);
      const limited = await two.request('/waitlist', {
        method: 'POST',
        body: { email: uniqueEmail('rl') },
        headers: from,
      });
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ success: false, code: 'rate_limited' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(500);
      // Another household is not affected.
      const other = await one.request('/waitlist', {
        method: 'POST',
        body: { email: uniqueEmail('rl') },
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(other.status).toBe(200);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('does not believe X-Forwarded-For from a peer that is not the trusted gateway', async () => {
    const untrusting = await startApi(system.context, {
      env: { SIGNUP_RATE_LIMIT: '2', TRUST_PROXY: '10.9.9.9', REDIS_PREFIX: `${system.context.prefix}u` },
    });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        const spoofed = { 'x-forwarded-for': `192.0.2.${i + 1}` };
        statuses.push(
          (
            await untrusting.request('/waitlist', {
              method: 'POST',
              body: { email: uniqueEmail('spoof') },
              headers: spoofed,
            })
          ).status,
        );
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await untrusting.close();
    }
  });
});

describe('confirmation links', () => {
  it('GET reads the link without confirming: pending until the POST, then confirmed with the same code every time', async () => {
    const email = uniqueEmail('status');
    const token = await signUpAndGetToken(email);
    const statusPath = `/waitlist/confirm?token=${token}`;

    // Opened any number of times (a scanner, a preview, the page itself): nothing changes.
    for (let i = 0; i < 3; i++) {
      const opened = await system.api.request(statusPath);
      expect(opened.status).toBe(200);
      expect(opened.headers['cache-control']).toBe('no-store');
      expect(opened.body).toEqual({ success: true, data: { status: 'pending', email } });
    }
    const before = await system.context.pool.query<{ status: string; used: boolean }>(
      `select e.status, t.used_at is not null as used
         from waitlist.entries e join waitlist.tokens t on t.entry_id = e.id and t.purpose = 'confirm'
        where e.email_normalized = $1`,
      [email],
    );
    expect(before.rows).toEqual([{ status: 'pending', used: false }]);

    const confirmed = await system.api.request('/waitlist/confirm', { method: 'POST', body: { token } });
    expect(confirmed.status).toBe(200);
    const reopened = await system.api.request(statusPath);
    expect(reopened.status).toBe(200);
    expect(reopened.body.data).toEqual({ status: 'confirmed', ...confirmed.body.data });
  });

  it('GET refuses as the POST does: unknown 404, malformed 400, expired 410', async () => {
    expect((await system.api.request(`/waitlist/confirm?token=${'C'.repeat(43)}`)).body.code).toBe('token_invalid');
    expect((await system.api.request(`/waitlist/confirm?token=${'C'.repeat(43)}`)).status).toBe(404);
    expect((await system.api.request('/waitlist/confirm?token=short')).status).toBe(400);
    expect((await system.api.request('/waitlist/confirm')).status).toBe(400);
    const email = uniqueEmail('expired-status');
    const token = await signUpAndGetToken(email);
    await system.context.pool.query(
      `update waitlist.tokens set expires_at = now() - interval '1 minute'
        where entry_id = (select id from waitlist.entries where email_normalized = $1) and purpose = 'confirm'`,
      [email],
    );
    const expired = await system.api.request(`/waitlist/confirm?token=${token}`);
    expect(expired.status).toBe(410);
    expect(expired.body.code).toBe('token_expired');
  });

  it('a second click says the address is already confirmed and still shows the code', async () => {
    const token = await signUpAndGetToken(uniqueEmail('twice'));
    const first = await system.api.request('/waitlist/confirm', { method: 'POST', body: { token } });
    const second = await system.api.request('/waitlist/confirm', { method: 'POST', body: { token } });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      success: false,
      code: 'token_used',
      data: { referralCode: first.body.data.referralCode },
    });
  });

  it('an expired link answers 410, and asking for a new mail sends one', async () => {
    const email = uniqueEmail('expired');
    const token = await signUpAndGetToken(email);
    await system.context.pool.query(
      `update waitlist.tokens set expires_at = now() - interval '1 minute'
        where entry_id = (select id from waitlist.entries where email_normalized = $1) and purpose = 'confirm'`,
      [email],
    );
    // Out of the resend cooldown too.
    await system.context.pool.query(
      `update waitlist.entries set last_mail_queued_at = now() - interval '1 day' where email_normalized = $1`,
      [email],
    );
    const expired = await system.api.request('/waitlist/confirm', { method: 'POST', body: { token } });
    expect(expired.status).toBe(410);
    expect(expired.body.code).toBe('token_expired');

    const resend = await system.api.request('/waitlist/resend', { method: 'POST', body: { token } });
    expect(resend.status).toBe(200);
    await system.smtp.waitFor(() => system.smtp.to(email).length === 2);
    const fresh = confirmTokenIn(system.smtp.to(email)[1]!.parsed.text ?? '');
    expect((await system.api.request('/waitlist/confirm', { method: 'POST', body: { token: fresh } })).status).toBe(
      200,
    );
  });

  it('resend answers the same whatever the token, and mails nobody for an unknown one', async () => {
    const unknown = await system.api.request('/waitlist/resend', { method: 'POST', body: { token: 'A'.repeat(43) } });
    const known = await system.api.request('/waitlist/resend', {
      method: 'POST',
      body: { token: await signUpAndGetToken(uniqueEmail('known')) },
    });
    expect(unknown.status).toBe(200);
    expect(unknown.text).toBe(known.text);
  });

  it('an unknown token answers 404 token_invalid and a malformed one 400', async () => {
    const unknown = await system.api.request('/waitlist/confirm', { method: 'POST', body: { token: 'B'.repeat(43) } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('token_invalid');
    expect((await system.api.request('/waitlist/confirm', { method: 'POST', body: { token: 'short' } })).status).toBe(
      400,
    );
    expect(
      (await system.api.request('/waitlist/confirm', { method: 'POST', body: { token: 'B'.repeat(43), extra: 1 } }))
        .status,
    ).toBe(400);
  });
});

describe('unsubscribe', () => {
  function unsubscribeTokenOf(email: string): string {
    const header = system.smtp.to(email)[0]!.raw.replace(/\r?\n[ \t]+/g, ' ');
    const match = /^List-Unsubscribe: <[^>]*token=([A-Za-z0-9_-]{43})>/m.exec(header);
    if (!match?.[1]) throw new Error('no List-Unsubscribe header with a token');
    return match[1];
  }

  it('one-click (RFC 8058) unsubscribes, and the address gets no more mail', async () => {
    const email = uniqueEmail('oneclick');
    const confirmToken = await signUpAndGetToken(email);
    const token = unsubscribeTokenOf(email);
    const answer = await system.api.request(`/waitlist/unsubscribe?token=${token}`, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.status).toBe(200);
    expect((await rowsFor(email))[0]?.status).toBe('unsubscribed');

    await system.context.pool.query(
      `update waitlist.entries set last_mail_queued_at = now() - interval '1 day' where email_normalized = $1`,
      [email],
    );
    expect((await system.api.request('/waitlist', { method: 'POST', body: { email } })).status).toBe(200);
    expect(
      (await system.api.request('/waitlist/resend', { method: 'POST', body: { token: confirmToken } })).status,
    ).toBe(200);
    expect(await outboxCount(email)).toBe(1);
    // The old confirmation link no longer signs the address back up: it says the entry was removed.
    const reopened = await system.api.request('/waitlist/confirm', { method: 'POST', body: { token: confirmToken } });
    expect(reopened.status).toBe(410);
    expect(reopened.body.code).toBe('entry_removed');
  });

  it('the JSON form unsubscribes too; a one-click post without the form body is refused', async () => {
    const email = uniqueEmail('jsonunsub');
    await signUpAndGetToken(email);
    const token = unsubscribeTokenOf(email);
    const wrongBody = await system.api.request(`/waitlist/unsubscribe?token=${token}`, {
      method: 'POST',
      body: 'List-Unsubscribe=Maybe',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(wrongBody.status).toBe(400);
    expect((await system.api.request('/waitlist/unsubscribe', { method: 'POST', body: { token } })).status).toBe(200);
    expect((await rowsFor(email))[0]?.status).toBe('unsubscribed');
    expect(
      (await system.api.request('/waitlist/unsubscribe', { method: 'POST', body: { token: 'C'.repeat(43) } })).status,
    ).toBe(404);
  });

  it('GET never changes anything: it redirects to the page that asks', async () => {
    const email = uniqueEmail('getunsub');
    await signUpAndGetToken(email);
    const token = unsubscribeTokenOf(email);
    const answer = await system.api.request(`/waitlist/unsubscribe?token=${token}`);
    expect(answer.status).toBe(303);
    expect(answer.headers['location']).toBe(`/unsubscribe?token=${token}`);
    expect((await rowsFor(email))[0]?.status).toBe('pending');
  });
});
