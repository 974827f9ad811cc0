import type { MessageState } from '@mmdm/contracts/contact-admin';
import type { Queryable } from '../../lib/db.js';
import { enqueueMailFrom } from '../mail/mail.service.js';

export interface NewMessage {
  name: string;
  email: string;
  emailNormalized: string;
  message: string;
  requestId: string;
}

/**
 * The message and its mail to the support address in one statement (one implicit transaction): a message that was
 * acknowledged is stored and owed its mail, or neither happened.
 */
export async function insertMessage(db: Queryable, message: NewMessage): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `with saved as (
       insert into waitlist.contact_messages (name, email, email_normalized, message, request_id)
       values ($1, $2, $3, $4, $5)
       returning id
     ),
     queued as (${enqueueMailFrom('saved', 'contact', '$5')})
     select id from saved`,
    [message.name, message.email, message.emailNormalized, message.message, message.requestId],
  );
  return rows[0]!.id;
}

export interface MessageSummaryRow {
  id: string;
  name: string;
  email: string;
  receivedAt: Date;
  handledAt: Date | null;
}

const SUMMARY = `m.id, m.name, m.email, m.created_at as "receivedAt", m.handled_at as "handledAt"`;

/** Newest first, a page after `cursor` (an id); one more row than asked says whether there is a next page. */
export async function listMessages(
  db: Queryable,
  state: MessageState,
  cursor: string | undefined,
  limit: number,
): Promise<{ rows: MessageSummaryRow[]; more: boolean }> {
  const { rows } = await db.query<MessageSummaryRow>(
    `select ${SUMMARY}
       from waitlist.contact_messages m
      where ($1::bigint is null or m.id < $1::bigint)
        and (case $2::text when 'open' then m.handled_at is null
                           when 'handled' then m.handled_at is not null
                           else true end)
      order by m.id desc
      limit $3`,
    [cursor ?? null, state, limit + 1],
  );
  const more = rows.length > limit;
  if (more) rows.pop();
  return { rows, more };
}

/** Messages still to answer (contact_messages_open_idx). */
export async function countOpen(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ open: number }>(
    'select count(*)::int as open from waitlist.contact_messages where handled_at is null',
  );
  return rows[0]?.open ?? 0;
}

export interface MessageRow extends MessageSummaryRow {
  message: string;
  /** When its mail to the support address left; null while on its way or given up. */
  mailedAt: Date | null;
}

export async function findMessage(db: Queryable, id: string): Promise<MessageRow | undefined> {
  const { rows } = await db.query<MessageRow>(
    `select ${SUMMARY}, m.message,
            (select max(o.sent_at) from waitlist.outbox o where o.contact_message_id = m.id) as "mailedAt"
       from waitlist.contact_messages m
      where m.id = $1`,
    [id],
  );
  return rows[0];
}

/** Marks a message handled (by `staffSub`) or open again; undefined when there is no such message. */
export async function setHandled(
  db: Queryable,
  id: string,
  handled: boolean,
  staffSub: string,
): Promise<MessageSummaryRow | undefined> {
  const { rows } = await db.query<MessageSummaryRow>(
    `update waitlist.contact_messages m
        set handled_at = case when $2::boolean then coalesce(m.handled_at, now()) end,
            handled_by = case when $2::boolean then coalesce(m.handled_by, $3) end
      where m.id = $1
      returning ${SUMMARY}`,
    [id, handled, staffSub],
  );
  return rows[0];
}

/** Erases one message and, by cascade, its mail's outbox row. */
export async function deleteMessage(db: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await db.query('delete from waitlist.contact_messages where id = $1', [id]);
  return rowCount === 1;
}

export interface AddressMessageRow {
  name: string;
  message: string;
  receivedAt: Date;
}

/** What one address wrote, oldest first (contact_messages_email_idx). */
export async function messagesByAddress(db: Queryable, emailNormalized: string): Promise<AddressMessageRow[]> {
  const { rows } = await db.query<AddressMessageRow>(
    `select name, message, created_at as "receivedAt"
       from waitlist.contact_messages
      where email_normalized = $1
      order by id`,
    [emailNormalized],
  );
  return rows;
}

export async function deleteMessagesByAddress(db: Queryable, emailNormalized: string): Promise<number> {
  const { rowCount } = await db.query('delete from waitlist.contact_messages where email_normalized = $1', [
    emailNormalized,
  ]);
  return rowCount ?? 0;
}

/** Messages older than `days`, a batch at a time (contact_messages_created_idx), rows in use skipped till later. */
export async function deleteOldMessages(db: Queryable, days: number, limit: number): Promise<number> {
  const { rowCount } = await db.query(
    `delete from waitlist.contact_messages
      where id in (select id from waitlist.contact_messages
                    where created_at < now() - make_interval(days => $1::int)
                    order by created_at
                    limit $2
                    for update skip locked)`,
    [days, limit],
  );
  return rowCount ?? 0;
}
