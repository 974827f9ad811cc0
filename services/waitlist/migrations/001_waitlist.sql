-- Up Migration

-- Trigram search over addresses for the staff list's search. Lives in public so every schema can use its operators.
create extension if not exists pg_trgm schema public;

create table waitlist.entries (
  id                  bigint generated always as identity primary key,
  email               text not null,
  email_normalized    text not null unique,
  referral_source     text,
  referral_code       text unique,
  status              text not null default 'pending' check (status in ('pending', 'confirmed', 'unsubscribed')),
  consent_at          timestamptz not null default now(),
  confirmed_at        timestamptz,
  unsubscribed_at     timestamptz,
  last_mail_queued_at timestamptz,
  created_at          timestamptz not null default now(),
  updated_at          timestamptz not null default now()
);
-- Keyset paging of the staff list, newest or oldest first, and "sign-ups today" / per-day roll-ups.
create index entries_created_idx on waitlist.entries (created_at, id);
-- The same, filtered by status.
create index entries_status_created_idx on waitlist.entries (status, created_at, id);
-- Substring search by address (LIKE '%q%').
create index entries_email_trgm_idx on waitlist.entries using gin (email_normalized public.gin_trgm_ops);
-- "Recent confirmations" and confirmations per day.
create index entries_confirmed_idx on waitlist.entries (confirmed_at) where confirmed_at is not null;

create table waitlist.tokens (
  token_hash bytea primary key,
  entry_id   bigint not null references waitlist.entries (id) on delete cascade,
  purpose    text not null check (purpose in ('confirm', 'unsubscribe')),
  expires_at timestamptz,
  used_at    timestamptz,
  created_at timestamptz not null default now()
);
create index tokens_entry_idx on waitlist.tokens (entry_id);

create table waitlist.outbox (
  id         bigint generated always as identity primary key,
  entry_id   bigint not null references waitlist.entries (id) on delete cascade,
  kind       text not null default 'confirmation' check (kind in ('confirmation')),
  -- The request that caused the mail, so the worker's log lines can be joined with the API's.
  request_id text,
  created_at timestamptz not null default now(),
  relayed_at timestamptz,
  sent_at    timestamptz,
  attempts   int not null default 0,
  last_error text
);
-- The relay only ever looks for rows not yet handed to the queue; this index stays tiny.
create index outbox_unrelayed_idx on waitlist.outbox (id) where relayed_at is null;
create index outbox_entry_idx on waitlist.outbox (entry_id);

-- Per-day counts of closed (UTC) days, rolled up by the worker; today is counted live. See docs/decisions.
create table waitlist.daily_stats (
  day           date primary key,
  signups       int not null default 0,
  confirmations int not null default 0
);

-- Per-day sign-ups by referral source for closed days, so "top referral sources" never scans the entries.
create table waitlist.daily_referrals (
  day     date not null,
  source  text not null,
  signups int not null default 0,
  primary key (day, source)
);

create table waitlist.audit_log (
  id          bigint generated always as identity primary key,
  at          timestamptz not null default now(),
  actor_sub   text not null,
  actor_email text,
  actor_role  text not null,
  action      text not null,
  target      text,
  ip          text,
  request_id  text,
  details     jsonb not null default '{}'::jsonb
);

-- Down Migration

drop table waitlist.audit_log;
drop table waitlist.daily_referrals;
drop table waitlist.daily_stats;
drop table waitlist.outbox;
drop table waitlist.tokens;
drop table waitlist.entries;
