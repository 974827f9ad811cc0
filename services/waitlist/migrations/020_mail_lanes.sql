-- Up Migration

-- Mail lanes (decision 032): a launch spike's welcome mails must not stand in front of a new sign-up's confirmation.
-- 1: a person is waiting for this mail now (confirmation, the "Your data" link); 2: invitations; 3: everything else
-- (welcome, contact, and kinds to come). The relay hands rows over lane by lane and BullMQ sends them by lane
-- (priority), under one send rate. Immutable, so that the index below is ordered by it.
create function waitlist.mail_lane(kind text) returns smallint
  language sql immutable parallel safe
  return case kind when 'confirmation' then 1 when 'data_access' then 1 when 'invitation' then 2 else 3 end;

-- The relay's batch: rows not yet handed over, lane first, then in order. With a backlog of welcome mails unrelayed,
-- a confirmation is still in the next batch.
create index outbox_unrelayed_lane_idx on waitlist.outbox (waitlist.mail_lane(kind), id) where relayed_at is null;

-- Down Migration

drop index waitlist.outbox_unrelayed_lane_idx;
drop function waitlist.mail_lane(text);
