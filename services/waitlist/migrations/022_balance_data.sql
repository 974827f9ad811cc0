-- Up Migration

-- Balanced waves (decision 035): who a person is and whom they hope to meet, given on their status page with their
-- consent, kept only to balance who is invited together. Special-category data (GDPR Art. 9): the row holds it sealed
-- (AES-256-GCM under BALANCE_DATA_KEY, the entry's id bound in as associated data), never in plain text; one row per
-- entry that said something, none for everyone else.
create table waitlist.entry_balance (
  entry_id   bigint primary key references waitlist.entries (id) on delete cascade,
  sealed     text not null check (sealed like 'v1:%'),
  given_at   timestamptz not null default now()
);

-- Its only use is the draft of a wave: the moment a person is invited (or admitted, or leaves the line by
-- unsubscribing), it goes, in the transaction that changed the status, whichever statement did it (a wave's batch,
-- the acceptance, the unsubscribe link, staff). Erasing the entry takes it too (on delete cascade).
create function waitlist.forget_balance() returns trigger
  language plpgsql as $$
begin
  delete from waitlist.entry_balance where entry_id = new.id;
  return null;
end
$$;

create trigger entries_forget_balance
  after update of status on waitlist.entries
  for each row
  when (new.status in ('invited', 'admitted', 'unsubscribed') and old.status is distinct from new.status)
  execute function waitlist.forget_balance();

-- BALANCE_DATA_KEY when the environment sets none: generated once and kept beside the other generated keys.
alter table waitlist.service_keys drop constraint service_keys_name_check;
alter table waitlist.service_keys add constraint service_keys_name_check
  check (name in ('abuse', 'suppression', 'balance'));

-- Down Migration

delete from waitlist.service_keys where name = 'balance';
alter table waitlist.service_keys drop constraint service_keys_name_check;
alter table waitlist.service_keys add constraint service_keys_name_check check (name in ('abuse', 'suppression'));
drop trigger entries_forget_balance on waitlist.entries;
drop function waitlist.forget_balance();
drop table waitlist.entry_balance;
