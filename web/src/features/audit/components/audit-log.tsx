import { useAuthAudit } from '../api/get-auth-audit.js';
import { useWaitlistAudit } from '../api/get-waitlist-audit.js';
import type { AuditPage } from '@mmdm/contracts/audit';
import { formatDateTime } from '../../../lib/format.js';
import { mergeAuditFeeds } from '../lib/merge-audit.js';
import { QueryState } from '../../../components/admin/query-state.js';

const flat = (pages: AuditPage[] | undefined) => pages?.flatMap((page) => page.items) ?? [];

/** Details are shown as short "key: value" pairs; anything nested is summarised rather than dumped. */
function describeDetails(details: Record<string, unknown> | null | undefined): string {
  if (!details) return '';
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${value !== null && typeof value === 'object' ? '…' : String(value)}`)
    .join(', ');
}

/** What staff did (sign-ins, staff changes, exports, deletions, resends), from both services, newest first. */
export function AuditLog() {
  const auth = useAuthAudit();
  const waitlist = useWaitlistAudit();
  const records = mergeAuditFeeds({
    auth: { items: flat(auth.data?.pages), hasMore: auth.hasNextPage },
    waitlist: { items: flat(waitlist.data?.pages), hasMore: waitlist.hasNextPage },
  });
  const hasMore = auth.hasNextPage || waitlist.hasNextPage;
  const loadingMore = auth.isFetchingNextPage || waitlist.isFetchingNextPage;

  const loadMore = () => {
    if (auth.hasNextPage) void auth.fetchNextPage();
    if (waitlist.hasNextPage) void waitlist.fetchNextPage();
  };

  return (
    <section className="adm-card" aria-labelledby="audit-log">
      <h2 id="audit-log" className="adm-section-title">
        Audit log
      </h2>
      <QueryState
        isPending={auth.isPending || waitlist.isPending}
        error={auth.error ?? waitlist.error}
        label="the audit log"
        onRetry={() => {
          void auth.refetch();
          void waitlist.refetch();
        }}
      />
      {auth.data && waitlist.data && (
        <>
          {records.length === 0 ? (
            <p className="adm-muted">Nothing recorded yet.</p>
          ) : (
            <div className="adm-table-wrap">
              <table className="adm-table adm-table--wide">
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Who</th>
                    <th scope="col">What</th>
                    <th scope="col">Target</th>
                    <th scope="col">From</th>
                  </tr>
                </thead>
                <tbody>
                  {records.map((record) => (
                    <tr key={`${record.source}-${record.id}`}>
                      <td>
                        <time dateTime={record.at}>{formatDateTime(record.at)}</time>
                      </td>
                      <td>{record.actorEmail ?? record.actorSub ?? '—'}</td>
                      <td>
                        <span className="adm-audit__action">{record.action}</span>
                        {record.details && <span className="adm-muted adm-audit__details">{describeDetails(record.details)}</span>}
                      </td>
                      <td>{record.target ?? '—'}</td>
                      <td>{record.ip ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {hasMore && (
            <button type="button" className="adm-button" onClick={loadMore} disabled={loadingMore}>
              {loadingMore ? 'Loading...' : 'Load older entries'}
            </button>
          )}
        </>
      )}
    </section>
  );
}
