import type { AuditRecord } from '@mmdm/contracts/audit';

/** What an audit row says to a person: the event in words, and an optional second line of particulars. */
export interface AuditWords {
  what: string;
  detail?: string;
}

type Details = Record<string, unknown>;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;

const entry = (id: string | null | undefined) => (id ? `entry #${id}` : 'an entry');
const message = (id: string | null | undefined) => (id ? `message #${id}` : 'a message');

/** The list's filter as a staff member chose it ("status pending, oldest first, city 3, a later page"). */
function describeFilter(details: Details): string | undefined {
  const parts: string[] = [];
  const status = text(details.status);
  if (status) parts.push(`status ${status}`);
  const q = text(details.q);
  if (q) parts.push(`matching “${q}”`);
  if (details.order === 'asc') parts.push('oldest first');
  const city = text(details.city);
  if (city) parts.push(`city #${city}`);
  if (details.laterPage === true) parts.push('a later page');
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/** Anything not put into words below is shown as short "key: value" pairs; nested values are summarised. */
export function describeDetails(details: Details | null | undefined): string | undefined {
  if (!details) return undefined;
  const pairs = Object.entries(details).map(
    ([key, value]) => `${key}: ${value !== null && typeof value === 'object' ? '…' : String(value)}`,
  );
  return pairs.length > 0 ? pairs.join(', ') : undefined;
}

const counts = (details: Details) =>
  Object.entries(details)
    .filter(([, value]) => typeof value === 'number' && value > 0)
    .map(([key, value]) => `${String(value)} ${key.replace(/_/g, ' ')}`)
    .join(', ') || undefined;

/**
 * Every event either service records, in words ("Listed entries", "Created city Lisbon"). `staffEmail` turns an
 * account id (the auth service's targets) into the address people know. Unknown actions keep their code.
 */
export function describeAuditEvent(record: AuditRecord, staffEmail: (id: string) => string | undefined): AuditWords {
  const details: Details = record.details ?? {};
  const target = record.target ?? undefined;
  const account = text(details.email) ?? (target ? (staffEmail(target) ?? 'a staff account') : 'a staff account');
  switch (record.action) {
    // The waitlist service: staff reading personal data.
    case 'entries.list':
      return { what: 'Listed entries', detail: describeFilter(details) };
    case 'entries.search':
      return { what: text(details.q) ? `Searched entries for “${text(details.q)}”` : 'Searched entries' };
    case 'entries.export':
      return { what: 'Exported entries as CSV', detail: describeFilter(details) };
    case 'messages.list':
      return { what: 'Listed contact messages' };
    case 'message.read':
      return { what: `Read ${message(target)}` };
    // The waitlist service: changes.
    case 'entry.delete':
      return { what: `Deleted ${entry(target)}` };
    case 'entry.resend':
      return { what: `Resent the confirmation e-mail of ${entry(target)}` };
    case 'entry.self_erase':
      return { what: `Erased their own ${entry(target)}`, detail: describeDetails(details) };
    case 'wave.invite': {
      const city = text(details.city);
      return {
        what: `Sent wave #${target ?? '?'}${city ? ` to city #${city}` : ' to all cities'}`,
        detail: `invited ${text(details.invited) ?? '0'} of ${text(details.requested) ?? '?'} asked for`,
      };
    }
    case 'city.create':
      return { what: `Created city ${text(details.name) ?? `#${target ?? '?'}`}` };
    case 'city.delete':
      return { what: `Deleted city ${text(details.name) ?? `#${target ?? '?'}`}` };
    case 'city.opening_set': {
      const threshold = text(details.openingThreshold);
      return {
        what: `Set the opening of city ${text(details.name) ?? `#${target ?? '?'}`}`,
        detail: `${threshold ? `opens at ${threshold} people` : 'no threshold'}, first wave ${text(details.firstWaveSize) ?? '?'}, ${details.openMode === 'auto' ? 'sent at once' : 'after approval'}`,
      };
    }
    case 'city.threshold_reached':
      return {
        what: `City ${text(details.name) ?? `#${target ?? '?'}`} reached its opening threshold`,
        detail: `${text(details.confirmed) ?? '?'} of ${text(details.threshold) ?? '?'} people${details.mode === 'approve' ? ', waiting for an admin' : ''}`,
      };
    case 'city.open':
      return {
        what: `Opened city ${text(details.name) ?? `#${target ?? '?'}`}`,
        detail: `first wave: invited ${text(details.invited) ?? '0'}`,
      };
    case 'credit.revoke':
      return {
        what: `Revoked a referral credit of ${entry(target)}`,
        detail: text(details.reason) ? `reason: ${text(details.reason)?.replace(/_/g, ' ')}` : undefined,
      };
    case 'tickets.read':
      return {
        what: 'Listed tickets for friends',
        detail: text(details.state) ? `state ${text(details.state)}` : undefined,
      };
    case 'ticket.approve':
      return {
        what: `Approved held ticket #${target ?? '?'} of ${entry(text(details.owner))}`,
        detail: text(details.rule) ? `held by: ${text(details.rule)?.replace(/_/g, ' ')}` : undefined,
      };
    case 'ticket.revoke':
      return {
        what: `Revoked ticket #${target ?? '?'} of ${entry(text(details.owner))}`,
        detail: text(details.reason) ? `reason: ${text(details.reason)}` : undefined,
      };
    case 'message.handle':
      return { what: `Marked ${message(target)} handled` };
    case 'message.reopen':
      return { what: `Reopened ${message(target)}` };
    case 'message.delete':
      return { what: `Deleted ${message(target)}` };
    case 'retention.purge':
      return { what: 'Erased data past its retention time', detail: counts(details) };
    case 'review.entry_approve':
      return { what: `Approved flagged ${entry(target)}` };
    case 'review.entry_reject':
      return { what: `Rejected flagged ${entry(target)}` };
    case 'review.credit_approve':
      return { what: `Approved the held credit of ${entry(target)}` };
    case 'review.credit_reject':
      return { what: `Rejected the held credit of ${entry(target)}` };
    case 'domain_rule.set':
      return {
        what: `${details.rule === 'allow' ? 'Allowed' : 'Refused'} e-mail domain ${target ?? ''}`.trimEnd(),
      };
    case 'domain_rule.delete':
      return { what: `Removed the rule for e-mail domain ${target ?? ''}`.trimEnd() };
    case 'mail.replay':
      return { what: 'Replayed undelivered mail', detail: describeDetails(details) };
    case 'suppression.lift':
      return { what: 'Lifted an address off the suppression list', detail: describeDetails(details) };
    case 'webhook.create':
      return {
        what: `Added webhook endpoint ${text(details.url) ?? `#${target ?? '?'}`}`,
        detail: Array.isArray(details.events) ? `events: ${details.events.map(String).join(', ')}` : undefined,
      };
    case 'webhook.rotate':
      return { what: `Rotated the secret of webhook endpoint #${target ?? '?'}` };
    case 'webhook.disable':
      return {
        what: `Disabled webhook endpoint #${target ?? '?'}`,
        detail: details.reason === 'failing' ? 'after 3 days of failed deliveries' : undefined,
      };
    case 'webhook.enable':
      return { what: `Enabled webhook endpoint #${target ?? '?'}` };
    case 'webhook.delete':
      return { what: `Deleted webhook endpoint ${text(details.url) ?? `#${target ?? '?'}`}` };
    case 'webhook.redeliver':
      return { what: `Sent message ${text(details.message) ?? '?'} to webhook endpoint #${target ?? '?'} again` };
    // The auth service.
    case 'login.succeeded':
      return { what: 'Signed in' };
    case 'login.failed':
      return { what: 'Failed to sign in', detail: describeDetails(details) };
    case 'login.password_accepted':
      return { what: 'Password accepted, second step asked' };
    case 'login.second_factor_failed':
      return { what: 'Second step of sign-in refused', detail: describeDetails(details) };
    case 'logout':
      return { what: 'Signed out' };
    case 'staff.bootstrapped':
      return { what: `Created the first admin account ${account}` };
    case 'staff.created':
      return { what: `Created staff account ${account}`, detail: text(details.role) && `role ${text(details.role)}` };
    case 'staff.updated':
      return { what: `Changed staff account ${account}` };
    case 'password.changed':
      return { what: 'Changed their password' };
    case 'mfa.totp_enrolled':
      return { what: 'Set up an authenticator app' };
    case 'mfa.totp_removed':
      return { what: 'Removed their authenticator app' };
    case 'mfa.passkey_registered':
      return { what: text(details.name) ? `Registered passkey “${text(details.name)}”` : 'Registered a passkey' };
    case 'mfa.passkey_removed':
      return { what: 'Removed a passkey' };
    case 'mfa.recovery_codes_renewed':
      return { what: 'Renewed their recovery codes' };
    case 'mfa.policy_changed':
      return { what: details.after ? 'Required a second step for all staff' : 'Made the second step optional' };
    case 'mfa.reset':
      return { what: `Reset the second factors of ${account}` };
    default:
      return { what: record.action, detail: describeDetails(details) };
  }
}

/** Who acted, as people read it: the staff member's address, or what did it when no person did. */
export function describeActor(record: AuditRecord, staffEmail: (id: string) => string | undefined): string {
  const email = record.actorEmail;
  if (email === 'command line') return 'Operator (command line)';
  if (email === 'system') return 'System';
  if (email) return email;
  switch (record.actorSub) {
    case 'retention':
      return 'Automatic retention';
    case 'self-service':
      return 'The person themselves';
    case 'cli':
      return 'Operator (command line)';
    case undefined:
    case null:
      return '—';
    default:
      // Rows written before tokens named the address: the staff list knows it (while it loads, a short id).
      return staffEmail(record.actorSub) ?? `staff account ${record.actorSub.slice(0, 8)}`;
  }
}
