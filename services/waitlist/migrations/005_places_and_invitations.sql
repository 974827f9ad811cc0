-- Up Migration

-- Places in line, referral credit, cities and invitation waves (docs/decisions/011-launch-data-model.md).
-- Only adds: every existing row stays, and every confirmed row gets its place in the order it confirmed.

-- The address with provider aliasing folded (case, +tag, Gmail/Googlemail dots): one person's aliases compare equal.
-- In SQL, once: the migration's backfill and the confirmation both call it.
create function waitlist.canonical_email(address text) returns text
language sql immutable strict parallel safe as $$
  with parts as (
    select lower(left(address, length(address) - strpos(reverse(address), '@'))) as local,
           lower(right(address, strpos(reverse(address), '@') - 1)) as domain
  ),
  untagged as (select coalesce(nullif(split_part(local, '+', 1), ''), local) as local, domain from parts)
  select case when domain in ('gmail.com', 'googlemail.com') then replace(local, '.', '') || '@gmail.com'
              else local || '@' || domain end
    from untagged
$$;

-- A place bucket holds 1,024 consecutive place keys (arithmetic shift: floor, also for negative keys).
create function waitlist.place_bucket(place_key bigint) returns bigint
language sql immutable strict parallel safe as $$ select place_key >> 10 $$;

create sequence waitlist.queue_seq as bigint;

create table waitlist.cities (
  id         int generated always as identity primary key,
  name       text not null unique,
  sort       int not null default 0,
  created_at timestamptz not null default now()
);

create table waitlist.invitation_waves (
  id               bigint generated always as identity primary key,
  created_at       timestamptz not null default now(),
  created_by_sub   text not null,
  created_by_email text,
  city_id          int references waitlist.cities (id) on delete set null,
  requested        int not null,
  invited          int not null default 0
);

alter table waitlist.entries drop constraint entries_status_check;
alter table waitlist.entries add constraint entries_status_check
  check (status in ('pending', 'confirmed', 'invited', 'admitted', 'unsubscribed'));

-- Constant defaults and nullable columns: no table rewrite, whatever the size of the list.
alter table waitlist.entries
  add column queue_seq       bigint,
  add column credits         int not null default 0,
  add column place_key       bigint,
  add column email_canonical text,
  add column referrer_id     bigint references waitlist.entries (id) on delete set null,
  add column review_state    text check (review_state in ('flagged', 'approved', 'rejected')),
  add column review_reasons  text[],
  add column city_id         int references waitlist.cities (id) on delete set null,
  add column city_other      boolean not null default false,
  add column wave_id         bigint references waitlist.invitation_waves (id) on delete set null,
  add column invited_at      timestamptz,
  add column admitted_at     timestamptz;

-- The boost the place keys were written with; the worker rewrites them when REFERRAL_BOOST changes.
create table waitlist.place_rule (
  id    boolean primary key default true check (id),
  boost int not null check (boost >= 0)
);
insert into waitlist.place_rule (boost) values (10);

create table waitlist.referral_credits (
  id          bigint generated always as identity primary key,
  referrer_id bigint not null references waitlist.entries (id) on delete cascade,
  referred_id bigint not null unique references waitlist.entries (id) on delete cascade,
  state       text not null check (state in ('granted', 'held', 'refused', 'revoked')),
  reason      text not null,
  rule        text,
  created_at  timestamptz not null default now(),
  decided_at  timestamptz,
  decided_by  text
);
create index referral_credits_referrer_idx on waitlist.referral_credits (referrer_id);

create table waitlist.place_buckets (
  bucket  bigint primary key,
  holders int not null
);

-- Backfill, before the indexes and the trigger (one pass each, not one per row).
-- Every address gets its canonical form; new entries get it when they confirm (the sign-up statement stays as is).
update waitlist.entries set email_canonical = waitlist.canonical_email(email_normalized);

-- Confirmed rows take places in the order they confirmed.
update waitlist.entries e
   set queue_seq = s.seq, place_key = s.seq
  from (select id, row_number() over (order by confirmed_at, id) as seq
          from waitlist.entries where status = 'confirmed') s
 where e.id = s.id;
select setval('waitlist.queue_seq', coalesce((select max(queue_seq) from waitlist.entries), 0) + 1, false);

-- Referrals between entries confirmed before this migration are credited by today's rule (the default cap of 50 and
-- boost of 10; the worker rewrites the keys if REFERRAL_BOOST says otherwise).
update waitlist.entries r
   set referrer_id = p.id
  from waitlist.entries p
 where r.status = 'confirmed' and r.referral_source is not null
   and p.referral_code = r.referral_source and p.status = 'confirmed' and p.id <> r.id;
insert into waitlist.referral_credits (referrer_id, referred_id, state, reason, decided_at)
select referrer_id, id,
       case when self or n > 50 then 'refused' else 'granted' end,
       case when self then 'self_referral' when n > 50 then 'cap_reached' else 'confirmed' end,
       now()
  from (select r.id, r.referrer_id, r.email_canonical = p.email_canonical as self,
               row_number() over (partition by r.referrer_id, r.email_canonical = p.email_canonical
                                  order by r.queue_seq) as n
          from waitlist.entries r join waitlist.entries p on p.id = r.referrer_id) c;
update waitlist.entries p
   set credits = c.granted, place_key = p.queue_seq - 10 * c.granted
  from (select referrer_id, count(*)::int as granted from waitlist.referral_credits
         where state = 'granted' group by referrer_id) c
 where p.id = c.referrer_id;

insert into waitlist.place_buckets (bucket, holders)
select waitlist.place_bucket(place_key), count(*)
  from waitlist.entries
 where status = 'confirmed' and review_state is distinct from 'rejected' and place_key is not null
 group by 1;

-- The line: (place_key, queue_seq) of entries holding a place. Partial, so pending sign-ups cost it nothing.
create index entries_place_idx on waitlist.entries (place_key, queue_seq)
  where status = 'confirmed' and review_state is distinct from 'rejected';
-- A city's wave and per-city counts.
create index entries_city_place_idx on waitlist.entries (city_id, place_key, queue_seq)
  where status = 'confirmed' and review_state is distinct from 'rejected';
create index entries_email_canonical_idx on waitlist.entries (email_canonical) where email_canonical is not null;
create index entries_referrer_idx on waitlist.entries (referrer_id) where referrer_id is not null;
create index entries_wave_idx on waitlist.entries (wave_id) where wave_id is not null;
-- The Users list filtered by city, newest or oldest first (city_id is set only after confirming: a small index).
create index entries_city_created_idx on waitlist.entries (city_id, created_at, id) where city_id is not null;
-- Top referrers.
create index entries_credits_idx on waitlist.entries (credits desc, queue_seq) where credits > 0;
-- Per-city counts of invited and admitted people.
create index entries_city_status_idx on waitlist.entries (city_id, status) where status in ('invited', 'admitted');

-- Keeps place_buckets exact in the transaction that moves an entry into, out of, or along the line. Fires only on
-- changes of status, review_state or place_key, and on deletes: the sign-up insert (always pending) and its cooldown
-- bump fire nothing, so the sign-up path pays nothing.
create function waitlist.track_place_buckets() returns trigger
language plpgsql as $$
declare
  old_holds boolean := false;
  new_holds boolean := false;
begin
  if tg_op in ('UPDATE', 'DELETE') then
    old_holds := old.status = 'confirmed' and old.review_state is distinct from 'rejected' and old.place_key is not null;
  end if;
  if tg_op = 'UPDATE' then
    new_holds := new.status = 'confirmed' and new.review_state is distinct from 'rejected' and new.place_key is not null;
  end if;
  if old_holds and new_holds and waitlist.place_bucket(old.place_key) = waitlist.place_bucket(new.place_key) then
    return null;
  end if;
  if old_holds then
    update waitlist.place_buckets set holders = holders - 1 where bucket = waitlist.place_bucket(old.place_key);
  end if;
  if new_holds then
    insert into waitlist.place_buckets (bucket, holders) values (waitlist.place_bucket(new.place_key), 1)
    on conflict (bucket) do update set holders = waitlist.place_buckets.holders + 1;
  end if;
  return null;
end
$$;

create trigger entries_place_buckets_update
  after update of status, review_state, place_key on waitlist.entries
  for each row
  when (old.status is distinct from new.status or old.review_state is distinct from new.review_state
        or old.place_key is distinct from new.place_key)
  execute function waitlist.track_place_buckets();
create trigger entries_place_buckets_delete
  after delete on waitlist.entries
  for each row when (old.status = 'confirmed')
  execute function waitlist.track_place_buckets();

alter table waitlist.outbox drop constraint outbox_kind_check;
alter table waitlist.outbox add constraint outbox_kind_check
  check (kind in ('confirmation', 'welcome', 'invitation', 'data_access'));
alter table waitlist.tokens drop constraint tokens_purpose_check;
alter table waitlist.tokens add constraint tokens_purpose_check
  check (purpose in ('confirm', 'unsubscribe', 'invite', 'data_access'));

-- Down Migration

alter table waitlist.tokens drop constraint tokens_purpose_check;
delete from waitlist.tokens where purpose not in ('confirm', 'unsubscribe');
alter table waitlist.tokens add constraint tokens_purpose_check check (purpose in ('confirm', 'unsubscribe'));
alter table waitlist.outbox drop constraint outbox_kind_check;
delete from waitlist.outbox where kind <> 'confirmation';
alter table waitlist.outbox add constraint outbox_kind_check check (kind in ('confirmation'));
drop trigger entries_place_buckets_delete on waitlist.entries;
drop trigger entries_place_buckets_update on waitlist.entries;
drop function waitlist.track_place_buckets();
drop table waitlist.place_buckets;
drop table waitlist.referral_credits;
drop table waitlist.place_rule;
-- Invited and admitted people were confirmed people.
alter table waitlist.entries drop constraint entries_status_check;
update waitlist.entries set status = 'confirmed' where status in ('invited', 'admitted');
alter table waitlist.entries add constraint entries_status_check
  check (status in ('pending', 'confirmed', 'unsubscribed'));
alter table waitlist.entries
  drop column admitted_at, drop column invited_at, drop column wave_id, drop column city_other, drop column city_id,
  drop column review_reasons, drop column review_state, drop column referrer_id, drop column email_canonical,
  drop column place_key, drop column credits, drop column queue_seq;
drop table waitlist.invitation_waves;
drop table waitlist.cities;
drop sequence waitlist.queue_seq;
drop function waitlist.place_bucket(bigint);
drop function waitlist.canonical_email(text);
