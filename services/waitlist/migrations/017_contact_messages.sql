-- Up Migration

-- What visitors write through the contact form (docs/decisions/029-contact-messages.md): kept for staff to read and
-- answer, mailed to SUPPORT_EMAIL through the outbox, erased after CONTACT_RETENTION_DAYS by the worker's retention,
-- shown (by address) on the "Your data" page and erased with the person's own erasure.
create table waitlist.contact_messages (
  id               bigint generated always as identity primary key,
  name             text not null,
  email            text not null,                 -- under the address rule, as an entry's
  email_normalized text not null,                 -- lower(email): how the "Your data" page finds a person's messages
  message          text not null,
  created_at       timestamptz not null default now(),
  handled_at       timestamptz,
  handled_by       text,                          -- the staff member's subject (their account id), never an address
  request_id       text
);
-- Retention walks messages by age; the data page finds them by address; the panel lists the open ones newest first
-- and counts them on every page (a partial index: handled messages are most of them and never read there).
create index contact_messages_created_idx on waitlist.contact_messages (created_at);
create index contact_messages_email_idx on waitlist.contact_messages (email_normalized);
create index contact_messages_open_idx on waitlist.contact_messages (id) where handled_at is null;

-- An outbox row mails either an entry (every kind so far) or a contact message (kind 'contact', allowed by migration
-- 012): entry_id becomes optional and a row names exactly one of the two, the one its kind says. Erasing a message
-- takes its mail row with it, as erasing an entry does.
alter table waitlist.outbox alter column entry_id drop not null;
alter table waitlist.outbox add column contact_message_id bigint;
-- NOT VALID: checked for every new row, without reading the whole outbox (one row per mail ever sent) under this
-- migration's lock. Every existing row satisfies both already: entry_id was NOT NULL and the new column is null.
alter table waitlist.outbox
  add constraint outbox_contact_message_fkey foreign key (contact_message_id)
  references waitlist.contact_messages (id) on delete cascade not valid;
alter table waitlist.outbox
  add constraint outbox_subject_check check (
    case when kind = 'contact' then entry_id is null and contact_message_id is not null
         else entry_id is not null and contact_message_id is null end
  ) not valid;
create index outbox_contact_message_idx on waitlist.outbox (contact_message_id) where contact_message_id is not null;

-- Down Migration

delete from waitlist.outbox where contact_message_id is not null;
drop index waitlist.outbox_contact_message_idx;
alter table waitlist.outbox drop constraint outbox_subject_check;
alter table waitlist.outbox drop constraint outbox_contact_message_fkey;
alter table waitlist.outbox drop column contact_message_id;
alter table waitlist.outbox alter column entry_id set not null;
drop table waitlist.contact_messages;
