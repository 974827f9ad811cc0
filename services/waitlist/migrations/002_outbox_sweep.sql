-- Up Migration

-- Set when the worker gives up on a row (permanent refusal, or attempts exhausted): the sweep leaves it alone.
alter table waitlist.outbox add column failed_at timestamptz;
-- The relay's sweep looks for rows handed to the queue long ago and still unsent (a job lost with Redis data).
create index outbox_unsent_idx on waitlist.outbox (relayed_at) where sent_at is null and failed_at is null and relayed_at is not null;

-- Down Migration

drop index waitlist.outbox_unsent_idx;
alter table waitlist.outbox drop column failed_at;
