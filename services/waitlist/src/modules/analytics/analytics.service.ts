import type pg from 'pg';
import { entriesReadOf, type AuditActor, type AuditService } from '../audit/audit.service.js';
import { mailLaneAges } from '../mail/mail.service.js';
import { perDay, recentActivity, topReferralSources, totals } from './stats.repository.js';

/** The erasure keeps the figures whole: the entries module calls this in its transaction (see stats.repository.ts). */
export { forgetErasedEntry } from './stats.repository.js';

export interface AnalyticsServiceDeps {
  pool: pg.Pool;
  /** The dashboard's read, which shows addresses, is recorded here. */
  audit: AuditService;
}

/** Who asked, for the audit log (a staff request's: its request id is always set). */
type Actor = AuditActor & { requestId: string };

/** The staff's figures: the dashboard's counts and latest activity, and the analytics page's per-day series. */
export function createAnalyticsService({ pool, audit }: AnalyticsServiceDeps) {
  return {
    /**
     * The dashboard's figures. The recent activity shows addresses: the read is audited with the entries it showed
     * before it is answered; the dashboard's refresh every 10 s showing the same entries adds a row at most every ten
     * minutes.
     */
    async stats(actor: Actor) {
      const [counts, recent, mailLanes] = await Promise.all([totals(pool), recentActivity(pool), mailLaneAges(pool)]);
      await audit.repeatedRead(actor, 'stats.read', entriesReadOf(recent.map((item) => item.id)));
      return {
        ...counts,
        mailLanes,
        recent: recent.map((item) => ({ type: item.type, email: item.email, at: item.at.toISOString() })),
      };
    },

    async analytics(from: string, to: string) {
      const [days, sources] = await Promise.all([perDay(pool, from, to), topReferralSources(pool, from, to)]);
      const signups = days.reduce((sum, day) => sum + day.signups, 0);
      const confirmations = days.reduce((sum, day) => sum + day.confirmations, 0);
      return {
        days,
        confirmationRate: signups === 0 ? 0 : Math.round((confirmations / signups) * 10_000) / 10_000,
        topReferralSources: sources,
      };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
