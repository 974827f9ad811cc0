import { useEffect, useState } from 'react';
import { useAttachTicket, type AttachOutcome } from '../api/member-tickets.js';
import { dropTicket, heldTicket } from '../lib/held-ticket.js';

const REFUSED: Record<Extract<AttachOutcome, { state: 'refused' }>['why'], string> = {
  used: 'This ticket has been used already, by someone else. You keep your place in line.',
  revoked: 'This ticket has been withdrawn. You keep your place in line.',
  own: 'This is your own ticket: give it to a friend instead.',
  not_needed: 'You hold a ticket already, or are invited already: keep this one for someone else.',
  invalid: "This ticket isn't one we know. You keep your place in line.",
};

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
          <p>{REFUSED[outcome.why]}</p>
        ) : outcome.state === 'used' ? (
          <p>
            <strong>Your ticket is in.</strong> The next wave of your city invites you first. Choose your city below if
            you haven't.
          </p>
        ) : (
          <p>
            <strong>Your ticket is kept.</strong> It counts once you confirm your address.
          </p>
        )}
      </div>
    );
  }
  return (
    <div className="card referral-card tickets-card">
      <h2>You have a ticket from a friend</h2>
      <p>Use it for this place: the next wave of your city invites you first, ahead of the line.</p>
      <button
        type="button"
        className="button button--primary"
        disabled={attach.isPending}
        onClick={() => attach.mutate({ token, ticket })}
      >
        {attach.isPending ? 'Using your ticket…' : 'Use my ticket'}
      </button>
      {attach.isError ? (
        <p className="error-box" role="alert">
          We couldn't use your ticket just now. Please try again in a moment.
        </p>
      ) : null}
    </div>
  );
}
