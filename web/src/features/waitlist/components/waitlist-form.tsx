import { REFERRAL_CODE_MAX_LENGTH, REFERRAL_CODE_PATTERN as referralPattern } from '@mmdm/contracts/limits';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useJoinWaitlist } from '../api/join-waitlist.js';
import { ERROR_DISPLAY_MS, messages, SUCCESS_DISPLAY_MS, waitlistErrorMessage } from './waitlist-messages.js';


/**
 * The sign-up form: idle → sending (everything disabled) → success (the form gives way to a thank-you for 5 s, then
 * comes back empty) or error (a red box under the form for 5 s; the form stays usable).
 */
type Notice = { kind: 'success' } | { kind: 'error'; message: string };

export function WaitlistForm() {
  const id = useId();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState('');
  const [referral, setReferral] = useState('');
  // What the visitor is shown after an attempt; it times out on its own, whatever the mutation does next.
  const [notice, setNotice] = useState<Notice | null>(null);
  const join = useJoinWaitlist();
  const successPanel = useRef<HTMLDivElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  // Set when the thank-you gives way to the form: focus was on the thank-you, so it goes to the first field.
  const backFromSuccess = useRef(false);
  const sending = join.isPending;

  // ?ref= is only known in the browser (the page is pre-rendered without it).
  const ref = searchParams.get('ref')?.trim() ?? '';
  useEffect(() => {
    if (referralPattern.test(ref)) setReferral(ref);
  }, [ref]);

  useEffect(() => {
    if (!notice) {
      if (backFromSuccess.current) emailInput.current?.focus();
      backFromSuccess.current = false;
      return;
    }
    if (notice.kind === 'success') successPanel.current?.focus();
    const timer = setTimeout(() => {
      backFromSuccess.current = notice.kind === 'success';
      setNotice(null);
    }, notice.kind === 'success' ? SUCCESS_DISPLAY_MS : ERROR_DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setNotice(null);
    join.join(
      { email, referralSource: referral },
      {
        onSuccess: () => {
          setEmail('');
          setReferral('');
          setNotice({ kind: 'success' });
        },
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
        <h2>{messages.successTitle}</h2>
        <p>{messages.successBody}</p>
      </div>
    );
  }

  return (
    <div className="waitlist-form-wrap">
      <form className="waitlist-form" onSubmit={onSubmit} aria-label="Join the waitlist">
        <div className="field">
          <label htmlFor={`${id}-email`}>Email address</label>
          <input
            ref={emailInput}
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            required
            maxLength={254}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            disabled={sending}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-referral`}>Referral code</label>
          <input
            id={`${id}-referral`}
            name="referralSource"
            type="text"
            autoComplete="off"
            placeholder="e.g. ANNA-7K2Q"
            maxLength={REFERRAL_CODE_MAX_LENGTH}
            aria-describedby={`${id}-referral-hint`}
            value={referral}
            onChange={(event) => setReferral(event.target.value)}
            disabled={sending}
          />
          <p id={`${id}-referral-hint`} className="field__hint">
            Optional. Got a code from a friend? Enter it here.
          </p>
        </div>
        <button type="submit" className="button button--primary button--block button--large" disabled={sending}>
          {sending ? 'Joining...' : 'Join the waitlist'}
        </button>
      </form>
      {notice?.kind === 'error' ? (
        <div className="error-box" role="alert">
          {notice.message}
        </div>
      ) : null}
    </div>
  );
}
