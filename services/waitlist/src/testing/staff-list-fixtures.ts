import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { buildEntry, daysAgo } from './waitlist-factories.js';
import { uniqueEmail, type WaitlistApi } from './waitlist-harness.js';

/** A UTC calendar day (YYYY-MM-DD) `ago` days before today, as the analytics query takes it. */
export const utcDay = (ago = 0) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);

/** Rows for the staff's lists and figures: sign-ups made through the API, and entries dated in the past. */
export function staffListFixtures(system: WaitlistApi) {
  return {
    /** Sign-ups whose addresses share a marker, so a search finds exactly them. */
    async seed(count: number, options: { referralSource?: string } = {}): Promise<{ tag: string; emails: string[] }> {
      const tag = `m${randomBytes(4).toString('hex')}`;
      const emails: string[] = [];
      for (let i = 0; i < count; i++) {
        const email = `${tag}-${i}@example.com`;
        emails.push(email);
        const answer = await system.api.request('/waitlist', { method: 'POST', body: { email, ...options } });
        expect(answer.status).toBe(200);
      }
      return { tag, emails };
    },

    /** Inserts an entry as if it had signed up `days` days ago (UTC). */
    async backdated(days: number, extra: { confirmed?: boolean; source?: string } = {}): Promise<string> {
      const at = daysAgo(days);
      const entry = await buildEntry(system.context.pool, {
        email: uniqueEmail('old'),
        referralSource: extra.source ?? null,
        status: extra.confirmed ? 'confirmed' : 'pending',
        createdAt: at,
        confirmedAt: extra.confirmed ? at : null,
      });
      return entry.id;
    },
  };
}
