-- Up Migration

-- Cities that open at a threshold (docs/decisions/034-cities-that-open-at-a-threshold.md).
--
-- 1. Each city's opening settings, set by staff: the threshold (people in the city; null: it never opens by itself),
--    the first wave's size and the mode ('approve': an admin's click sends the first wave; 'auto': sent at once), and
--    where the city stands: threshold_reached_at (reached, waiting for the click in 'approve' mode), opened_at (open,
--    once: every opening is a conditional update of opened_at is null), who opened it and the wave that opened it.
alter table waitlist.cities
  add column opening_threshold    int check (opening_threshold is null or opening_threshold between 1 and 100000000),
  add column first_wave_size      int not null default 100 check (first_wave_size between 0 and 50000),
  add column open_mode            text not null default 'approve' check (open_mode in ('auto', 'approve')),
  add column threshold_reached_at timestamptz,
  add column opened_at            timestamptz,
  add column opened_by            text,
  add column opening_wave_id      bigint references waitlist.invitation_waves (id) on delete set null;

-- 2. People in each city, kept exact by a trigger in the transaction that changes who is counted: an entry past
--    confirmation (confirmed, invited or admitted: an invitation does not lower a city's count) that chose the city
--    and was not rejected on review. Choosing, changing or clearing a city, leaving, erasure, rejection and the
--    city's deletion move it; confirmation does not (a city is chosen after confirming) and neither does a wave
--    (confirmed to invited), so neither the sign-up nor the wave's bulk statement pays anything. A read of the count
--    is one primary-key probe of a table of one row per city, whatever the length of the list.
create table waitlist.city_counts (
  city_id   int primary key references waitlist.cities (id) on delete cascade,
  confirmed int not null default 0
);

create function waitlist.track_city_counts() returns trigger
language plpgsql as $$
declare
  old_city int;
  new_city int;
begin
  if tg_op in ('UPDATE', 'DELETE') and old.status in ('confirmed', 'invited', 'admitted')
     and old.review_state is distinct from 'rejected' then
    old_city := old.city_id;
  end if;
  if tg_op = 'UPDATE' and new.status in ('confirmed', 'invited', 'admitted')
     and new.review_state is distinct from 'rejected' then
    new_city := new.city_id;
  end if;
  if old_city is not distinct from new_city then
    return null;
  end if;
  if old_city is not null then
    update waitlist.city_counts set confirmed = confirmed - 1 where city_id = old_city;
  end if;
  if new_city is not null then
    insert into waitlist.city_counts (city_id, confirmed) values (new_city, 1)
    on conflict (city_id) do update set confirmed = waitlist.city_counts.confirmed + 1;
  end if;
  return null;
end
$$;

-- Fires only when a row with a city changes city or moves in or out of the counted states.
create trigger entries_city_counts_update
  after update of status, review_state, city_id on waitlist.entries
  for each row
  when ((old.city_id is not null or new.city_id is not null)
        and (old.city_id is distinct from new.city_id
             or (old.status in ('confirmed', 'invited', 'admitted') and old.review_state is distinct from 'rejected')
                is distinct from
                (new.status in ('confirmed', 'invited', 'admitted') and new.review_state is distinct from 'rejected')))
  execute function waitlist.track_city_counts();
create trigger entries_city_counts_delete
  after delete on waitlist.entries
  for each row
  when (old.city_id is not null and old.status in ('confirmed', 'invited', 'admitted')
        and old.review_state is distinct from 'rejected')
  execute function waitlist.track_city_counts();

-- Backfill under the triggers' lock (creating them blocks writes to entries until this migration commits).
insert into waitlist.city_counts (city_id, confirmed)
select city_id, count(*)
  from waitlist.entries
 where city_id is not null and status in ('confirmed', 'invited', 'admitted')
   and review_state is distinct from 'rejected'
 group by city_id;

-- 3. Mails to the admins (a city waiting for its opening click, and alerts of other features): what happened, kept
--    until mailed; the addresses are the auth service's, asked for when the mail leaves. `mailed`: the sha256 (hex)
--    of each admin address already mailed, so a retried job mails only the rest.
create table waitlist.admin_alerts (
  id         bigint generated always as identity primary key,
  topic      text not null,
  details    jsonb not null default '{}',
  created_at timestamptz not null default now(),
  mailed     text[] not null default '{}'
);

alter table waitlist.outbox add column admin_alert_id bigint;
alter table waitlist.outbox
  add constraint outbox_admin_alert_fkey foreign key (admin_alert_id)
  references waitlist.admin_alerts (id) on delete cascade not valid;
create index outbox_admin_alert_idx on waitlist.outbox (admin_alert_id) where admin_alert_id is not null;

alter table waitlist.outbox drop constraint outbox_kind_check;
alter table waitlist.outbox add constraint outbox_kind_check
  check (kind in ('confirmation', 'welcome', 'invitation', 'data_access', 'place_link', 'friend_joined', 'contact',
                  'admin_alert'));
-- A row names exactly the one its kind says: a contact message, an admin alert, or (every other kind) an entry.
alter table waitlist.outbox drop constraint outbox_subject_check;
alter table waitlist.outbox
  add constraint outbox_subject_check check (
    case when kind = 'contact' then entry_id is null and contact_message_id is not null and admin_alert_id is null
         when kind = 'admin_alert' then entry_id is null and contact_message_id is null and admin_alert_id is not null
         else entry_id is not null and contact_message_id is null and admin_alert_id is null end
  ) not valid;

-- Down Migration

delete from waitlist.outbox where kind = 'admin_alert';
alter table waitlist.outbox drop constraint outbox_subject_check;
alter table waitlist.outbox
  add constraint outbox_subject_check check (
    case when kind = 'contact' then entry_id is null and contact_message_id is not null
         else entry_id is not null and contact_message_id is null end
  ) not valid;
alter table waitlist.outbox drop constraint outbox_kind_check;
alter table waitlist.outbox add constraint outbox_kind_check
  check (kind in ('confirmation', 'welcome', 'invitation', 'data_access', 'place_link', 'friend_joined', 'contact'));
drop index waitlist.outbox_admin_alert_idx;
alter table waitlist.outbox drop constraint outbox_admin_alert_fkey;
alter table waitlist.outbox drop column admin_alert_id;
drop table waitlist.admin_alerts;
drop trigger entries_city_counts_delete on waitlist.entries;
drop trigger entries_city_counts_update on waitlist.entries;
drop function waitlist.track_city_counts();
drop table waitlist.city_counts;
alter table waitlist.cities
  drop column opening_wave_id, drop column opened_by, drop column opened_at, drop column threshold_reached_at,
  drop column open_mode, drop column first_wave_size, drop column opening_threshold;
