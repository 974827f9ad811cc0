import type { PersonalData } from '@mmdm/contracts/privacy';
import { LANGUAGE_NAMES } from '@mmdm/contracts/languages';
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

const REVIEW_REASON: Record<string, string> = {
  dns_unavailable: "we could not check your e-mail domain's mail servers when you signed up",
};

const CREDIT_RULE: Record<string, string> = {
  same_network: 'many sign-ups came from the same network',
  same_device: 'many sign-ups came from the same device',
  alias: 'the address looked like another form of the same address',
  burst: 'many sign-ups with the same code arrived at once',
};

function reviewText(review: PersonalData['review']): string {
  if (!review) return 'none: your sign-up was never held for review';
  const reasons = review.reasons.map((reason) => REVIEW_REASON[reason] ?? reason).join('; ');
  if (review.state === 'flagged') return `held for review by our staff${reasons ? ` (${reasons})` : ''}`;
  if (review.state === 'approved') return `approved by our staff${reasons ? ` (it was held: ${reasons})` : ''}`;
  return `rejected by our staff: it holds no place in line${reasons ? ` (it was held: ${reasons})` : ''}`;
}

type Credit = NonNullable<PersonalData['credits']['given']>;

/** A credit's state, why, and who decided it: "held (many sign-ups came from the same network)". */
function creditText(credit: Credit): string {
  const why = credit.rule ? (CREDIT_RULE[credit.rule] ?? credit.rule) : credit.reason;
  const by = credit.decidedBy === 'staff' ? ', decided by our staff' : '';
  return `${credit.state} (${why}${by}; ${when(credit.decidedAt ?? credit.at)})`;
}

/** Tickets for friends: those given to the member (never who used one), and the one the person used. */
function ticketRows(tickets: PersonalData['tickets']): [string, string][] {
  if (!tickets) return [];
  const rows = tickets.given.map((ticket, index): [string, string] => [
    `Ticket for a friend (${index + 1})`,
    ticket.state === 'used'
      ? `used (${when(ticket.usedAt)})`
      : ticket.state === 'revoked'
        ? 'withdrawn'
        : 'not used yet',
  ]);
  const used = tickets.used;
  if (used) {
    const note = used.revoked ? ', later withdrawn' : used.held ? ', held by our checks: it did not put you first' : '';
    rows.push(['Ticket you used', `${when(used.at)}${note}`]);
  }
  return rows;
}

/** Everything held about the person, as a list of what and its value. */
const IDENTITY: Record<string, string> = { woman: 'a woman', man: 'a man', nonbinary: 'non-binary' };

/** What the person said for balanced invitations, in words; kept sealed and shown only here, to them. */
function balanceText(balance: PersonalData['balance']): string {
  if (!balance?.given) return 'nothing kept';
  if (!balance.identity || !balance.seeking) return 'kept, sealed (it cannot be read back just now)';
  return `${IDENTITY[balance.identity] ?? balance.identity}, hoping to meet ${balance.seeking} (kept sealed until you are invited, leave or withdraw it on your place page)`;
}

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
    ['Credit your sign-up gave', data.credits.given ? creditText(data.credits.given) : '—'],
    // Credits held, refused or revoked say why: what was decided about the person is theirs to see.
    ...data.credits.received
      .filter((credit) => credit.state !== 'granted')
      .map((credit, index): [string, string] => [`Credit from a friend (${index + 1})`, creditText(credit)]),
    ...ticketRows(data.tickets),
    ['Review of your sign-up', reviewText(data.review)],
    [
      'Invitation wave',
      data.invitationWave
        ? `wave ${data.invitationWave.id} of ${when(data.invitationWave.at)}${data.invitationWave.city ? `, ${data.invitationWave.city}` : ''}`
        : '—',
    ],
    ['City', data.cityOther ? 'Other' : (data.city ?? '—')],
    ['Language of your e-mails', LANGUAGE_NAMES[data.language]],
    // Shown to the person alone (decision 035); erased when invited, admitted or unsubscribed, or withdrawn.
    ['Who you are and whom you hope to meet (for balanced invitations)', balanceText(data.balance)],
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
