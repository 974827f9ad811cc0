-- Up Migration

-- A staff member's authenticator app (TOTP, RFC 6238). One per account; written once the first code confirms it.
-- secret_sealed is AES-256-GCM under MFA_ENCRYPTION_KEY ("v1:<iv>:<tag>:<ciphertext>"), or "plain:<base32>" when no
-- key is configured. last_used_step is the highest 30-second step a code was accepted for: a code of that step or an
-- earlier one is refused, so a code seen over a shoulder or in a log cannot be replayed inside its window.
create table staff_totp (
  staff_id       uuid primary key references staff (id) on delete cascade,
  secret_sealed  text not null,
  last_used_step bigint not null default 0,
  created_at     timestamptz not null default now()
);

-- Passkeys (WebAuthn credentials). credential_id is the authenticator's id (base64url), unique across all accounts.
create table staff_passkeys (
  id            uuid primary key default gen_random_uuid(),
  staff_id      uuid not null references staff (id) on delete cascade,
  credential_id text not null unique,
  public_key    bytea not null,
  sign_count    bigint not null default 0,
  transports    text[] not null default '{}',
  name          text not null check (length(name) between 1 and 64),
  created_at    timestamptz not null default now(),
  last_used_at  timestamptz
);
create index staff_passkeys_staff on staff_passkeys (staff_id);

-- Recovery codes, shown once: only a SHA-256 of each is kept (60 random bits each, so no slow hash is needed).
-- used_at set = spent; a code is spent by one conditional update, so two parallel uses cannot both succeed.
create table staff_recovery_codes (
  id        bigint generated always as identity primary key,
  staff_id  uuid not null references staff (id) on delete cascade,
  code_hash text not null,
  used_at   timestamptz,
  unique (staff_id, code_hash)
);

-- The admin's switch "every staff member must enrol a second factor". One row; STAFF_MFA=required overrides it on.
create table staff_mfa_policy (
  id         boolean primary key default true check (id),
  required   boolean not null default false,
  updated_at timestamptz not null default now(),
  updated_by text
);
insert into staff_mfa_policy (id, required) values (true, false);

-- Down Migration
drop table staff_mfa_policy;
drop table staff_recovery_codes;
drop table staff_passkeys;
drop table staff_totp;
