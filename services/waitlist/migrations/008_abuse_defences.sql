-- Up Migration

-- Abuse defences (decision 011's names; docs/decisions/017-abuse-defences-without-third-parties.md).
-- Only adds: nullable columns and a new table, no rewrite of the entries table whatever its size.

-- Staff-kept exceptions to the packaged throwaway-domain list: 'deny' refuses a domain (and its subdomains) the list
-- misses, 'allow' accepts one it lists wrongly (and skips the DNS check).
create table waitlist.domain_rules (
  domain     text primary key check (domain ~ '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$'),
  rule       text not null check (rule in ('deny', 'allow')),
  created_at timestamptz not null default now(),
  created_by text
);

-- Keyed hashes (HMAC-SHA256 under ABUSE_KEY), never the address itself: the client's /24 (IPv4) or /48 (IPv6), and
-- that network with the browser's User-Agent, for "many referred sign-ups from one network or one device".
alter table waitlist.entries
  add column signup_network bytea,
  add column signup_device  bytea;

-- A canonical address (waitlist.canonical_email) with a trailing number of its local part folded: ada1@, ada2@ and
-- ada@ of one domain compare equal. Only the referral-fraud rule "aliases" uses it, to hold a credit for review.
create function waitlist.alias_key(canonical text) returns text
language sql immutable strict parallel safe as $$
  select coalesce(nullif(regexp_replace(split_part(canonical, '@', 1), '[0-9]+$', ''), ''), split_part(canonical, '@', 1))
         || '@' || split_part(canonical, '@', 2)
$$;

-- The review queue: flagged entries and held credits, oldest first. Partial: everything else costs them nothing.
create index entries_flagged_idx on waitlist.entries (created_at, id) where review_state = 'flagged';
create index referral_credits_held_idx on waitlist.referral_credits (created_at, id) where state = 'held';

-- Down Migration

drop index waitlist.referral_credits_held_idx;
drop index waitlist.entries_flagged_idx;
alter table waitlist.entries drop column signup_device, drop column signup_network;
drop function waitlist.alias_key(text);
drop table waitlist.domain_rules;
