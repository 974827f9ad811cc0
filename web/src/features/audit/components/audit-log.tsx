import { useState } from 'react';
import { useAuthAudit } from '../api/get-auth-audit.js';
import { useWaitlistAudit, type WaitlistAuditKind } from '../api/get-waitlist-audit.js';
import { DataTable } from '../../../components/admin/data-table.js';
import { SelectField } from '../../../components/admin/select-field.js';
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

type Shown = 'all' | 'reads' | 'changes';

/**
 * What staff did (sign-ins, staff changes, reads of personal data, exports, deletions, resends), from both services,
 * newest first. "Reads of personal data" shows the trail of who opened, searched or exported the list (the waitlist
 * service's alone: the auth service holds no list).
 */
export function AuditLog() {
  const [shown, setShown] = useState<Shown>('all');
  const kind: WaitlistAuditKind = shown === 'all' ? undefined : shown;
  const auth = useAuthAudit();
  const waitlist = useWaitlistAudit(true, kind);
  const records = mergeAuditFeeds({
    auth:
      shown === 'reads' ? { items: [], hasMore: false } : { items: flat(auth.data?.pages), hasMore: auth.hasNextPage },
    waitlist: { items: flat(waitlist.data?.pages), hasMore: waitlist.hasNextPage },
  });
  const hasMore = (shown !== 'reads' && auth.hasNextPage) || waitlist.hasNextPage;
  const loadingMore = auth.isFetchingNextPage || waitlist.isFetchingNextPage;

  const loadMore = () => {
    if (shown !== 'reads' && auth.hasNextPage) void auth.fetchNextPage();
    if (waitlist.hasNextPage) void waitlist.fetchNextPage();
  };

  return (
    <section className="adm-card" aria-labelledby="audit-log">
      <h2 id="audit-log" className="adm-section-title">
        Audit log
      </h2>
      <div className="adm-toolbar">
        <SelectField
          label="Show"
          fieldClassName="adm-field--inline"
          value={shown}
          onChange={(event) => setShown(event.target.value as Shown)}
        >
          <option value="all">Everything</option>
          <option value="reads">Staff reading personal data</option>
          <option value="changes">Changes and sign-ins</option>
        </SelectField>
      </div>
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
            <DataTable columns={['When', 'Who', 'What', 'Target', 'From']} rows={records} wide>
              {(record) => (
                <tr key={`${record.source}-${record.id}`}>
                  <td>
                    <time dateTime={record.at}>{formatDateTime(record.at)}</time>
                  </td>
                  <td>{record.actorEmail ?? record.actorSub ?? '—'}</td>
                  <td>
                    <span className="adm-audit__action">{record.action}</span>
                    {record.details && (
                      <span className="adm-muted adm-audit__details">{describeDetails(record.details)}</span>
                    )}
                  </td>
                  <td>{record.target ?? '—'}</td>
                  <td>{record.ip ?? '—'}</td>
                </tr>
              )}
            </DataTable>
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
