-- Up Migration

-- City names are one per place whatever their capitals and surrounding spaces ("london" beside "London" split the
-- people who chose them and the waves sent there), and carry no bidirectional control characters (U+202E shows the
-- name reversed on the public page; the service refuses them from now on). Existing rows are brought in line before
-- the unique index can be built. The characters: U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069.

-- 1. Names equal but for case, surrounding spaces and bidirectional controls are merged into the oldest (lowest id):
--    the people and the waves of the others move to it, then the others go. Nobody loses their city choice.
create view waitlist.city_merge_018 as
select id as duplicate_id, keep_id
  from (select id,
               first_value(id) over (
                 partition by lower(btrim(regexp_replace(name, E'[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]', '', 'g')))
                 order by id) as keep_id
          from waitlist.cities) ranked
 where id <> keep_id;

update waitlist.entries e set city_id = m.keep_id
  from waitlist.city_merge_018 m where e.city_id = m.duplicate_id;
update waitlist.invitation_waves w set city_id = m.keep_id
  from waitlist.city_merge_018 m where w.city_id = m.duplicate_id;
delete from waitlist.cities c
 using (select duplicate_id from waitlist.city_merge_018) m where c.id = m.duplicate_id;
drop view waitlist.city_merge_018;

-- 2. What is left loses its bidirectional controls and surrounding spaces (a name of nothing else keeps its text).
--    No two rows can become equal here: step 1 left one row per folded name.
update waitlist.cities
   set name = btrim(regexp_replace(name, E'[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]', '', 'g'))
 where name <> btrim(regexp_replace(name, E'[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]', '', 'g'))
   and btrim(regexp_replace(name, E'[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]', '', 'g')) <> '';

-- 3. The rule itself, for every insert from now on (the service answers 409 city_exists naming the existing city).
create unique index cities_name_folded_key on waitlist.cities (lower(btrim(name)));

-- Down Migration

drop index waitlist.cities_name_folded_key;
