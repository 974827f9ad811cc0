-- Up Migration

-- Two changes to the line of decision 011, explained in docs/decisions/019-credit-half-step-and-bulk-waves.md.
--
-- 1. A credit moves someone exactly REFERRAL_BOOST places. With place_key = queue_seq - boost * credits, a first
--    credit tied with the person confirmed `boost` places earlier, the tie went by queue_seq, and the credited person
--    moved boost - 1 places in a dense line. The key is now counted in half steps: twice the old key, minus one for
--    anyone credited at all, so a credited person sits just ahead of the uncredited one with the same old key. Ties
--    left (two credited people with the same old key) still go by queue_seq, the confirmation order.
-- 2. An invitation wave adjusts the buckets in one statement instead of firing the row trigger 10,000 times: the
--    trigger stands aside while the transaction-local setting waitlist.bulk_buckets is 'on', and the statement that
--    set it owns the bucket counts for the rows it changed.

-- The one definition of a place key; every statement that writes place_key calls it.
create function waitlist.place_key(queue_seq bigint, credits int, boost int) returns bigint
language sql immutable strict parallel safe as $$
  select 2 * (queue_seq - boost::bigint * credits) - case when credits > 0 then 1 else 0 end
$$;

-- The trigger stands aside for a statement that keeps the buckets itself (set_config('waitlist.bulk_buckets', 'on',
-- true): transaction-local, so it never leaks to the next transaction on a pooled connection).
create or replace function waitlist.track_place_buckets() returns trigger
language plpgsql as $$
declare
  old_holds boolean := false;
  new_holds boolean := false;
begin
  if current_setting('waitlist.bulk_buckets', true) = 'on' then
    return null;
  end if;
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

-- The same check in the update trigger's WHEN: evaluated as each row is written, so a bulk statement does not even
-- queue 10,000 trigger events for the end of the statement.
drop trigger entries_place_buckets_update on waitlist.entries;
create trigger entries_place_buckets_update
  after update of status, review_state, place_key on waitlist.entries
  for each row
  when ((old.status is distinct from new.status or old.review_state is distinct from new.review_state
         or old.place_key is distinct from new.place_key)
        and current_setting('waitlist.bulk_buckets', true) is distinct from 'on')
  execute function waitlist.track_place_buckets();

-- Rewrite every key in half steps and recount the buckets once (not one trigger call per row). The order of the line
-- among uncredited people is unchanged; credited people move one more place, as the rule on the page says.
select set_config('waitlist.bulk_buckets', 'on', true);
update waitlist.entries
   set place_key = waitlist.place_key(queue_seq, credits, (select boost from waitlist.place_rule))
 where queue_seq is not null;
select set_config('waitlist.bulk_buckets', 'off', true);
delete from waitlist.place_buckets;
insert into waitlist.place_buckets (bucket, holders)
select waitlist.place_bucket(place_key), count(*)
  from waitlist.entries
 where status = 'confirmed' and review_state is distinct from 'rejected' and place_key is not null
 group by 1;

-- Down Migration

select set_config('waitlist.bulk_buckets', 'on', true);
update waitlist.entries
   set place_key = queue_seq - (select boost from waitlist.place_rule) * credits
 where queue_seq is not null;
select set_config('waitlist.bulk_buckets', 'off', true);
delete from waitlist.place_buckets;
insert into waitlist.place_buckets (bucket, holders)
select waitlist.place_bucket(place_key), count(*)
  from waitlist.entries
 where status = 'confirmed' and review_state is distinct from 'rejected' and place_key is not null
 group by 1;
drop trigger entries_place_buckets_update on waitlist.entries;
create trigger entries_place_buckets_update
  after update of status, review_state, place_key on waitlist.entries
  for each row
  when (old.status is distinct from new.status or old.review_state is distinct from new.review_state
        or old.place_key is distinct from new.place_key)
  execute function waitlist.track_place_buckets();
create or replace function waitlist.track_place_buckets() returns trigger
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
drop function waitlist.place_key(bigint, int, int);
