import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.js';
import { i18n } from '../../../lib/i18n/i18n.js';
import { localizedPath, usePageLanguage } from '../../../lib/i18n/page-language.js';

/**
 * A mail link's page while it reads the link or sends the click. The page is rendered on the server first, and the
 * link is only read in the browser, so without JavaScript it would wait for ever: `noscript` says why.
 */
export function LinkWorking({ title, noscript }: { title: string; noscript: ReactNode }) {
  return (
    <>
      <h1>{title}</h1>
      <p className="lead" role="status">
        <span className="spinner spinner--inline" aria-hidden="true" />{' '}
        {i18n._({ id: 'web.link.working', message: 'One moment, please…' })}
      </p>
      <noscript>
        <p className="notice">{noscript}</p>
      </noscript>
    </>
  );
}

/** A mail link's page whose action failed in a way the person can retry: what happened, and "Try again". */
function RetryState({ title, lead, onRetry }: { title: string; lead: string; onRetry: () => void }) {
  return (
    <>
      <h1>{title}</h1>
      <p className="lead">{lead}</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        {i18n._({ id: 'web.link.retry', message: 'Try again' })}
      </button>
    </>
  );
}

/** A mail link's page when our servers did not answer: the person retries what failed. */
export function LinkUnreachable({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <RetryState
      title={title}
      onRetry={onRetry}
      lead={i18n._({
        id: 'web.link.unreachable',
        message: 'Our servers could not be reached. Please check your connection and try again.',
      })}
    />
  );
}

/**
 * A mail link's page whose click was refused for coming too fast (nginx's per-client limit on POSTs answers 429
 * `rate_limited`): said as such, not as servers out of reach, with the same way to try again.
 */
export function LinkThrottled({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <RetryState
      title={title}
      onRetry={onRetry}
      lead={i18n._({
        id: 'web.link.tooManyRequests',
        message: 'Too many attempts in a short time. Please wait a moment and try again.',
      })}
    />
  );
}

/** A mail's link (place, invitation) whose entry unsubscribed or was erased: said plainly, not blamed on a damaged link. */
export function EntryRemoved() {
  const language = usePageLanguage();
  return (
    <>
      <h1>{i18n._({ id: 'web.link.removed.title', message: 'This entry was removed from the waitlist' })}</h1>
      <p className="lead">
        {i18n._({
          id: 'web.link.removed.lead',
          message:
            'The address this link belonged to was unsubscribed or erased, and its place in line, referral code and credits went with it. Nothing about it is kept. You are welcome to join again: you would start with a new place.',
        })}
      </p>
      <Link to={localizedPath(paths.waitlist, language)} className="button button--primary">
        {i18n._({ id: 'web.link.removed.join', message: 'Join the waitlist' })}
      </Link>
    </>
  );
}
