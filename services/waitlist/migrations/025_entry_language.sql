-- Up Migration

-- The language a person signed up in: every mail to them is written in it, and they can change it on their page.
-- A constant default: no table rewrite at a million rows, and every entry from before speaks the site's English.
alter table waitlist.entries
  add column language text not null default 'en'
  constraint entries_language_check check (language in ('en', 'es', 'pt', 'de', 'fr'));

-- Down Migration

alter table waitlist.entries drop column language;
