/** Whether a message still waits for an answer. */
export function MessageStateBadge({ handledAt }: { handledAt: string | null }) {
  return handledAt ? (
    <span className="adm-badge adm-badge--confirmed">Handled</span>
  ) : (
    <span className="adm-badge adm-badge--pending">Open</span>
  );
}
