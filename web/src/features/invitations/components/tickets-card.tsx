import { useState } from 'react';
import { DataTable } from '../../../components/admin/data-table.js';
import { DateTime } from '../../../components/admin/date-time.js';
import { QueryState } from '../../../components/admin/query-state.js';
import { TableEmail } from '../../../components/admin/table-email.js';
import { formatNumber } from '../../../lib/format.js';
import { errorMessage } from '../../../lib/staff-api.js';
import { useTickets, type StaffTicket } from '../api/get-tickets.js';
import { useApproveTicket } from '../api/revoke-ticket.js';
import { RevokeTicketDialog } from './revoke-ticket-dialog.js';

const STATE_WORDS: Record<StaffTicket['state'], string> = {
  open: 'Open',
  used: 'Used',
  held: 'Held by a referral rule',
  revoked: 'Revoked',
};

/**
 * Tickets for friends: how many admitted members were given, how many friends used one (and wait for the next wave of
 * their city, which invites them first), and the newest tickets; an admin may revoke one.
 */
export function TicketsCard({ canRevoke }: { canRevoke: boolean }) {
  const tickets = useTickets();
  const approve = useApproveTicket();
  const [asked, setAsked] = useState<StaffTicket | null>(null);
  const totals = tickets.data?.totals;
  return (
    <section className="adm-card" aria-label="Tickets for friends">
      <h2 className="adm-section-title">Tickets for friends</h2>
      <QueryState query={tickets} label="the tickets" />
      {totals && (
        <p className="adm-muted">
          {formatNumber(totals.given)} given, {formatNumber(totals.used)} used ({formatNumber(totals.held)} held by a
          referral rule), {formatNumber(totals.revoked)} revoked.{' '}
          {totals.waiting === 1
            ? '1 friend with a ticket waits for the next wave of their city, which invites them first.'
            : `${formatNumber(totals.waiting)} friends with a ticket wait for the next wave of their city, which invites them first.`}
        </p>
      )}
      {tickets.data && (
        <DataTable
          label="Tickets for friends"
          columns={['Member', 'Given', 'State', 'Used by', ...(canRevoke ? [''] : [])]}
          rows={tickets.data.items}
          empty="No member has been given tickets yet."
        >
          {(ticket) => (
            <tr key={ticket.id}>
              <th scope="row" className="adm-table__email">
                <TableEmail address={ticket.owner.email} />
              </th>
              <td>
                <DateTime iso={ticket.createdAt} />
              </td>
              <td>
                {STATE_WORDS[ticket.state]}
                {ticket.heldRule && <span className="adm-muted"> ({ticket.heldRule.replace(/_/g, ' ')})</span>}
              </td>
              <td>{ticket.usedBy ? <TableEmail address={ticket.usedBy.email} /> : '—'}</td>
              {canRevoke && (
                <td>
                  {ticket.state === 'held' && (
                    <button
                      type="button"
                      className="adm-button adm-button--small"
                      disabled={approve.isPending}
                      onClick={() => approve.mutate(ticket.id)}
                    >
                      Approve
                    </button>
                  )}{' '}
                  {ticket.state !== 'revoked' && (
                    <button type="button" className="adm-button adm-button--small" onClick={() => setAsked(ticket)}>
                      Revoke
                    </button>
                  )}
                </td>
              )}
            </tr>
          )}
        </DataTable>
      )}
      {approve.isError && (
        <p className="adm-alert adm-alert--error" role="alert">
          {errorMessage(approve.error)}
        </p>
      )}
      {asked && <RevokeTicketDialog ticket={asked} onDone={() => setAsked(null)} />}
    </section>
  );
}
