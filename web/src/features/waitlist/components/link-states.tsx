import type { ReactNode } from 'react';

/**
 * A mail link's page while it reads the link or sends the click. The page is rendered on the server first, and the
 * link is only read in the browser, so without JavaScript it would wait for ever: `noscript` says why.
 */
export function LinkWorking({ title, noscript }: { title: string; noscript: ReactNode }) {
  return (
    <>
      <h1>{title}</h1>
      <p className="lead" role="status">
        <span className="spinner spinner--inline" aria-hidden="true" /> One moment, please…
      </p>
      <noscript>
        <p className="notice">{noscript}</p>
      </noscript>
    </>
  );
}

/** A mail link's page when our servers did not answer: the person retries what failed. */
export function LinkUnreachable({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <>
      <h1>{title}</h1>
      <p className="lead">Our servers could not be reached. Please check your connection and try again.</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        Try again
      </button>
    </>
  );
}
