// A confirmed address that signs up again: the answer says nothing new, and the address itself gets its place link.
import { describe, expect, it } from 'vitest';
import { buildSuppression } from '../../testing/waitlist-factories.js';
import { confirmTokenIn, eventually, uniqueEmail, useWaitlistSystem } from '../../testing/waitlist-harness.js';

const KEY = 'test-suppression-key-place-link-0123';
const system = useWaitlistSystem({ env: { SUPPRESSION_KEY: KEY } });

const PLACE_LINK_SUBJECT = 'Your link to your place on the Meet Match Date Marry waitlist';

const signUp = (email: string) => system.api.request('/waitlist', { method: 'POST', body: { email } });
const mailsTo = (email: string, subject: string) =>
  system.smtp.to(email).filter((mail) => mail.parsed.subject === subject);

async function placeLinkRows(email: string): Promise<number> {
  const { rows } = await system.context.pool.query<{ n: number }>(
    `select count(*)::int as n from waitlist.outbox o join waitlist.entries e on e.id = o.entry_id
      where e.email_normalized = lower($1) and o.kind = 'place_link'`,
    [email],
  );
  return rows[0]?.n ?? 0;
}

/** Signs up and confirms; returns the referral code. The welcome mail has arrived when it returns. */
async function confirmed(email: string): Promise<string> {
  expect((await signUp(email)).status).toBe(200);
  await system.smtp.waitFor(() => system.smtp.to(email).length === 1);
  const token = confirmTokenIn(system.smtp.to(email)[0]!.parsed.text ?? '');
  const answer = await system.api.request('/waitlist/confirm', { method: 'POST', body: { token } });
  expect(answer.status).toBe(200);
  await system.smtp.waitFor(() => system.smtp.to(email).length === 2);
  return answer.body.data.referralCode as string;
}

describe('signing up again with a confirmed address', () => {
  it('answers exactly as a new sign-up does and mails the address its place link, which opens its page', async () => {
    const email = uniqueEmail('relink');
    const code = await confirmed(email);

    const again = await signUp(email);
    const fresh = uniqueEmail('relink'); // as long as `email`: the same label
    const newcomer = await signUp(fresh);
    expect(again.status).toBe(newcomer.status);
    // Same bytes but for the address echoed back, which each caller typed itself.
    expect(again.text.replace(email, '<address>')).toBe(newcomer.text.replace(fresh, '<address>'));

    await system.smtp.waitFor(() => mailsTo(email, PLACE_LINK_SUBJECT).length === 1);
    const mail = mailsTo(email, PLACE_LINK_SUBJECT)[0]!;
    const text = mail.parsed.text ?? '';
    expect(text).toContain('You are on it already');
    expect(text).toContain(code);
    const token = confirmTokenIn(text);
    const page = await system.api.request(`/waitlist/confirm?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ status: 'confirmed', email, referralCode: code });
    // Reading the link confirms nothing again, and the entry keeps its code.
    expect((await system.api.request(`/waitlist/confirm?token=${token}`)).body.data.referralCode).toBe(code);
  });

  it('mails at most one place link per address per 10 minutes, however many sign-ups arrive', async () => {
    const email = uniqueEmail('relink-flood');
    await confirmed(email);
    const answers = await Promise.all(Array.from({ length: 20 }, () => signUp(email)));
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200]));
    await system.smtp.waitFor(() => mailsTo(email, PLACE_LINK_SUBJECT).length === 1);
    await signUp(email);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await placeLinkRows(email)).toBe(1);
    expect(mailsTo(email, PLACE_LINK_SUBJECT)).toHaveLength(1);

    // Ten minutes later (the time it was queued, moved back), the next sign-up mails it again.
    await system.context.pool.query(
      `update waitlist.entries set place_link_queued_at = now() - interval '601 seconds'
        where email_normalized = lower($1)`,
      [email],
    );
    await signUp(email);
    await system.smtp.waitFor(() => mailsTo(email, PLACE_LINK_SUBJECT).length === 2);
    expect(await placeLinkRows(email)).toBe(2);
  });

  it('mails nothing to a suppressed address (a complaint holds: the sign-up may be anyone’s)', async () => {
    const email = uniqueEmail('relink-suppressed');
    await confirmed(email);
    await buildSuppression(system.context.pool, { email, key: KEY, reason: 'complaint' });
    expect((await signUp(email)).status).toBe(200);
    const given = await eventually(async () => {
      const { rows } = await system.context.pool.query<{ failed: boolean; sent: boolean }>(
        `select o.failed_at is not null as failed, o.sent_at is not null as sent from waitlist.outbox o
           join waitlist.entries e on e.id = o.entry_id
          where e.email_normalized = lower($1) and o.kind = 'place_link'`,
        [email],
      );
      return rows[0]?.failed ? rows[0] : undefined;
    });
    expect(given).toEqual({ failed: true, sent: false });
    expect(mailsTo(email, PLACE_LINK_SUBJECT)).toHaveLength(0);
  });

  it('a pending address still gets a fresh confirmation link, and no place link', async () => {
    const email = uniqueEmail('relink-pending');
    await signUp(email);
    await system.smtp.waitFor(() => system.smtp.to(email).length === 1);
    await system.context.pool.query(
      `update waitlist.entries set last_mail_queued_at = now() - interval '1 day' where email_normalized = lower($1)`,
      [email],
    );
    await signUp(email);
    await system.smtp.waitFor(() => system.smtp.to(email).length === 2);
    expect(system.smtp.to(email).map((mail) => mail.parsed.subject)).toEqual([
      'Confirm your place on the Meet Match Date Marry waitlist',
      'Confirm your place on the Meet Match Date Marry waitlist',
    ]);
    expect(await placeLinkRows(email)).toBe(0);
  });
});
