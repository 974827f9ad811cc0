import type { Logger } from '@mmdm/shared/logger';
import type { Registry } from '@mmdm/shared/metrics';
import { startPeriodic } from '@mmdm/shared/periodic';
import type pg from 'pg';
import { inTransaction } from '../../lib/db.js';
import { forgetOldErasedLinks } from '../../lib/erased-links.repository.js';
import { suppressAll, suppressionHash } from '../../lib/suppression.repository.js';
import type { AuditService } from '../audit/audit.service.js';
import { eraseOldContactMessages } from '../contact/contact.service.js';
import { deleteOldAuditRows, lockLapsedUnconfirmed, lockLapsedUnsubscribed } from './retention.repository.js';

/** Erases a batch of entries in the caller's transaction (the entries module's erasure, credit take-back included). */
export type EraseLapsedEntries = (
  client: pg.PoolClient,
  entryIds: string[],
) => Promise<{ erased: number; creditsTakenBack: number }>;

export interface RetentionRules {
  /** Unsubscribed rows go this many hours after unsubscribing (0: at the next run). */
  unsubscribedHours: number;
  /** Sign-ups never confirmed go this many hours after their last mail. */
  unconfirmedHours: number;
  /** Audit rows go after this many days. */
  auditDays: number;
  /** Contact-form messages go this many days after they arrived (with their mails' outbox rows). */
  contactDays: number;
}

export interface RetentionDeps {
  pool: pg.Pool;
  /** A run that erased something leaves its counts here, once done (its batches are transactions of their own). */
  audit: AuditService;
  logger: Logger;
  rules: RetentionRules;
  suppressionKey: string;
  erase: EraseLapsedEntries;
  /** Rows per transaction: small, so locks are held for milliseconds. */
  batchSize?: number;
  /** A run stops starting batches after this long and goes on at the next run. */
  budgetMs?: number;
}

export interface RetentionCounts {
  unsubscribed: number;
  unconfirmed: number;
  auditRows: number;
  creditsTakenBack: number;
  contactMessages: number;
  /** Links of erased entries forgotten after ERASED_LINK_RETENTION_DAYS (migration 016). */
  erasedLinks: number;
}

/** Who erased, in the audit log. */
const RETENTION_ACTOR = { actorSub: 'retention', actorRole: 'system', ip: null, requestId: null } as const;

/**
 * The retention rules the privacy policy promises, applied in small batches: each batch is one short transaction
 * that locks only rows nobody else holds (`for update skip locked`), so sign-ups, confirmations and staff never wait
 * on it. An unsubscribed address leaves only its keyed hash on the suppression list.
 */
export function createRetention({
  pool,
  audit,
  logger,
  rules,
  suppressionKey,
  erase,
  batchSize = 50,
  budgetMs = 10_000,
}: RetentionDeps) {
  /** One short transaction: lock a batch, erase it. Answers how many rows it locked and how many it erased. */
  async function eraseBatch(
    lock: (client: pg.PoolClient) => Promise<{ id: string; email?: string }[]>,
    counts: RetentionCounts,
  ): Promise<{ locked: number; erased: number }> {
    return inTransaction(pool, async (client) => {
      const rows = await lock(client);
      // Never mailed again unless the person signs up anew: the keyed hash stays when the row goes.
      const hashes = rows.flatMap((row) => (row.email ? [suppressionHash(suppressionKey, row.email)] : []));
      await suppressAll(client, hashes, 'unsubscribed', 'retention');
      const { erased, creditsTakenBack } = await erase(
        client,
        rows.map((row) => row.id),
      );
      counts.creditsTakenBack += creditsTakenBack;
      return { locked: rows.length, erased };
    });
  }

  async function drain(
    lock: (client: pg.PoolClient) => Promise<{ id: string; email?: string }[]>,
    counts: RetentionCounts,
    key: 'unsubscribed' | 'unconfirmed',
    deadline: number,
  ): Promise<void> {
    for (;;) {
      const { locked, erased } = await eraseBatch(lock, counts);
      counts[key] += erased;
      if (locked < batchSize || Date.now() > deadline) return;
    }
  }

  return {
    async runOnce(): Promise<RetentionCounts> {
      const started = Date.now();
      const deadline = started + budgetMs;
      const counts: RetentionCounts = {
        unsubscribed: 0,
        unconfirmed: 0,
        auditRows: 0,
        creditsTakenBack: 0,
        contactMessages: 0,
        erasedLinks: 0,
      };
      await drain(
        (client) => lockLapsedUnsubscribed(client, rules.unsubscribedHours, batchSize),
        counts,
        'unsubscribed',
        deadline,
      );
      await drain(
        async (client) =>
          (await lockLapsedUnconfirmed(client, rules.unconfirmedHours, batchSize)).map((id) => ({ id })),
        counts,
        'unconfirmed',
        deadline,
      );
      for (;;) {
        const deleted = await deleteOldAuditRows(pool, rules.auditDays, batchSize * 20);
        counts.auditRows += deleted;
        if (deleted < batchSize * 20 || Date.now() > deadline) break;
      }
      for (;;) {
        const deleted = await eraseOldContactMessages(pool, rules.contactDays, batchSize);
        counts.contactMessages += deleted;
        if (deleted < batchSize || Date.now() > deadline) break;
      }
      for (;;) {
        const deleted = await forgetOldErasedLinks(pool, batchSize * 20);
        counts.erasedLinks += deleted;
        if (deleted < batchSize * 20 || Date.now() > deadline) break;
      }
      if (counts.unsubscribed + counts.unconfirmed + counts.creditsTakenBack + counts.contactMessages > 0) {
        await audit.summary(RETENTION_ACTOR, 'retention.purge', { ...counts });
      }
      // Counts only: never an address, never an entry.
      logger.info({ ...counts, ms: Date.now() - started }, 'retention run');
      return counts;
    },
  };
}

export type Retention = ReturnType<typeof createRetention>;

/** Runs the rules every `intervalMs` (a minute by default); a failed run is logged and tried again at the next. */
export function startRetention(retention: Retention, logger: Logger, intervalMs: number, metrics?: Registry) {
  return startPeriodic({
    name: 'retention',
    everyMs: intervalMs,
    jitter: 0.1,
    logger,
    metrics,
    run: () => retention.runOnce(),
  });
}
