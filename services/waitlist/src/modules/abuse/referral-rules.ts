import type pg from 'pg';

/**
 * The referral-fraud rules, their thresholds and their order, in one place. A credit that meets one is recorded
 * `held` with the rule's name instead of being granted; staff approve or reject it in the review queue. A threshold
 * of 0 turns its rule off.
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

interface Counts {
  sameNetwork: number;
  sameDevice: number;
  aliases: number;
  lastHour: number;
  weekBefore: number;
}

/** Counts over the referrer's earlier credits (the referrer row is locked by the confirmation, so counts are exact). */
const COUNTS = `
with me as (
  select signup_network, signup_device,
         waitlist.alias_key(coalesce(email_canonical, waitlist.canonical_email(email_normalized))) as alias
    from waitlist.entries where id = $2
),
earlier as (
  select c.created_at, e.signup_network, e.signup_device,
         waitlist.alias_key(coalesce(e.email_canonical, waitlist.canonical_email(e.email_normalized))) as alias
    from waitlist.referral_credits c join waitlist.entries e on e.id = c.referred_id
   where c.referrer_id = $1 and c.referred_id <> $2 and c.state in ('granted', 'held')
)
select
  (select count(*) from earlier, me where earlier.created_at > now() - make_interval(hours => $3)
      and earlier.signup_network = me.signup_network)::int as "sameNetwork",
  (select count(*) from earlier, me where earlier.created_at > now() - make_interval(hours => $3)
      and earlier.signup_device = me.signup_device)::int as "sameDevice",
  ((select count(*) from earlier, me where earlier.alias = me.alias)
   + (select count(*) from waitlist.entries r, me
       where r.id = $1 and waitlist.alias_key(coalesce(r.email_canonical, waitlist.canonical_email(r.email_normalized))) = me.alias))::int as aliases,
  (select count(*) from earlier where created_at > now() - interval '1 hour')::int as "lastHour",
  (select count(*) from earlier where created_at > now() - interval '169 hours'
      and created_at <= now() - interval '1 hour')::int as "weekBefore"`;

export function createReferralHold(thresholds: ReferralHoldThresholds) {
  const { perNetwork, perDevice, burstMin, burstFactor } = thresholds;
  return {
    thresholds,
    /** The rule that holds this credit, or null to grant it. Runs in the confirmation's transaction. */
    async ruleFor(client: pg.PoolClient, referrerId: string, referredId: string): Promise<ReferralHoldRule | null> {
      const { rows } = await client.query<Counts>(COUNTS, [referrerId, referredId, thresholds.windowHours]);
      const counts = rows[0]!;
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
