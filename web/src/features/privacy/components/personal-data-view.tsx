import type { PersonalData } from '@mmdm/contracts/privacy';
import { formatDateTime } from '../../../lib/format.js';

const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

const STATUS: Record<PersonalData['status'], string> = {
  pending: 'Signed up, not confirmed yet',
  confirmed: 'Confirmed, waiting for the launch',
  invited: 'Invited',
  admitted: 'Admitted',
  unsubscribed: 'Unsubscribed',
};

const SUPPRESSION: Record<string, string> = {
  unsubscribed: 'you unsubscribed',
  hard_bounce: 'your mail server refused our e-mails',
  complaint: 'our e-mails were marked as spam',
  soft_bounces: 'your mail server refused our e-mails several times',
};

/** Everything held about the person, as a list of what and its value. */
export function PersonalDataView({ data }: { data: PersonalData }) {
  const rows: [string, string][] = [
    ['E-mail address', data.email],
    ['Status', STATUS[data.status]],
    ['Signed up', when(data.signedUpAt)],
    ['Confirmed', when(data.confirmedAt)],
    ['Invited', when(data.invitedAt)],
    ['Admitted', when(data.admittedAt)],
    ['Unsubscribed', when(data.unsubscribedAt)],
    ['Last e-mail queued', when(data.lastMailQueuedAt)],
    ['Place link last sent again', when(data.placeLinkQueuedAt)],
    ['Referral code you entered', data.referralSource ?? '—'],
    ['Your referral code', data.referralCode ?? '—'],
    ['Place in line', data.place === null ? '—' : data.place.toLocaleString('en-US')],
    ['Friends credited to you', String(data.credits.granted)],
    [
      'Credit your sign-up gave',
      data.credits.given ? `${data.credits.given.state} (${when(data.credits.given.at)})` : '—',
    ],
    ['City', data.cityOther ? 'Other' : (data.city ?? '—')],
    ['Consent given', when(data.consent.at)],
    [
      'Privacy policy version shown',
      data.consent.policyVersion ?? 'not recorded (signed up before versions were kept)',
    ],
    [
      'Do-not-mail list',
      data.suppression
        ? `yes, since ${when(data.suppression.since)}: ${SUPPRESSION[data.suppression.reason] ?? data.suppression.reason}`
        : 'no',
    ],
    ['E-mails we sent or queued', data.mails.length ? data.mails.map((mail) => mail.kind).join(', ') : 'none'],
    ['Messages you wrote to us', data.messages.length ? String(data.messages.length) : 'none'],
    // Each one as it reached us, signed with the name it was sent with.
    ...data.messages.map((message): [string, string] => [
      `Message of ${when(message.receivedAt)}`,
      `${message.name}: ${message.message}`,
    ]),
  ];
  return (
    <dl className="data-list">
      {rows.map(([term, value]) => (
        <div key={term} className="data-list__row">
          <dt>{term}</dt>
          <dd className={term.startsWith('Message of ') ? 'data-list__text' : undefined}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
