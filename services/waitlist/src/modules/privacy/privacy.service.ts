import { emailKey } from '@mmdm/contracts/email';
import { DATA_SESSION_TTL_MINUTES, type DataOpenAnswer, type PersonalData } from '@mmdm/contracts/privacy';
import { AppError } from '@mmdm/shared/errors';
import type { Logger } from '@mmdm/shared/logger';
import type pg from 'pg';
import { inTransaction } from '../../lib/db.js';
import { findSuppression, suppressionHash } from '../../lib/suppression.repository.js';
import { hashToken, issueToken } from '../../lib/tokens.js';
import type { AuditService } from '../audit/audit.service.js';
import {
  insertSession,
  lockDataToken,
  outboxIdsOf,
  queueDataAccessMail,
  readEntryData,
  spendToken,
  type CreditRow,
} from './privacy.repository.js';

/** Erases one entry in the caller's transaction: the one erasure staff deletion uses too (wired in by the app). */
export type EraseEntry = (
  client: pg.PoolClient,
  entryId: string,
) => Promise<{ erased: boolean; creditedReferrer: string | undefined }>;

export interface PrivacyServiceDeps {
  pool: pg.Pool;
  /** The erasure's audit row is recorded here, in the erasure's transaction. */
  audit: AuditService;
  logger: Logger;
  suppressionKey: string;
  erase: EraseEntry;
  /** The entry's place in line, null without one (the places module's). */
  placeOf: (entryId: string) => Promise<number | null>;
  /** Removes the erased entry's mail jobs from the queue (Redis). */
  forgetMailJobs: (outboxIds: string[]) => Promise<void>;
  /** At most one data-access mail per address per this many seconds, whoever asks. */
  cooldownSeconds: number;
  /** What the address wrote through the contact form (the contact module's), shown with the rest. */
  messagesOf: (db: pg.PoolClient, email: string) => Promise<PersonalData['messages']>;
  /** Erases those messages in the erasure's transaction. */
  eraseMessagesOf: (db: pg.PoolClient, email: string) => Promise<number>;
  /**
   * What the person said for balanced invitations (the balance module's), opened for them alone (right of access;
   * decision 035); null when nothing is kept. Erasing the entry takes it with the row.
   */
  balanceOf?: (entryId: string) => Promise<PersonalData['balance']>;
}

/** Who erased, in the audit log: the person, through the page (no staff account, no address). */
const SELF = { actorSub: 'self-service', actorRole: 'person' } as const;

const invalidLink = () =>
  new AppError(404, 'token_invalid', 'This link is not valid. Ask for a new one on the "Your data" page.');

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const creditOf = (row: CreditRow) => ({
  state: row.state,
  reason: row.reason,
  rule: row.rule,
  at: row.at.toISOString(),
  decidedAt: iso(row.decidedAt),
  decidedBy: row.decidedByStaff === null ? null : row.decidedByStaff ? ('staff' as const) : ('automatic' as const),
});

export function createPrivacyService({
  pool,
  audit,
  logger,
  suppressionKey,
  erase,
  placeOf,
  forgetMailJobs,
  cooldownSeconds,
  messagesOf,
  eraseMessagesOf,
  balanceOf,
}: PrivacyServiceDeps) {
  async function personalData(client: pg.PoolClient, entryId: string): Promise<PersonalData> {
    const held = await readEntryData(client, entryId);
    if (!held) throw invalidLink();
    const { entry, credits, mails, tickets } = held;
    const usedTicket = tickets.find((row) => row.direction === 'used');
    const [place, suppression] = await Promise.all([
      placeOf(entryId),
      findSuppression(client, suppressionHash(suppressionKey, entry.email)),
    ]);
    // After the two above: a client in a transaction runs one statement at a time.
    const messages = await messagesOf(client, entry.email);
    const balance = balanceOf ? await balanceOf(entryId) : null;
    return {
      balance,
      exportedAt: new Date().toISOString(),
      email: entry.email,
      status: entry.status,
      signedUpAt: entry.createdAt.toISOString(),
      confirmedAt: iso(entry.confirmedAt),
      unsubscribedAt: iso(entry.unsubscribedAt),
      invitedAt: iso(entry.invitedAt),
      admittedAt: iso(entry.admittedAt),
      lastMailQueuedAt: iso(entry.lastMailQueuedAt),
      placeLinkQueuedAt: iso(entry.placeLinkQueuedAt),
      updatedAt: entry.updatedAt.toISOString(),
      referralSource: entry.referralSource,
      referralCode: entry.referralCode,
      place,
      city: entry.city,
      cityOther: entry.cityOther,
      language: entry.language,
      credits: {
        given: credits.filter((row) => row.direction === 'given').map(creditOf)[0] ?? null,
        received: credits.filter((row) => row.direction === 'received').map(creditOf),
        granted: entry.credits,
      },
      review: entry.reviewState ? { state: entry.reviewState, reasons: entry.reviewReasons ?? [] } : null,
      invitationWave:
        entry.waveId && entry.waveAt
          ? { id: Number(entry.waveId), at: entry.waveAt.toISOString(), city: entry.waveCity }
          : null,
      consent: { at: entry.consentAt.toISOString(), policyVersion: entry.consentPolicy },
      tickets: {
        given: tickets
          .filter((row) => row.direction === 'given')
          .map((row) => ({ state: row.state, usedAt: iso(row.usedAt) })),
        used: usedTicket?.usedAt
          ? { at: usedTicket.usedAt.toISOString(), held: usedTicket.held, revoked: usedTicket.revoked }
          : null,
      },
      suppression: suppression ? { reason: suppression.reason, since: suppression.createdAt.toISOString() } : null,
      mails: mails.map((mail) => ({
        kind: mail.kind,
        queuedAt: mail.queuedAt.toISOString(),
        sentAt: iso(mail.sentAt),
      })),
      messages,
    };
  }

  return {
    /** Queues the mail if the address is listed; says nothing about whether it was (the caller answers the same). */
    async requestLink(email: string, requestId: string): Promise<void> {
      await queueDataAccessMail(pool, emailKey(email), cooldownSeconds, requestId);
    },

    /**
     * Spends the mail's link and answers everything held, with a session for the erasure. A page that only fetched
     * the link spends nothing: the page asks for the click that sends this.
     */
    async open(rawToken: string): Promise<Omit<DataOpenAnswer, 'success'>> {
      const hash = hashToken(rawToken);
      return inTransaction(pool, async (client) => {
        const token = await lockDataToken(client, hash);
        if (!token || token.purpose !== 'data_access') throw invalidLink();
        if (token.usedAt) {
          throw new AppError(
            409,
            'token_used',
            'This link has already been used. Ask for a new one on the "Your data" page.',
          );
        }
        if (token.expired) {
          throw new AppError(410, 'token_expired', 'This link has expired. Ask for a new one on the "Your data" page.');
        }
        await spendToken(client, hash);
        const session = issueToken();
        const expiresAt = await insertSession(client, token.entryId, session.hash, DATA_SESSION_TTL_MINUTES);
        return {
          data: await personalData(client, token.entryId),
          session: session.raw,
          sessionExpiresAt: expiresAt.toISOString(),
        };
      });
    },

    /**
     * "Delete everything now": the entry and all that hangs on it, in one transaction with its audit row (the
     * entry's number, never the address); then its mail jobs in Redis. The address may sign up again afterwards.
     */
    async erase(rawSession: string, requestId: string, ip: string | null): Promise<void> {
      const hash = hashToken(rawSession);
      const outboxIds = await inTransaction(pool, async (client) => {
        const session = await lockDataToken(client, hash);
        if (!session || session.purpose !== 'data_session' || session.usedAt) throw invalidLink();
        if (session.expired) {
          throw new AppError(
            410,
            'token_expired',
            'This page has been open too long. Ask for a new link to erase your data.',
          );
        }
        const ids = await outboxIdsOf(client, session.entryId);
        const { erased, creditedReferrer } = await erase(client, session.entryId);
        if (!erased) throw invalidLink();
        // "Everything" includes what the address wrote to us (their mails to our desk go with them by cascade).
        const messages = await eraseMessagesOf(client, session.email);
        const actor = { ...SELF, ip, requestId };
        if (creditedReferrer) {
          await audit.change(client, actor, 'credit.revoke', creditedReferrer, { reason: 'referred_erased' });
        }
        await audit.change(client, actor, 'entry.self_erase', session.entryId, messages ? { messages } : {});
        return ids;
      });
      await forgetMailJobs(outboxIds).catch((error: unknown) =>
        logger.warn(
          { err: error, reqId: requestId },
          'erased entry: its mail jobs stay in the queue until they expire',
        ),
      );
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
