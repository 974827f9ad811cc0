import { formatDateTime } from '../../lib/format.js';

/** A moment in a staff table: one line always (the panel's CSS never breaks `.adm-date`), "—" when there is none. */
export function DateTime({ iso }: { iso: string | null | undefined }) {
  const text = formatDateTime(iso);
  if (!iso || text === '—') return <>—</>;
  return (
    <time dateTime={iso} className="adm-date">
      {text}
    </time>
  );
}
