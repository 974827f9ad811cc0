import type { MessageDescriptor } from '@lingui/core';
import { useEffect, useState } from 'react';
import { i18n } from '../../../lib/i18n/i18n.js';
import { richText } from '../../../lib/i18n/rich-text.js';
import { useAttachTicket, type AttachOutcome } from '../api/member-tickets.js';
import { dropTicket, heldTicket } from '../lib/held-ticket.js';

/** Why the API refused the ticket (its reason codes), said in the page's language. */
const REFUSED: Record<Extract<AttachOutcome, { state: 'refused' }>['why'], MessageDescriptor> = {
  used: /*i18n*/ {
    id: 'web.place.ticket.refused.used',
    message: 'This ticket has been used already, by someone else. You keep your place in line.',
  },
  revoked: /*i18n*/ {
    id: 'web.place.ticket.refused.revoked',
    message: 'This ticket has been withdrawn. You keep your place in line.',
  },
  own: /*i18n*/ {
    id: 'web.place.ticket.refused.own',
    message: 'This is your own ticket: give it to a friend instead.',
  },
  not_needed: /*i18n*/ {
    id: 'web.place.ticket.refused.notNeeded',
    message: 'You hold a ticket already, or are invited already: keep this one for someone else.',
  },
  invalid: /*i18n*/ {
    id: 'web.place.ticket.refused.invalid',
    message: "This ticket isn't one we know. You keep your place in line.",
  },
};

const strong = (text: string) => <strong>{text}</strong>;

/**
 * On the place page: a ticket a friend's link brought to this browser (lib/held-ticket.ts) can be used for the place
 * the page shows. The page's own link proves the place is the person's; nothing else is sent.
 */
export function UseTicket({ token }: { token: string }) {
  const [ticket, setTicket] = useState<string | null>(null);
  // Known only in the browser (the page is pre-rendered without it).
  useEffect(() => setTicket(heldTicket()), []);
  const attach = useAttachTicket();
  const outcome = attach.data;
  useEffect(() => {
    if (outcome) dropTicket();
  }, [outcome]);

  if (!ticket) return null;
  if (outcome) {
    return (
      <div className="card referral-card tickets-card" role="status" data-ticket={outcome.state}>
        {outcome.state === 'refused' ? (
          <p>{i18n._(REFUSED[outcome.why])}</p>
        ) : outcome.state === 'used' ? (
          <p>
            {richText(
              i18n._({
                id: 'web.place.ticket.used',
                message:
                  "<0>Your ticket is in.</0> The next wave of your city invites you first. Choose your city below if you haven't.",
              }),
              { 0: strong },
            )}
          </p>
        ) : (
          <p>
            {richText(
              i18n._({
                id: 'web.place.ticket.kept',
                message: '<0>Your ticket is kept.</0> It counts once you confirm your address.',
              }),
              { 0: strong },
            )}
          </p>
        )}
      </div>
    );
  }
  return (
    <div className="card referral-card tickets-card">
      <h2>{i18n._({ id: 'web.place.ticket.title', message: 'You have a ticket from a friend' })}</h2>
      <p>
        {i18n._({
          id: 'web.place.ticket.lead',
          message: 'Use it for this place: the next wave of your city invites you first, ahead of the line.',
        })}
      </p>
      <button
        type="button"
        className="button button--primary"
        disabled={attach.isPending}
        onClick={() => attach.mutate({ token, ticket })}
      >
        {attach.isPending
          ? i18n._({ id: 'web.place.ticket.using', message: 'Using your ticket…' })
          : i18n._({ id: 'web.place.ticket.use', message: 'Use my ticket' })}
      </button>
      {attach.isError ? (
        <p className="error-box" role="alert">
          {i18n._({
            id: 'web.place.ticket.error',
            message: "We couldn't use your ticket just now. Please try again in a moment.",
          })}
        </p>
      ) : null}
    </div>
  );
}
