import { i18n } from '../../../lib/i18n/i18n.js';
import { richText } from '../../../lib/i18n/rich-text.js';
import type { TicketCheck } from '../api/get-ticket.js';

const strong = (text: string) => <strong>{text}</strong>;

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
            {richText(
              i18n._({
                id: 'web.ticketNote.open',
                message:
                  '<0>A member gave you a ticket.</0> Join with it and confirm your address: the next wave of your city invites you first, ahead of the line. A ticket is used once.',
              }),
              { 0: strong },
            )}
          </p>
          <p>
            {i18n._({
              id: 'web.ticketNote.inLine',
              message:
                'Already in line? Join again with the same address: we e-mail you the link to your place, and your place page, opened on this device, lets you use the ticket.',
            })}
          </p>
        </div>
      );
    case 'used':
      return (
        <p className="share-note ticket-note" role="status" data-ticket="used">
          {richText(
            i18n._({
              id: 'web.ticketNote.used',
              message:
                '<0>This ticket has been used already.</0> A ticket lets one friend skip the line, once. You can still join the waitlist and take your place in line.',
            }),
            { 0: strong },
          )}
        </p>
      );
    case 'revoked':
      return (
        <p className="share-note ticket-note" role="status" data-ticket="revoked">
          {richText(
            i18n._({
              id: 'web.ticketNote.revoked',
              message:
                '<0>This ticket has been withdrawn</0> and no longer skips the line. You can still join the waitlist and take your place in line.',
            }),
            { 0: strong },
          )}
        </p>
      );
    case 'invalid':
      return (
        <p className="share-note ticket-note" role="status" data-ticket="invalid">
          {i18n._({
            id: 'web.ticketNote.invalid',
            message:
              "The ticket in your link isn't one we know (it may have been copied only in part). You can still join the waitlist.",
          })}
        </p>
      );
    default:
      return null;
  }
}
