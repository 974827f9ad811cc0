import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/admin/confirm-dialog.js';
import { MutationError } from '../../../components/admin/mutation-error.js';
import { QueryState } from '../../../components/admin/query-state.js';
import { EmailAddress } from '../../../components/ui/email-address.js';
import { paths } from '../../../config/paths.js';
import { formatDateTime } from '../../../lib/format.js';
import { errorMessage } from '../../../lib/staff-api.js';
import { useDeleteContactMessage } from '../api/delete-contact-message.js';
import { useContactMessage } from '../api/get-contact-message.js';
import { useSetMessageHandled } from '../api/set-message-handled.js';
import { MessageStateBadge } from './message-state-badge.js';

interface MessagePageProps {
  id: string;
  /** Admins mark messages handled and erase them; viewers read. */
  canManage: boolean;
}

/** One message from the contact form: who wrote, when, what; reply by e-mail, then mark it handled. */
export function MessagePage({ id, canManage }: MessagePageProps) {
  const message = useContactMessage(id);
  const handle = useSetMessageHandled();
  const erase = useDeleteContactMessage();
  const navigate = useNavigate();
  const [confirmingErase, setConfirmingErase] = useState(false);
  const [notice, setNotice] = useState<string>();
  const data = message.data;

  const setHandled = (handled: boolean) => {
    setNotice(undefined);
    handle.mutate(
      { id, handled },
      { onSuccess: () => setNotice(handled ? 'Marked handled.' : 'Open again: it waits for an answer.') },
    );
  };

  return (
    <div className="adm-page adm-message">
      <p>
        <Link to={paths.admin.messages}>Back to messages</Link>
      </p>
      <QueryState query={message} label="this message" />
      {data && (
        <>
          <h1 className="adm-page__title">Message from {data.name}</h1>
          <p className="adm-notice" role="status">
            {notice}
          </p>
          <section className="adm-card" aria-label="About this message">
            <dl className="adm-facts">
              <dt>From</dt>
              <dd>
                {data.name},{' '}
                <a href={`mailto:${data.email}`}>
                  <EmailAddress address={data.email} />
                </a>
              </dd>
              <dt>Received</dt>
              <dd>{formatDateTime(data.receivedAt)}</dd>
              <dt>Status</dt>
              <dd>
                <MessageStateBadge handledAt={data.handledAt} />
                {data.handledAt ? ` on ${formatDateTime(data.handledAt)}` : ''}
              </dd>
              <dt>Support mailbox</dt>
              <dd>{data.mailedAt ? `Delivered ${formatDateTime(data.mailedAt)}` : 'Not delivered yet'}</dd>
            </dl>
          </section>
          <section className="adm-card" aria-labelledby="message-text-title">
            <h2 id="message-text-title" className="adm-section-title">
              Message
            </h2>
            <p className="adm-message__text">{data.message}</p>
          </section>
          <div className="adm-message__actions">
            <a className="adm-button adm-button--primary" href={replyLink(data.email)}>
              Reply by e-mail
            </a>
            {canManage ? (
              <>
                <button
                  type="button"
                  className="adm-button"
                  disabled={handle.isPending}
                  onClick={() => setHandled(!data.handledAt)}
                >
                  {handle.isPending ? 'Saving...' : data.handledAt ? 'Mark open again' : 'Mark handled'}
                </button>
                <button
                  type="button"
                  className="adm-button adm-button--danger"
                  onClick={() => {
                    erase.reset();
                    setConfirmingErase(true);
                  }}
                >
                  Erase
                </button>
              </>
            ) : (
              <p className="adm-muted">Only admins mark messages handled.</p>
            )}
          </div>
          <MutationError mutation={handle} />
        </>
      )}
      {data && confirmingErase && (
        <ConfirmDialog
          title="Erase this message?"
          confirmLabel="Erase"
          busyLabel="Erasing..."
          busy={erase.isPending}
          error={erase.isError ? errorMessage(erase.error) : undefined}
          onConfirm={() => erase.mutate(id, { onSuccess: () => navigate(paths.admin.messages, { replace: true }) })}
          onCancel={() => setConfirmingErase(false)}
        >
          <p>
            The message from {data.name} ({data.email}) is erased now, before its retention period ends. This cannot be
            undone.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

/** A reply in the staff member's own mail program, to the visitor. */
const replyLink = (email: string) =>
  `mailto:${email}?subject=${encodeURIComponent('Your message to Meet Match Date Marry')}`;
