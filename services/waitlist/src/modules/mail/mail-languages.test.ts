import { LANGUAGES } from '@mmdm/contracts/languages';
import { createLogger } from '@mmdm/shared/logger';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmtpSink } from '@mmdm/tests/support';
import { dkimResults, haveSpamassassin, spamScores } from '../../testing/mail-judges.js';
import {
  confirmTokenIn,
  createTestContext,
  startApi,
  startSink,
  startWorker,
  uniqueEmail,
  type ApiHarness,
  type TestContext,
  type WorkerHarness,
} from '../../testing/waitlist-harness.js';
import { dkimTxtRecord } from './dkim.js';
import { createMailSender } from './mail-transport.js';
import { linkProblems, wordsOf } from './templates/mail-checks.js';
import {
  PERSON_MAIL_TEMPLATE_NAMES,
  previewMailTemplate,
  type MailSite,
  type RenderedMail,
} from './templates/mail-templates.js';

const DOMAIN = 'meetmatchdatemarry.com';
const SELECTOR = 'mmdm2026';
const POSTAL = 'Rua das Flores 12, 1200-195 Lisboa, Portugal';
const site: MailSite = {
  publicUrl: 'http://mmdm.test',
  supportEmail: 'support@meetmatchdatemarry.com',
  postalAddress: POSTAL,
};
const OTHER_LANGUAGES = LANGUAGES.filter((language) => language !== 'en');

let context: TestContext;
let sink: SmtpSink;
let api: ApiHarness;
let worker: WorkerHarness;
let keyFile: string;
let txtRecord: string;

beforeAll(async () => {
  context = await createTestContext();
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  keyFile = join(await mkdtemp(join(tmpdir(), 'wl-dkim-')), 'dkim.pem');
  await writeFile(keyFile, pem, { mode: 0o600 });
  txtRecord = dkimTxtRecord(pem);
  sink = await startSink();
  api = await startApi(context);
  worker = await startWorker(context, {
    smtpUrl: sink.url,
    env: { DKIM_DOMAIN: DOMAIN, DKIM_SELECTOR: SELECTOR, DKIM_PRIVATE_KEY_FILE: keyFile, MAIL_POSTAL_ADDRESS: POSTAL },
  });
});
afterAll(async () => {
  await worker?.close();
  await api?.close();
  await sink?.close();
  await context?.close();
});

/** Sends one rendered mail as the worker does (its sender, DKIM-signed) and returns it as the sink received it. */
async function sendSigned(email: string, mail: RenderedMail) {
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
        'List-Unsubscribe': '<http://mmdm.test/waitlist/unsubscribe?token=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ>',
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

/** The words of a text in order, lower-case, without its links. */
const wordRun = (text: string) =>
  text
    .replace(/https?:\/\/\S+/g, ' ')
    .toLowerCase()
    .match(/[\p{L}\p{N}@.'’-]+/gu) ?? [];

/** What a mail names rather than says: the app, the sample's address and city, the stores, the footer's addresses. */
const NAMES = new Set(
  wordRun(`Meet Match Date Marry ana@example.com Lisbon App Store Google Play ${site.supportEmail} ${POSTAL}`),
);

/**
 * Every run of three words with at most one name in it: a sentence left in English shares some with the English
 * mail, while "in Lisbon" or "Meet Match Date Marry" is the same in every language.
 */
function phrasesOf(text: string): Set<string> {
  const words = wordRun(text);
  const phrases = new Set<string>();
  for (let i = 0; i + 3 <= words.length; i++) {
    const run = words.slice(i, i + 3);
    if (run.filter((word) => !NAMES.has(word)).length >= 2) phrases.add(run.join(' '));
  }
  return phrases;
}

describe('every mail to a person, in every language', () => {
  it.each(PERSON_MAIL_TEMPLATE_NAMES)(
    '%s: written in each language, none of its English sentences left, the text part as the HTML, honest links',
    async (name) => {
      const english = phrasesOf((await previewMailTemplate(name, site, 'en')).text);
      for (const language of OTHER_LANGUAGES) {
        const mail = await previewMailTemplate(name, site, language);
        expect(mail.html, language).toMatch(new RegExp(`<html[^>]*\\blang="${language}"`));
        const htmlWords = wordsOf(mail.html, 'html');
        const textWords = wordsOf(mail.text, 'text');
        expect(
          [...htmlWords].filter((word) => !textWords.has(word)),
          language,
        ).toEqual([]);
        expect(linkProblems(mail.html), language).toEqual([]);
        // Every link to a page of the site opens it in the mail's language.
        const pageLinks = [...mail.text.matchAll(new RegExp(`${site.publicUrl}/[^\\s)]*`, 'g'))].map(([link]) => link);
        expect(pageLinks.length, language).toBeGreaterThan(0);
        expect(
          pageLinks.filter((link) => !link.startsWith(`${site.publicUrl}/${language}/`)),
          language,
        ).toEqual([]);
        const leftInEnglish = [...phrasesOf(`${mail.subject} ${mail.text}`)].filter((phrase) => english.has(phrase));
        expect(leftInEnglish, language).toEqual([]);
      }
    },
  );

  it.skipIf(!haveSpamassassin)(
    'each scores at most 1.0 in SpamAssassin (local rules) and carries a DKIM signature that verifies',
    { timeout: 180_000 },
    async () => {
      const sent: { to: string; raw: string; what: string }[] = [];
      for (const language of OTHER_LANGUAGES) {
        for (const name of PERSON_MAIL_TEMPLATE_NAMES) {
          const to = uniqueEmail(`sa-${language}`);
          const mail = await sendSigned(to, await previewMailTemplate(name, site, language));
          sent.push({ to, raw: mail.raw, what: `${name} in ${language}` });
        }
      }
      const verdicts = await spamScores(sent);
      for (const { to, raw, what } of sent) {
        const [dkim] = await dkimResults(raw, { domain: DOMAIN, selector: SELECTOR, txtRecord });
        expect(dkim?.status.result, what).toBe('pass');
        const verdict = verdicts.get(to);
        expect(verdict, what).toBeDefined();
        expect(verdict!.score, `${what}: ${verdict!.tests}`).toBeLessThanOrEqual(1.0);
      }
    },
  );
});

describe('the language a person signs up in', () => {
  it('writes their mails in it, and their page changes it for the next mail', { timeout: 60_000 }, async () => {
    const email = uniqueEmail('lang');
    expect((await api.request('/waitlist', { method: 'POST', body: { email, language: 'de' } })).status).toBe(200);
    await sink.waitFor(() => sink.to(email).length === 1);
    const confirmation = sink.to(email)[0]!;
    expect(confirmation.parsed.subject).toBe('Bestätige deinen Platz auf der Warteliste von Meet Match Date Marry');
    expect(confirmation.parsed.text).toContain('Meine Adresse bestätigen');
    // Its links open the German pages.
    expect(confirmation.parsed.text).toContain('http://mmdm.test/de/confirm?token=');
    expect(confirmation.parsed.text).toContain('http://mmdm.test/de/unsubscribe?token=');
    expect(confirmation.parsed.text).toContain('http://mmdm.test/de/your-data');

    const token = confirmTokenIn(confirmation.parsed.text ?? '');
    const confirmed = await api.request('/waitlist/confirm', { method: 'POST', body: { token } });
    expect(confirmed.status).toBe(200);
    expect((confirmed.body.data as { language: string }).language).toBe('de');
    await sink.waitFor(() => sink.to(email).length === 2);
    expect(sink.to(email)[1]!.parsed.subject).toMatch(/^Du bist Nummer [\d.]+ auf der Warteliste/);

    const changed = await api.request('/waitlist/language', { method: 'POST', body: { token, language: 'pt' } });
    expect(changed.status).toBe(200);
    expect((changed.body.data as { language: string }).language).toBe('pt');
    expect(((await api.request(`/waitlist/status?token=${token}`)).body.data as { language: string }).language).toBe(
      'pt',
    );

    // Signing up again with a confirmed address sends the place link again: now in Portuguese.
    expect((await api.request('/waitlist', { method: 'POST', body: { email, language: 'fr' } })).status).toBe(200);
    await sink.waitFor(() => sink.to(email).length === 3);
    const placeLink = sink.to(email)[2]!;
    expect(placeLink.parsed.subject).toBe('A sua ligação para o seu lugar na lista de espera da Meet Match Date Marry');
    expect(placeLink.parsed.html).toMatch(/<html[^>]*\blang="pt"/);
    expect(placeLink.parsed.text).toContain('http://mmdm.test/pt/confirm?token=');
    expect(placeLink.parsed.text).toContain('http://mmdm.test/pt/waitlist?ref=');
  });

  it('is English when the sign-up names none, and a language outside the five is refused with nothing written', async () => {
    const email = uniqueEmail('lang-en');
    expect((await api.request('/waitlist', { method: 'POST', body: { email } })).status).toBe(200);
    await sink.waitFor(() => sink.to(email).length === 1);
    expect(sink.to(email)[0]!.parsed.subject).toBe('Confirm your place on the Meet Match Date Marry waitlist');
    // English pages have no prefix.
    expect(sink.to(email)[0]!.parsed.text).toContain('http://mmdm.test/confirm?token=');

    const refused = uniqueEmail('lang-xx');
    const answer = await api.request('/waitlist', { method: 'POST', body: { email: refused, language: 'xx' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, code: 'validation_error' });
    const { rows } = await context.pool.query('select 1 from waitlist.entries where email = $1', [refused]);
    expect(rows).toEqual([]);
  });

  it('cannot be changed without a valid link, nor to a language outside the five', async () => {
    const unknown = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
    const noEntry = await api.request('/waitlist/language', {
      method: 'POST',
      body: { token: unknown, language: 'es' },
    });
    expect(noEntry.status).toBe(404);
    const wrong = await api.request('/waitlist/language', { method: 'POST', body: { token: unknown, language: 'it' } });
    expect(wrong.status).toBe(400);
  });
});
