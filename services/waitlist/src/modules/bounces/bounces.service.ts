import { checkEmailAddress } from '@mmdm/contracts/email';
import type { Logger } from '@mmdm/shared/logger';
import type pg from 'pg';
import { inTransaction } from '../../lib/db.js';
import { recordSoftBounce, suppress, suppressionHash } from '../../lib/suppression.repository.js';
import type { BounceReport, ReportFeed } from './bounce-report.js';
import { claimReport } from './bounces.repository.js';
import { countBounce, type BounceMetrics } from './bounces.metrics.js';

export interface BounceServiceDeps {
  pool: pg.Pool;
  suppressionKey: string;
  logger: Logger;
  metrics?: BounceMetrics | undefined;
}

export interface BounceService {
  /**
   * Applies one report (a DSN, a feedback report, a webhook call) to the suppression list, once: a report whose id
   * was applied before changes nothing. Answers what happened.
   */
  apply(feed: ReportFeed, reportId: string, reports: BounceReport[]): Promise<'applied' | 'duplicate'>;
}

/** Maps reports onto the suppression list: hard → hard_bounce, complaint → complaint, soft → the soft-bounce rule. */
export function createBounceService({ pool, suppressionKey, logger, metrics }: BounceServiceDeps): BounceService {
  return {
    async apply(feed, reportId, reports) {
      const usable = reports.flatMap((report) => {
        const check = checkEmailAddress(report.email, { deliverable: true });
        return check.ok ? [{ ...report, email: check.address }] : [];
      });
      const outcome = await inTransaction(pool, async (client) => {
        if (!(await claimReport(client, feed, reportId))) return 'duplicate' as const;
        for (const report of usable) {
          const hash = suppressionHash(suppressionKey, report.email);
          const source = `${feed} ${report.detail}`;
          if (report.kind === 'hard') await suppress(client, hash, 'hard_bounce', source);
          else if (report.kind === 'complaint') await suppress(client, hash, 'complaint', source);
          else await recordSoftBounce(client, hash, source);
        }
        return 'applied' as const;
      });
      if (outcome === 'applied') {
        for (const report of usable) countBounce(metrics, feed, report.kind);
        // The kinds only: an address in a log line would outlive its erasure.
        logger.info({ feed, reportId, kinds: usable.map((report) => report.kind) }, 'bounce report applied');
      }
      return outcome;
    },
  };
}
