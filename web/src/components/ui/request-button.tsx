import type { ReactNode } from 'react';

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
