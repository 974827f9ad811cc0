-- Up Migration

-- Per-minute counts of the open UTC day (after the last day in daily_stats), rolled up by the worker every few
-- seconds: the dashboard and analytics then count live only the rows of the last minute or so, however many sign-ups
-- the day has had (launch day: hundreds of thousands, 30–90 ms to count live). Nothing is written on the sign-up
-- path. Minutes of days that daily_stats has since closed are deleted by the roll-up. See docs/decisions/006.
create table waitlist.minute_stats (
  minute        timestamptz primary key,
  signups       int not null default 0,
  confirmations int not null default 0
);

create table waitlist.minute_referrals (
  minute  timestamptz not null,
  source  text not null,
  signups int not null default 0,
  primary key (minute, source)
);

-- Down Migration

drop table waitlist.minute_referrals;
drop table waitlist.minute_stats;
