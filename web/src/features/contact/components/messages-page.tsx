import { MESSAGE_STATES, type MessageState } from '@mmdm/contracts/contact-admin';
import { Link, useSearchParams } from 'react-router-dom';
import { QueryState } from '../../../components/admin/query-state.js';
import { SelectField } from '../../../components/admin/select-field.js';
import { TableEmail } from '../../../components/admin/table-email.js';
import { paths } from '../../../config/paths.js';
import { DateTime } from '../../../components/admin/date-time.js';
import { TableScroller } from '../../../components/admin/data-table.js';
import { KeysetPager, useKeysetPages } from '../../../components/admin/keyset-pager.js';
import { useContactMessages } from '../api/get-contact-messages.js';
import { MessageStateBadge } from './message-state-badge.js';

const STATE_LABELS: Record<MessageState, string> = { open: 'Open', handled: 'Handled', all: 'All' };
const EMPTY: Record<MessageState, string> = {
  open: 'No message waits for an answer.',
  handled: 'No message is marked handled yet.',
  all: 'Nobody has written through the contact form yet.',
};

/** The filter lives in the address bar, so the list can be bookmarked and survives a reload. */
const readState = (params: URLSearchParams): MessageState =>
  MESSAGE_STATES.find((state) => state === params.get('state')) ?? 'open';

/** Staff › Messages: what visitors wrote through the contact form, newest first; each one opens on its own page. */
export function MessagesPage() {
  const [params, setParams] = useSearchParams();
  const state = readState(params);
  return (
    <div className="adm-page">
      <h1 className="adm-page__title">Messages</h1>
      <p className="adm-muted">
        What visitors wrote through the contact form. Each one also went to the support mailbox; reply from there, then
        mark it handled here.
      </p>
      <div className="adm-toolbar">
        <SelectField
          label="Show"
          fieldClassName="adm-field--inline"
          value={state}
          onChange={(event) =>
            setParams(event.target.value === 'open' ? {} : { state: event.target.value }, { replace: true })
          }
        >
          {MESSAGE_STATES.map((option) => (
            <option key={option} value={option}>
              {STATE_LABELS[option]}
            </option>
          ))}
        </SelectField>
      </div>
      {/* A new filter starts again at the first page: the key resets the table's page history. */}
      <MessagesTable key={state} state={state} />
    </div>
  );
}

/** One page of messages, keyset-paged. */
function MessagesTable({ state }: { state: MessageState }) {
  const pages = useKeysetPages();
  const messages = useContactMessages({ state, cursor: pages.cursor });
  const page = messages.data;
  const { pageNumber } = pages;

  return (
    <section aria-label="Messages">
      <QueryState query={messages} label="the messages" />
      {page && (
        <>
          <p className="adm-notice" role="status">
            {page.open === 0
              ? 'Every message has been handled.'
              : `${page.open} ${page.open === 1 ? 'message waits' : 'messages wait'} for an answer.`}
          </p>
          {page.items.length === 0 ? (
            <p className="adm-empty">{pageNumber === 1 ? EMPTY[state] : 'No more messages.'}</p>
          ) : (
            <TableScroller label="Messages">
              <table className="adm-table adm-messages" aria-busy={messages.isFetching}>
                <caption className="adm-visually-hidden">Messages, page {pageNumber}</caption>
                <thead>
                  <tr>
                    <th scope="col">From</th>
                    <th scope="col">Received</th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {page.items.map((message) => (
                    <tr key={message.id}>
                      <th scope="row">
                        <Link
                          to={`${paths.admin.messages}/${message.id}`}
                          aria-label={`Read the message from ${message.name}`}
                        >
                          {message.name}
                        </Link>
                        <span className="adm-messages__email">
                          <TableEmail address={message.email} />
                        </span>
                      </th>
                      <td>
                        <DateTime iso={message.receivedAt} />
                      </td>
                      <td className="adm-messages__state">
                        <MessageStateBadge handledAt={message.handledAt} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroller>
          )}
          {(pageNumber > 1 || page.nextCursor) && (
            <KeysetPager pages={pages} nextCursor={page.nextCursor} waiting={messages.isPlaceholderData} />
          )}
        </>
      )}
    </section>
  );
}
