import type pg from 'pg';

/** What the referral-fraud rules (referral-rules.ts) weigh, counted over the referrer's earlier credits. */
export interface ReferralCounts {
  sameNetwork: number;
  sameDevice: number;
  aliases: number;
  lastHour: number;
  weekBefore: number;
}

/**
 * Counts over the referrer's earlier credits and the friends who used their tickets (the referrer row is locked by the
 * confirmation or the ticket's use, so counts are exact).
 */
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
  union all
  -- Tickets for friends count as referrals by their member (decision 036): friends who used one, held ones included.
  select t.used_at, e.signup_network, e.signup_device,
         waitlist.alias_key(coalesce(e.email_canonical, waitlist.canonical_email(e.email_normalized))) as alias
    from waitlist.tickets t join waitlist.entries e on e.id = t.used_by
   where t.owner_id = $1 and t.used_by <> $2 and t.revoked_at is null
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

export async function referralCounts(
  client: pg.PoolClient,
  referrerId: string,
  referredId: string,
  windowHours: number,
): Promise<ReferralCounts> {
  const { rows } = await client.query<ReferralCounts>(COUNTS, [referrerId, referredId, windowHours]);
  return rows[0]!;
}
