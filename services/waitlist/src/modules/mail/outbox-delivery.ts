import type { Logger } from '@mmdm/shared/logger';
import { UnrecoverableError } from 'bullmq';
import type pg from 'pg';
import { isPermanentRecipientRejection, type MailSender, type OutgoingMail } from './mail-transport.js';
import { deleteTokens, markFailedAttempt, markGivenUp, markSent } from './outbox.repository.js';
import { SuppressedError } from './suppressing-sender.js';

export interface OutboxDelivery {
  pool: pg.Pool;
  sender: MailSender;
  log: Logger;
  outboxId: string;
  /** What the log lines call the mail: confirmation, welcome, invitation. */
  kind: string;
  mail: OutgoingMail;
  /** The links' tokens minted for this mail: dropped again when it does not leave, so no dead link stays valid. */
  tokenHashes: Buffer[];
}

/**
 * Sends one outbox row's mail and records what happened, the same for every kind of mail: sent; skipped because the
 * address is suppressed (given up, not retried); refused for good (given up, not retried); or failed for now (the
 * job retries with back-off).
 */
export async function deliverOutboxMail({
  pool,
  sender,
  log,
  outboxId,
  kind,
  mail,
  tokenHashes,
}: OutboxDelivery): Promise<'sent' | 'skipped'> {
  try {
    await sender.send(mail);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await deleteTokens(pool, tokenHashes).catch(() => undefined);
    if (error instanceof SuppressedError && error.reason !== 'soft_bounces') {
      await markGivenUp(pool, outboxId, reason).catch(() => undefined);
      log.info({ kind, reason: `suppressed: ${error.reason}` }, `${kind} mail skipped`);
      return 'skipped';
    }
    await markFailedAttempt(pool, outboxId, reason).catch(() => undefined);
    if (error instanceof SuppressedError) {
      await markGivenUp(pool, outboxId, reason).catch(() => undefined);
      log.warn({ kind, reason }, 'recipient refused for now three times in a row: address suppressed; not retrying');
      throw error;
    }
    if (isPermanentRecipientRejection(error)) {
      await markGivenUp(pool, outboxId, reason).catch(() => undefined);
      log.warn({ kind, reason }, 'recipient refused permanently; not retrying');
      throw new UnrecoverableError(`recipient refused: ${reason}`);
    }
    log.warn({ kind, reason }, `${kind} mail failed; will retry`);
    throw error;
  }
  // A crash between the SMTP server's acceptance and this update is the one case where a mail is sent twice.
  await markSent(pool, outboxId);
  log.info({ kind, via: sender.kind }, `${kind} mail sent`);
  return 'sent';
}

/**
 * The queue spent every attempt on this row's job: the row is given up (no more retries, the sweep leaves it, the
 * backlog no longer counts it). This module is the one writer of "given up", for the delivery step above and for
 * the worker's failed-job handler alike.
 */
export async function giveUpOutboxMail(pool: pg.Pool, outboxId: string, reason: string): Promise<void> {
  await markGivenUp(pool, outboxId, reason).catch(() => undefined);
}
