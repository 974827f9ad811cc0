import type { TicketCheck } from '../api/get-ticket.js';

/**
 * What a ticket link (/waitlist?ticket=CODE) means, said before the form: a member gave the visitor a ticket (never
 * which member), what joining with it does, and what to do when already in line. A used, revoked or unknown ticket
 * says so; the visitor can still join without it.
 */
export function TicketNote({ ticket }: { ticket: TicketCheck }) {
  switch (ticket.kind) {
    case 'open':
    case 'unchecked':
      return (
        <div className="share-note share-note--invited ticket-note" data-ticket="open">
          <p>
            <strong>A member gave you a ticket.</strong> Join with it and confirm your address: the next wave of your
            city invites you first, ahead of the line. A ticket is used once.
          </p>
          <p>
            Already in line? Join again with the same address: we e-mail you the link to your place, and your place
            page, opened on this device, lets you use the ticket.
          </p>
        </div>
      );
    case 'used':
      return (
        <p className="share-note ticket-note" role="status" data-ticket="used">
          <strong>This ticket has been used already.</strong> A ticket lets one friend skip the line, once. You can
          still join the waitlist and take your place in line.
        </p>
      );
    case 'revoked':
      return (
        <p className="share-note ticket-note" role="status" data-ticket="revoked">
          <strong>This ticket has been withdrawn</strong> and no longer skips the line. You can still join the waitlist
          and take your place in line.
        </p>
      );
    case 'invalid':
      return (
        <p className="share-note ticket-note" role="status" data-ticket="invalid">
          The ticket in your link isn't one we know (it may have been copied only in part). You can still join the
          waitlist.
        </p>
      );
    default:
      return null;
  }
}
