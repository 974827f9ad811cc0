import type { MessageDescriptor } from '@lingui/core';
import type { PersonalData } from '@mmdm/contracts/privacy';
import { isLanguage, LANGUAGE_NAMES } from '@mmdm/contracts/languages';
import { i18n } from '../../../lib/i18n/i18n.js';
import { INTL_LOCALES } from '../../../lib/i18n/intl-format.js';

/*
 * Everything held about the person, as a list of what and its value, in the page's language. The service answers
 * with codes (a status, a credit's state and rule, a mail's kind); each is said here in words, and a code this page
 * does not know yet is shown as it came.
 */

/** A date and time in the page's language ("Nov 1, 2026, 10:00 AM" / "01.11.2026, 10:00"); a dash for none. */
function when(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  const locale = isLanguage(i18n.locale) ? INTL_LOCALES[i18n.locale] : undefined;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A code in words: its message when this page knows the code, the code itself otherwise. */
function said(words: Record<string, MessageDescriptor>, code: string): string {
  const known = Object.hasOwn(words, code) ? words[code] : undefined;
  return known ? i18n._(known) : code;
}

const STATUS: Record<PersonalData['status'], MessageDescriptor> = {
  pending: /*i18n*/ { id: 'web.yourData.status.pending', message: 'Signed up, not confirmed yet' },
  confirmed: /*i18n*/ { id: 'web.yourData.status.confirmed', message: 'Confirmed, waiting for the launch' },
  invited: /*i18n*/ { id: 'web.yourData.status.invited', message: 'Invited' },
  admitted: /*i18n*/ { id: 'web.yourData.status.admitted', message: 'Admitted' },
  unsubscribed: /*i18n*/ { id: 'web.yourData.status.unsubscribed', message: 'Unsubscribed' },
};

const SUPPRESSION: Record<string, MessageDescriptor> = {
  unsubscribed: /*i18n*/ { id: 'web.yourData.suppression.unsubscribed', message: 'you unsubscribed' },
  hard_bounce: /*i18n*/ { id: 'web.yourData.suppression.hardBounce', message: 'your mail server refused our e-mails' },
  complaint: /*i18n*/ { id: 'web.yourData.suppression.complaint', message: 'our e-mails were marked as spam' },
  soft_bounces: /*i18n*/ {
    id: 'web.yourData.suppression.softBounces',
    message: 'your mail server refused our e-mails several times',
  },
};

const REVIEW_REASON: Record<string, MessageDescriptor> = {
  dns_unavailable: /*i18n*/ {
    id: 'web.yourData.reviewReason.dnsUnavailable',
    message: "we could not check your e-mail domain's mail servers when you signed up",
  },
};

/** Why a referral rule held a credit (services/waitlist/src/modules/abuse/referral-rules.ts). */
const CREDIT_RULE: Record<string, MessageDescriptor> = {
  same_network: /*i18n*/ {
    id: 'web.yourData.creditRule.sameNetwork',
    message: 'many sign-ups came from the same network',
  },
  same_device: /*i18n*/ {
    id: 'web.yourData.creditRule.sameDevice',
    message: 'many sign-ups came from the same device',
  },
  alias: /*i18n*/ {
    id: 'web.yourData.creditRule.alias',
    message: 'the address looked like another form of the same address',
  },
  burst: /*i18n*/ { id: 'web.yourData.creditRule.burst', message: 'many sign-ups with the same code arrived at once' },
};

const CREDIT_STATE: Record<string, MessageDescriptor> = {
  granted: /*i18n*/ { id: 'web.yourData.creditState.granted', message: 'granted' },
  held: /*i18n*/ { id: 'web.yourData.creditState.held', message: 'held' },
  refused: /*i18n*/ { id: 'web.yourData.creditState.refused', message: 'refused' },
  revoked: /*i18n*/ { id: 'web.yourData.creditState.revoked', message: 'revoked' },
};

/** Why a credit is as it is, when no rule held it (a reason staff typed when revoking one shows as typed). */
const CREDIT_REASON: Record<string, MessageDescriptor> = {
  confirmed: /*i18n*/ { id: 'web.yourData.creditReason.confirmed', message: 'confirmed' },
  held: /*i18n*/ { id: 'web.yourData.creditReason.held', message: 'held by our checks' },
  approved_in_review: /*i18n*/ { id: 'web.yourData.creditReason.approved', message: 'approved in review' },
  rejected_in_review: /*i18n*/ { id: 'web.yourData.creditReason.rejected', message: 'rejected in review' },
  self_referral: /*i18n*/ { id: 'web.yourData.creditReason.selfReferral', message: 'your own code' },
  cap_reached: /*i18n*/ {
    id: 'web.yourData.creditReason.capReached',
    message: 'the most credits anyone may have were already reached',
  },
  unknown_code: /*i18n*/ { id: 'web.yourData.creditReason.unknownCode', message: 'a code we do not know' },
  no_code: /*i18n*/ { id: 'web.yourData.creditReason.noCode', message: 'no code' },
  referred_erased: /*i18n*/ { id: 'web.yourData.creditReason.referredErased', message: 'the sign-up was erased' },
};

/** The mails of the outbox (services/waitlist/src/modules/mail/outbox.repository.ts, MailKind). */
const MAIL_KIND: Record<string, MessageDescriptor> = {
  confirmation: /*i18n*/ { id: 'web.yourData.mail.confirmation', message: 'confirmation' },
  welcome: /*i18n*/ { id: 'web.yourData.mail.welcome', message: 'welcome' },
  invitation: /*i18n*/ { id: 'web.yourData.mail.invitation', message: 'invitation' },
  data_access: /*i18n*/ { id: 'web.yourData.mail.dataAccess', message: 'link to your data' },
  place_link: /*i18n*/ { id: 'web.yourData.mail.placeLink', message: 'link to your place' },
  friend_joined: /*i18n*/ { id: 'web.yourData.mail.friendJoined', message: 'a friend joined' },
};

const IDENTITY: Record<string, MessageDescriptor> = {
  woman: /*i18n*/ { id: 'web.yourData.identity.woman', message: 'a woman' },
  man: /*i18n*/ { id: 'web.yourData.identity.man', message: 'a man' },
  nonbinary: /*i18n*/ { id: 'web.yourData.identity.nonbinary', message: 'non-binary' },
};

const SEEKING: Record<string, MessageDescriptor> = {
  women: /*i18n*/ { id: 'web.yourData.seeking.women', message: 'women' },
  men: /*i18n*/ { id: 'web.yourData.seeking.men', message: 'men' },
  everyone: /*i18n*/ { id: 'web.yourData.seeking.everyone', message: 'everyone' },
};

function reviewText(review: PersonalData['review']): string {
  if (!review)
    return i18n._({ id: 'web.yourData.review.none', message: 'none: your sign-up was never held for review' });
  const reasons = review.reasons.map((reason) => said(REVIEW_REASON, reason)).join('; ');
  if (review.state === 'flagged')
    return reasons
      ? i18n._({
          id: 'web.yourData.review.flaggedWhy',
          message: 'held for review by our staff ({reasons})',
          values: { reasons },
        })
      : i18n._({ id: 'web.yourData.review.flagged', message: 'held for review by our staff' });
  if (review.state === 'approved')
    return reasons
      ? i18n._({
          id: 'web.yourData.review.approvedWhy',
          message: 'approved by our staff (it was held: {reasons})',
          values: { reasons },
        })
      : i18n._({ id: 'web.yourData.review.approved', message: 'approved by our staff' });
  return reasons
    ? i18n._({
        id: 'web.yourData.review.rejectedWhy',
        message: 'rejected by our staff: it holds no place in line (it was held: {reasons})',
        values: { reasons },
      })
    : i18n._({ id: 'web.yourData.review.rejected', message: 'rejected by our staff: it holds no place in line' });
}

type Credit = NonNullable<PersonalData['credits']['given']>;

/** A credit's state, why, and who decided it: "held (many sign-ups came from the same network; <date>)". */
function creditText(credit: Credit): string {
  const values = {
    state: said(CREDIT_STATE, credit.state),
    why: credit.rule ? said(CREDIT_RULE, credit.rule) : said(CREDIT_REASON, credit.reason),
    date: when(credit.decidedAt ?? credit.at),
  };
  return credit.decidedBy === 'staff'
    ? i18n._({ id: 'web.yourData.credit.byStaff', message: '{state} ({why}, decided by our staff; {date})', values })
    : i18n._({ id: 'web.yourData.credit.text', message: '{state} ({why}; {date})', values });
}

type Row = { term: string; value: string; /** A message the person wrote: its line breaks kept. */ text?: boolean };

/** Tickets for friends: those given to the member (never who used one), and the one the person used. */
function ticketRows(tickets: PersonalData['tickets']): Row[] {
  if (!tickets) return [];
  const rows = tickets.given.map((ticket, index): Row => ({
    term: i18n._({
      id: 'web.yourData.field.ticketGiven',
      message: 'Ticket for a friend ({n})',
      values: { n: index + 1 },
    }),
    value:
      ticket.state === 'used'
        ? i18n._({ id: 'web.yourData.ticket.used', message: 'used ({date})', values: { date: when(ticket.usedAt) } })
        : ticket.state === 'revoked'
          ? i18n._({ id: 'web.yourData.ticket.revoked', message: 'withdrawn' })
          : i18n._({ id: 'web.yourData.ticket.open', message: 'not used yet' }),
  }));
  const used = tickets.used;
  if (used) {
    const date = when(used.at);
    rows.push({
      term: i18n._({ id: 'web.yourData.field.ticketUsed', message: 'Ticket you used' }),
      value: used.revoked
        ? i18n._({ id: 'web.yourData.ticket.usedRevoked', message: '{date}, later withdrawn', values: { date } })
        : used.held
          ? i18n._({
              id: 'web.yourData.ticket.usedHeld',
              message: '{date}, held by our checks: it did not put you first',
              values: { date },
            })
          : date,
    });
  }
  return rows;
}

/** What the person said for balanced invitations, in words; kept sealed and shown only here, to them. */
function balanceText(balance: PersonalData['balance']): string {
  if (!balance?.given) return i18n._({ id: 'web.yourData.balance.none', message: 'nothing kept' });
  if (!balance.identity || !balance.seeking)
    return i18n._({ id: 'web.yourData.balance.sealed', message: 'kept, sealed (it cannot be read back just now)' });
  return i18n._({
    id: 'web.yourData.balance.kept',
    message:
      '{identity}, hoping to meet {seeking} (kept sealed until you are invited, leave or withdraw it on your place page)',
    values: { identity: said(IDENTITY, balance.identity), seeking: said(SEEKING, balance.seeking) },
  });
}

function waveText(wave: NonNullable<PersonalData['invitationWave']>): string {
  const values = { id: i18n.number(wave.id), date: when(wave.at), city: wave.city };
  return wave.city
    ? i18n._({ id: 'web.yourData.wave.city', message: 'wave {id} of {date}, {city}', values })
    : i18n._({ id: 'web.yourData.wave.text', message: 'wave {id} of {date}', values });
}

function suppressionText(suppression: PersonalData['suppression']): string {
  if (!suppression) return i18n._({ id: 'web.yourData.suppression.no', message: 'no' });
  return i18n._({
    id: 'web.yourData.suppression.yes',
    message: 'yes, since {date}: {reason}',
    values: { date: when(suppression.since), reason: said(SUPPRESSION, suppression.reason) },
  });
}

export function PersonalDataView({ data }: { data: PersonalData }) {
  const row = (term: MessageDescriptor, value: string): Row => ({ term: i18n._(term), value });
  const rows: Row[] = [
    row(/*i18n*/ { id: 'web.yourData.field.email', message: 'E-mail address' }, data.email),
    row(/*i18n*/ { id: 'web.yourData.field.status', message: 'Status' }, i18n._(STATUS[data.status])),
    row(/*i18n*/ { id: 'web.yourData.field.signedUp', message: 'Signed up' }, when(data.signedUpAt)),
    row(/*i18n*/ { id: 'web.yourData.field.confirmed', message: 'Confirmed' }, when(data.confirmedAt)),
    row(/*i18n*/ { id: 'web.yourData.field.invited', message: 'Invited' }, when(data.invitedAt)),
    row(/*i18n*/ { id: 'web.yourData.field.admitted', message: 'Admitted' }, when(data.admittedAt)),
    row(/*i18n*/ { id: 'web.yourData.field.unsubscribed', message: 'Unsubscribed' }, when(data.unsubscribedAt)),
    row(/*i18n*/ { id: 'web.yourData.field.lastMail', message: 'Last e-mail queued' }, when(data.lastMailQueuedAt)),
    row(
      /*i18n*/ { id: 'web.yourData.field.placeLink', message: 'Place link last sent again' },
      when(data.placeLinkQueuedAt),
    ),
    row(
      /*i18n*/ { id: 'web.yourData.field.referralSource', message: 'Referral code you entered' },
      data.referralSource ?? '—',
    ),
    row(/*i18n*/ { id: 'web.yourData.field.referralCode', message: 'Your referral code' }, data.referralCode ?? '—'),
    row(
      /*i18n*/ { id: 'web.yourData.field.place', message: 'Place in line' },
      data.place === null ? '—' : i18n.number(data.place),
    ),
    row(
      /*i18n*/ { id: 'web.yourData.field.credited', message: 'Friends credited to you' },
      i18n.number(data.credits.granted),
    ),
    row(
      /*i18n*/ { id: 'web.yourData.field.creditGiven', message: 'Credit your sign-up gave' },
      data.credits.given ? creditText(data.credits.given) : '—',
    ),
    // Credits held, refused or revoked say why: what was decided about the person is theirs to see.
    ...data.credits.received
      .filter((credit) => credit.state !== 'granted')
      .map((credit, index): Row => ({
        term: i18n._({
          id: 'web.yourData.field.creditReceived',
          message: 'Credit from a friend ({n})',
          values: { n: index + 1 },
        }),
        value: creditText(credit),
      })),
    ...ticketRows(data.tickets),
    row(/*i18n*/ { id: 'web.yourData.field.review', message: 'Review of your sign-up' }, reviewText(data.review)),
    row(
      /*i18n*/ { id: 'web.yourData.field.wave', message: 'Invitation wave' },
      data.invitationWave ? waveText(data.invitationWave) : '—',
    ),
    row(
      /*i18n*/ { id: 'web.yourData.field.city', message: 'City' },
      data.cityOther ? i18n._({ id: 'web.yourData.city.other', message: 'Other' }) : (data.city ?? '—'),
    ),
    row(
      /*i18n*/ { id: 'web.yourData.field.language', message: 'Language of your e-mails' },
      LANGUAGE_NAMES[data.language],
    ),
    // Shown to the person alone (decision 035); erased when invited, admitted or unsubscribed, or withdrawn.
    row(
      /*i18n*/ {
        id: 'web.yourData.field.balance',
        message: 'Who you are and whom you hope to meet (for balanced invitations)',
      },
      balanceText(data.balance),
    ),
    row(/*i18n*/ { id: 'web.yourData.field.consent', message: 'Consent given' }, when(data.consent.at)),
    row(
      /*i18n*/ { id: 'web.yourData.field.policy', message: 'Privacy policy version shown' },
      data.consent.policyVersion ??
        i18n._({ id: 'web.yourData.policy.none', message: 'not recorded (signed up before versions were kept)' }),
    ),
    row(
      /*i18n*/ { id: 'web.yourData.field.suppression', message: 'Do-not-mail list' },
      suppressionText(data.suppression),
    ),
    row(
      /*i18n*/ { id: 'web.yourData.field.mails', message: 'E-mails we sent or queued' },
      data.mails.length
        ? data.mails.map((mail) => said(MAIL_KIND, mail.kind)).join(', ')
        : i18n._({ id: 'web.yourData.mails.none', message: 'none' }),
    ),
    row(
      /*i18n*/ { id: 'web.yourData.field.messages', message: 'Messages you wrote to us' },
      data.messages.length
        ? i18n.number(data.messages.length)
        : i18n._({ id: 'web.yourData.messages.none', message: 'none' }),
    ),
    // Each one as it reached us, signed with the name it was sent with.
    ...data.messages.map((message): Row => ({
      term: i18n._({
        id: 'web.yourData.field.message',
        message: 'Message of {date}',
        values: { date: when(message.receivedAt) },
      }),
      value: `${message.name}: ${message.message}`,
      text: true,
    })),
  ];

  return (
    <dl className="data-list">
      {rows.map(({ term, value, text }) => (
        <div key={term} className="data-list__row">
          <dt>{term}</dt>
          <dd className={text ? 'data-list__text' : undefined}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
