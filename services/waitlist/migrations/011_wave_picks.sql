-- Up Migration

-- A wave is accepted when its people are chosen, not when all of them are written. The staff call picks the best
-- `count` places (in the city, if any) into wave_picks, in place order, and invites the first batch in its own
-- transaction; the worker invites the rest in batches of the same size, each batch one transaction that moves its
-- picks to `invited` and queues their mails (decision 022). Inviting 10,000 entries in one statement rewrote 10,000
-- rows and ~10 indexes each (35 MB of WAL) and took 0.9-2.3 s on the bench machine; choosing them is 10,000 narrow
-- inserts.
--
-- No foreign keys: a check per row is what the pick exists to avoid. An entry erased while picked leaves a pick that
-- its batch drops (it invites nobody and lowers the wave's count); the wave row is written in the same transaction
-- as its picks. A pick holds no personal data and lives seconds.
create table waitlist.wave_picks (
  wave_id  bigint not null,
  pos      int not null,
  entry_id bigint not null,
  primary key (wave_id, pos)
);
-- One pending wave per entry; the next wave's pick skips entries a pending wave holds.
create unique index wave_picks_entry_key on waitlist.wave_picks (entry_id);

-- The invitation mails the worker queues carry the staff call's request id, as those queued by the call itself do.
alter table waitlist.invitation_waves add column request_id text;

-- Down Migration

-- Picks not yet applied are dropped: those people stay in line (confirmed), as if the wave had been smaller.
alter table waitlist.invitation_waves drop column request_id;
drop table waitlist.wave_picks;
