import type { EntryStatus } from '@mmdm/contracts/waitlist-admin';

const LABELS: Record<EntryStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  invited: 'Invited',
  admitted: 'Admitted',
  unsubscribed: 'Unsubscribed',
};

export function EntryStatusBadge({ status }: { status: EntryStatus }) {
  return <span className={`adm-badge adm-badge--${status}`}>{LABELS[status]}</span>;
}

export const STATUS_LABELS = LABELS;
