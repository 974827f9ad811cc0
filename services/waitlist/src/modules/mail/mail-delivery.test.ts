import { createLogger } from '@mmdm/shared/logger';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmtpSink } from '@mmdm/tests/support';
import {
  confirmTokenIn,
  createTestContext,
  startApi,
  startSink,
  startWorker,
  TEST_ADMIN_ADDRESSES,
  uniqueEmail,
  type ApiHarness,
  type TestContext,
  type WorkerHarness,
} from '../../testing/waitlist-harness.js';
import { buildEntry, buildToken } from '../../testing/waitlist-factories.js';
import { dkimResults, haveSpamassassin, spamScore } from '../../testing/mail-judges.js';
import { queueAdminAlert } from './admin-alert-mail.js';
import { dkimTxtRecord } from './dkim.js';
import { createMailSender } from './mail-transport.js';
import { linkProblems, remoteImages, wordsOf } from './templates/mail-checks.js';
import { renderMail, type MailSite } from './templates/mail-templates.js';

const DOMAIN = 'meetmatchdatemarry.com';
const SELECTOR = 'mmdm2026';
const POSTAL = 'Rua das Flores 12, 1200-195 Lisboa, Portugal';

let context: TestContext;
let sink: SmtpSink;
let api: ApiHarness;
let worker: WorkerHarness;
let keyFile: string;
let publicRecord: string;

const verify = (raw: string) => dkimResults(raw, { domain: DOMAIN, selector: SELECTOR, txtRecord: publicRecord });

beforeAll(async () => {
  context = await createTestContext();
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  keyFile = join(await mkdtemp(join(tmpdir(), 'wl-dkim-')), 'dkim.pem');
  await writeFile(keyFile, pem, { mode: 0o600 });
  publicRecord = dkimTxtRecord(pem);
  sink = await startSink();
  api = await startApi(context);
  worker = await startWorker(context, {
    smtpUrl: sink.url,
    env: {
      DKIM_DOMAIN: DOMAIN,
      DKIM_SELECTOR: SELECTOR,
      DKIM_PRIVATE_KEY_FILE: keyFile,
      MAIL_POSTAL_ADDRESS: POSTAL,
    },
  });
});
afterAll(async () => {
  await worker?.close();
  await api?.close();
  await sink?.close();
  await context?.close();
});

/** A confirmation mail as the sink received it from the worker. */
async function confirmationFor(label: string) {
  // A long address makes long To and List-Unsubscribe lines, which nodemailer folds.
  const email = uniqueEmail(`${label}-with-a-rather-long-local-part-to-fold-it`);
  expect((await api.request('/waitlist', { method: 'POST', body: { email } })).status).toBe(200);
  await sink.waitFor(() => sink.to(email).length === 1);
  return sink.to(email)[0]!;
}

describe('a signed, well-formed mail', () => {
  it('carries a DKIM signature that mailauth verifies against the published key, over the headers RFC 8058 asks for', async () => {
    const mail = await confirmationFor('dkim');
    const [result] = await verify(mail.raw);
    expect(result?.status.result).toBe('pass');
    expect(result?.signingDomain).toBe(DOMAIN);
    expect(result?.selector).toBe(SELECTOR);
    const unfolded = mail.raw.replace(/\r?\n[ \t]+/g, ' ');
    const signed = (/^DKIM-Signature:.*?\bh=([^;]+);/m.exec(unfolded)?.[1] ?? '').toLowerCase().split(/\s*:\s*/);
    for (const header of ['from', 'to', 'subject', 'date', 'message-id', 'list-unsubscribe', 'list-unsubscribe-post'])
      expect(signed).toContain(header);
    // The check means something: a changed subject fails it.
    const tampered = mail.raw.replace(/^Subject: .*$/m, 'Subject: Win a prize');
    expect((await verify(tampered))[0]?.status.result).toBe('fail');
  });

  it('has a Message-ID on the sender domain, a text part saying what the HTML says, honest links and no remote image', async () => {
    const mail = await confirmationFor('form');
    expect(mail.parsed.messageId).toMatch(new RegExp(`^<[^@>]+@${DOMAIN.replace(/\./g, '\\.')}>$`));
    const html = String(mail.parsed.html);
    const text = mail.parsed.text ?? '';
    const htmlWords = wordsOf(html, 'html');
    const textWords = wordsOf(text, 'text');
    expect([...htmlWords].filter((word) => !textWords.has(word))).toEqual([]);
    expect([...textWords].filter((word) => !htmlWords.has(word))).toEqual([]);
    expect(linkProblems(html)).toEqual([]);
    expect(remoteImages(html)).toEqual([]);
    expect(text).toContain(POSTAL);
    expect(text).toContain('http://mmdm.test/your-data');
  });
});

describe.skipIf(!haveSpamassassin)('SpamAssassin (local rules) scores every mail as received at most 1.0', () => {
  const site: MailSite = {
    publicUrl: 'http://mmdm.test',
    supportEmail: 'support@meetmatchdatemarry.com',
    postalAddress: POSTAL,
  };

  /** Welcome and invitation go through the worker's own sender, signed, to the sink. */
  async function sendThroughWorkerSender(email: string, mail: Awaited<ReturnType<typeof renderMail>>) {
    const sender = createMailSender({
      smtpUrl: sink.url,
      dir: '.',
      from: 'Meet Match Date Marry <hello@meetmatchdatemarry.com>',
      replyTo: 'support@meetmatchdatemarry.com',
      poolSize: 1,
      dkim: { domain: DOMAIN, selector: SELECTOR, privateKeyFile: keyFile },
      logger: createLogger({ name: 'test', level: 'silent' }),
    });
    try {
      await sender.send({
        to: email,
        ...mail,
        headers: {
          'List-Unsubscribe':
            '<http://mmdm.test/waitlist/unsubscribe?token=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ>',
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
        reference: 'test',
        devLink: '',
      });
    } finally {
      sender.close();
    }
    await sink.waitFor(() => sink.to(email).length === 1);
    return sink.to(email)[0]!;
  }

  it('confirmation', { timeout: 90_000 }, async () => {
    const mail = await confirmationFor('spam');
    const { score, tests } = await spamScore(mail.raw);
    expect(score, tests).toBeLessThanOrEqual(1.0);
  });

  it('welcome', { timeout: 90_000 }, async () => {
    const email = uniqueEmail('spam-welcome');
    const rendered = await renderMail(
      'welcome',
      {
        email,
        place: 1234,
        referralCode: 'ANA7K2Q9',
        shareUrl: 'http://mmdm.test/waitlist?ref=ANA7K2Q9',
        statusUrl: 'http://mmdm.test/confirm?token=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ',
        unsubscribeUrl: 'http://mmdm.test/unsubscribe?token=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ',
      },
      site,
    );
    const mail = await sendThroughWorkerSender(email, rendered);
    expect((await verify(mail.raw))[0]?.status.result).toBe('pass');
    const { score, tests } = await spamScore(mail.raw);
    expect(score, tests).toBeLessThanOrEqual(1.0);
  });

  it(
    'friend joined (through the API and the worker when a friend confirms: signed, one mail for credits within the hour)',
    { timeout: 90_000 },
    async () => {
      const confirm = async (email: string, referralSource: string | null = null) => {
        const entry = await buildEntry(context.pool, { email, referralSource });
        const token = await buildToken(context.pool, entry.id);
        const answer = await api.request('/waitlist/confirm', { method: 'POST', body: { token: token.raw } });
        expect(answer.status).toBe(200);
        return { id: entry.id, token: token.raw, ...(answer.body.data as { referralCode: string }) };
      };
      const referrer = uniqueEmail('spam-referrer');
      const { id, token, referralCode } = await confirm(referrer);
      await confirm(uniqueEmail('friend-one'), referralCode);
      const friendJoined = () =>
        sink.to(referrer).find((mail) => /^A friend joined with your link/.test(mail.parsed.subject ?? ''));
      await sink.waitFor(() => friendJoined() !== undefined);
      const mail = friendJoined()!;
      const status = await api.request(`/waitlist/status?token=${token}`);
      const { position } = status.body.data as { position: number };
      expect(mail.parsed.subject).toBe(`A friend joined with your link: you are now number ${position}`);
      expect(mail.parsed.text).toMatch(/you moved up/);
      expect((await verify(mail.raw))[0]?.status.result).toBe('pass');
      const { score, tests } = await spamScore(mail.raw);
      expect(score, tests).toBeLessThanOrEqual(1.0);

      // A second friend within the hour moves the referrer too, but queues no second mail.
      await confirm(uniqueEmail('friend-two'), referralCode);
      const queued = await context.pool.query(
        `select count(*)::int as n from waitlist.outbox where entry_id = $1 and kind = 'friend_joined'`,
        [id],
      );
      expect(queued.rows[0]).toEqual({ n: 1 });
    },
  );

  it('invitation', { timeout: 90_000 }, async () => {
    const email = uniqueEmail('spam-invitation');
    const rendered = await renderMail(
      'invitation',
      {
        email,
        city: 'Lisbon',
        inviteUrl: 'http://mmdm.test/invite?token=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ',
        unsubscribeUrl: 'http://mmdm.test/unsubscribe?token=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ',
      },
      site,
    );
    const mail = await sendThroughWorkerSender(email, rendered);
    const { score, tests } = await spamScore(mail.raw);
    expect(score, tests).toBeLessThanOrEqual(1.0);
  });

  it(
    "contact (a visitor's message to the support desk, through the API and the worker: signed, Reply-To the visitor)",
    {
      timeout: 90_000,
    },
    async () => {
      const visitor = uniqueEmail('spam-contact');
      const sent = await api.request('/waitlist/contact', {
        method: 'POST',
        body: {
          name: 'Ana Silva',
          email: visitor,
          message:
            'Hello! I joined the waitlist last week.\n\nWill the app open in Porto at launch, or only in Lisbon? Thank you.',
        },
      });
      expect(sent.status).toBe(200);
      const fromVisitor = () =>
        sink.to('support@meetmatchdatemarry.com').find((mail) => mail.parsed.replyTo?.value[0]?.address === visitor);
      await sink.waitFor(() => fromVisitor() !== undefined);
      const mail = fromVisitor()!;
      const [dkim] = await verify(mail.raw);
      expect(dkim?.status.result).toBe('pass');
      // The Reply-To is under the signature: nobody on the way can point the answer elsewhere.
      const unfolded = mail.raw.replace(/\r?\n[ \t]+/g, ' ');
      const signed = (/^DKIM-Signature:.*?\bh=([^;]+);/m.exec(unfolded)?.[1] ?? '').toLowerCase().split(/\s*:\s*/);
      expect(signed).toContain('reply-to');
      const { score, tests } = await spamScore(mail.raw);
      expect(score, tests).toBeLessThanOrEqual(1.0);
    },
  );

  it(
    'place link (a confirmed address signing up again, through the API and the worker: signed)',
    { timeout: 90_000 },
    async () => {
      const email = uniqueEmail('spam-place-link');
      await api.request('/waitlist', { method: 'POST', body: { email } });
      await sink.waitFor(() => sink.to(email).length === 1);
      const token = confirmTokenIn(sink.to(email)[0]!.parsed.text ?? '');
      expect((await api.request('/waitlist/confirm', { method: 'POST', body: { token } })).status).toBe(200);
      await api.request('/waitlist', { method: 'POST', body: { email } });
      const placeLink = () => sink.to(email).find((mail) => /place link again/.test(mail.parsed.text ?? ''));
      await sink.waitFor(() => placeLink() !== undefined);
      const mail = placeLink()!;
      expect((await verify(mail.raw))[0]?.status.result).toBe('pass');
      const { score, tests } = await spamScore(mail.raw);
      expect(score, tests).toBeLessThanOrEqual(1.0);
    },
  );

  it(
    'admin alert (a city waiting for its opening click, through the outbox and the worker to each admin: signed)',
    { timeout: 90_000 },
    async () => {
      const subject = `Lisbon ${uniqueEmail('spam-alert').slice(0, 12)} reached its opening threshold`;
      await queueAdminAlert(context.pool, {
        topic: 'city.awaiting_approval',
        subject,
        paragraphs: [
          'Lisbon has 2,000 people in line, its opening threshold of 2,000. It opens when an admin says so, on the ' +
            "staff panel's dashboard.",
          'Opening it sends its first wave: 500 invitations to the best places in Lisbon.',
        ],
        actionPath: '/admin',
        actionLabel: 'Open the dashboard',
      });
      const alerts = () => sink.messages.filter((mail) => mail.parsed.subject === subject);
      await sink.waitFor(() => alerts().length === TEST_ADMIN_ADDRESSES.length);
      expect(
        alerts()
          .flatMap((mail) => mail.envelope.to)
          .sort(),
      ).toEqual([...TEST_ADMIN_ADDRESSES].sort());
      const mail = alerts()[0]!;
      expect((await verify(mail.raw))[0]?.status.result).toBe('pass');
      const { score, tests } = await spamScore(mail.raw);
      expect(score, tests).toBeLessThanOrEqual(1.0);
    },
  );

  it('data access', { timeout: 90_000 }, async () => {
    const email = uniqueEmail('spam-data');
    const rendered = await renderMail(
      'data-access',
      {
        email,
        dataUrl: 'http://mmdm.test/your-data?token=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ',
        unsubscribeUrl: 'http://mmdm.test/unsubscribe?token=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ',
      },
      site,
    );
    const mail = await sendThroughWorkerSender(email, rendered);
    const { score, tests } = await spamScore(mail.raw);
    expect(score, tests).toBeLessThanOrEqual(1.0);
  });
});
