import type pg from 'pg';
import { referralCounts } from './referral-rules.repository.js';

/**
 * The referral-fraud rules, their thresholds and their order, in one place. A credit that meets one is recorded
 * `held` with the rule's name instead of being granted; staff approve or reject it in the review queue. A threshold
 * of 0 turns its rule off. A ticket for friends is weighed the same way when a friend uses it (decision 036): its
 * member counts as the referrer, the friends who used their tickets count with the people they referred, and a use
 * that meets a rule is recorded held (the friend keeps their place, without going first).
 *
 * - `same_network`: the referrer already has this many credits (granted or held) from referred people who signed
 *   up from the referred person's network (/24 or /48) within the window.
 * - `same_device`: as many from the same network and browser (User-Agent) within the window.
 * - `alias`: the referred address is an alias of another address this referrer brought, or of the referrer's own:
 *   equal once case, `+tags`, Gmail dots, and a trailing number of the local part are folded (ada1@, ada2@).
 * - `burst`: credits in the last hour reach `burstMin` and `burstFactor` × the referrer's usual hourly pace (the
 *   week before that hour).
 */
export interface ReferralHoldThresholds {
  windowHours: number;
  perNetwork: number;
  perDevice: number;
  burstMin: number;
  burstFactor: number;
}

export type ReferralHoldRule = 'same_network' | 'same_device' | 'alias' | 'burst';

export function createReferralHold(thresholds: ReferralHoldThresholds) {
  const { perNetwork, perDevice, burstMin, burstFactor } = thresholds;
  return {
    thresholds,
    /** The rule that holds this credit, or null to grant it. Runs in the confirmation's transaction. */
    async ruleFor(client: pg.PoolClient, referrerId: string, referredId: string): Promise<ReferralHoldRule | null> {
      const counts = await referralCounts(client, referrerId, referredId, thresholds.windowHours);
      if (perNetwork > 0 && counts.sameNetwork >= perNetwork) return 'same_network';
      if (perDevice > 0 && counts.sameDevice >= perDevice) return 'same_device';
      if (counts.aliases > 0) return 'alias';
      const usualPerHour = counts.weekBefore / 168;
      if (counts.lastHour + 1 >= burstMin && counts.lastHour + 1 >= burstFactor * usualPerHour) return 'burst';
      return null;
    },
  };
}

export type ReferralHold = ReturnType<typeof createReferralHold>;
