-- Up Migration

-- Addresses never mailed again, whatever the mail (decision 011). The key is an HMAC of the normalised address under
-- SUPPRESSION_KEY, so an erased person leaves no readable address here; a new sign-up of the address removes its row.
create table waitlist.suppressions (
  email_hash bytea primary key,
  reason text not null check (reason in ('unsubscribed', 'hard_bounce', 'complaint', 'soft_bounces')),
  source text,
  created_at timestamptz not null default now()
);

-- Temporary refusals in a row per address; the third becomes a 'soft_bounces' suppression, a delivery clears it.
create table waitlist.soft_bounces (
  email_hash bytea primary key,
  count int not null,
  last_at timestamptz not null default now()
);

-- Down Migration

drop table waitlist.soft_bounces;
drop table waitlist.suppressions;
