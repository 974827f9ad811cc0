import { useState } from 'react';
import { useAuthAudit } from '../api/get-auth-audit.js';
import { useWaitlistAudit, type WaitlistAuditKind } from '../api/get-waitlist-audit.js';
import { DataTable } from '../../../components/admin/data-table.js';
import { SelectField } from '../../../components/admin/select-field.js';
import type { AuditPage } from '@mmdm/contracts/audit';
import { DateTime } from '../../../components/admin/date-time.js';
import { TableEmail, TextWithEmails } from '../../../components/admin/table-email.js';
import { describeActor, describeAuditEvent } from '../lib/describe-audit.js';
import { mergeAuditFeeds } from '../lib/merge-audit.js';
import { QueryState } from '../../../components/admin/query-state.js';

const flat = (pages: AuditPage[] | undefined) => pages?.flatMap((page) => page.items) ?? [];

type Shown = 'all' | 'reads' | 'changes';

/**
 * What staff did (sign-ins, staff changes, reads of personal data, exports, deletions, resends), from both services,
 * newest first. "Reads of personal data" shows the trail of who opened, searched or exported the list (the waitlist
 * service's alone: the auth service holds no list).
 */
interface AuditLogProps {
  /** The address of a staff account by its id (the staff list), for rows written before tokens named it. */
  staffEmail?: (id: string) => string | undefined;
}

export function AuditLog({ staffEmail = () => undefined }: AuditLogProps) {
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
            <DataTable
              label="Audit log"
              className="adm-table--audit"
              columns={['When', 'Who', 'What', 'From']}
              rows={records}
            >
              {(record) => {
                const words = describeAuditEvent(record, staffEmail);
                const who = describeActor(record, staffEmail);
                return (
                  <tr key={`${record.source}-${record.id}`}>
                    <td>
                      <DateTime iso={record.at} />
                    </td>
                    <td>{who.includes('@') ? <TableEmail address={who} /> : who}</td>
                    <td>
                      <span className="adm-audit__action">
                        <TextWithEmails text={words.what} />
                      </span>
                      {words.detail && (
                        <span className="adm-muted adm-audit__details">
                          <TextWithEmails text={words.detail} />
                        </span>
                      )}
                    </td>
                    <td className="adm-audit__ip">{record.ip ?? '—'}</td>
                  </tr>
                );
              }}
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
