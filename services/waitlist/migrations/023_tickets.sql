-- Up Migration

-- Tickets for friends (decision 036): an admitted member's single-use links that put a friend at the front of the
-- next wave of their city. A ticket's code is never stored, only its SHA-256 (as the mail tokens): the code is derived
-- from the member's own invitation token, which the database does not hold either, so a leaked table gives no working
-- link. `slot` numbers a member's tickets (1..TICKETS_PER_MEMBER): creating them twice creates nothing new.
create table waitlist.tickets (
  id             bigint generated always as identity primary key,
  owner_id       bigint not null references waitlist.entries (id) on delete cascade,
  slot           smallint not null check (slot between 1 and 100),
  code_hash      bytea not null unique,
  created_at     timestamptz not null default now(),
  -- The friend who used it (one ticket per friend); null again if that friend is erased, the ticket staying used.
  used_by        bigint unique references waitlist.entries (id) on delete set null,
  used_at        timestamptz,
  -- The referral-fraud rule (abuse/referral-rules.ts) that held the use: the friend keeps their place, no priority.
  held_rule      text,
  revoked_at     timestamptz,
  revoked_by_sub text,
  revoked_reason text,
  unique (owner_id, slot),
  check ((used_by is null) or (used_at is not null))
);

-- The wave's pick looks for friends holding a ticket that counts: used, not held, not revoked (a handful of rows).
create index tickets_waiting_idx on waitlist.tickets (used_by) where used_by is not null and held_rule is null
  and revoked_at is null;
-- The staff list, newest first.
create index tickets_created_idx on waitlist.tickets (created_at desc, id desc);

-- The ticket a sign-up brought (its code's hash), kept on the pending entry until its confirmation uses it.
alter table waitlist.entries add column ticket_hash bytea;

-- Down Migration

alter table waitlist.entries drop column ticket_hash;
drop table waitlist.tickets;
