import type { ReactNode } from 'react';

/** What a public page says when a request did not reach the service or got no answer. */
export const SERVERS_UNREACHABLE = "We couldn't reach our servers. Please check your connection and try again.";

/**
 * A button that sends one request of a public page: disabled, with its busy label, while the request runs, and the
 * error box under it once the request failed (the button stays, to try again).
 */
export function RequestButton({
  label,
  busyLabel,
  className,
  pending,
  failure,
  onClick,
}: {
  label: string;
  busyLabel: string;
  className: string;
  pending: boolean;
  /** The error box's words while the last request failed; undefined otherwise. */
  failure: ReactNode;
  onClick: () => void;
}) {
  return (
    <>
      <button type="button" className={className} disabled={pending} onClick={onClick}>
        {pending ? busyLabel : label}
      </button>
      {failure ? (
        <p className="error-box" role="alert">
          {failure}
        </p>
      ) : null}
    </>
  );
}
