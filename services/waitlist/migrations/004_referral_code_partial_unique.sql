-- Up Migration

-- Every sign-up inserts a NULL referral code (the code is given at confirmation), and a plain unique constraint
-- indexes those NULLs too: one B-tree insert per sign-up for nothing (measured in the sign-up benchmark, docs/performance.md). Only given codes need to be unique.
-- Same name as before, so the confirmation's retry on a code collision still recognises the violation.
alter table waitlist.entries drop constraint entries_referral_code_key;
create unique index entries_referral_code_key on waitlist.entries (referral_code) where referral_code is not null;

-- Down Migration

drop index waitlist.entries_referral_code_key;
alter table waitlist.entries add constraint entries_referral_code_key unique (referral_code);
