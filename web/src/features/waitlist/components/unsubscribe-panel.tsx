import { Link, useSearchParams } from 'react-router-dom';
import { EmailAddress } from '../../../components/ui/email-address.js';
import { paths } from '../../../config/paths.js';
import { useHydrated } from '../../../lib/use-hydrated.js';
import { useUnsubscribeLink } from '../api/get-unsubscribe-link.js';
import { useUnsubscribe } from '../api/unsubscribe.js';
import { LinkUnreachable, LinkWorking } from './link-states.js';
import { RequestButton, SERVERS_UNREACHABLE } from '../../../components/ui/request-button.js';

function Working() {
  return (
    <LinkWorking
      title="Opening your unsubscribe link"
      noscript={
        <>
          Please turn on JavaScript to unsubscribe here, or use the unsubscribe button of your mail app, or{' '}
          <Link to={paths.contact}>contact us</Link>.
        </>
      }
    />
  );
}

function Invalid() {
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

/** Done: just now, or before (a reopened link). The address when it is still known, then what went with it. */
function Done({ email, justNow }: { email: string | null; justNow: boolean }) {
  return (
    <>
      <h1>{justNow ? "You're unsubscribed" : 'You have already unsubscribed'}</h1>
      <p className="lead" role="status">
        {email ? (
          <>
            We won't send{' '}
            <strong>
              <EmailAddress address={email} />
            </strong>{' '}
            any more e-mails.
          </>
        ) : (
          "We won't send this address any more e-mails."
        )}{' '}
        Its place in line, referral code and credited friends are erased with it; only a coded fingerprint of the
        address stays, so that we never write to it again. Changed your mind? You can join the waitlist again at any
        time, with a new place.
      </p>
      <Link to={paths.waitlist} className="button button--ghost">
        Join the waitlist again
      </Link>
    </>
  );
}

/**
 * The page behind the mail's unsubscribe link. Opening it reads the link (GET: the address, whether it is done);
 * nothing happens until the visitor presses the button: a mail scanner or a link preview never unsubscribes anyone.
 */
export function UnsubscribePanel() {
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const link = useUnsubscribeLink(token, hydrated && token !== '');
  const unsubscribe = useUnsubscribe();

  if (!hydrated) return <Working />;

  if (!token) {
    return (
      <>
        <h1>Unsubscribe from our e-mails</h1>
        <p className="lead">
          This unsubscribe link is incomplete. Please open the link from the e-mail again, or{' '}
          <Link to={paths.contact}>contact us</Link>.
        </p>
      </>
    );
  }

  const email = link.data?.kind === 'link' ? link.data.email : null;
  if (unsubscribe.data === 'unsubscribed') return <Done email={email} justNow />;
  if (unsubscribe.data === 'invalid') return <Invalid />;
  if (link.isError)
    return <LinkUnreachable title="We couldn't open your unsubscribe link" onRetry={() => void link.refetch()} />;
  if (!link.data) return <Working />;
  if (link.data.kind === 'invalid') return <Invalid />;
  if (link.data.done) return <Done email={email} justNow={false} />;

  return (
    <>
      <h1>Unsubscribe from our e-mails</h1>
      <p className="lead">
        Press the button below and we'll stop sending{' '}
        <strong>
          <EmailAddress address={link.data.email ?? ''} />
        </strong>{' '}
        e-mails about Meet Match Date Marry, including the launch announcement.
      </p>
      <p className="notice">
        Unsubscribing also takes the address off the waitlist: its place in line, its referral code and the friends
        credited to it are erased with it, and cannot be brought back.
      </p>
      <RequestButton
        label="Unsubscribe"
        busyLabel="Unsubscribing..."
        className="button button--primary button--large"
        pending={unsubscribe.isPending}
        failure={unsubscribe.isError && SERVERS_UNREACHABLE}
        onClick={() => unsubscribe.mutate(token)}
      />
    </>
  );
}
