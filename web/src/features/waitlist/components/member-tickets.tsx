import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '../../../lib/i18n/i18n.js';
import { useMemberTickets, type MemberTicket } from '../api/member-tickets.js';
import { CopyButton } from './copy-button.js';

/** A ticket's state, translated where it is shown (`i18n._(STATE_WORDS.used)`). */
const STATE_WORDS: Record<MemberTicket['state'], MessageDescriptor> = {
  open: /*i18n*/ { id: 'web.memberTickets.state.open', message: 'Not used yet' },
  used: /*i18n*/ { id: 'web.memberTickets.state.used', message: 'Used by a friend' },
  revoked: /*i18n*/ { id: 'web.memberTickets.state.revoked', message: 'Withdrawn' },
};

/**
 * An admitted member's tickets for friends on their invitation page: single-use links that put a friend at the front
 * of the next wave of their city. Shown once the invitation is accepted (the acceptance makes them).
 */
export function MemberTickets({ token }: { token: string }) {
  const tickets = useMemberTickets(token, true);
  if (tickets.isError) {
    return (
      <p className="notice" role="status">
        {i18n._({
          id: 'web.memberTickets.failed',
          message: "We couldn't load your tickets for friends just now. Open this page again in a moment to see them.",
        })}
      </p>
    );
  }
  if (!tickets.data) return null;
  if (tickets.data.length === 0) return null;
  const open = tickets.data.filter((ticket) => ticket.state === 'open').length;
  return (
    <section className="card referral-card tickets-card" aria-labelledby="tickets-title">
      <h2 id="tickets-title">{i18n._({ id: 'web.memberTickets.title', message: 'Tickets for your friends' })}</h2>
      <p>
        {i18n._({
          id: 'web.memberTickets.body',
          message:
            'Each link lets one friend skip the line: they join with it (or use it from their place page if they are in line already) and the next wave of their city invites them first. A ticket works once, and not for you.',
        })}{' '}
        {i18n._({
          id: 'web.memberTickets.left',
          message: '{open, plural, one {You have # ticket left.} other {You have # tickets left.}}',
          values: { open },
        })}
      </p>
      <ol className="tickets-card__list">
        {tickets.data.map((ticket, index) => {
          const number = i18n.number(index + 1);
          return (
            <li key={ticket.url} className="tickets-card__item" data-state={ticket.state}>
              <span className="tickets-card__name">
                {i18n._({ id: 'web.memberTickets.name', message: 'Ticket {number}:', values: { number } })}{' '}
                <span className="tickets-card__state">{i18n._(STATE_WORDS[ticket.state])}</span>
              </span>
              {ticket.state === 'open' ? (
                <>
                  <span className="tickets-card__link">{ticket.url}</span>
                  <CopyButton
                    text={ticket.url}
                    label={i18n._({
                      id: 'web.memberTickets.copy',
                      message: 'Copy ticket {number}',
                      values: { number },
                    })}
                  />
                </>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
