import { useMemberTickets, type MemberTicket } from '../api/member-tickets.js';
import { CopyButton } from './copy-button.js';

const STATE_WORDS: Record<MemberTicket['state'], string> = {
  open: 'Not used yet',
  used: 'Used by a friend',
  revoked: 'Withdrawn',
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
        We couldn't load your tickets for friends just now. Open this page again in a moment to see them.
      </p>
    );
  }
  if (!tickets.data) return null;
  if (tickets.data.length === 0) return null;
  const open = tickets.data.filter((ticket) => ticket.state === 'open').length;
  return (
    <section className="card referral-card tickets-card" aria-labelledby="tickets-title">
      <h2 id="tickets-title">Tickets for your friends</h2>
      <p>
        Each link lets one friend skip the line: they join with it (or use it from their place page if they are in line
        already) and the next wave of their city invites them first. A ticket works once, and not for you.{' '}
        {open === 1 ? 'You have 1 ticket left.' : `You have ${open} tickets left.`}
      </p>
      <ol className="tickets-card__list">
        {tickets.data.map((ticket, index) => (
          <li key={ticket.url} className="tickets-card__item" data-state={ticket.state}>
            <span className="tickets-card__name">
              Ticket {index + 1}: <span className="tickets-card__state">{STATE_WORDS[ticket.state]}</span>
            </span>
            {ticket.state === 'open' ? (
              <>
                <span className="tickets-card__link">{ticket.url}</span>
                <CopyButton text={ticket.url} label={`Copy ticket ${index + 1}`} />
              </>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
