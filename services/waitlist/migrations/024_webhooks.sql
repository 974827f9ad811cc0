-- Up Migration

-- Signed events for the app (decision 037): endpoints staff register, the events the waitlist records for them in the
-- transaction where each thing happens, and one delivery row per endpoint and event, which the worker sends in order
-- per entry and retries for up to 3 days.

create table waitlist.webhook_endpoints (
  id                    bigint generated always as identity primary key,
  url                   text not null,
  events                text[] not null,
  -- `whsec_` + base64: the service signs with it, so it is kept as given (decision 037 says why not sealed).
  secret                text not null,
  -- After a rotation the old secret still signs, beside the new one, until `previous_secret_until`.
  previous_secret       text,
  previous_secret_until timestamptz,
  enabled               boolean not null default true,
  -- 'staff': disabled by an admin; 'failing': disabled after 3 days of failed deliveries.
  disabled_reason       text check (disabled_reason in ('staff', 'failing')),
  disabled_at           timestamptz,
  -- Since when every attempt has failed (null after a success): 3 days of it disable the endpoint.
  failing_since         timestamptz,
  created_at            timestamptz not null default now(),
  updated_at            timestamptz not null default now()
);

-- One event, whichever endpoints take it. No foreign key to the entry: an entry's erasure is itself an event.
create table waitlist.webhook_events (
  id           bigint generated always as identity primary key,
  message_id   text not null unique default ('msg_' || replace(gen_random_uuid()::text, '-', '')),
  type         text not null
               check (type in ('entry.confirmed', 'entry.invited', 'entry.admitted', 'entry.erased', 'city.opened')),
  entry_id     bigint,
  -- Events of one key are delivered to an endpoint one at a time, in order: `entry:<id>`, `city:<id>`.
  ordering_key text not null,
  data         jsonb not null,
  created_at   timestamptz not null default now()
);
create index webhook_events_entry_idx on waitlist.webhook_events (entry_id) where entry_id is not null;

create table waitlist.webhook_deliveries (
  id              bigint generated always as identity primary key,
  endpoint_id     bigint not null references waitlist.webhook_endpoints (id) on delete cascade,
  event_id        bigint not null references waitlist.webhook_events (id) on delete cascade,
  ordering_key    text not null,
  state           text not null default 'pending' check (state in ('pending', 'delivered', 'failed')),
  attempts        int not null default 0,
  next_attempt_at timestamptz not null default now(),
  -- Retried until then; a manual redelivery sets it again.
  give_up_at      timestamptz not null default now() + interval '3 days',
  -- Handed to the queue (null: waiting for its turn or its next attempt).
  queued_at       timestamptz,
  -- The last answer: HTTP status (null: no answer), when, a short excerpt of its body or the error.
  last_status     int,
  last_at         timestamptz,
  last_body       text,
  last_error      text,
  delivered_at    timestamptz,
  created_at      timestamptz not null default now(),
  unique (endpoint_id, event_id)
);
-- The dispatcher's look-up: the first pending delivery of each endpoint and key.
create index webhook_deliveries_pending_idx on waitlist.webhook_deliveries (endpoint_id, ordering_key, id)
  where state = 'pending';
create index webhook_deliveries_due_idx on waitlist.webhook_deliveries (next_attempt_at, id)
  where state = 'pending' and queued_at is null;
create index webhook_deliveries_log_idx on waitlist.webhook_deliveries (endpoint_id, id);
create index webhook_deliveries_event_idx on waitlist.webhook_deliveries (event_id);

-- Records an event for every enabled endpoint that takes its type, in the caller's transaction; nothing (null) when
-- none does. The one writer of events: the triggers below and the service's recordWebhookEvent.
create function waitlist.record_webhook_event(event_type text, entry bigint, key text, payload jsonb)
  returns bigint language plpgsql as $$
declare
  recorded bigint;
begin
  if not exists (select 1 from waitlist.webhook_endpoints where enabled and event_type = any(events)) then
    return null;
  end if;
  insert into waitlist.webhook_events (type, entry_id, ordering_key, data)
  values (event_type, entry, key, payload)
  returning id into recorded;
  insert into waitlist.webhook_deliveries (endpoint_id, event_id, ordering_key)
  select id, recorded, key from waitlist.webhook_endpoints where enabled and event_type = any(events);
  return recorded;
end $$;

-- An entry's events, from the statement that changes it, whichever module runs it (confirmation, a wave's batches,
-- admission, every erasure). The payload names ids, and the address only where the app needs it to find the person
-- (invited, admitted); nothing else of the entry, ever.
create function waitlist.entry_webhook_event() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    perform waitlist.record_webhook_event('entry.erased', old.id, 'entry:' || old.id,
      jsonb_build_object('entryId', old.id::text));
    -- Events already delivered everywhere forget the address now; those still owed keep it until delivered.
    update waitlist.webhook_events ev set data = ev.data - 'email'
     where ev.entry_id = old.id and ev.data ? 'email'
       and not exists (select 1 from waitlist.webhook_deliveries d where d.event_id = ev.id and d.state = 'pending');
    return old;
  end if;
  if new.status = 'confirmed' then
    perform waitlist.record_webhook_event('entry.confirmed', new.id, 'entry:' || new.id,
      jsonb_build_object('entryId', new.id::text, 'cityId', new.city_id::text,
                         'confirmedAt', coalesce(new.confirmed_at, now())));
  elsif new.status = 'invited' then
    perform waitlist.record_webhook_event('entry.invited', new.id, 'entry:' || new.id,
      jsonb_build_object('entryId', new.id::text, 'email', new.email, 'cityId', new.city_id::text,
                         'waveId', new.wave_id::text, 'invitedAt', coalesce(new.invited_at, now())));
  elsif new.status = 'admitted' then
    perform waitlist.record_webhook_event('entry.admitted', new.id, 'entry:' || new.id,
      jsonb_build_object('entryId', new.id::text, 'email', new.email, 'cityId', new.city_id::text,
                         'admittedAt', coalesce(new.admitted_at, now())));
  end if;
  return new;
end $$;

create trigger entries_webhook_status after update of status on waitlist.entries
  for each row when (old.status is distinct from new.status and new.status in ('confirmed', 'invited', 'admitted'))
  execute function waitlist.entry_webhook_event();
-- Only people the app may have heard of (confirmed once); a sign-up never confirmed is no news to it.
create trigger entries_webhook_erased after delete on waitlist.entries
  for each row when (old.confirmed_at is not null)
  execute function waitlist.entry_webhook_event();

-- Down Migration

drop trigger entries_webhook_erased on waitlist.entries;
drop trigger entries_webhook_status on waitlist.entries;
drop function waitlist.entry_webhook_event();
drop function waitlist.record_webhook_event(text, bigint, text, jsonb);
drop table waitlist.webhook_deliveries;
drop table waitlist.webhook_events;
drop table waitlist.webhook_endpoints;
