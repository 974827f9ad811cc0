import type { Queryable } from '../../lib/db.js';

/*
 * Dashboard and analytics figures at a million rows without a hot row on the sign-up path (see
 * docs/decisions/004-waitlist-stats.md): closed UTC days are rolled up into waitlist.daily_stats and
 * waitlist.daily_referrals by the worker; whatever the roll-up has not covered yet (today, at least) is counted live
 * from the created_at / confirmed_at indexes, which for one day is a short index range.
 */

const UTC_DAY_START = (day: string) => `(${day})::timestamp at time zone 'UTC'`;

/**
 * Rolls up every closed day from just before the last rolled day to yesterday. The two most recent rolled days are
 * counted again so a sign-up committed a moment after midnight (its now() was before) is not missed.
 */
export async function rollUpClosedDays(db: Queryable): Promise<{ days: number }> {
  const { rows } = await db.query<{ days: number }>(
    `with bounds as (
       select coalesce((select max(day) - 1 from waitlist.daily_stats),
                       (select (min(created_at) at time zone 'UTC')::date from waitlist.entries)) as first_day,
              (now() at time zone 'UTC')::date - 1 as last_day
     ),
     days as (
       select d::date as day from bounds, generate_series(bounds.first_day, bounds.last_day, interval '1 day') d
     ),
     referrals as (
       insert into waitlist.daily_referrals (day, source, signups)
       select (e.created_at at time zone 'UTC')::date, e.referral_source, count(*)
         from waitlist.entries e, bounds
        where e.referral_source is not null
          and e.created_at >= ${UTC_DAY_START('bounds.first_day')}
          and e.created_at < ${UTC_DAY_START('bounds.last_day + 1')}
        group by 1, 2
       on conflict (day, source) do update set signups = excluded.signups
     ),
     upserted as (
       insert into waitlist.daily_stats (day, signups, confirmations)
       select days.day,
              (select count(*) from waitlist.entries
                where created_at >= ${UTC_DAY_START('days.day')} and created_at < ${UTC_DAY_START('days.day + 1')}),
              (select count(*) from waitlist.entries
                where confirmed_at >= ${UTC_DAY_START('days.day')} and confirmed_at < ${UTC_DAY_START('days.day + 1')})
         from days
       on conflict (day) do update set signups = excluded.signups, confirmations = excluded.confirmations
       returning day
     )
     select count(*)::int as days from upserted`,
  );
  return rows[0] ?? { days: 0 };
}

/** After an erasure the rolled-up counts drop with it, so totals keep matching the list. */
export async function forgetErasedEntry(
  db: Queryable,
  erased: { createdDay: string; confirmedDay: string | null; referralSource: string | null },
): Promise<void> {
  await db.query('update waitlist.daily_stats set signups = greatest(signups - 1, 0) where day = $1', [
    erased.createdDay,
  ]);
  if (erased.confirmedDay) {
    await db.query('update waitlist.daily_stats set confirmations = greatest(confirmations - 1, 0) where day = $1', [
      erased.confirmedDay,
    ]);
  }
  if (erased.referralSource) {
    await db.query(
      'update waitlist.daily_referrals set signups = greatest(signups - 1, 0) where day = $1 and source = $2',
      [erased.createdDay, erased.referralSource],
    );
  }
}

export interface Totals {
  total: number;
  confirmed: number;
  today: number;
}

export async function totals(db: Queryable): Promise<Totals> {
  const { rows } = await db.query<Totals>(
    `with rolled as (
       select max(day) as last_day, coalesce(sum(signups), 0) as signups, coalesce(sum(confirmations), 0) as confirmations
         from waitlist.daily_stats
     ),
     live as (
       select case when last_day is null then '-infinity'::timestamptz else ${UTC_DAY_START('last_day + 1')} end as since from rolled
     )
     select (rolled.signups + (select count(*) from waitlist.entries where created_at >= live.since))::int as total,
            (rolled.confirmations + (select count(*) from waitlist.entries where confirmed_at >= live.since))::int as confirmed,
            (select count(*) from waitlist.entries
              where created_at >= ${UTC_DAY_START("(now() at time zone 'UTC')::date")})::int as today
       from rolled, live`,
  );
  return rows[0] ?? { total: 0, confirmed: 0, today: 0 };
}

export interface Activity {
  type: 'signup' | 'confirmation';
  email: string;
  at: Date;
}

export async function recentActivity(db: Queryable, limit = 10): Promise<Activity[]> {
  const { rows } = await db.query<Activity>(
    `(select 'signup' as type, email, created_at as at from waitlist.entries order by created_at desc, id desc limit $1)
     union all
     (select 'confirmation', email, confirmed_at from waitlist.entries where confirmed_at is not null
       order by confirmed_at desc limit $1)
     order by at desc
     limit $1`,
    [limit],
  );
  return rows;
}

export interface DayCount {
  date: string;
  signups: number;
  confirmations: number;
}

export async function perDay(db: Queryable, from: string, to: string): Promise<DayCount[]> {
  const { rows } = await db.query<DayCount>(
    `with rolled as (select max(day) as last_day from waitlist.daily_stats),
     days as (select d::date as day from generate_series($1::date, $2::date, interval '1 day') d)
     select days.day::text as date,
            case when days.day <= rolled.last_day then coalesce(ds.signups, 0)
                 else (select count(*) from waitlist.entries
                        where created_at >= ${UTC_DAY_START('days.day')} and created_at < ${UTC_DAY_START('days.day + 1')})
            end::int as signups,
            case when days.day <= rolled.last_day then coalesce(ds.confirmations, 0)
                 else (select count(*) from waitlist.entries
                        where confirmed_at >= ${UTC_DAY_START('days.day')} and confirmed_at < ${UTC_DAY_START('days.day + 1')})
            end::int as confirmations
       from days cross join rolled
       left join waitlist.daily_stats ds on ds.day = days.day
      order by days.day`,
    [from, to],
  );
  return rows;
}

export async function topReferralSources(
  db: Queryable,
  from: string,
  to: string,
  limit = 10,
): Promise<{ source: string; count: number }[]> {
  const { rows } = await db.query<{ source: string; count: number }>(
    `with rolled as (select max(day) as last_day from waitlist.daily_stats)
     select source, sum(n)::int as count from (
       select r.source, r.signups as n
         from waitlist.daily_referrals r, rolled
        where r.day between $1::date and least($2::date, rolled.last_day) and r.signups > 0
       union all
       select e.referral_source, 1
         from waitlist.entries e
        -- A scalar sub-select (evaluated once) rather than a join, so the bound can drive the created_at index.
        where e.created_at >= (select ${UTC_DAY_START('greatest($1::date, coalesce(last_day + 1, $1::date))')} from rolled)
          and e.created_at < ${UTC_DAY_START('$2::date + 1')}
          and e.referral_source is not null
     ) counted
     group by source
     order by count desc, source
     limit $3`,
    [from, to, limit],
  );
  return rows;
}
