import type { WaitlistEntry } from '@mmdm/contracts/waitlist-admin';

type Reason = NonNullable<WaitlistEntry['suppressed']>;

/** Why no mail goes to the address: what staff need before they resend or answer the person. */
const LABELS: Record<Reason, string> = {
  unsubscribed: 'Not mailed: unsubscribed',
  hard_bounce: 'Not mailed: address bounced',
  complaint: 'Not mailed: marked as spam',
  soft_bounces: 'Not mailed: bounced 3 times',
};

export function SuppressionBadge({ reason }: { reason: WaitlistEntry['suppressed'] }) {
  if (!reason) return null;
  return <span className="adm-badge adm-badge--suppressed">{LABELS[reason]}</span>;
}
