import { randomUUID } from 'node:crypto';

/** Bounce and complaint reports as receiving mail servers write them, for the bounce mailbox tests. */

const CRLF = '\r\n';

export interface DsnRecipient {
  email: string;
  action: 'failed' | 'delayed' | 'delivered';
  status: string;
}

/** A delivery status notification (RFC 3464): multipart/report; report-type=delivery-status, Postfix-style. */
export function deliveryStatusNotification(recipients: DsnRecipient[], messageId = `<${randomUUID()}@mx.example.net>`) {
  const boundary = `dsn-${randomUUID()}`;
  const groups = recipients.map((recipient) =>
    [
      `Final-Recipient: rfc822; ${recipient.email}`,
      `Original-Recipient: rfc822;${recipient.email}`,
      `Action: ${recipient.action}`,
      `Status: ${recipient.status}`,
      // A folded field, as Postfix writes long diagnostics.
      `Diagnostic-Code: smtp; ${recipient.status.startsWith('5') ? '550' : '452'} ${recipient.status} <${recipient.email}>:`,
      ' Recipient address rejected',
    ].join(CRLF),
  );
  return [
    'From: MAILER-DAEMON@mx.example.net (Mail Delivery System)',
    'To: bounces@mmdm.test',
    'Subject: Undelivered Mail Returned to Sender',
    `Message-ID: ${messageId}`,
    'Date: Wed, 25 Nov 2026 08:00:00 +0000',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is the mail system at host mx.example.net. Your message could not be delivered.',
    '',
    `--${boundary}`,
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.net',
    'Arrival-Date: Wed, 25 Nov 2026 07:59:00 +0000',
    '',
    groups.join(CRLF + CRLF),
    '',
    `--${boundary}`,
    'Content-Type: text/rfc822-headers',
    '',
    'From: Meet Match Date Marry <hello@mmdm.test>',
    `To: ${recipients[0]?.email ?? ''}`,
    'Subject: Confirm your place on the waitlist',
    '',
    `--${boundary}--`,
    '',
  ].join(CRLF);
}

/**
 * An abuse feedback report (RFC 5965 ARF). `withRcptTo: false` leaves out Original-Rcpt-To, as providers that redact
 * do; the original message is then an attachment whose To names the person.
 */
export function feedbackReport(email: string, options: { withRcptTo?: boolean; type?: string } = {}) {
  const boundary = `arf-${randomUUID()}`;
  return [
    'From: Feedback Loop <fbl@isp.example>',
    'To: bounces@mmdm.test',
    'Subject: Abuse report',
    `Message-ID: <${randomUUID()}@isp.example>`,
    'Date: Wed, 25 Nov 2026 08:00:00 +0000',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=feedback-report; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is an email abuse report for an email message received from IP 192.0.2.1.',
    '',
    `--${boundary}`,
    'Content-Type: message/feedback-report',
    '',
    `Feedback-Type: ${options.type ?? 'abuse'}`,
    'User-Agent: ExampleFBL/1.0',
    'Version: 1',
    'Original-Mail-From: <bounces@mmdm.test>',
    ...(options.withRcptTo === false ? [] : [`Original-Rcpt-To: <${email}>`]),
    'Arrival-Date: Wed, 25 Nov 2026 07:59:00 +0000',
    '',
    `--${boundary}`,
    'Content-Type: message/rfc822',
    'Content-Disposition: attachment',
    '',
    'From: Meet Match Date Marry <hello@mmdm.test>',
    `To: ${email}`,
    'Subject: Confirm your place on the waitlist',
    '',
    'Hello',
    `--${boundary}--`,
    '',
  ].join(CRLF);
}
