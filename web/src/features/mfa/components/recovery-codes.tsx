import { useId } from 'react';

interface RecoveryCodesProps {
  codes: string[];
  onDone: () => void;
  doneLabel?: string;
}

/** The recovery codes, shown this once: the service keeps only their hashes. */
export function RecoveryCodes({ codes, onDone, doneLabel = 'I have saved these codes' }: RecoveryCodesProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="adm-section-title">
        Your recovery codes
      </h3>
      <p>
        If you lose your phone or passkey, each of these codes signs you in once. Save them somewhere safe now: they
        will not be shown again.
      </p>
      <ul className="adm-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <button type="button" className="adm-button adm-button--primary" onClick={onDone}>
        {doneLabel}
      </button>
    </section>
  );
}
