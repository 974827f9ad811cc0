import type { Logger } from '@mmdm/shared/logger';
import { UnrecoverableError } from 'bullmq';
import type { Queryable } from '../../lib/db.js';
import {
  clearSoftBounces,
  liftIfAskedAfter,
  recordSoftBounce,
  sendingState,
  suppress,
  suppressionHash,
  type SuppressionReason,
} from '../../lib/suppression.repository.js';
import type { MailSender } from './mail-transport.js';

/** The address is on the suppression list: nothing was sent, and retrying cannot change that. */
export class SuppressedError extends UnrecoverableError {
  constructor(readonly reason: SuppressionReason) {
    super(`address suppressed (${reason})`);
    this.name = 'SuppressedError';
  }
}

interface SmtpFailure {
  responseCode?: number;
  command?: string;
  code?: string;
  response?: string;
}

/** A refusal of this recipient (RCPT TO), as opposed to the server refusing every message (e.g. 451 at DATA). */
function recipientRefusal(error: unknown): { code: number; text: string } | undefined {
  const failure = error as SmtpFailure;
  if (typeof failure?.responseCode !== 'number') return undefined;
  if (failure.command !== 'RCPT TO' && failure.code !== 'EENVELOPE') return undefined;
  return { code: failure.responseCode, text: (failure.response ?? String(error)).slice(0, 200) };
}

export interface SuppressionDeps {
  db: Queryable;
  key: string;
  logger: Logger;
  /** Told of each refusal recorded (for the bounce counters). */
  onBounce?: (kind: 'hard' | 'soft') => void;
}

/**
 * Every mail the worker sends passes here, whatever its kind: an address on the suppression list is never mailed
 * (SuppressedError); a permanent refusal of the recipient (5xx) puts it on the list as a hard bounce; a temporary
 * one (4xx) counts, and the third in a row puts it on the list; a delivery clears the count.
 */
export function withSuppression(sender: MailSender, { db, key, logger, onBounce }: SuppressionDeps): MailSender {
  return {
    kind: sender.kind,
    close: () => sender.close(),
    async send(mail) {
      const hash = suppressionHash(key, mail.to);
      const state = await sendingState(db, hash);
      if (state?.reason) {
        const askedAgain =
          mail.askedAt !== undefined && state.createdAt !== null && mail.askedAt > state.createdAt
            ? await liftIfAskedAfter(db, hash, mail.askedAt)
            : false;
        if (!askedAgain) throw new SuppressedError(state.reason);
        logger.info({ reference: mail.reference, was: state.reason }, 'address asked again: suppression lifted');
      }
      try {
        await sender.send(mail);
      } catch (error) {
        const refusal = recipientRefusal(error);
        if (refusal && refusal.code >= 500) {
          await suppress(db, hash, 'hard_bounce', `smtp ${refusal.text}`);
          onBounce?.('hard');
        } else if (refusal && refusal.code >= 400) {
          const count = await recordSoftBounce(db, hash, `smtp ${refusal.text}`);
          onBounce?.('soft');
          logger.warn({ reference: mail.reference, softBounces: count }, 'recipient refused for now (soft bounce)');
          if (count >= 3) throw new SuppressedError('soft_bounces');
        }
        throw error;
      }
      if (state?.soft) await clearSoftBounces(db, hash);
    },
  };
}
