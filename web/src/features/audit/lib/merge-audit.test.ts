import { describe, expect, it } from 'vitest';
import type { AuditRecord } from '@mmdm/contracts/audit';
import { mergeAuditFeeds } from './merge-audit.js';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 1, minute)).toISOString();
const record = (id: string, minute: number): AuditRecord => ({ id, at: at(minute), action: `action-${id}` });

describe('merging the two audit logs', () => {
  it('interleaves both services newest first', () => {
    const merged = mergeAuditFeeds({
      auth: { items: [record('a2', 30), record('a1', 10)], hasMore: false },
      waitlist: { items: [record('w2', 20), record('w1', 5)], hasMore: false },
    });
    expect(merged.map((item) => `${item.source}:${item.id}`)).toEqual([
      'auth:a2',
      'waitlist:w2',
      'auth:a1',
      'waitlist:w1',
    ]);
  });

  it('holds back records older than a log that still has unloaded pages, so no gap appears', () => {
    const merged = mergeAuditFeeds({
      // The auth log has more pages: its unloaded records are older than minute 25, but may be newer than minute 5.
      auth: { items: [record('a2', 40), record('a1', 25)], hasMore: true },
      waitlist: { items: [record('w2', 30), record('w1', 5)], hasMore: false },
    });
    expect(merged.map((item) => item.id)).toEqual(['a2', 'w2', 'a1']);
  });
});
