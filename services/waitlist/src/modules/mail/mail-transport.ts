import type { Logger } from '@mmdm/shared/logger';
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type StreamTransport from 'nodemailer/lib/stream-transport/index.js';
import { loadDkimKey, type DkimSettings } from './dkim.js';
import { smtpUrlOptions } from './smtp-url.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  /** Id for file names and logs only. */
  reference: string;
  /** Logged in development (no SMTP) so a developer can click through without a mail catcher. */
  devLink: string;
  /**
   * When the person asked for this mail (a sign-up or their own resend): asking after the address was suppressed
   * lifts the suppression. Unset for mails nobody asked for just now (welcome, invitation): a suppression holds.
   */
  askedAt?: Date;
  /** Where a reply goes, when not to SUPPORT_EMAIL: the visitor who wrote a contact message. */
  replyTo?: { name: string; address: string };
}

export interface MailSender {
  readonly kind: 'smtp' | 'file';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface MailSenderSettings {
  smtpUrl: string | undefined;
  dir: string;
  from: string;
  replyTo: string;
  poolSize: number;
  /** SMTP time-outs; defaults fit a provider on the internet (nodemailer's own wait minutes). */
  timeouts?: SmtpTimeouts;
  /** The envelope sender (MAIL FROM, where bounces go); unset: the address of `from`. */
  returnPath?: string | undefined;
  /** Signs every mail when set (read and checked at start). */
  dkim?: DkimSettings | undefined;
  logger: Logger;
}

export interface SmtpTimeouts {
  connectionMs: number;
  greetingMs: number;
  socketMs: number;
}

const DEFAULT_TIMEOUTS: SmtpTimeouts = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 30_000 };

/**
 * The pooled SMTP transport's options: what SMTP_URL says (host, port, TLS, credentials, query options) with our pool
 * size and time-outs on top. Given `{url, ...}`, nodemailer replaces every other option by what it parses from the
 * URL, so the pool size and the time-outs were silently dropped (one connection per mail, minutes-long waits).
 */
export function smtpPoolOptions(smtpUrl: string, poolSize: number, timeouts: SmtpTimeouts): SMTPPool.Options {
  return {
    ...smtpUrlOptions(smtpUrl),
    pool: true,
    maxConnections: poolSize,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
  };
}

/** The domain of the sender's address ("Name <hello@example.com>" → "example.com"). */
export function senderDomain(from: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from.trim());
  if (!match?.[1]) throw new Error(`MAIL_FROM has no address with a domain: ${from}`);
  return match[1].toLowerCase();
}

function message(mail: OutgoingMail, from: string, replyTo: string, returnPath?: string): Mail.Options {
  return {
    from,
    ...(returnPath ? { envelope: { from: returnPath, to: mail.to } } : {}),
    // On the sender's own domain (RFC 5322 3.6.4): filters score a Message-ID from a foreign host as forged.
    messageId: `<${randomUUID()}@${senderDomain(from)}>`,
    replyTo: mail.replyTo ?? replyTo,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
  };
}

/**
 * SMTP (pooled) when SMTP_URL is set; otherwise every mail becomes an .eml file in MAIL_DIR and its link is logged:
 * development never needs a mail server, and no mail is ever dropped silently.
 */
export function createMailSender({
  smtpUrl,
  dir,
  from,
  replyTo,
  poolSize,
  timeouts = DEFAULT_TIMEOUTS,
  returnPath,
  dkim,
  logger,
}: MailSenderSettings): MailSender {
  // Given as a message default, not a transport option. nodemailer signs the finished message as it streams
  // out, after its own header folding, so the signed bytes are the sent bytes; the test verifies what the SMTP
  // server received.
  const signing: Pick<Mail.Options, 'dkim'> = dkim ? { dkim: loadDkimKey(dkim) } : {};
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpPoolOptions(smtpUrl, poolSize, timeouts), signing);
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail(message(mail, from, replyTo, returnPath));
      },
      close: () => transport.close(),
    };
  }

  const directory = resolve(dir);
  const transport = nodemailer.createTransport(
    { streamTransport: true, buffer: true, newline: 'windows' },
    signing as StreamTransport.Options,
  );
  return {
    kind: 'file',
    async send(mail) {
      const info = await transport.sendMail(message(mail, from, replyTo, returnPath));
      await mkdir(directory, { recursive: true });
      const file = resolve(directory, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.reference}.eml`);
      await writeFile(file, info.message as Buffer);
      logger.info({ file, to: mail.to, link: mail.devLink }, 'SMTP_URL is not set: mail written to a file');
    },
    close: () => transport.close(),
  };
}

/** A permanent refusal of the recipient (5xx to RCPT TO): retrying cannot help. */
export function isPermanentRecipientRejection(error: unknown): boolean {
  const smtpError = error as { responseCode?: number; command?: string; code?: string };
  return (
    typeof smtpError?.responseCode === 'number' &&
    smtpError.responseCode >= 500 &&
    smtpError.responseCode < 600 &&
    (smtpError.command === 'RCPT TO' || smtpError.code === 'EENVELOPE')
  );
}
