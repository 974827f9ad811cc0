import { useSearchParams } from 'react-router-dom';
import { EmailAddress } from '../../../components/ui/email-address.js';
import { paths } from '../../../config/paths.js';
import { ApiError } from '../../../lib/api-error.js';
import { i18n } from '../../../lib/i18n/i18n.js';
import { LocalizedLink } from '../../../lib/i18n/localized-link.js';
import { richText } from '../../../lib/i18n/rich-text.js';
import { useHydrated } from '../../../lib/use-hydrated.js';
import { useUnsubscribeLink } from '../api/get-unsubscribe-link.js';
import { useUnsubscribe } from '../api/unsubscribe.js';
import { LinkUnreachable, LinkWorking } from './link-states.js';
import { RequestButton } from '../../../components/ui/request-button.js';

/** "contact us" inside a sentence, to the contact page in the page's language. */
const contactLink = (words: string) => <LocalizedLink to={paths.contact}>{words}</LocalizedLink>;

/** An address in a sentence, in bold, wrapping before its @ (the translation places it). */
function EmailStrong({ address }: { address: string }) {
  return (
    <strong>
      <EmailAddress address={address} />
    </strong>
  );
}

function Working() {
  return (
    <LinkWorking
      title={i18n._({ id: 'web.unsubscribe.working', message: 'Opening your unsubscribe link' })}
      noscript={richText(
        i18n._({
          id: 'web.unsubscribe.noscript',
          message:
            'Please turn on JavaScript to unsubscribe here, or use the unsubscribe button of your mail app, or <0>contact us</0>.',
        }),
        { 0: contactLink },
      )}
    />
  );
}

function Invalid() {
  return (
    <>
      <h1>{i18n._({ id: 'web.unsubscribe.invalid.title', message: "This unsubscribe link isn't valid" })}</h1>
      <p className="lead">
        {i18n._({
          id: 'web.unsubscribe.invalid.lead',
          message:
            "It may have been copied only in part. Please use the link from the e-mail again, or write to us and we'll take you off the list.",
        })}
      </p>
      <LocalizedLink to={paths.contact} className="button button--primary">
        {i18n._({ id: 'web.unsubscribe.contact', message: 'Contact us' })}
      </LocalizedLink>
    </>
  );
}

/** Done: just now, or before (a reopened link). The address when it is still known, then what went with it. */
function Done({ email, justNow }: { email: string | null; justNow: boolean }) {
  return (
    <>
      <h1>
        {justNow
          ? i18n._({ id: 'web.unsubscribe.done.title', message: "You're unsubscribed" })
          : i18n._({ id: 'web.unsubscribe.done.before.title', message: 'You have already unsubscribed' })}
      </h1>
      <p className="lead" role="status">
        {email
          ? richText(
              i18n._({
                id: 'web.unsubscribe.done.address',
                message: "We won't send <0>{email}</0> any more e-mails.",
                values: { email },
              }),
              { 0: () => <EmailStrong address={email} /> },
            )
          : i18n._({
              id: 'web.unsubscribe.done.noAddress',
              message: "We won't send this address any more e-mails.",
            })}{' '}
        {i18n._({
          id: 'web.unsubscribe.done.erased',
          message:
            'Its place in line, referral code and credited friends are erased with it; only a coded fingerprint of the address stays, so that we never write to it again. Changed your mind? You can join the waitlist again at any time, with a new place.',
        })}
      </p>
      <LocalizedLink to={paths.waitlist} className="button button--ghost">
        {i18n._({ id: 'web.unsubscribe.done.joinAgain', message: 'Join the waitlist again' })}
      </LocalizedLink>
    </>
  );
}

/**
 * The error box under the button when the click failed. The API answers in English; the page says in its own
 * language what the person can do: wait (nginx's per-client limit on POSTs answers 429 `rate_limited`) or try again.
 */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) {
    return i18n._({
      id: 'web.unsubscribe.tooManyRequests',
      message: 'Too many attempts in a short time. Please wait a moment and try again.',
    });
  }
  return i18n._({
    id: 'web.unsubscribe.unreachable',
    message: "We couldn't reach our servers. Please check your connection and try again.",
  });
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
  const title = i18n._({ id: 'web.unsubscribe.title', message: 'Unsubscribe from our e-mails' });

  if (!hydrated) return <Working />;

  if (!token) {
    return (
      <>
        <h1>{title}</h1>
        <p className="lead">
          {richText(
            i18n._({
              id: 'web.unsubscribe.incomplete.lead',
              message:
                'This unsubscribe link is incomplete. Please open the link from the e-mail again, or <0>contact us</0>.',
            }),
            { 0: contactLink },
          )}
        </p>
      </>
    );
  }

  const email = link.data?.kind === 'link' ? link.data.email : null;
  if (unsubscribe.data === 'unsubscribed') return <Done email={email} justNow />;
  if (unsubscribe.data === 'invalid') return <Invalid />;
  if (link.isError)
    return (
      <LinkUnreachable
        title={i18n._({ id: 'web.unsubscribe.linkUnreachable', message: "We couldn't open your unsubscribe link" })}
        onRetry={() => void link.refetch()}
      />
    );
  if (!link.data) return <Working />;
  if (link.data.kind === 'invalid') return <Invalid />;
  if (link.data.done) return <Done email={email} justNow={false} />;

  const address = link.data.email ?? '';
  return (
    <>
      <h1>{title}</h1>
      <p className="lead">
        {richText(
          i18n._({
            id: 'web.unsubscribe.lead',
            message:
              "Press the button below and we'll stop sending <0>{email}</0> e-mails about Meet Match Date Marry, including the launch announcement.",
            values: { email: address },
          }),
          { 0: () => <EmailStrong address={address} /> },
        )}
      </p>
      <p className="notice">
        {i18n._({
          id: 'web.unsubscribe.notice',
          message:
            'Unsubscribing also takes the address off the waitlist: its place in line, its referral code and the friends credited to it are erased with it, and cannot be brought back.',
        })}
      </p>
      <RequestButton
        label={i18n._({ id: 'web.unsubscribe.action', message: 'Unsubscribe' })}
        busyLabel={i18n._({ id: 'web.unsubscribe.busy', message: 'Unsubscribing...' })}
        className="button button--primary button--large"
        pending={unsubscribe.isPending}
        failure={unsubscribe.isError && failureText(unsubscribe.error)}
        onClick={() => unsubscribe.mutate(token)}
      />
    </>
  );
}
