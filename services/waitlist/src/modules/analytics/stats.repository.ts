import type { Queryable } from '../../lib/db.js';

/*
 * Dashboard and analytics figures at a million rows without a hot row on the sign-up path (see
 * docs/decisions/006-waitlist-stats.md): closed UTC days are rolled up into waitlist.daily_stats and
 * waitlist.daily_referrals, and the minutes of the open day into waitlist.minute_stats and waitlist.minute_referrals,
 * by the worker; only the rows after the last rolled minute (a minute or so of sign-ups) are counted live, from the
 * created_at / confirmed_at indexes. Counting the open day live instead cost 30–90 ms once it held 260,000 sign-ups.
 */

const UTC_DAY_START = (day: string) => `(${day})::timestamp at time zone 'UTC'`;
const UTC_MINUTE_OF = (at: string) => `date_trunc('minute', ${at} at time zone 'UTC') at time zone 'UTC'`;
const TODAY_START = UTC_DAY_START("(now() at time zone 'UTC')::date");
/**
 * Appended to `x >= <a value from another CTE>`, which the planner cannot see when it plans: alone, it guesses a third
 * of the table (333,000 rows at 1,000,000), which puts these small statements past jit_above_cost, and compiling them
 * cost 30–200 ms. With an upper bound, it takes the range guess (0.5 %). The bound itself excludes nothing.
 */
const TO_END = (column: string) => `and ${column} < 'infinity'`;

/**
 * What the roll-ups cover, as two CTEs. `closed.last_day`: the last day in daily_stats. `cover.open_from`: the start
 * of the open period after it (-infinity before any roll-up: then everything is counted live). `cover.live_from`: the
 * end of the rolled minutes, contiguous from open_from (the roll-up never leaves a gap); rows from there on are counted
 * live.
 */
const COVERAGE = `closed as (select max(day) as last_day from waitlist.daily_stats),
  cover as (
    select open_from,
           coalesce((select max(m.minute) + interval '1 minute' from waitlist.minute_stats m
                      where m.minute >= open_from and open_from > '-infinity'), open_from) as live_from
      from (select case when last_day is null then '-infinity'::timestamptz
                        else ${UTC_DAY_START('last_day + 1')} end as open_from
              from closed) o
  )`;

/** Per roll-up: how a moment falls in its unit, the `bounds` columns of its range, and the tables it writes. */
const ROLL_UPS = {
  day: { unitOf: (at: string) => `(${at} at time zone 'UTC')::date`, from: 'first_at', to: 'end_at', table: 'daily' },
  minute: { unitOf: UTC_MINUTE_OF, from: 'first_minute', to: 'end_minute', table: 'minute' },
} as const;

/**
 * The half the two roll-ups share, as CTEs after `bounds` and the series of units to write (`days` or `minutes`):
 * the sign-ups in the range by unit and source and the confirmations by unit, counted from the entries; the referral
 * counts upserted; then every unit of the series upserted (a unit without sign-ups as 0), as the CTE `upserted`.
 */
function countedAndWritten(unit: keyof typeof ROLL_UPS): string {
  const { unitOf, from, to, table } = ROLL_UPS[unit];
  const inRange = (column: string) =>
    `${column} >= (select ${from} from bounds) and ${column} < (select ${to} from bounds)`;
  return `signups as (
       select ${unitOf('e.created_at')} as ${unit}, e.referral_source as source, count(*)::int as n
         from waitlist.entries e
        where ${inRange('e.created_at')}
        group by 1, 2
     ),
     confirmations as (
       select ${unitOf('e.confirmed_at')} as ${unit}, count(*)::int as n
         from waitlist.entries e
        where ${inRange('e.confirmed_at')}
        group by 1
     ),
     referrals as (
       insert into waitlist.${table}_referrals (${unit}, source, signups)
       select ${unit}, source, n from signups where source is not null
       on conflict (${unit}, source) do update set signups = excluded.signups
     ),
     upserted as (
       insert into waitlist.${table}_stats (${unit}, signups, confirmations)
       select ${unit}s.${unit}, coalesce(s.n, 0), coalesce(c.n, 0)
         from ${unit}s
         left join (select ${unit}, sum(n)::int as n from signups group by ${unit}) s using (${unit})
         left join confirmations c using (${unit})
       on conflict (${unit}) do update set signups = excluded.signups, confirmations = excluded.confirmations
       returning ${unit}
     )`;
}

/**
 * Rolls up every closed day from just before the last rolled day to yesterday. The two most recent rolled days are
 * counted again so a sign-up committed a moment after midnight (its now() was before) is not missed. Yesterday is
 * always written, even empty, so that on a list whose first sign-ups are today the open day starts today and its
 * minutes count (with no closed day at all, the figures fall back to counting everything live). One pass over the
 * range grouped by day, like the minutes below: a sub-select per day made the planner expect 1,000 days and compile
 * the statement (JIT, 35 ms of its 87).
 */
export async function rollUpClosedDays(db: Queryable): Promise<{ days: number }> {
  const { rows } = await db.query<{ days: number }>(
    `with bounds as (
       select first_day, last_day, ${UTC_DAY_START('first_day')} as first_at, ${UTC_DAY_START('last_day + 1')} as end_at
         from (select least(coalesce((select max(day) - 1 from waitlist.daily_stats),
                                     (select (min(created_at) at time zone 'UTC')::date from waitlist.entries)),
                            (now() at time zone 'UTC')::date - 1) as first_day,
                      (now() at time zone 'UTC')::date - 1 as last_day) b
     ),
     days as (select generate_series(first_day, last_day, interval '1 day')::date as day from bounds),
     ${countedAndWritten('day')}
     select count(*)::int as days from upserted`,
  );
  return rows[0] ?? { days: 0 };
}

/**
 * Rolls up the closed minutes of the open period (after the last day in daily_stats) once a new one has closed: from
 * the last rolled minute, counted again (a sign-up whose now() fell in it may commit just after it was rolled), to the
 * minute before now. A run with no newly closed minute reads nothing, so each row of the open period is read twice,
 * whatever the interval; the minutes of days daily_stats has closed since are deleted. Idempotent, like the daily
 * roll-up: two workers may run it at once. The bounds reach the entries as scalar sub-selects, not a join with
 * `bounds`: the planner then takes its range guess (0.5 % of the table) instead of 11 %, which at a few million rows
 * would have put the statement past jit_above_cost.
 */
export async function rollUpOpenMinutes(db: Queryable): Promise<{ minutes: number }> {
  const { rows } = await db.query<{ minutes: number }>(
    `with open_period as (
       select open_from, (select max(minute) from waitlist.minute_stats where minute >= open_from) as last_rolled,
              ${UTC_MINUTE_OF('now()')} as open_minute
         from (select coalesce(${UTC_DAY_START('(select max(day) + 1 from waitlist.daily_stats)')}, ${TODAY_START})
                      as open_from) o
     ),
     bounds as (
       -- [first_minute, end_minute) is what this run counts: empty while the last rolled minute is the latest closed.
       select open_from, coalesce(last_rolled, open_from) as first_minute,
              case when last_rolled is null or last_rolled < open_minute - interval '1 minute' then open_minute
                   else coalesce(last_rolled, open_from) end as end_minute
         from open_period
     ),
     minutes as (
       select generate_series(first_minute, end_minute - interval '1 minute', interval '1 minute') as minute from bounds
     ),
     stale_minutes as (delete from waitlist.minute_stats m using bounds where m.minute < bounds.open_from),
     stale_referrals as (delete from waitlist.minute_referrals m using bounds where m.minute < bounds.open_from),
     ${countedAndWritten('minute')}
     select count(*)::int as minutes from upserted`,
  );
  return rows[0] ?? { minutes: 0 };
}

/** After an erasure the rolled-up counts drop with it, so totals keep matching the list. */
export async function forgetErasedEntry(
  db: Queryable,
  erased: {
    createdDay: string;
    createdMinute: string;
    confirmedDay: string | null;
    confirmedMinute: string | null;
    referralSource: string | null;
  },
): Promise<void> {
  // A day or minute not rolled up yet has no row: those are counted live, where the entry is already gone.
  await db.query('update waitlist.daily_stats set signups = greatest(signups - 1, 0) where day = $1', [
    erased.createdDay,
  ]);
  await db.query('update waitlist.minute_stats set signups = greatest(signups - 1, 0) where minute = $1', [
    erased.createdMinute,
  ]);
  if (erased.confirmedDay && erased.confirmedMinute) {
    await db.query('update waitlist.daily_stats set confirmations = greatest(confirmations - 1, 0) where day = $1', [
      erased.confirmedDay,
    ]);
    await db.query(
      'update waitlist.minute_stats set confirmations = greatest(confirmations - 1, 0) where minute = $1',
      [erased.confirmedMinute],
    );
  }
  if (erased.referralSource) {
    await db.query(
      'update waitlist.daily_referrals set signups = greatest(signups - 1, 0) where day = $1 and source = $2',
      [erased.createdDay, erased.referralSource],
    );
    await db.query(
      'update waitlist.minute_referrals set signups = greatest(signups - 1, 0) where minute = $1 and source = $2',
      [erased.createdMinute, erased.referralSource],
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
    `with ${COVERAGE},
     days as (
       select coalesce(sum(signups), 0) as signups, coalesce(sum(confirmations), 0) as confirmations
         from waitlist.daily_stats
     ),
     minutes as (
       select coalesce(sum(m.signups), 0) as signups, coalesce(sum(m.confirmations), 0) as confirmations,
              coalesce(sum(m.signups) filter (where m.minute >= ${TODAY_START}), 0) as today
         from waitlist.minute_stats m, cover
        where m.minute >= cover.open_from and m.minute < cover.live_from
     )
     select (days.signups + minutes.signups + (select count(*) from waitlist.entries
                                                where created_at >= cover.live_from ${TO_END('created_at')}))::int as total,
            (days.confirmations + minutes.confirmations + (select count(*) from waitlist.entries
                                                            where confirmed_at >= cover.live_from ${TO_END('confirmed_at')}))::int
              as confirmed,
            (minutes.today + (select count(*) from waitlist.entries
                               where created_at >= greatest(cover.live_from, ${TODAY_START}) ${TO_END('created_at')}))::int as today
       from days, minutes, cover`,
  );
  return rows[0] ?? { total: 0, confirmed: 0, today: 0 };
}

export interface Activity {
  type: 'signup' | 'confirmation';
  /** The entry's id: not in the answer, only in the audit row of the read. */
  id: string;
  email: string;
  at: Date;
}

export async function recentActivity(db: Queryable, limit = 10): Promise<Activity[]> {
  const { rows } = await db.query<Activity>(
    `(select 'signup' as type, id, email, created_at as at from waitlist.entries order by created_at desc, id desc limit $1)
     union all
     (select 'confirmation', id, email, confirmed_at from waitlist.entries where confirmed_at is not null
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

/**
 * Per day: a closed day from daily_stats; a day of the open period from its rolled minutes plus its live rows. The
 * open period's part is grouped by day once, not counted by a sub-select per day: with one per day the planner's
 * estimate (1,000 days of open-ended ranges) passed jit_above_cost, and compiling the plan took 50–200 ms.
 */
export async function perDay(db: Queryable, from: string, to: string): Promise<DayCount[]> {
  const live = (at: 'created_at' | 'confirmed_at') =>
    `select (e.${at} at time zone 'UTC')::date as day, count(*) as n
       from waitlist.entries e
      where e.${at} >= (select greatest(${UTC_DAY_START('$1::date')}, cover.live_from) from cover)
        and e.${at} < ${UTC_DAY_START('$2::date + 1')}
      group by 1`;
  const { rows } = await db.query<DayCount>(
    `with ${COVERAGE},
     days as (select $1::date + i as day from generate_series(0, $2::date - $1::date) i),
     open_minutes as (
       select (m.minute at time zone 'UTC')::date as day, sum(m.signups) as signups,
              sum(m.confirmations) as confirmations
         from waitlist.minute_stats m, cover
        where m.minute >= greatest(${UTC_DAY_START('$1::date')}, cover.open_from)
          and m.minute < least(${UTC_DAY_START('$2::date + 1')}, cover.live_from)
        group by 1
     ),
     live_signups as (${live('created_at')}),
     live_confirmations as (${live('confirmed_at')})
     -- Each day is in exactly one of daily_stats (closed), the rolled minutes and the live rows, or split between the
     -- last two: the sources do not overlap (see COVERAGE).
     select days.day::text as date,
            (coalesce(ds.signups, 0) + coalesce(om.signups, 0) + coalesce(ls.n, 0))::int as signups,
            (coalesce(ds.confirmations, 0) + coalesce(om.confirmations, 0) + coalesce(lc.n, 0))::int as confirmations
       from days
       left join waitlist.daily_stats ds on ds.day = days.day
       left join open_minutes om on om.day = days.day
       left join live_signups ls on ls.day = days.day
       left join live_confirmations lc on lc.day = days.day
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
    `with ${COVERAGE}
     select source, sum(n)::int as count from (
       select r.source, r.signups as n
         from waitlist.daily_referrals r, closed
        where r.day between $1::date and least($2::date, closed.last_day) and r.signups > 0
       union all
       select m.source, m.signups
         from waitlist.minute_referrals m, cover
        where m.minute >= greatest(${UTC_DAY_START('$1::date')}, cover.open_from)
          and m.minute < least(${UTC_DAY_START('$2::date + 1')}, cover.live_from)
          and m.signups > 0
       union all
       select e.referral_source, 1
         from waitlist.entries e
        -- A scalar sub-select (evaluated once) rather than a join, so the bound can drive the created_at index.
        where e.created_at >= (select greatest(${UTC_DAY_START('$1::date')}, cover.live_from) from cover)
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
