import { HONEYPOT_FIELD, REFERRAL_CODE_MAX_LENGTH } from '@mmdm/contracts/limits';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EmailField, FormField } from '../../../components/ui/form-field.js';
import { HoneypotField } from '../../../components/ui/honeypot-field.js';
import { formText } from '../../../lib/form-text.js';
import { useProofOfWork } from '../../../lib/use-proof-of-work.js';
import { useShareCode, type ShareCode } from '../api/check-referral-code.js';
import { useTicketCheck } from '../api/get-ticket.js';
import { holdTicket } from '../lib/held-ticket.js';
import { TicketNote } from './ticket-note.js';
import { useJoinWaitlist } from '../api/join-waitlist.js';
import { ERROR_DISPLAY_MS, messages, SUCCESS_DISPLAY_MS, waitlistErrorMessage } from './waitlist-messages.js';
import { i18n } from '../../../lib/i18n/i18n.js';

/**
 * The sign-up form: idle → sending (everything disabled) → success (the form gives way to a thank-you for 5 s, then
 * comes back empty) or error (a red box under the form for 5 s; the form stays usable).
 *
 * The fields are uncontrolled: the pre-rendered page shows the form before the app has loaded, and what a visitor
 * types meanwhile must survive hydration (a controlled field would be reset to its empty state). Meanwhile, the
 * proof of work the service may ask for is solved in the background (lib/proof-of-work.ts).
 */
type Notice = { kind: 'success'; email: string } | { kind: 'error'; message: string };

/**
 * GET /waitlist/challenge, with the API client and the contracts' schemas it needs, loaded once the form has mounted
 * (after the first paint): the page's first load stays within its budget.
 */
const getSignupChallenge = async (signal: AbortSignal) =>
  (await import('../api/get-signup-challenge.js')).getSignupChallenge(signal);

export function WaitlistForm() {
  const id = useId();
  const [searchParams] = useSearchParams();
  // What the visitor is shown after an attempt; it times out on its own, whatever the call does next.
  const [notice, setNotice] = useState<Notice | null>(null);
  const join = useJoinWaitlist(useProofOfWork(getSignupChallenge));
  const successPanel = useRef<HTMLDivElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const referralInput = useRef<HTMLInputElement>(null);
  // Set when the thank-you gives way to the form: focus was on the thank-you, so it goes to the first field.
  const backFromSuccess = useRef(false);
  const sending = join.isPending;

  // ?ref= is only known in the browser (the page is pre-rendered without it). A code someone's on the list holds (or
  // one the check could not answer for) fills the field; an unknown one is dropped, and the page says so. A code
  // typed already is kept.
  const ref = searchParams.get('ref')?.trim() ?? '';
  const shareCode = useShareCode(ref);
  const codeToFill = shareCode.kind === 'valid' || shareCode.kind === 'unchecked' ? shareCode.code : '';
  // A ticket link (?ticket=) joins with its ticket while the ticket can be used (or could not be checked).
  const ticketCheck = useTicketCheck(searchParams.get('ticket')?.trim() ?? '');
  const ticket = ticketCheck.kind === 'open' || ticketCheck.kind === 'unchecked' ? ticketCheck.code : undefined;
  useEffect(() => {
    const field = referralInput.current;
    if (field && !field.value && codeToFill) field.value = codeToFill;
  }, [codeToFill]);

  useEffect(() => {
    if (!notice) {
      if (backFromSuccess.current) emailInput.current?.focus();
      backFromSuccess.current = false;
      return;
    }
    if (notice.kind === 'success') successPanel.current?.focus();
    const timer = setTimeout(
      () => {
        backFromSuccess.current = notice.kind === 'success';
        setNotice(null);
      },
      notice.kind === 'success' ? SUCCESS_DISPLAY_MS : ERROR_DISPLAY_MS,
    );
    return () => clearTimeout(timer);
  }, [notice]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setNotice(null);
    const text = formText(event.currentTarget);
    const email = text('email').trim();
    if (ticket) holdTicket(ticket);
    join.join(
      { email: text('email'), referralSource: text('referralSource'), honeypot: text(HONEYPOT_FIELD), ticket },
      {
        // The thank-you replaces the form; it comes back with empty fields.
        onSuccess: () => setNotice({ kind: 'success', email }),
        onError: (error) => setNotice({ kind: 'error', message: waitlistErrorMessage(error) }),
      },
    );
  }

  if (notice?.kind === 'success') {
    return (
      <div ref={successPanel} className="waitlist-success" role="status" tabIndex={-1}>
        <span className="waitlist-success__icon" aria-hidden="true">
          ✓
        </span>
        <h2>{i18n._(messages.successTitle)}</h2>
        <p>{i18n._(messages.successBody)}</p>
        {/* Nothing is saved until the address is confirmed (double opt-in): the person must know to open the mail. */}
        <p className="waitlist-success__next">
          {i18n._(messages.confirmBefore)}
          <strong className="waitlist-success__email">
            <AddressWithBreak address={notice.email} />
          </strong>
          {i18n._(messages.confirmAfter)}
        </p>
      </div>
    );
  }

  const failed = notice?.kind === 'error';
  const invited = shareCode.kind === 'valid';
  return (
    <div className="waitlist-form-wrap">
      <ShareCodeNote shareCode={shareCode} />
      <TicketNote ticket={ticketCheck} />
      <form
        className="waitlist-form"
        onSubmit={onSubmit}
        aria-label={i18n._({ id: 'web.waitlist.form.label', message: 'Join the waitlist' })}
      >
        <EmailField
          ref={emailInput}
          id={`${id}-email`}
          label={i18n._({ id: 'web.waitlist.form.email', message: 'Email address' })}
          placeholder={i18n._({ id: 'web.waitlist.form.emailPlaceholder', message: 'you@example.com' })}
          defaultValue=""
          disabled={sending}
          // While the error box shows, the field it is about says so too (its red outline, and to screen readers).
          aria-invalid={failed || undefined}
          aria-describedby={failed ? `${id}-error` : undefined}
        />
        <FormField
          ref={referralInput}
          id={`${id}-referral`}
          label={i18n._({ id: 'web.waitlist.form.referral', message: 'Referral code' })}
          name="referralSource"
          type="text"
          autoComplete="off"
          placeholder={i18n._({ id: 'web.waitlist.form.referralPlaceholder', message: 'e.g. ANNA-7K2Q' })}
          maxLength={REFERRAL_CODE_MAX_LENGTH}
          defaultValue=""
          disabled={sending}
          // Arrived by a friend's link, the note above says what the code is (and keeps the form on a phone's first
          // screen).
          hint={
            invited
              ? undefined
              : i18n._({
                  id: 'web.waitlist.form.referralHint',
                  message: 'Optional. Got a code from a friend? Enter it here.',
                })
          }
        />
        <HoneypotField idPrefix={id} className="waitlist-form__trap" />
        <button type="submit" className="button button--primary button--block button--large" disabled={sending}>
          {sending
            ? i18n._({ id: 'web.waitlist.form.sending', message: 'Joining...' })
            : i18n._({ id: 'web.waitlist.form.submit', message: 'Join the waitlist' })}
        </button>
      </form>
      {notice?.kind === 'error' ? (
        <div id={`${id}-error`} className="error-box" role="alert">
          {notice.message}
        </div>
      ) : null}
    </div>
  );
}

/**
 * What a share link means, said before the form: a friend invited the visitor (never which friend: the check does not
 * say, and the page must not guess from the code) and what joining with the code does for both of them.
 */
function ShareCodeNote({ shareCode }: { shareCode: ShareCode }) {
  if (shareCode.kind === 'valid') {
    return (
      <p className="share-note share-note--invited">
        <strong>{i18n._({ id: 'web.waitlist.share.invited', message: 'A friend invited you.' })}</strong>{' '}
        {shareCode.boost > 0
          ? i18n._({
              id: 'web.waitlist.share.boost',
              message:
                'Join with their code and confirm your address: your friend moves {boost, plural, one {# place} other {# places}} up, and you get a link of your own to do the same.',
              values: { boost: shareCode.boost },
            })
          : i18n._({
              id: 'web.waitlist.share.credited',
              message:
                'Join with their code and confirm your address: your friend is credited, and you get a link of your own to do the same.',
            })}
      </p>
    );
  }
  if (shareCode.kind === 'unknown') {
    return (
      <p className="share-note" role="status">
        {i18n._({
          id: 'web.waitlist.share.unknown',
          message:
            "The code in your link isn't one we know, so we left it out. You can still join, with or without a friend's code.",
        })}
      </p>
    );
  }
  return null;
}

/** An address that may wrap before its @ rather than inside a word, when it is longer than the line. */
function AddressWithBreak({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  return (
    <>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </>
  );
}
