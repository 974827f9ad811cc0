import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths.js';
import { useHydrated } from '../../../lib/use-hydrated.js';
import { useConfirmEntry, type ConfirmOutcome } from '../api/confirm-entry.js';
import { useConfirmationStatus } from '../api/get-confirmation-status.js';
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
 * The page behind the confirmation mail's link. Opening it only reads the link's state (GET); the address is
 * confirmed by a POST sent when the person presses "Confirm my address". Mail scanners fetch links, and some run
 * the page's scripts too: neither confirms an address someone else typed in (double opt-in).
 */
export function ConfirmPanel() {
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const status = useConfirmationStatus(token, hydrated && token !== '');
  const confirm = useConfirmEntry();

  if (!hydrated) return <Working title="Checking your confirmation link" />;

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

  // The click's own answer wins over the status read before it (or refreshed after it).
  if (confirm.data) return <Outcome outcome={confirm.data} token={token} />;

  if (confirm.isError || status.isError) {
    const retry = () => (confirm.isError ? confirm.mutate(token) : void status.refetch());
    return (
      <>
        <h1>We couldn't confirm your address just now</h1>
        <p className="lead">Our servers could not be reached. Please check your connection and try again.</p>
        <button type="button" className="button button--primary" onClick={retry}>
          Try again
        </button>
      </>
    );
  }

  if (confirm.isPending) return <Working title="Confirming your e-mail address" />;

  const link = status.data;
  if (!link) return <Working title="Checking your confirmation link" />;
  if (link.kind !== 'pending') return <Outcome outcome={link} token={token} />;

  return (
    <>
      <h1>Confirm your e-mail address</h1>
      <p className="lead">
        One click and <strong>{link.email}</strong> is on the Meet Match Date Marry waitlist. If you did not sign up,
        just close this page: nothing happens without the click.
      </p>
      <button type="button" className="button button--primary" onClick={() => confirm.mutate(token)}>
        Confirm my address
      </button>
    </>
  );
}

function Outcome({ outcome, token }: { outcome: ConfirmOutcome; token: string }) {
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
