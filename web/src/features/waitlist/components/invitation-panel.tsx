import { frenchAtCity } from '@mmdm/contracts/city-names';
import { useSearchParams } from 'react-router-dom';
import { EmailAddress } from '../../../components/ui/email-address.js';
import { StoreBadges } from '../../../components/ui/store-badges.js';
import { ApiError } from '../../../lib/api-error.js';
import { i18n } from '../../../lib/i18n/i18n.js';
import { richText } from '../../../lib/i18n/rich-text.js';
import { useHydrated } from '../../../lib/use-hydrated.js';
import { useAcceptInvitation } from '../api/accept-invitation.js';
import { useInvitation, type Invitation } from '../api/get-invitation.js';
import { EntryRemoved, LinkThrottled, LinkUnreachable, LinkWorking } from './link-states.js';
import { MemberTickets } from './member-tickets.js';

function Working() {
  return (
    <LinkWorking
      title={i18n._({ id: 'web.invitation.working', message: 'Opening your invitation' })}
      noscript={i18n._({
        id: 'web.invitation.noscript',
        message: 'Please turn on JavaScript to open your invitation.',
      })}
    />
  );
}

/** An address in a sentence, in bold, wrapping before its @ (the translation places it). */
function EmailStrong({ address }: { address: string }) {
  return (
    <strong>
      <EmailAddress address={address} />
    </strong>
  );
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
      {richText(
        i18n._({
          id: 'web.invitation.noStores',
          message:
            'The apps are not in the App Store and Google Play yet. The day they are, we will e-mail <0>{email}</0> the links to get them; you will sign in with this address. There is nothing else to do until then.',
          values: { email: invitation.email },
        }),
        { 0: () => <EmailStrong address={invitation.email} /> },
      )}
    </p>
  );
}

function Admitted({ invitation, token }: { invitation: Invitation; token: string }) {
  const out = invitation.stores.appStore || invitation.stores.playStore;
  return (
    <>
      <h1>{i18n._({ id: 'web.invitation.admitted.title', message: "You're in!" })}</h1>
      <p className="lead">
        {richText(
          out
            ? i18n._({
                id: 'web.invitation.admitted.lead',
                message: 'Welcome to Meet Match Date Marry, <0>{email}</0>. Get the app and sign in with this address.',
                values: { email: invitation.email },
              })
            : i18n._({
                id: 'web.invitation.admitted.reserved',
                message:
                  'Welcome to Meet Match Date Marry, <0>{email}</0>. Your invitation is accepted and your account is reserved.',
                values: { email: invitation.email },
              }),
          { 0: () => <EmailStrong address={invitation.email} /> },
        )}
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
        <h1>{i18n._({ id: 'web.invitation.incomplete.title', message: 'This invitation link is incomplete' })}</h1>
        <p className="lead">
          {i18n._({
            id: 'web.invitation.incomplete.lead',
            message: 'Please open the link from your invitation e-mail again.',
          })}
        </p>
      </>
    );
  }

  if (invitation.isError || accept.isError) {
    const retry = () => (accept.isError ? accept.mutate(token) : void invitation.refetch());
    const title = i18n._({ id: 'web.invitation.unreachable', message: "We couldn't open your invitation just now" });
    if (accept.error instanceof ApiError && accept.error.status === 429)
      return <LinkThrottled title={title} onRetry={retry} />;
    return <LinkUnreachable title={title} onRetry={retry} />;
  }

  const outcome = accept.data ?? invitation.data;
  if (!outcome) return <Working />;
  if (outcome.kind === 'removed') return <EntryRemoved />;
  if (outcome.kind === 'invalid') {
    return (
      <>
        <h1>{i18n._({ id: 'web.invitation.invalid.title', message: "This invitation link isn't valid" })}</h1>
        <p className="lead">
          {i18n._({
            id: 'web.invitation.invalid.lead',
            message: 'It may have been copied only in part. Please open the link from your invitation e-mail again.',
          })}
        </p>
      </>
    );
  }
  if (outcome.invitation.status === 'admitted') return <Admitted invitation={outcome.invitation} token={token} />;

  const { email, city } = outcome.invitation;
  return (
    <>
      <h1>{i18n._({ id: 'web.invitation.invited.title', message: "You're invited to Meet Match Date Marry" })}</h1>
      <p className="lead">
        {richText(
          city
            ? i18n._({
                id: 'web.invitation.invited.leadCity',
                comment: '{city} is the name as typed ("Le Havre"); {atCity} is it after French "à" ("au Havre").',
                message:
                  "Your wait is over, <0>{email}</0>: we're opening in {city}, and you're among the first in. Accept your invitation, then get the app and sign in with this address.",
                values: { email, city: city.name, atCity: frenchAtCity(city.name) },
              })
            : i18n._({
                id: 'web.invitation.invited.lead',
                message:
                  'Your wait is over, <0>{email}</0>: you are among the first in. Accept your invitation, then get the app and sign in with this address.',
                values: { email },
              }),
          { 0: () => <EmailStrong address={email} /> },
        )}
      </p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => accept.mutate(token)}
        disabled={accept.isPending}
      >
        {accept.isPending
          ? i18n._({ id: 'web.invitation.accepting', message: 'Accepting…' })
          : i18n._({ id: 'web.invitation.accept', message: 'Accept my invitation' })}
      </button>
      <GetTheApp invitation={outcome.invitation} />
    </>
  );
}
