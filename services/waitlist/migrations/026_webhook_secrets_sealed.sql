-- Up Migration

-- Webhook endpoints' signing secrets sealed at rest (decision 037): `secret` and `previous_secret` hold
-- `v1:<iv>:<tag>:<ciphertext>` (AES-256-GCM under WEBHOOK_SECRET_KEY), no longer the `whsec_…` value itself. SQL cannot
-- seal (the key is not the database's), so the secrets stored before this migration are sealed by the first API or
-- worker process that starts with it (sealStoredSecrets, one conditional update per endpoint); until then a plain value
-- still signs.
alter table waitlist.service_keys drop constraint service_keys_name_check;
alter table waitlist.service_keys add constraint service_keys_name_check
  check (name in ('abuse', 'suppression', 'balance', 'webhook'));
comment on column waitlist.webhook_endpoints.secret is
  'sealed: v1:<iv>:<tag>:<ciphertext>, AES-256-GCM under WEBHOOK_SECRET_KEY (decision 037)';

-- Down Migration

-- The secrets stay sealed: a rollback of the code needs them rotated (the old code signs with what the column holds).
comment on column waitlist.webhook_endpoints.secret is null;
delete from waitlist.service_keys where name = 'webhook';
alter table waitlist.service_keys drop constraint service_keys_name_check;
alter table waitlist.service_keys add constraint service_keys_name_check
  check (name in ('abuse', 'suppression', 'balance'));
