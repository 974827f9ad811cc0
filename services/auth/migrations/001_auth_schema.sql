-- Up Migration

-- Staff accounts. email_normalized (lower(trim(email))) is the identity: logins are case-insensitive.
create table staff (
  id               uuid primary key default gen_random_uuid(),
  email            text not null check (length(email) between 3 and 254),
  email_normalized text not null unique check (email_normalized = lower(trim(email_normalized))),
  password_hash    text not null,
  role             text not null check (role in ('admin', 'viewer')),
  disabled         boolean not null default false,
  created_at       timestamptz not null default now(),
  updated_at       timestamptz not null default now(),
  last_login_at    timestamptz
);
-- "Is there still an active admin?" is asked by bootstrap and by every demote/disable.
create index staff_active_admins on staff (id) where role = 'admin' and not disabled;

-- Token signing keys. The newest key with retired_at null signs; retired keys still verify for the longest token
-- lifetime after retirement, then drop out of the JWKS.
create table signing_keys (
  kid         text primary key,
  alg         text not null default 'EdDSA' check (alg = 'EdDSA'),
  public_jwk  jsonb not null,
  private_jwk jsonb not null,
  created_at  timestamptz not null default now(),
  retired_at  timestamptz
);
create index signing_keys_active on signing_keys (created_at desc) where retired_at is null;

-- Who did what, when, from where. Never updated; read newest first, keyset-paged by id.
create table audit_log (
  id          bigint generated always as identity primary key,
  at          timestamptz not null default now(),
  actor_sub   text,
  actor_email text,
  action      text not null,
  target      text,
  ip          text,
  request_id  text,
  details     jsonb not null default '{}'::jsonb
);

-- Down Migration
drop table audit_log;
drop table signing_keys;
drop table staff;
