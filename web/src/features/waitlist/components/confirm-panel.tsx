import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths.js';
import { useHydrated } from '../../../lib/use-hydrated.js';
import { useConfirmEntry } from '../api/confirm-entry.js';
import { CopyButton } from './copy-button.js';
import { ResendLink } from './resend-link.js';

function Working({ title }: { title: string }) {
  return (
    <>
      <h1>{title}</h1>
      <p className="lead" role="status">
        <span className="spinner spinner--inline" aria-hidden="true" /> One moment, please…
      </p>
      <noscript>
        <p className="notice">Please turn on JavaScript to confirm your address: the page confirms it securely in your browser.</p>
      </noscript>
    </>
  );
}

/**
 * The page behind the confirmation mail's link. It confirms with a POST from the browser, never on the GET itself,
 * so a mail scanner that fetches links confirms nobody.
 */
export function ConfirmPanel() {
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const confirm = useConfirmEntry();
  const started = useRef<string | null>(null);
  const { mutate } = confirm;

  useEffect(() => {
    // Once per token, even when StrictMode runs effects twice.
    if (!hydrated || !token || started.current === token) return;
    started.current = token;
    mutate(token);
  }, [hydrated, token, mutate]);

  if (!hydrated) return <Working title="Confirming your e-mail address" />;

  if (!token) {
    return (
      <>
        <h1>This confirmation link is incomplete</h1>
        <p className="lead">
          Please open the link from your confirmation e-mail again, or join the waitlist once more to get a new one.
        </p>
        <Link to={paths.waitlist} className="button button--primary">
          Join the waitlist
        </Link>
      </>
    );
  }

  if (confirm.isError) {
    return (
      <>
        <h1>We couldn't confirm your address just now</h1>
        <p className="lead">Our servers could not be reached. Please check your connection and try again.</p>
        <button type="button" className="button button--primary" onClick={() => mutate(token)}>
          Try again
        </button>
      </>
    );
  }

  const outcome = confirm.data;
  if (!outcome) return <Working title="Confirming your e-mail address" />;

  switch (outcome.kind) {
    case 'confirmed':
      return (
        <>
          <h1>Your e-mail address is confirmed</h1>
          <p className="lead">
            {outcome.alreadyConfirmed ? 'You had already confirmed ' : 'Thank you! We have confirmed '}
            <strong>{outcome.entry.email}</strong>. You're on the Meet Match Date Marry waitlist, and we'll write to you
            as soon as the app launches.
          </p>
          <div className="card referral-card">
            <h2>Invite your friends</h2>
            <p>Share your personal link. Friends who join with it are recorded as your referrals.</p>
            <dl className="referral-card__details">
              <div>
                <dt>Your referral code</dt>
                <dd className="referral-card__code">{outcome.entry.referralCode}</dd>
              </div>
              <div>
                <dt>Your share link</dt>
                <dd className="referral-card__link">{outcome.entry.shareUrl}</dd>
              </div>
            </dl>
            <CopyButton text={outcome.entry.shareUrl} label="Copy share link" />
          </div>
        </>
      );
    case 'expired':
      return (
        <>
          <h1>This confirmation link has expired</h1>
          <p className="lead">Links stay valid for a few days. We can send you a fresh one.</p>
          <ResendLink token={token} />
        </>
      );
    case 'used':
      return (
        <>
          <h1>This confirmation link has already been used</h1>
          <p className="lead">If you still need to confirm your address, we can send you a new link.</p>
          <ResendLink token={token} />
        </>
      );
    case 'invalid':
      return (
        <>
          <h1>This confirmation link isn't valid</h1>
          <p className="lead">
            It may have been copied only in part. Please open the link from your e-mail again, or join the waitlist
            once more to get a new one.
          </p>
          <Link to={paths.waitlist} className="button button--primary">
            Join the waitlist
          </Link>
        </>
      );
  }
}
