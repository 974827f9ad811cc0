import { formatDateTime } from '../../lib/format.js';

const thisYearFormat = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * A moment in a staff table: one line always (the panel's CSS never breaks `.adm-date`), without the year when it is
 * this year's (a column narrower by a fifth), the full date in its title; "—" when there is none.
 */
export function DateTime({ iso }: { iso: string | null | undefined }) {
  const full = formatDateTime(iso);
  if (!iso || full === '—') return <>—</>;
  const date = new Date(iso);
  const text = date.getFullYear() === new Date().getFullYear() ? thisYearFormat.format(date) : full;
  return (
    <time dateTime={iso} className="adm-date" title={full}>
      {text}
    </time>
  );
}
