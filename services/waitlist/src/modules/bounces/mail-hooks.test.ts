import { sampleValue } from '@mmdm/tests/support';
import { execFileSync } from 'node:child_process';
import { createSign, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  readSoftBounces,
  readSuppression,
  staffViewOf,
  startApi,
  uniqueEmail,
  useWaitlistApi,
  type ApiHarness,
} from '../../testing/waitlist-harness.js';
import { canonicalString } from './sns-signature.js';

const KEY = 'test-suppression-key-hooks-012345';
const TOPIC = 'arn:aws:sns:eu-west-1:123456789012:ses-notifications';
const CERT_URL = 'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-0123456789abcdef.pem';
const POSTMARK = { user: 'postmark', password: 'a-long-webhook-password-0123' };
/** The test's own signing key and certificate, standing in for SNS's. */
let signingKey: string;
let certificate: string;
/** Every URL the service fetched "from AWS". */
const fetched: string[] = [];
/** Certificate names (`SimpleNotificationService-ee…`) whose fetch hangs until the test lets them go (a slow host). */
let releaseSlow: () => void = () => undefined;
let slow = new Promise<void>((resolve) => (releaseSlow = resolve));

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mmdm-sns-'));
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=sns.amazonaws.com',
    '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
  ], { stdio: 'ignore' }); // prettier-ignore
  signingKey = readFileSync(join(dir, 'key.pem'), 'utf8');
  certificate = readFileSync(join(dir, 'cert.pem'), 'utf8');
  rmSync(dir, { recursive: true, force: true });
});
const system = useWaitlistApi({
  env: {
    SUPPRESSION_KEY: KEY,
    SES_SNS_TOPIC_ARNS: `arn:aws:sns:us-east-1:123456789012:other, ${TOPIC}`,
    POSTMARK_WEBHOOK_USER: POSTMARK.user,
    POSTMARK_WEBHOOK_PASSWORD: POSTMARK.password,
  },
  async fetchAws(url) {
    fetched.push(url.href);
    if (url.href === CERT_URL) return certificate;
    if (url.pathname.startsWith('/SimpleNotificationService-ee')) await slow;
    if (url.pathname === '/' && url.searchParams.get('Action') === 'ConfirmSubscription')
      return '<ConfirmSubscriptionResponse/>';
    throw new Error(`404 ${url.href}`);
  },
});

type Sns = Record<string, string>;

/** An SNS message signed as SNS signs it (version 1: SHA1, version 2: SHA256) with the test's key. */
function signed(fields: Sns, version: '1' | '2' = '2'): Sns {
  const message = {
    MessageId: randomUUID(),
    TopicArn: TOPIC,
    Timestamp: new Date().toISOString(),
    SignatureVersion: version,
    SigningCertURL: CERT_URL,
    ...fields,
  } as Sns;
  const signer = createSign(version === '1' ? 'RSA-SHA1' : 'RSA-SHA256');
  signer.update(canonicalString(message as never));
  return { ...message, Signature: signer.sign(signingKey, 'base64') };
}

const sesBounce = (email: string, bounceType: 'Permanent' | 'Transient') =>
  JSON.stringify({
    notificationType: 'Bounce',
    bounce: {
      bounceType,
      bounceSubType: bounceType === 'Permanent' ? 'General' : 'MailboxFull',
      bouncedRecipients: [{ emailAddress: email, status: bounceType === 'Permanent' ? '5.1.1' : '4.2.2' }],
    },
    mail: { messageId: randomUUID(), destination: [email] },
  });
const sesComplaint = (email: string) =>
  JSON.stringify({
    notificationType: 'Complaint',
    complaint: { complainedRecipients: [{ emailAddress: email }], complaintFeedbackType: 'abuse' },
    mail: { messageId: randomUUID(), destination: [email] },
  });

/** As SNS delivers: the JSON as text/plain, with its message-type header. */
const postSns = (message: Sns, target: ApiHarness = system.api) =>
  target.request('/waitlist/hooks/ses', {
    method: 'POST',
    body: JSON.stringify(message),
    headers: { 'content-type': 'text/plain; charset=UTF-8', 'x-amz-sns-message-type': message.Type ?? '' },
  });

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const postPostmark = (body: unknown, authorization?: string, target: ApiHarness = system.api) =>
  target.request('/waitlist/hooks/postmark', { method: 'POST', body, headers: authorization ? { authorization } : {} });

const suppressionOf = (email: string) => readSuppression(system.context.pool, KEY, email);

const softBouncesOf = (email: string) => readSoftBounces(system.context.pool, KEY, email);

/** Signs up and answers the staff's view of the entry, re-read on each call. */
async function signUp(email: string) {
  await system.api.request('/waitlist', { method: 'POST', body: { email } });
  return async () => (await staffViewOf(system, email))!;
}

describe('the SES webhook (SNS)', () => {
  it('confirms the subscription by fetching its SubscribeURL, only on an SNS host', async () => {
    const subscribeUrl = `https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription&TopicArn=${TOPIC}&Token=abc`;
    const confirm = await postSns(
      signed({
        Type: 'SubscriptionConfirmation',
        Message: 'You have chosen to subscribe.',
        Token: 'abc',
        SubscribeURL: subscribeUrl,
      }),
    );
    expect(confirm.status).toBe(200);
    expect(fetched).toContain(subscribeUrl);

    const elsewhere = 'https://attacker.example/?Action=ConfirmSubscription';
    const refused = await postSns(
      signed({ Type: 'SubscriptionConfirmation', Message: 'Subscribe', Token: 'abc', SubscribeURL: elsewhere }),
    );
    expect(refused.status).toBe(403);
    expect(fetched).not.toContain(elsewhere);
  });

  it('a Permanent bounce (signature version 1) and a Complaint (version 2) suppress the addresses: never mailed again', async () => {
    const bounced = uniqueEmail('ses-hard');
    const complained = uniqueEmail('ses-complaint');
    const bouncedEntry = await signUp(bounced);
    const complainedEntry = await signUp(complained);

    const bounce = await postSns(signed({ Type: 'Notification', Message: sesBounce(bounced, 'Permanent') }, '1'));
    expect(bounce.status).toBe(200);
    const complaint = await postSns(
      signed({
        Type: 'Notification',
        Subject: 'Amazon SES Email Event Notification',
        Message: sesComplaint(complained),
      }),
    );
    expect(complaint.status).toBe(200);

    expect(await suppressionOf(bounced)).toMatchObject({
      reason: 'hard_bounce',
      source: 'ses Permanent/General 5.1.1',
    });
    expect(await suppressionOf(complained)).toMatchObject({ reason: 'complaint', source: 'ses abuse' });
    expect((await bouncedEntry()).suppressed).toBe('hard_bounce');
    expect((await complainedEntry()).suppressed).toBe('complaint');
    const resend = await system.api.request(`/api/admin/waitlist/entries/${(await complainedEntry()).id}/resend`, {
      method: 'POST',
      token: await system.staff.sign('admin'),
    });
    expect(resend.status).toBe(409);
    expect(resend.body.code).toBe('suppressed');

    const metrics = (await system.api.request('/metrics')).text;
    expect(sampleValue(metrics, 'mmdm_mail_bounces_total', { kind: 'hard', feed: 'ses' })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(metrics, 'mmdm_mail_complaints_total', { feed: 'ses' })).toBeGreaterThanOrEqual(1);
  });

  it('a Transient bounce is one soft bounce, and SNS re-sending the same message does not make it two', async () => {
    const email = uniqueEmail('ses-soft');
    const message = signed({ Type: 'Notification', Message: sesBounce(email, 'Transient') });
    expect((await postSns(message)).status).toBe(200);
    expect((await postSns(message)).status).toBe(200);
    expect(await softBouncesOf(email)).toBe(1);
    expect(await suppressionOf(email)).toBeUndefined();
  });

  it('refuses anything unsigned, tampered with, signed by a certificate off SNS, or from another topic; nothing changes', async () => {
    const email = uniqueEmail('ses-forged');
    const genuine = signed({ Type: 'Notification', Message: sesComplaint(email) });
    const { Signature: _signature, ...unsigned } = genuine;

    const answers = [
      await postSns(unsigned as Sns),
      await postSns({ ...genuine, Message: sesComplaint(uniqueEmail('someone-else')) }),
      await postSns({ ...genuine, SignatureVersion: genuine.SignatureVersion === '1' ? '2' : '1' }),
      await postSns(
        signed({
          Type: 'Notification',
          Message: sesComplaint(email),
          SigningCertURL: 'https://sns.eu-west-1.amazonaws.com.attacker.example/cert.pem',
        }),
      ),
      await postSns(
        signed({
          Type: 'Notification',
          Message: sesComplaint(email),
          SigningCertURL: CERT_URL.replace('https:', 'http:'),
        }),
      ),
      await postSns(
        signed({
          Type: 'Notification',
          Message: sesComplaint(email),
          TopicArn: 'arn:aws:sns:eu-west-1:999999999999:theirs',
        }),
      ),
    ];
    expect(answers.map((answer) => [answer.status, answer.body.code])).toEqual([
      [401, 'signature_missing'],
      [403, 'signature_invalid'],
      [403, 'signature_invalid'],
      [403, 'signature_invalid'],
      [403, 'signature_invalid'],
      [403, 'topic_not_allowed'],
    ]);
    expect(fetched.filter((url) => url !== CERT_URL && !url.includes('ConfirmSubscription'))).toEqual([]);
    expect(await suppressionOf(email)).toBeUndefined();
  });
});

describe('the Postmark webhook', () => {
  it('refuses calls without the webhook credentials or with wrong ones; nothing changes', async () => {
    const email = uniqueEmail('pm-forged');
    const bounce = { RecordType: 'Bounce', ID: 1, Type: 'HardBounce', TypeCode: 1, Email: email };
    const none = await postPostmark(bounce);
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Basic /);
    expect((await postPostmark(bounce, basic(POSTMARK.user, 'wrong-password-0123456789'))).status).toBe(401);
    expect((await postPostmark(bounce, basic('someone', POSTMARK.password))).status).toBe(401);
    expect((await postPostmark(bounce, `Bearer ${POSTMARK.password}`)).status).toBe(401);
    expect(await suppressionOf(email)).toBeUndefined();
  });

  it('a HardBounce and a SpamComplaint suppress the addresses; a retried call counts once', async () => {
    const bounced = uniqueEmail('pm-hard');
    const complained = uniqueEmail('pm-spam');
    const soft = uniqueEmail('pm-soft');
    const bouncedEntry = await signUp(bounced);
    const auth = basic(POSTMARK.user, POSTMARK.password);

    const answers = [
      await postPostmark(
        { RecordType: 'Bounce', ID: 42, Type: 'HardBounce', TypeCode: 1, Email: bounced, MessageID: randomUUID() },
        auth,
      ),
      await postPostmark(
        { RecordType: 'SpamComplaint', ID: 43, Type: 'SpamComplaint', TypeCode: 512, Email: complained },
        auth,
      ),
      await postPostmark({ RecordType: 'Bounce', ID: 44, Type: 'SoftBounce', TypeCode: 4096, Email: soft }, auth),
      await postPostmark({ RecordType: 'Bounce', ID: 44, Type: 'SoftBounce', TypeCode: 4096, Email: soft }, auth),
      await postPostmark({ RecordType: 'Delivery', MessageID: randomUUID(), Email: soft }, auth),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await suppressionOf(bounced)).toMatchObject({ reason: 'hard_bounce', source: 'postmark HardBounce' });
    expect(await suppressionOf(complained)).toMatchObject({ reason: 'complaint' });
    expect(await softBouncesOf(soft)).toBe(1);
    expect((await bouncedEntry()).suppressed).toBe('hard_bounce');
  });

  it('with POSTMARK_WEBHOOK_IPS, refuses the right credentials from another address', async () => {
    const narrow = await startApi(system.context, {
      env: {
        SUPPRESSION_KEY: KEY,
        POSTMARK_WEBHOOK_USER: POSTMARK.user,
        POSTMARK_WEBHOOK_PASSWORD: POSTMARK.password,
        POSTMARK_WEBHOOK_IPS: '203.0.113.7, 50.31.156.6',
      },
    });
    try {
      const email = uniqueEmail('pm-ip');
      const answer = await postPostmark(
        { RecordType: 'Bounce', ID: 7, Type: 'HardBounce', Email: email },
        basic(POSTMARK.user, POSTMARK.password),
        narrow,
      );
      expect(answer.status).toBe(403);
      expect(await suppressionOf(email)).toBeUndefined();
    } finally {
      await narrow.close();
    }
  });
});

describe('webhooks not configured', () => {
  it('answer 404, as any unknown path', async () => {
    const plain = await startApi(system.context, { env: { SUPPRESSION_KEY: KEY } });
    try {
      expect(
        (
          await plain.request('/waitlist/hooks/ses', {
            method: 'POST',
            body: '{}',
            headers: { 'content-type': 'text/plain' },
          })
        ).status,
      ).toBe(404);
      expect((await plain.request('/waitlist/hooks/postmark', { method: 'POST', body: {} })).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('the SES webhook fetches only SNS certificates, and not too often', () => {
  const certUrl = (hex: string) => `https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-${hex}.pem`;
  const complaintFrom = (url: string) =>
    signed({ Type: 'Notification', Message: sesComplaint(uniqueEmail('cert')), SigningCertURL: url });

  it('refuses a certificate URL on the SNS host but not where SNS publishes certificates, fetching nothing', async () => {
    const before = fetched.length;
    const urls = [
      'https://sns.eu-west-1.amazonaws.com/anything.pem',
      'https://sns.eu-west-1.amazonaws.com/',
      'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-xyz.pem',
      'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-abc.pem?Action=ConfirmSubscription',
      'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-abc.pem#x',
      'https://sns.eu-west-1.amazonaws.com/a/SimpleNotificationService-abc.pem',
      'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-abc.pem.evil',
    ];
    for (const url of urls) {
      const answer = await postSns(complaintFrom(url));
      expect([url, answer.status, answer.body.code]).toEqual([url, 403, 'signature_invalid']);
    }
    expect(fetched.slice(before)).toEqual([]);
  });

  it('remembers a certificate that failed to load: messages naming it meanwhile answer 503 without fetching again', async () => {
    const missing = certUrl('0badc0ffee');
    const before = fetched.length;
    for (let i = 0; i < 5; i++) expect((await postSns(complaintFrom(missing))).status).toBe(503);
    expect(fetched.slice(before)).toEqual([missing]);
    // The genuine certificate is unaffected.
    expect((await postSns(signed({ Type: 'Notification', Message: sesComplaint(uniqueEmail('ok')) }))).status).toBe(
      200,
    );
  });

  it('fetches at most 4 certificates at once; messages past that answer 503 at once', async () => {
    const before = fetched.length;
    const answered: number[] = [];
    const pending = Array.from({ length: 8 }, (_, i) =>
      postSns(complaintFrom(certUrl(`ee${i}`))).then((answer) => answered.push(answer.status)),
    );
    // Whichever 4 arrive last answer while the first 4 still wait on the slow host.
    await vi.waitFor(() => expect(answered).toHaveLength(4), { timeout: 10_000 });
    expect(answered).toEqual([503, 503, 503, 503]);
    expect(fetched.slice(before)).toHaveLength(4);
    releaseSlow();
    slow = Promise.resolve();
    await Promise.all(pending);
    expect(answered).toEqual(Array(8).fill(503));
  });
});
