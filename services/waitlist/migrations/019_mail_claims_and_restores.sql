-- Up Migration

-- A worker claims an outbox row before it makes and sends the row's mail, and the claim lapses by itself: while it
-- holds, a second job for the same row (re-queued after Redis lost its data, or after a restore) waits instead of
-- sending the mail again. sending_by names the queued job (its id and the time Redis made it), so the retries of that
-- same job take the claim over even when recording a failed attempt did not release it. sent_at stays the truth; the
-- claim only covers the seconds of a send in progress.
alter table waitlist.outbox add column sending_until timestamptz, add column sending_by text;

-- One row per restore of this schema from a backup (written by waitlist.after_restore, which the restore tool calls).
-- The newest id is the database's mail epoch: a worker that finds Redis holding another epoch's queue knows the queue
-- describes a database that no longer exists, empties it and queues every owed mail again.
create table waitlist.restores (
  id int generated always as identity primary key,
  restored_at timestamptz not null default now(),
  backup_taken_at timestamptz not null,
  backup_sha256 text not null
);

create function waitlist.after_restore(taken_at timestamptz, sha256 text) returns int
language sql as $$
  -- Claims were held by processes of the database that was lost; they would only delay the owed mails.
  update waitlist.outbox set sending_until = null where sending_until is not null;
  insert into waitlist.restores (backup_taken_at, backup_sha256) values (taken_at, sha256) returning id;
$$;

-- Down Migration

drop function waitlist.after_restore(timestamptz, text);
drop table waitlist.restores;
alter table waitlist.outbox drop column sending_until, drop column sending_by;
