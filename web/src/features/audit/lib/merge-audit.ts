import type { AuditRecord } from '@mmdm/contracts/audit';

export type AuditSource = 'auth' | 'waitlist';
export type SourcedAuditRecord = AuditRecord & { source: AuditSource };

export interface AuditFeed {
  items: AuditRecord[];
  /** True when older records exist that have not been loaded yet. */
  hasMore: boolean;
}

/**
 * Merges two newest-first audit logs into one timeline. While a log still has older pages, records older than its
 * oldest loaded one are held back: the other log's older records would otherwise show with a gap in between.
 */
export function mergeAuditFeeds(feeds: Record<AuditSource, AuditFeed>): SourcedAuditRecord[] {
  const all: SourcedAuditRecord[] = [];
  let cutoff = -Infinity;
  for (const source of ['auth', 'waitlist'] as const) {
    const feed = feeds[source];
    for (const item of feed.items) all.push({ ...item, source });
    if (feed.hasMore && feed.items.length > 0) {
      const oldest = Math.min(...feed.items.map((item) => Date.parse(item.at)));
      cutoff = Math.max(cutoff, oldest);
    }
  }
  return all
    .filter((item) => Date.parse(item.at) >= cutoff)
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || b.id.localeCompare(a.id));
}
