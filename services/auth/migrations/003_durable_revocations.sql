-- Up Migration

-- Revocations are acknowledged work: they live here, and Redis only caches them for the token check on every call.
-- A Redis that lost its data is filled again from these tables before any token is accepted (docs/operations.md).

-- Signed-out tokens, until they would have expired anyway (plus a minute of clock slack); expired rows are purged.
create table revoked_tokens (
  jti        text primary key,
  staff_id   uuid not null,
  expires_at timestamptz not null
);
create index revoked_tokens_expires on revoked_tokens (expires_at);

-- An account's session generation (the `gen` claim): raised each time its sessions end (a sign-out everywhere, a
-- password, role or factor change, a disabling). Tokens of an earlier generation are refused, except the one session
-- kept (kept_jti: the one that changed the password). A missing row is generation 0. Never lowered, never purged.
create table staff_sessions (
  staff_id   uuid primary key references staff (id) on delete cascade,
  generation integer not null check (generation > 0),
  kept_jti   text,
  ended_at   timestamptz not null default now()
);
create index staff_sessions_ended on staff_sessions (ended_at);

-- Down Migration
drop table staff_sessions;
drop table revoked_tokens;
