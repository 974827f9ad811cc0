import { useState } from 'react';
import { errorMessage } from '../../../lib/staff-api.js';
import { useDeleteWaitlistEntry } from '../api/delete-waitlist-entry.js';
import { useWaitlistEntries, type EntriesFilter } from '../api/get-waitlist-entries.js';
import { useResendConfirmation } from '../api/resend-confirmation.js';
import type { WaitlistEntry } from '@mmdm/contracts/waitlist-admin';
import { formatDateTime } from '../../../lib/format.js';
import { DateTime } from '../../../components/admin/date-time.js';
import { TableScroller } from '../../../components/admin/data-table.js';
import { KeysetPager, useKeysetPages } from '../../../components/admin/keyset-pager.js';
import { TableCode, TableEmail } from '../../../components/admin/table-email.js';
import { ConfirmDialog } from '../../../components/admin/confirm-dialog.js';
import { EntryStatusBadge } from './entry-status-badge.js';
import { SuppressionBadge } from './suppression-badge.js';
import { QueryState } from '../../../components/admin/query-state.js';
import { RowButton } from '../../../components/admin/row-button.js';

interface EntriesTableProps {
  filter: EntriesFilter;
  /** Admins may resend and delete; viewers only look. */
  canManage: boolean;
  cities: readonly { id: number; name: string }[];
}

/** One page of entries, keyset-paged. */
export function EntriesTable({ filter, canManage, cities }: EntriesTableProps) {
  const cityName = (id: number | null | undefined) => (id ? (cities.find((city) => city.id === id)?.name ?? '—') : '—');
  const pages = useKeysetPages();
  const entries = useWaitlistEntries({ ...filter, cursor: pages.cursor });
  const resend = useResendConfirmation();
  const remove = useDeleteWaitlistEntry();
  const [notice, setNotice] = useState<string>();
  const [toDelete, setToDelete] = useState<WaitlistEntry>();

  const page = entries.data;
  const { pageNumber } = pages;

  const onResend = (entry: WaitlistEntry) => {
    setNotice(undefined);
    resend.mutate(entry.id, {
      onSuccess: () => setNotice(`A new confirmation e-mail to ${entry.email} is on its way.`),
      onError: (error) => setNotice(`Could not resend to ${entry.email}: ${errorMessage(error)}`),
    });
  };

  const onDelete = () => {
    if (!toDelete) return;
    const { email } = toDelete;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        setToDelete(undefined);
        setNotice(`${email} was deleted from the waitlist.`);
      },
    });
  };

  return (
    <section aria-label="Waitlist entries">
      <p className="adm-notice" role="status">
        {notice}
      </p>
      <QueryState query={entries} label="the waitlist" />
      {page && (
        <>
          <TableScroller label="Waitlist entries">
            <table className="adm-table adm-table--entries" aria-busy={entries.isFetching}>
              <caption className="adm-visually-hidden">Waitlist entries, page {pageNumber}</caption>
              <thead>
                <tr>
                  <th scope="col" className="adm-table__email">
                    Email
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col">Place</th>
                  <th scope="col">Friends credited</th>
                  <th scope="col">City</th>
                  <th scope="col">Referral</th>
                  <th scope="col">Signed up</th>
                  <th scope="col">Confirmed</th>
                  {canManage && (
                    <th scope="col" className="adm-table__actions">
                      Actions
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {page.items.map((entry) => (
                  <tr key={entry.id}>
                    <th scope="row" className="adm-table__email">
                      <TableEmail address={entry.email} />
                    </th>
                    <td>
                      <EntryStatusBadge status={entry.status} /> <SuppressionBadge reason={entry.suppressed} />
                    </td>
                    <td>{typeof entry.position === 'number' ? `#${entry.position}` : '—'}</td>
                    <td>{entry.referralCount ?? 0}</td>
                    <td>{cityName(entry.cityId)}</td>
                    <td>{entry.referralSource ? <TableCode code={entry.referralSource} /> : '—'}</td>
                    <td>
                      <DateTime iso={entry.createdAt} />
                    </td>
                    <td>
                      <DateTime iso={entry.confirmedAt} />
                    </td>
                    {canManage && (
                      <td className="adm-table__actions">
                        {entry.status === 'pending' && (
                          <RowButton
                            label={`Resend confirmation to ${entry.email}`}
                            disabled={resend.isPending && resend.variables === entry.id}
                            onClick={() => onResend(entry)}
                          >
                            Resend
                          </RowButton>
                        )}
                        <RowButton
                          danger
                          label={`Delete ${entry.email}`}
                          onClick={() => {
                            remove.reset();
                            setToDelete(entry);
                          }}
                        >
                          Delete
                        </RowButton>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
          {page.searchedThrough ? (
            // A search reads a bounded number of entries per page (the service's answer stays quick whatever the
            // term); when that ran out before a page of matches, say how far it got and let Next go on.
            <p className="adm-empty" role="status">
              {filter.order === 'asc' ? 'Searched up to' : 'Searched back to'} {formatDateTime(page.searchedThrough)}
              {page.items.length === 0 ? ' with no match yet' : ''}. Next searches{' '}
              {filter.order === 'asc' ? 'newer' : 'older'} sign-ups.
            </p>
          ) : (
            page.items.length === 0 && (
              <p className="adm-empty">{pageNumber === 1 ? 'No entries match.' : 'No more entries.'}</p>
            )
          )}
          <KeysetPager pages={pages} nextCursor={page.nextCursor} waiting={entries.isPlaceholderData} />
        </>
      )}
      {toDelete && (
        <ConfirmDialog
          title="Delete this entry?"
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={remove.isPending}
          error={remove.isError ? errorMessage(remove.error) : undefined}
          onConfirm={onDelete}
          onCancel={() => setToDelete(undefined)}
        >
          <p>
            {toDelete.email} and everything kept about them (tokens, queued e-mails) will be erased. This cannot be
            undone.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
