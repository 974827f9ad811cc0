import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths.js';
import { useHydrated } from '../../../lib/use-hydrated.js';
import { useUnsubscribe } from '../api/unsubscribe.js';

/**
 * The page behind the mail's unsubscribe link. Nothing happens until the visitor presses the button: a GET (a mail
 * scanner, a link preview) never unsubscribes anyone.
 */
export function UnsubscribePanel() {
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const unsubscribe = useUnsubscribe();

  if (unsubscribe.data === 'unsubscribed') {
    return (
      <>
        <h1>You're unsubscribed</h1>
        <p className="lead" role="status">
          We won't send you any more e-mails. Changed your mind? You can join the waitlist again at any time.
        </p>
        <Link to={paths.waitlist} className="button button--ghost">
          Join the waitlist again
        </Link>
      </>
    );
  }

  if (unsubscribe.data === 'invalid') {
    return (
      <>
        <h1>This unsubscribe link isn't valid</h1>
        <p className="lead">
          It may have been copied only in part. Please use the link from the e-mail again, or write to us and we'll take
          you off the list.
        </p>
        <Link to={paths.contact} className="button button--primary">
          Contact us
        </Link>
      </>
    );
  }

  const missing = hydrated && !token;
  return (
    <>
      <h1>Unsubscribe from our e-mails</h1>
      {missing ? (
        <p className="lead">
          This unsubscribe link is incomplete. Please open the link from the e-mail again, or{' '}
          <Link to={paths.contact}>contact us</Link>.
        </p>
      ) : (
        <>
          <p className="lead">
            Press the button below and we'll stop sending you e-mails about Meet Match Date Marry, including the launch
            announcement.
          </p>
          <button
            type="button"
            className="button button--primary button--large"
            disabled={!hydrated || unsubscribe.isPending}
            onClick={() => unsubscribe.mutate(token)}
          >
            {unsubscribe.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
          </button>
          {unsubscribe.isError ? (
            <p className="error-box" role="alert">
              We couldn't reach our servers. Please check your connection and try again.
            </p>
          ) : null}
        </>
      )}
    </>
  );
}
