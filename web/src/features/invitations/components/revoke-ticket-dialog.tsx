import { useId, useState, type FormEvent } from 'react';
import { TICKET_REVOKE_REASON_MAX_LENGTH, type StaffTicket } from '@mmdm/contracts/tickets-admin';
import { Dialog } from '../../../components/admin/dialog.js';
import { TableEmail } from '../../../components/admin/table-email.js';
import { TextField } from '../../../components/admin/text-field.js';
import { errorMessage } from '../../../lib/staff-api.js';
import { useRevokeTicket } from '../api/revoke-ticket.js';

/**
 * Asks an admin before a ticket is revoked, and why: the reason is kept on the ticket and in the audit log, so it is
 * typed, not a fixed phrase. Required and trimmed, at most the contract's length, as the service checks it.
 */
export function RevokeTicketDialog({ ticket, onDone }: { ticket: StaffTicket; onDone: () => void }) {
  const bodyId = useId();
  const revoke = useRevokeTicket();
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed) return;
    revoke.mutate({ id: ticket.id, reason: trimmed }, { onSuccess: onDone });
  };

  return (
    <Dialog
      title="Revoke this ticket?"
      role="alertdialog"
      describedBy={bodyId}
      busy={revoke.isPending}
      onCancel={onDone}
      initialFocus="input"
      tabbable="input, button:not([disabled])"
    >
      <form onSubmit={submit} className="adm-form">
        <p id={bodyId}>
          A ticket of <TableEmail address={ticket.owner.email} />.{' '}
          {ticket.usedBy
            ? 'Its friend keeps their place but is no longer invited first (once invited, they stay invited).'
            : 'Nobody can use it any more.'}
        </p>
        <TextField
          label="Reason"
          required
          maxLength={TICKET_REVOKE_REASON_MAX_LENGTH}
          autoComplete="off"
          value={reason}
          hint="Kept with the ticket and in the audit log."
          disabled={revoke.isPending}
          onChange={(event) => setReason(event.target.value)}
        />
        {revoke.isError && (
          <p className="adm-alert adm-alert--error" role="alert">
            {errorMessage(revoke.error)}
          </p>
        )}
        <div className="adm-dialog__actions">
          <button type="button" className="adm-button" onClick={onDone} disabled={revoke.isPending}>
            Cancel
          </button>
          <button type="submit" className="adm-button adm-button--danger" disabled={revoke.isPending || trimmed === ''}>
            {revoke.isPending ? 'Revoking…' : 'Revoke the ticket'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
