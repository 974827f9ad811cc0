-- Up Migration

-- The mails that the next features send through the outbox, allowed in one place so that their migrations do not each
-- redefine the same check: the place link mailed again to a confirmed address that signs up once more, the note to a
-- referrer that a friend's confirmation moved them up, and a visitor's contact message forwarded to support.
alter table waitlist.outbox drop constraint outbox_kind_check;
alter table waitlist.outbox add constraint outbox_kind_check
  check (kind in ('confirmation', 'welcome', 'invitation', 'data_access', 'place_link', 'friend_joined', 'contact'));

-- Down Migration

delete from waitlist.outbox where kind in ('place_link', 'friend_joined', 'contact');
alter table waitlist.outbox drop constraint outbox_kind_check;
alter table waitlist.outbox add constraint outbox_kind_check
  check (kind in ('confirmation', 'welcome', 'invitation', 'data_access'));
