-- Up Migration

-- A confirmed address that signs up again is mailed its place link (outbox kind 'place_link', allowed by migration
-- 012): someone who lost the link gets back to their page without anyone learning the address is listed. When the
-- last one was queued, so that the sign-up statement queues at most one per address per 10 minutes, however many
-- sign-ups arrive (a row in the database, not a counter in Redis: it holds across restarts and replicas).
alter table waitlist.entries add column place_link_queued_at timestamptz;

-- Down Migration

alter table waitlist.entries drop column place_link_queued_at;
