-- Up Migration

-- The place page's whole picture (docs/decisions/028-the-person-in-line.md): friends who signed up with a person's
-- code and have not confirmed yet, counted by that code. Partial: only pending sign-ups that typed a code, a small
-- part of the table, which confirmation and retention take out again.
create index entries_referral_source_pending_idx on waitlist.entries (referral_source)
  where status = 'pending' and referral_source is not null;

-- Links whose entry was erased (unsubscribed and purged, erased by its owner or by staff, never confirmed and
-- lapsed): the hash of the link's random token and what it was for, nothing else, so that reopening an old mail's
-- link says the entry was removed instead of "copied only in part". A hash of a random secret names nobody; the
-- worker's retention drops these after a year.
create table waitlist.erased_links (
  token_hash bytea primary key,
  purpose    text not null,
  erased_at  timestamptz not null default now()
);
create index erased_links_erased_at_idx on waitlist.erased_links (erased_at);

-- Every erasure deletes the entry row (its tokens go on delete cascade): the trigger keeps the links people hold.
-- Row-level and indexed (tokens_entry_idx): retention's batches of 50 cost 50 small lookups.
create function waitlist.remember_erased_links() returns trigger
language plpgsql as $$
begin
  insert into waitlist.erased_links (token_hash, purpose)
  select token_hash, purpose from waitlist.tokens
   where entry_id = old.id and purpose in ('confirm', 'unsubscribe', 'invite')
  on conflict (token_hash) do nothing;
  return old;
end
$$;

create trigger entries_remember_erased_links before delete on waitlist.entries
  for each row execute function waitlist.remember_erased_links();

-- Down Migration

drop trigger entries_remember_erased_links on waitlist.entries;
drop function waitlist.remember_erased_links();
drop table waitlist.erased_links;
drop index waitlist.entries_referral_source_pending_idx;
