import { simpleParser, type Attachment, type HeaderValue } from 'mailparser';
import { createHash } from 'node:crypto';
import type { BounceReport } from './bounce-report.js';

export interface ParsedReportMessage {
  /** The message's own id (Message-ID, else a hash of its bytes): what makes a report apply once. */
  id: string;
  /** `delivery-status` (RFC 3464), `feedback-report` (RFC 5965), or `other` (an auto-reply, a person's mail). */
  type: 'delivery-status' | 'feedback-report' | 'other';
  reports: BounceReport[];
}

/** RFC 3464/5965 report fields: header-style lines, folded lines joined, in blank-line separated groups. */
export function fieldGroups(text: string): Map<string, string>[] {
  const unfolded = text.replace(/\r\n/g, '\n').replace(/\n[ \t]+/g, ' ');
  return unfolded
    .split(/\n\s*\n/)
    .map((block) => {
      const fields = new Map<string, string>();
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        if (colon <= 0) continue;
        const name = line.slice(0, colon).trim().toLowerCase();
        // The first occurrence wins: a report repeats no field, and a second one is not the report's.
        if (!fields.has(name)) fields.set(name, line.slice(colon + 1).trim());
      }
      return fields;
    })
    .filter((fields) => fields.size > 0);
}

/** `rfc822; Person@Example.org` or `<person@example.org>` → the address; undefined for other address types. */
function addressOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const semicolon = value.indexOf(';');
  if (semicolon >= 0) {
    if (value.slice(0, semicolon).trim().toLowerCase() !== 'rfc822') return undefined;
    value = value.slice(semicolon + 1);
  }
  const address = value
    .trim()
    .replace(/^<(.*)>$/, '$1')
    .trim();
  return address.includes('@') ? address : undefined;
}

/**
 * Per-recipient groups of a delivery status notification (RFC 3464 2.3): Action `failed` with a 5.x.x Status is a
 * permanent failure (hard); `failed` with 4.x.x (the remote MTA gave up retrying) and `delayed` are temporary (soft);
 * `delivered`, `relayed` and `expanded` are not failures.
 */
function deliveryStatusReports(text: string): BounceReport[] {
  const [, ...recipients] = fieldGroups(text);
  return recipients.flatMap((fields): BounceReport[] => {
    const email = addressOf(fields.get('final-recipient')) ?? addressOf(fields.get('original-recipient'));
    const action = fields.get('action')?.toLowerCase();
    const status = /^([245])\.\d{1,3}\.\d{1,3}/.exec(fields.get('status') ?? '');
    if (!email || !status) return [];
    if (action === 'failed' && status[1] === '5') return [{ email, kind: 'hard', detail: `dsn ${status[0]}` }];
    if ((action === 'failed' || action === 'delayed') && status[1] === '4')
      return [{ email, kind: 'soft', detail: `dsn ${action} ${status[0]}` }];
    return [];
  });
}

/** Feedback types that mean "this person does not want this mail" (RFC 5965 7.3); `not-spam` (RFC 6650) does not. */
const COMPLAINT_TYPES = new Set(['abuse', 'fraud', 'other']);

/**
 * An ARF feedback report (RFC 5965): the recipient is Original-Rcpt-To, or else the To of the original message when
 * the report carries it as an attachment. Providers that redact both leave nothing to suppress.
 */
async function feedbackReports(report: string, attachments: Attachment[]): Promise<BounceReport[]> {
  const [fields] = fieldGroups(report);
  const type = fields?.get('feedback-type')?.toLowerCase() ?? '';
  if (!COMPLAINT_TYPES.has(type)) return [];
  let email = addressOf(fields?.get('original-rcpt-to'));
  if (!email) {
    const original = attachments.find((part) => ['message/rfc822', 'text/rfc822-headers'].includes(part.contentType));
    if (original) {
      const parsed = await simpleParser(original.content);
      const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
      email = to?.value[0]?.address;
    }
  }
  return email ? [{ email, kind: 'complaint', detail: `arf ${type}` }] : [];
}

function reportTypeOf(header: HeaderValue | undefined): string | undefined {
  if (!header || typeof header !== 'object' || !('params' in header)) return undefined;
  if (String(header.value).toLowerCase() !== 'multipart/report') return undefined;
  const params = header.params as Record<string, string | undefined>;
  return params['report-type']?.toLowerCase();
}

/** Reads one message of the bounce mailbox: a DSN, a feedback report, or something else (nothing to apply). */
export async function parseReportMessage(source: Buffer): Promise<ParsedReportMessage> {
  const mail = await simpleParser(source, { keepDeliveryStatus: true, skipHtmlToText: true, skipTextToHtml: true });
  const id = mail.messageId?.slice(0, 300) ?? `sha256:${createHash('sha256').update(source).digest('hex')}`;
  const reportType = reportTypeOf(mail.headers.get('content-type'));
  const partOf = (...types: string[]) => mail.attachments.find((part) => types.includes(part.contentType));

  if (reportType === 'delivery-status') {
    const status = partOf('message/delivery-status', 'message/global-delivery-status');
    return { id, type: 'delivery-status', reports: status ? deliveryStatusReports(status.content.toString()) : [] };
  }
  if (reportType === 'feedback-report') {
    const feedback = partOf('message/feedback-report');
    return {
      id,
      type: 'feedback-report',
      reports: feedback ? await feedbackReports(feedback.content.toString(), mail.attachments) : [],
    };
  }
  return { id, type: 'other', reports: [] };
}
