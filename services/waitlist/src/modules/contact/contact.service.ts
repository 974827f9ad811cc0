import type {
  ContactMessage,
  ContactMessagesPage,
  ContactMessageSummary,
  ListMessagesParams,
} from '@mmdm/contracts/contact-admin';
import type { ContactInput } from '@mmdm/contracts/contact';
import { emailKey } from '@mmdm/contracts/email';
import type { PersonalData } from '@mmdm/contracts/privacy';
import { AppError } from '@mmdm/shared/errors';
import type pg from 'pg';
import { inTransaction, type Queryable } from '../../lib/db.js';
import type { AuditActor, AuditService } from '../audit/audit.service.js';
import {
  countOpen,
  deleteMessage,
  deleteMessagesByAddress,
  deleteOldMessages,
  findMessage,
  insertMessage,
  listMessages,
  messagesByAddress,
  setHandled,
  type MessageSummaryRow,
} from './contact.repository.js';

export interface ContactServiceDeps {
  pool: pg.Pool;
  /** Staff reading and handling messages is recorded here. */
  audit: AuditService;
}

const NO_MESSAGE = () => new AppError(404, 'not_found', 'There is no such message. It may have been erased.');

const summaryOf = (row: MessageSummaryRow): ContactMessageSummary => ({
  id: Number(row.id),
  name: row.name,
  email: row.email,
  receivedAt: row.receivedAt.toISOString(),
  handledAt: row.handledAt ? row.handledAt.toISOString() : null,
});

/** The contact form's messages: stored with their mail to the support desk, read and handled by staff. */
export function createContactService({ pool, audit }: ContactServiceDeps) {
  return {
    /** Stores the message; its mail to SUPPORT_EMAIL is queued by the same statement. */
    async send(input: ContactInput, requestId: string): Promise<void> {
      await insertMessage(pool, {
        name: input.name,
        // The schema applied the address rule (NFKC, no invisible characters, domain lower-cased).
        email: input.email,
        emailNormalized: emailKey(input.email),
        message: input.message,
        requestId,
      });
    },

    /** A page of messages, its read audited beside it (messages are personal data). */
    async list({ state, cursor, limit }: ListMessagesParams, actor: AuditActor): Promise<ContactMessagesPage> {
      const filter = { state, limit, laterPage: cursor !== undefined };
      const [{ rows, more }, open] = await Promise.all([
        listMessages(pool, state, cursor, limit),
        countOpen(pool),
        audit.read(actor, 'messages.list', filter),
      ]);
      return { items: rows.map(summaryOf), nextCursor: more ? (rows.at(-1)?.id ?? null) : null, open };
    },

    /** One message, its read audited beside it. */
    async read(id: string, actor: AuditActor): Promise<ContactMessage> {
      const [row] = await Promise.all([findMessage(pool, id), audit.read(actor, 'message.read', {}, id)]);
      if (!row) throw NO_MESSAGE();
      return { ...summaryOf(row), message: row.message, mailedAt: row.mailedAt ? row.mailedAt.toISOString() : null };
    },

    /** Marks it handled, or open again, with its audit row in the same transaction. */
    async setHandled(id: string, handled: boolean, actor: AuditActor): Promise<ContactMessageSummary> {
      return inTransaction(pool, async (client) => {
        const row = await setHandled(client, id, handled, actor.actorSub);
        if (!row) throw NO_MESSAGE();
        await audit.change(client, actor, handled ? 'message.handle' : 'message.reopen', id);
        return summaryOf(row);
      });
    },

    /** Erases it now (an erasure request by mail, say), with its audit row in the same transaction. */
    async erase(id: string, actor: AuditActor): Promise<void> {
      await inTransaction(pool, async (client) => {
        if (!(await deleteMessage(client, id))) throw NO_MESSAGE();
        await audit.change(client, actor, 'message.delete', id);
      });
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;

/*
 * For the features that answer for a person or for time (wired in by the app and the worker): what an address wrote,
 * as the "Your data" page shows it; its erasure with the person's own; the retention's batches.
 */

export async function messagesOf(db: Queryable, email: string): Promise<PersonalData['messages']> {
  const rows = await messagesByAddress(db, emailKey(email));
  return rows.map((row) => ({ receivedAt: row.receivedAt.toISOString(), name: row.name, message: row.message }));
}

export function eraseMessagesOf(db: Queryable, email: string): Promise<number> {
  return deleteMessagesByAddress(db, emailKey(email));
}

/** Erases up to `limit` messages received more than `days` ago; answers how many. */
export function eraseOldContactMessages(db: Queryable, days: number, limit: number): Promise<number> {
  return deleteOldMessages(db, days, limit);
}
