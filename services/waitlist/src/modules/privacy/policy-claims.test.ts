// Claims the privacy and cookie policies (web/src/app/routes/privacy-policy.tsx, cookie-policy.tsx) make about what
// the waitlist does, each tested here or in the test named in docs/security.md's "What the policies promise" list.
import { createHash } from 'node:crypto';
import { PRIVACY_POLICY_VERSION } from '@mmdm/contracts/privacy-policy';
import { describe, expect, it } from 'vitest';
import { PERSON_MAIL_TEMPLATE_NAMES, previewMailTemplate } from '../mail/mail.service.js';
import { confirmTokenIn, uniqueEmail, useWaitlistSystem } from '../../testing/waitlist-harness.js';

const system = useWaitlistSystem();

const site = { publicUrl: 'https://mmdm.test', supportEmail: 'help@mmdm.test', postalAddress: 'Rua 1, Lisboa' };

describe('what the privacy policy promises', () => {
  // Every mail to a person; the contact mail goes to our own support desk (its own test: mail-templates.test.ts).
  it.each(PERSON_MAIL_TEMPLATE_NAMES)(
    '"withdraw your consent at any time (for e-mails, with the unsubscribe link in each one)": the %s mail has one, and the "Your data" page',
    async (name) => {
      const mail = await previewMailTemplate(name, site);
      for (const part of [mail.html, mail.text]) {
        expect(part).toMatch(/https:\/\/mmdm\.test\/unsubscribe\?token=/);
        expect(part).toContain('https://mmdm.test/your-data');
      }
    },
  );

  it('"we store ... confirmation tokens only in hashed form": the links in a mail are nowhere in the database', async () => {
    const email = uniqueEmail('hashed');
    await system.api.request('/waitlist', { method: 'POST', body: { email } });
    await system.smtp.waitFor(() => system.smtp.to(email).length === 1);
    const raw = confirmTokenIn(system.smtp.to(email)[0]!.parsed.text ?? '');
    const { rows } = await system.context.pool.query<{ token_hash: Buffer }>(
      `select t.token_hash from waitlist.tokens t join waitlist.entries e on e.id = t.entry_id
        where e.email_normalized = lower($1)`,
      [email],
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.token_hash.toString('hex'))).toContain(createHash('sha256').update(raw).digest('hex'));
    const dump = await system.context.pool.query<{ text: string }>(
      `select string_agg(t::text, ' ') as text from waitlist.tokens t`,
    );
    expect(dump.rows[0]!.text).not.toContain(raw);
  });

  it('"when you signed up, confirmed or unsubscribed" and which policy you agreed to: the consent record names the policy version', async () => {
    const email = uniqueEmail('consent');
    await system.api.request('/waitlist', { method: 'POST', body: { email } });
    const { rows } = await system.context.pool.query<{ consent_at: Date; consent_policy: string }>(
      'select consent_at, consent_policy from waitlist.entries where email_normalized = lower($1)',
      [email],
    );
    expect(rows[0]).toMatchObject({
      consent_at: expect.any(Date),
      consent_policy: PRIVACY_POLICY_VERSION,
    });
  });
});
