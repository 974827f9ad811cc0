-- Up Migration

-- The consent record (docs/decisions/016-privacy-in-code.md): which privacy policy text a sign-up was shown, next to
-- consent_at. The API sets `mmdm.consent_policy` on each of its connections (a startup parameter), so the sign-up
-- statement stays as it is and the default fills the column; rows from before this migration stay null ("not
-- recorded"). Added first without a default, then given one: no table rewrite, whatever the size of the list.
alter table waitlist.entries add column consent_policy text;
alter table waitlist.entries
  alter column consent_policy set default nullif(current_setting('mmdm.consent_policy', true), '');

-- A data-access link, once opened, becomes a short session for the erasure (its own purpose: the session can never
-- be opened as a link, and a link can never erase).
alter table waitlist.tokens drop constraint tokens_purpose_check;
alter table waitlist.tokens add constraint tokens_purpose_check
  check (purpose in ('confirm', 'unsubscribe', 'invite', 'data_access', 'data_session'));

-- Retention of audit rows walks them by time; the panel filters the trail by action (staff reads are most of it).
create index audit_log_at_idx on waitlist.audit_log (at);
create index audit_log_action_idx on waitlist.audit_log (action, id);
-- No index for the unconfirmed retention: it walks entries_status_created_idx (a pending entry's last mail is never
-- before its sign-up), and one more index on pending rows would cost every sign-up.

-- Down Migration

drop index waitlist.audit_log_action_idx;
drop index waitlist.audit_log_at_idx;
alter table waitlist.tokens drop constraint tokens_purpose_check;
delete from waitlist.tokens where purpose = 'data_session';
alter table waitlist.tokens add constraint tokens_purpose_check
  check (purpose in ('confirm', 'unsubscribe', 'invite', 'data_access'));
alter table waitlist.entries drop column consent_policy;
