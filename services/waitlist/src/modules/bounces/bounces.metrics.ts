import { Counter, type Registry } from '@mmdm/shared/metrics';
import type { BounceFeed } from './bounce-report.js';

export interface BounceMetrics {
  bounced: Counter<'kind' | 'feed'>;
  complaints: Counter<'feed'>;
}

/**
 * Bounces and complaints by feed. The API (webhooks) and the worker (SMTP answers, the bounce mailbox) each count
 * their own; Prometheus sums the two series. Rates against mmdm_mails_sent_total are what providers judge a sender
 * by (SES reviews an account at 5 % bounces and 0.1 % complaints), hence the alert rules on them.
 */
export function createBounceMetrics(registry: Registry): BounceMetrics {
  const bounced = new Counter({
    name: 'mmdm_mail_bounces_total',
    help: 'Bounces recorded, by kind (hard: permanent; soft: temporary) and feed (smtp, mailbox, ses, postmark)',
    labelNames: ['kind', 'feed'] as const,
    registers: [registry],
  });
  const complaints = new Counter({
    name: 'mmdm_mail_complaints_total',
    help: 'Complaints (the recipient marked a mail as spam) recorded, by feed (mailbox, ses, postmark)',
    labelNames: ['feed'] as const,
    registers: [registry],
  });
  return { bounced, complaints };
}

export function countBounce(metrics: BounceMetrics | undefined, feed: BounceFeed, kind: 'hard' | 'soft' | 'complaint') {
  if (!metrics) return;
  if (kind === 'complaint') metrics.complaints.inc({ feed });
  else metrics.bounced.inc({ kind, feed });
}
