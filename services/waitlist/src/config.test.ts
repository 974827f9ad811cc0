import { ConfigError } from '@mmdm/shared/config';
import { describe, expect, it } from 'vitest';
import { loadApiConfig, loadWorkerConfig } from './config.js';

describe('waitlist config', () => {
  it('has working defaults for a machine with Postgres and Redis on localhost', () => {
    const api = loadApiConfig({});
    // Reachable only from this machine, believing only a proxy on it, unless HOST and TRUST_PROXY say otherwise.
    expect(api.http).toEqual({ port: 8082, host: '127.0.0.1', trustProxy: 'loopback' });
    expect(api.exportMaxConcurrent).toBe(2);
    // A client's first 10 sign-ups an hour are free; past them each pays a rising proof of work, up to a ceiling of 1,000.
    expect(api.signup).toEqual({ rateLimit: 1000, workAfter: 10, rateWindowSeconds: 3600, resendCooldownSeconds: 900 });
    expect(api.publicUrl).toBe('http://localhost:8080');
    const worker = loadWorkerConfig({});
    expect(worker.http).toEqual({ port: 8083, host: '127.0.0.1' });
    expect(worker.mail).toMatchObject({
      smtpUrl: undefined,
      dir: './var/mail',
      attempts: 15,
      backoffMs: 1000,
      poolSize: 5,
      concurrency: 25,
    });
    expect(worker.mail.from).toBe('Meet Match Date Marry <hello@meetmatchdatemarry.com>');
  });

  it('gives no key a default from the source: unset keys are generated and kept in Postgres (decision 025)', () => {
    expect(loadApiConfig({}).keys).toEqual({
      abuse: undefined,
      suppression: undefined,
      balance: undefined,
      webhook: undefined,
    });
    expect(loadWorkerConfig({}).keys).toEqual({ suppression: undefined, webhook: undefined });
    const given = 'a-key-the-operator-chose-0123456789';
    const balanceKey = Buffer.alloc(32, 7).toString('base64');
    expect(loadApiConfig({ ABUSE_KEY: given, SUPPRESSION_KEY: given, BALANCE_DATA_KEY: balanceKey }).keys).toEqual({
      abuse: given,
      suppression: given,
      balance: balanceKey,
      webhook: undefined,
    });
    expect(() => loadApiConfig({ BALANCE_DATA_KEY: 'too-short' })).toThrow(/BALANCE_DATA_KEY/);
    expect(loadWorkerConfig({ WEBHOOK_SECRET_KEY: balanceKey }).keys.webhook).toBe(balanceKey);
    expect(() => loadWorkerConfig({ WEBHOOK_SECRET_KEY: 'too-short' })).toThrow(/WEBHOOK_SECRET_KEY/);
  });

  it('has no postal address unless MAIL_POSTAL_ADDRESS is set (blank counts as unset): no placeholder to mail', () => {
    expect(loadWorkerConfig({}).mail.postalAddress).toBeUndefined();
    expect(loadWorkerConfig({ MAIL_POSTAL_ADDRESS: '  ' }).mail.postalAddress).toBeUndefined();
    expect(loadApiConfig({}).mailSite.postalAddress).toBeUndefined();
    expect(loadWorkerConfig({ MAIL_POSTAL_ADDRESS: ' Rua 1, Lisboa ' }).mail.postalAddress).toBe('Rua 1, Lisboa');
  });

  it('drops a trailing slash from PUBLIC_URL so links never hold "//"', () => {
    expect(loadApiConfig({ PUBLIC_URL: 'https://meetmatchdatemarry.com/' }).publicUrl).toBe(
      'https://meetmatchdatemarry.com',
    );
  });

  it('points links at the published port when only HTTP_PORT is set, and at PUBLIC_URL when that is set', () => {
    expect(loadApiConfig({ HTTP_PORT: '9090' }).publicUrl).toBe('http://localhost:9090');
    expect(loadWorkerConfig({ HTTP_PORT: '9090' }).publicUrl).toBe('http://localhost:9090');
    expect(loadWorkerConfig({ HTTP_PORT: '9090', PUBLIC_URL: 'https://example.com' }).publicUrl).toBe(
      'https://example.com',
    );
    expect(() => loadApiConfig({ PUBLIC_URL: 'ftp://example.com' })).toThrow(ConfigError);
  });

  it('names every bad variable at once', () => {
    try {
      loadWorkerConfig({ SMTP_URL: 'http://mail', MAIL_ATTEMPTS: 'many', SUPPORT_EMAIL: 'nobody' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.map((p) => p.split(':')[0]).sort()).toEqual([
        'MAIL_ATTEMPTS',
        'SMTP_URL',
        'SUPPORT_EMAIL',
      ]);
    }
  });

  it('reads the bounce feeds only when configured, and refuses half or unsafe settings', () => {
    expect(loadWorkerConfig({}).bounceMailbox).toBeUndefined();
    expect(loadApiConfig({}).hooks).toEqual({ ses: undefined, postmark: undefined });
    expect(
      loadWorkerConfig({ BOUNCE_MAILBOX_URL: 'imaps://bounces:secret@imap.example.com/INBOX' }).bounceMailbox,
    ).toEqual({ url: 'imaps://bounces:secret@imap.example.com/INBOX', pollMs: 60_000 });
    expect(() => loadWorkerConfig({ BOUNCE_MAILBOX_URL: 'https://imap.example.com/' })).toThrow(ConfigError);
    expect(() => loadWorkerConfig({ BOUNCE_MAILBOX_URL: 'imaps://imap.example.com/' })).toThrow(ConfigError);
    expect(loadApiConfig({ SES_SNS_TOPIC_ARNS: 'arn:aws:sns:eu-west-1:123456789012:ses' }).hooks.ses).toEqual({
      topicArns: ['arn:aws:sns:eu-west-1:123456789012:ses'],
    });
    expect(() => loadApiConfig({ SES_SNS_TOPIC_ARNS: 'my-topic' })).toThrow(ConfigError);
    expect(() => loadApiConfig({ POSTMARK_WEBHOOK_USER: 'postmark' })).toThrow(ConfigError);
    expect(() => loadApiConfig({ POSTMARK_WEBHOOK_USER: 'postmark', POSTMARK_WEBHOOK_PASSWORD: 'short' })).toThrow(
      ConfigError,
    );
  });
});
