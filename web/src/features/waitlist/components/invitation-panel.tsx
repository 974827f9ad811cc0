import { useSearchParams } from 'react-router-dom';
import { EmailAddress } from '../../../components/ui/email-address.js';
import { StoreBadges } from '../../../components/ui/store-badges.js';
import { useHydrated } from '../../../lib/use-hydrated.js';
import { useAcceptInvitation } from '../api/accept-invitation.js';
import { useInvitation, type Invitation } from '../api/get-invitation.js';
import { EntryRemoved, LinkUnreachable, LinkWorking } from './link-states.js';
import { MemberTickets } from './member-tickets.js';

function Working() {
  return <LinkWorking title="Opening your invitation" noscript="Please turn on JavaScript to open your invitation." />;
}

/**
 * Where the invitation leads next: the store badges once the apps are out, else when and how the person hears from
 * us, instead of badges that would only bring them back to the waitlist.
 */
function GetTheApp({ invitation }: { invitation: Invitation }) {
  const { stores } = invitation;
  if (stores.appStore || stores.playStore) return <StoreBadges className="store-badges--center" stores={stores} />;
  return (
    <p className="notice invitation-next">
      The apps are not in the App Store and Google Play yet. The day they are, we will e-mail{' '}
      <strong>
        <EmailAddress address={invitation.email} />
      </strong>{' '}
      the links to get them; you will sign in with this address. There is nothing else to do until then.
    </p>
  );
}

function Admitted({ invitation, token }: { invitation: Invitation; token: string }) {
  const out = invitation.stores.appStore || invitation.stores.playStore;
  return (
    <>
      <h1>You're in!</h1>
      <p className="lead">
        Welcome to Meet Match Date Marry,{' '}
        <strong>
          <EmailAddress address={invitation.email} />
        </strong>
        .{' '}
        {out
          ? 'Get the app and sign in with this address.'
          : 'Your invitation is accepted and your account is reserved.'}
      </p>
      <GetTheApp invitation={invitation} />
      <MemberTickets token={token} />
    </>
  );
}

/**
 * The page behind the invitation mail's link. Opening it only reads the invitation (GET): mail scanners fetch links
 * and may run the page's scripts, so the person is let in by the POST their click sends.
 */
export function InvitationPanel() {
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const invitation = useInvitation(token, hydrated && token !== '');
  const accept = useAcceptInvitation();

  if (!hydrated) return <Working />;

  if (!token) {
    return (
      <>
        <h1>This invitation link is incomplete</h1>
        <p className="lead">Please open the link from your invitation e-mail again.</p>
      </>
    );
  }

  if (invitation.isError || accept.isError) {
    const retry = () => (accept.isError ? accept.mutate(token) : void invitation.refetch());
    return <LinkUnreachable title="We couldn't open your invitation just now" onRetry={retry} />;
  }

  const outcome = accept.data ?? invitation.data;
  if (!outcome) return <Working />;
  if (outcome.kind === 'removed') return <EntryRemoved />;
  if (outcome.kind === 'invalid') {
    return (
      <>
        <h1>This invitation link isn't valid</h1>
        <p className="lead">
          It may have been copied only in part. Please open the link from your invitation e-mail again.
        </p>
      </>
    );
  }
  if (outcome.invitation.status === 'admitted') return <Admitted invitation={outcome.invitation} token={token} />;

  const { email, city } = outcome.invitation;
  return (
    <>
      <h1>You're invited to Meet Match Date Marry</h1>
      <p className="lead">
        Your wait is over,{' '}
        <strong>
          <EmailAddress address={email} />
        </strong>
        {city ? `: we're opening in ${city.name}, and you're among the first in.` : ': you are among the first in.'}{' '}
        Accept your invitation, then get the app and sign in with this address.
      </p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => accept.mutate(token)}
        disabled={accept.isPending}
      >
        {accept.isPending ? 'Accepting…' : 'Accept my invitation'}
      </button>
      <GetTheApp invitation={outcome.invitation} />
    </>
  );
}
