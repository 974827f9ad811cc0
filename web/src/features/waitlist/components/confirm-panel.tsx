import { EmailAddress } from '../../../components/ui/email-address.js';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths.js';
import { i18n } from '../../../lib/i18n/i18n.js';
import { richText } from '../../../lib/i18n/rich-text.js';
import { localizedPath, usePageLanguage } from '../../../lib/i18n/page-language.js';
import { useHydrated } from '../../../lib/use-hydrated.js';
import { useConfirmEntry, type ConfirmedPlace, type ConfirmOutcome } from '../api/confirm-entry.js';
import { useConfirmationStatus } from '../api/get-confirmation-status.js';
import { BalanceChoice } from './balance-choice.js';
import { CityChoice } from './city-choice.js';
import { YourCityProgress } from './city-progress.js';
import { LanguageChoice } from './language-choice.js';
import { EntryRemoved, LinkUnreachable, LinkWorking } from './link-states.js';
import { PlaceCard } from './place-card.js';
import { ResendLink } from './resend-link.js';
import { SharePanel } from './share-panel.js';
import { UseTicket } from './use-ticket.js';

function Working({ title }: { title: string }) {
  return (
    <LinkWorking
      title={title}
      noscript={i18n._({
        id: 'web.confirm.noscript',
        message: 'Please turn on JavaScript to confirm your address: the page confirms it securely in your browser.',
      })}
    />
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
  const language = usePageLanguage();
  const checking = i18n._({ id: 'web.confirm.checking', message: 'Checking your confirmation link' });

  if (!hydrated) return <Working title={checking} />;

  if (!token) {
    return (
      <>
        <h1>{i18n._({ id: 'web.confirm.incomplete.title', message: 'This confirmation link is incomplete' })}</h1>
        <p className="lead">
          {i18n._({
            id: 'web.confirm.incomplete.lead',
            message:
              'Please open the link from your confirmation e-mail again, or join the waitlist once more to get a new one.',
          })}
        </p>
        <Link to={localizedPath(paths.waitlist, language)} className="button button--primary">
          {i18n._({ id: 'web.confirm.joinWaitlist', message: 'Join the waitlist' })}
        </Link>
      </>
    );
  }

  // The click's own answer wins over the status read before it (or refreshed after it).
  if (confirm.data) return <Outcome outcome={confirm.data} token={token} />;

  if (confirm.isError || status.isError) {
    const retry = () => (confirm.isError ? confirm.mutate(token) : void status.refetch());
    return (
      <LinkUnreachable
        title={i18n._({ id: 'web.confirm.unreachable', message: "We couldn't confirm your address just now" })}
        onRetry={retry}
      />
    );
  }

  if (confirm.isPending)
    return <Working title={i18n._({ id: 'web.confirm.confirming', message: 'Confirming your e-mail address' })} />;

  const link = status.data;
  if (!link) return <Working title={checking} />;
  if (link.kind !== 'pending') return <Outcome outcome={link} token={token} />;

  return (
    <>
      <h1>{i18n._({ id: 'web.confirm.pending.title', message: 'Confirm your e-mail address' })}</h1>
      <p className="lead">
        {richText(
          i18n._({
            id: 'web.confirm.pending.lead',
            message:
              'One click and <0>{email}</0> is on the Meet Match Date Marry waitlist. If you did not sign up, just close this page: nothing happens without the click.',
            values: { email: link.email },
          }),
          { 0: () => <EmailStrong address={link.email} /> },
        )}
      </p>
      <button type="button" className="button button--primary" onClick={() => confirm.mutate(token)}>
        {i18n._({ id: 'web.confirm.pending.action', message: 'Confirm my address' })}
      </button>
    </>
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

function Outcome({ outcome, token }: { outcome: ConfirmOutcome; token: string }) {
  const language = usePageLanguage();
  switch (outcome.kind) {
    case 'confirmed':
      return <Confirmed place={outcome.entry} alreadyConfirmed={outcome.alreadyConfirmed} token={token} />;
    case 'expired':
      return (
        <>
          <h1>{i18n._({ id: 'web.confirm.expired.title', message: 'This confirmation link has expired' })}</h1>
          <p className="lead">
            {i18n._({
              id: 'web.confirm.expired.lead',
              message: 'Links stay valid for a few days. We can send you a fresh one.',
            })}
          </p>
          <ResendLink token={token} />
        </>
      );
    case 'used':
      return (
        <>
          <h1>{i18n._({ id: 'web.confirm.used.title', message: 'This confirmation link has already been used' })}</h1>
          <p className="lead">
            {i18n._({
              id: 'web.confirm.used.lead',
              message: 'If you still need to confirm your address, we can send you a new link.',
            })}
          </p>
          <ResendLink token={token} />
        </>
      );
    case 'removed':
      return <EntryRemoved />;
    case 'invalid':
      return (
        <>
          <h1>{i18n._({ id: 'web.confirm.invalid.title', message: "This confirmation link isn't valid" })}</h1>
          <p className="lead">
            {i18n._({
              id: 'web.confirm.invalid.lead',
              message:
                'It may have been copied only in part. Please open the link from your e-mail again, or join the waitlist once more to get a new one.',
            })}
          </p>
          <Link to={localizedPath(paths.waitlist, language)} className="button button--primary">
            {i18n._({ id: 'web.confirm.joinWaitlist', message: 'Join the waitlist' })}
          </Link>
        </>
      );
  }
}

/**
 * The code, the link and the ways to share it. In line, friends move the person up; once invited or let in they no
 * longer do, and the card says only what sharing still does: a friend gets a place of their own.
 */
function ShareCard({ place }: { place: ConfirmedPlace }) {
  const inLine = place.status === 'confirmed';
  return (
    <div className="card referral-card">
      <h2>
        {inLine
          ? i18n._({ id: 'web.share.inLine.title', message: 'Invite your friends' })
          : i18n._({ id: 'web.share.done.title', message: 'Bring your friends along' })}
      </h2>
      <p>
        {inLine
          ? i18n._({
              id: 'web.share.inLine.body',
              message: 'Share your personal link. Friends who join with it and confirm move you up the line.',
            })
          : i18n._({
              id: 'web.share.done.body',
              message:
                'Your own wait is over. Friends who join with your link get their place in line, and we write to them when their turn comes.',
            })}
      </p>
      <dl className="referral-card__details">
        <div>
          <dt>{i18n._({ id: 'web.share.code', message: 'Your referral code' })}</dt>
          <dd className="referral-card__code">{place.referralCode}</dd>
        </div>
        <div>
          <dt>{i18n._({ id: 'web.share.link', message: 'Your share link' })}</dt>
          <dd className="referral-card__link">{place.shareUrl}</dd>
        </div>
      </dl>
      <SharePanel shareUrl={place.shareUrl} inLine={inLine} />
    </div>
  );
}

/**
 * The person's page once confirmed, and again whenever the link is reopened: the place and how it came about, the
 * share link, the optional city. Invited and admitted people hold no place any more: the page says where they are.
 */
function Confirmed({
  place,
  alreadyConfirmed,
  token,
}: {
  place: ConfirmedPlace;
  alreadyConfirmed: boolean;
  token: string;
}) {
  if (place.status === 'invited' || place.status === 'admitted') {
    const invited = place.status === 'invited';
    return (
      <>
        <h1>
          {invited
            ? i18n._({ id: 'web.confirmed.invited.title', message: "You're invited!" })
            : i18n._({ id: 'web.confirmed.admitted.title', message: "You're in!" })}
        </h1>
        <p className="lead">
          {invited
            ? richText(
                i18n._({
                  id: 'web.confirmed.invited.lead',
                  message:
                    'Your wait is over: we have sent <0>{email}</0> an invitation to Meet Match Date Marry. Open it to accept and get the app. You no longer hold a place in line, so friends who join now do not move you: they get a place of their own.',
                  values: { email: place.email },
                }),
                { 0: () => <EmailStrong address={place.email} /> },
              )
            : richText(
                i18n._({
                  id: 'web.confirmed.admitted.lead',
                  message: '<0>{email}</0> has accepted its invitation: welcome to Meet Match Date Marry.',
                  values: { email: place.email },
                }),
                { 0: () => <EmailStrong address={place.email} /> },
              )}
        </p>
        <YourCityProgress cityId={place.city?.id} />
        <ShareCard place={place} />
      </>
    );
  }
  return (
    <>
      <h1>{i18n._({ id: 'web.confirmed.title', message: 'Your e-mail address is confirmed' })}</h1>
      <p className="lead">
        {alreadyConfirmed
          ? richText(
              i18n._({
                id: 'web.confirmed.again.lead',
                message:
                  "You had already confirmed <0>{email}</0>. You're on the Meet Match Date Marry waitlist, and we'll write to you as soon as your invitation is ready. Keep this link: it always shows your current place.",
                values: { email: place.email },
              }),
              { 0: () => <EmailStrong address={place.email} /> },
            )
          : richText(
              i18n._({
                id: 'web.confirmed.lead',
                message:
                  "Thank you! We have confirmed <0>{email}</0>. You're on the Meet Match Date Marry waitlist, and we'll write to you as soon as your invitation is ready. Keep this link: it always shows your current place.",
                values: { email: place.email },
              }),
              { 0: () => <EmailStrong address={place.email} /> },
            )}
      </p>
      <PlaceCard place={place} />
      <UseTicket token={token} />
      <ShareCard place={place} />
      <CityChoice token={token} place={place} />
      <LanguageChoice token={token} place={place} />
      <BalanceChoice token={token} />
    </>
  );
}
