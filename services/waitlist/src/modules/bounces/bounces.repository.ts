import type { Queryable } from '../../lib/db.js';
import type { ReportFeed } from './bounce-report.js';

/** Reports are remembered this long; providers stop re-sending within hours (SNS: at most an hour of retries). */
const REMEMBER_DAYS = 30;

/** Claims a report for this transaction; false when it was applied before (a redelivery). */
export async function claimReport(db: Queryable, feed: ReportFeed, reportId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `insert into waitlist.bounce_reports (feed, report_id) values ($1, $2) on conflict do nothing`,
    [feed, reportId.slice(0, 500)],
  );
  return rowCount === 1;
}

export async function pruneReports(db: Queryable): Promise<number> {
  const { rowCount } = await db.query(
    `delete from waitlist.bounce_reports where received_at < now() - make_interval(days => $1)`,
    [REMEMBER_DAYS],
  );
  return rowCount ?? 0;
}
