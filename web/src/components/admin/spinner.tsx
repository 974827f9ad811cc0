/** A busy indicator that screen readers announce. */
export function Spinner({ label }: { label: string }) {
  return (
    <div className="adm-spinner" role="status">
      <span className="adm-spinner__wheel" aria-hidden="true" />
      <span className="adm-visually-hidden">{label}</span>
    </div>
  );
}
