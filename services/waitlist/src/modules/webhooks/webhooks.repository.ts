import type pg from 'pg';
import type { Queryable } from '../../lib/db.js';

export const WEBHOOK_EVENT_TYPES = [
  'entry.confirmed',
  'entry.invited',
  'entry.admitted',
  'entry.erased',
  'city.opened',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export interface EndpointRow {
  id: string;
  url: string;
  events: WebhookEventType[];
  enabled: boolean;
  disabledReason: 'staff' | 'failing' | null;
  disabledAt: Date | null;
  failingSince: Date | null;
  previousSecretUntil: Date | null;
  createdAt: Date;
  pending: number;
  lastAt: Date | null;
  lastStatus: number | null;
}

const ENDPOINT_COLUMNS = `ep.id::text as id, ep.url, ep.events, ep.enabled, ep.disabled_reason as "disabledReason",
  ep.disabled_at as "disabledAt", ep.failing_since as "failingSince",
  case when ep.previous_secret_until > now() then ep.previous_secret_until end as "previousSecretUntil",
  ep.created_at as "createdAt",
  (select count(*)::int from waitlist.webhook_deliveries d where d.endpoint_id = ep.id and d.state = 'pending') as pending,
  last.last_at as "lastAt", last.last_status as "lastStatus"`;
const LAST_ANSWER = `left join lateral (
    select d.last_at, d.last_status from waitlist.webhook_deliveries d
     where d.endpoint_id = ep.id and d.last_at is not null order by d.last_at desc limit 1) last on true`;

export async function insertEndpoint(
  client: pg.PoolClient,
  url: string,
  events: readonly string[],
  secret: string,
): Promise<EndpointRow> {
  const { rows } = await client.query<{ id: string }>(
    `insert into waitlist.webhook_endpoints (url, events, secret) values ($1, $2, $3) returning id::text as id`,
    [url, events, secret],
  );
  return (await findEndpoint(client, rows[0]!.id))!;
}

export async function findEndpoint(db: Queryable, id: string): Promise<EndpointRow | undefined> {
  const { rows } = await db.query<EndpointRow>(
    `select ${ENDPOINT_COLUMNS} from waitlist.webhook_endpoints ep ${LAST_ANSWER} where ep.id = $1`,
    [id],
  );
  return rows[0];
}

export async function listEndpoints(db: Queryable): Promise<EndpointRow[]> {
  const { rows } = await db.query<EndpointRow>(
    `select ${ENDPOINT_COLUMNS} from waitlist.webhook_endpoints ep ${LAST_ANSWER} order by ep.id`,
  );
  return rows;
}

/** The old secret keeps signing beside the new one for `overlapHours`; answers when it stops, or undefined. */
export async function rotateSecret(
  client: pg.PoolClient,
  id: string,
  secret: string,
  overlapHours: number,
): Promise<Date | undefined> {
  const { rows } = await client.query<{ until: Date }>(
    `update waitlist.webhook_endpoints
        set previous_secret = secret, previous_secret_until = now() + make_interval(hours => $3),
            secret = $2, updated_at = now()
      where id = $1 returning previous_secret_until as until`,
    [id, secret, overlapHours],
  );
  return rows[0]?.until;
}

export interface StoredSecrets {
  id: string;
  secret: string;
  previousSecret: string | null;
}

/** Endpoints holding a secret stored before sealing (migration 026): `whsec_…` rather than `v1:…`. */
export async function unsealedSecrets(db: Queryable): Promise<StoredSecrets[]> {
  const { rows } = await db.query<StoredSecrets>(
    `select id::text as id, secret, previous_secret as "previousSecret" from waitlist.webhook_endpoints
      where secret not like 'v1:%' or previous_secret not like 'v1:%'`,
  );
  return rows;
}

/**
 * Replaces an endpoint's stored secrets with their sealed values, only if they are still what was read (`before`): a
 * rotation or another process sealing them meanwhile wins. Resolves to whether this call changed them.
 */
export async function replaceStoredSecrets(
  db: Queryable,
  before: StoredSecrets,
  after: { secret: string; previousSecret: string | null },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `update waitlist.webhook_endpoints set secret = $4, previous_secret = $5
      where id = $1 and secret = $2 and previous_secret is not distinct from $3`,
    [before.id, before.secret, before.previousSecret, after.secret, after.previousSecret],
  );
  return (rowCount ?? 0) > 0;
}

/** Enables or disables; a re-enabled endpoint's owed deliveries get their 3 days again. Undefined: no such endpoint. */
export async function setEnabled(
  client: pg.PoolClient,
  id: string,
  enabled: boolean,
  reason: 'staff' | 'failing',
): Promise<boolean | undefined> {
  const { rows } = await client.query<{ changed: boolean }>(
    `update waitlist.webhook_endpoints
        set enabled = $2,
            disabled_reason = case when $2 then null else $3 end,
            disabled_at = case when $2 then null else now() end,
            failing_since = case when $2 then null else failing_since end,
            updated_at = now()
      where id = $1
      returning true as changed`,
    [id, enabled, reason],
  );
  if (!rows[0]) return undefined;
  if (enabled)
    await client.query(
      `update waitlist.webhook_deliveries
          set give_up_at = greatest(give_up_at, now() + interval '3 days'), next_attempt_at = now(), queued_at = null
        where endpoint_id = $1 and state = 'pending'`,
      [id],
    );
  return true;
}

export async function deleteEndpoint(client: pg.PoolClient, id: string): Promise<{ url: string } | undefined> {
  const { rows } = await client.query<{ url: string }>(
    'delete from waitlist.webhook_endpoints where id = $1 returning url',
    [id],
  );
  return rows[0];
}

export interface DeliveryRow {
  id: string;
  messageId: string;
  type: WebhookEventType;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: Date | null;
  lastStatus: number | null;
  lastAt: Date | null;
  lastBody: string | null;
  lastError: string | null;
  deliveredAt: Date | null;
  createdAt: Date;
}

/** An endpoint's delivery log, newest first, `limit` after the cursor (the last id of the page before). */
export async function listDeliveries(
  db: Queryable,
  endpointId: string,
  limit: number,
  cursor: string | undefined,
): Promise<DeliveryRow[]> {
  const { rows } = await db.query<DeliveryRow>(
    `select d.id::text as id, ev.message_id as "messageId", ev.type, d.state, d.attempts,
            case when d.state = 'pending' then d.next_attempt_at end as "nextAttemptAt",
            d.last_status as "lastStatus", d.last_at as "lastAt", d.last_body as "lastBody", d.last_error as "lastError",
            d.delivered_at as "deliveredAt", d.created_at as "createdAt"
       from waitlist.webhook_deliveries d join waitlist.webhook_events ev on ev.id = d.event_id
      where d.endpoint_id = $1 and ($3::bigint is null or d.id < $3)
      order by d.id desc limit $2`,
    [endpointId, limit, cursor ?? null],
  );
  return rows;
}

/** Sends it again from now on, with 3 days of retries; undefined when the endpoint has no such delivery. */
export async function redeliver(
  client: pg.PoolClient,
  endpointId: string,
  deliveryId: string,
): Promise<{ messageId: string } | undefined> {
  const { rows } = await client.query<{ messageId: string }>(
    `update waitlist.webhook_deliveries d
        set state = 'pending', next_attempt_at = now(), give_up_at = now() + interval '3 days', queued_at = null,
            delivered_at = null
       from waitlist.webhook_events ev
      where d.id = $2 and d.endpoint_id = $1 and ev.id = d.event_id
      returning ev.message_id as "messageId"`,
    [endpointId, deliveryId],
  );
  return rows[0];
}

/** The one writer of events (the database function the entry triggers call as well); null when nobody takes it. */
export async function recordEvent(
  client: pg.PoolClient,
  type: WebhookEventType,
  entryId: string | null,
  orderingKey: string,
  data: Record<string, unknown>,
): Promise<string | null> {
  const { rows } = await client.query<{ id: string | null }>(
    'select waitlist.record_webhook_event($1, $2, $3, $4)::text as id',
    [type, entryId, orderingKey, JSON.stringify(data)],
  );
  return rows[0]?.id ?? null;
}

/*
 * The dispatcher's statements.
 */

/**
 * Locks the deliveries whose turn it is: due, of an enabled endpoint, and first of their key's pending deliveries to
 * that endpoint (one in flight per entry and endpoint, in order). A row handed over long ago and still pending
 * (its job lost with Redis) is taken again.
 */
export async function lockDueDeliveries(
  client: pg.PoolClient,
  limit: number,
  staleSeconds: number,
): Promise<{ id: string; attempts: number }[]> {
  const { rows } = await client.query<{ id: string; attempts: number }>(
    `select d.id::text as id, d.attempts
       from waitlist.webhook_deliveries d
       join waitlist.webhook_endpoints ep on ep.id = d.endpoint_id and ep.enabled
      where d.state = 'pending' and d.next_attempt_at <= now()
        and (d.queued_at is null or d.queued_at < now() - make_interval(secs => $2))
        and not exists (select 1 from waitlist.webhook_deliveries p
                         where p.endpoint_id = d.endpoint_id and p.ordering_key = d.ordering_key
                           and p.state = 'pending' and p.id < d.id)
      order by d.next_attempt_at, d.id
      limit $1
      for update of d skip locked`,
    [limit, staleSeconds],
  );
  return rows;
}

export async function markQueued(client: pg.PoolClient, ids: string[]): Promise<void> {
  await client.query('update waitlist.webhook_deliveries set queued_at = now() where id = any($1::bigint[])', [ids]);
}

export interface OutgoingDelivery {
  id: string;
  attempts: number;
  state: 'pending' | 'delivered' | 'failed';
  endpointId: string;
  url: string;
  enabled: boolean;
  secrets: string[];
  messageId: string;
  type: WebhookEventType;
  data: Record<string, unknown>;
  createdAt: Date;
}

export async function findOutgoing(db: Queryable, id: string): Promise<OutgoingDelivery | undefined> {
  const { rows } = await db.query<OutgoingDelivery>(
    `select d.id::text as id, d.attempts, d.state, ep.id::text as "endpointId", ep.url, ep.enabled,
            array_remove(array[ep.secret, case when ep.previous_secret_until > now() then ep.previous_secret end], null)
              as secrets,
            ev.message_id as "messageId", ev.type, ev.data, ev.created_at as "createdAt"
       from waitlist.webhook_deliveries d
       join waitlist.webhook_endpoints ep on ep.id = d.endpoint_id
       join waitlist.webhook_events ev on ev.id = d.event_id
      where d.id = $1`,
    [id],
  );
  return rows[0];
}

export interface AttemptOutcome {
  status: number | null;
  excerpt: string | null;
  error: string | null;
}

/** A 2xx: delivered, and the endpoint is no longer failing. False when the attempt was not this row's current one. */
export async function markDelivered(
  client: pg.PoolClient,
  id: string,
  attempt: number,
  outcome: AttemptOutcome,
): Promise<boolean> {
  const { rows } = await client.query<{ endpointId: string }>(
    `update waitlist.webhook_deliveries
        set state = 'delivered', attempts = attempts + 1, delivered_at = now(), queued_at = null,
            last_status = $3, last_at = now(), last_body = $4, last_error = null
      where id = $1 and attempts = $2 and state = 'pending'
      returning endpoint_id::text as "endpointId"`,
    [id, attempt, outcome.status, outcome.excerpt],
  );
  if (!rows[0]) return false;
  await client.query(
    'update waitlist.webhook_endpoints set failing_since = null where id = $1 and failing_since is not null',
    [rows[0].endpointId],
  );
  return true;
}

export interface FailedAttempt {
  /** The delivery was given up (its 3 days are over, or it can never succeed). */
  gaveUp: boolean;
  endpointId: string;
  /** The endpoint has failed for `disableAfterHours` and was disabled now. */
  endpointDisabled: { id: string; url: string } | undefined;
}

/**
 * A failed attempt: retried after `retryInSeconds` unless its time is up (or `permanent`); the endpoint is failing
 * since its first failure after a success, and disabled once that is `disableAfterHours` ago.
 */
export async function markFailed(
  client: pg.PoolClient,
  id: string,
  attempt: number,
  outcome: AttemptOutcome,
  retryInSeconds: number,
  permanent: boolean,
  disableAfterHours: number,
): Promise<FailedAttempt | undefined> {
  const { rows } = await client.query<{ gaveUp: boolean; endpointId: string }>(
    `update waitlist.webhook_deliveries
        set attempts = attempts + 1, queued_at = null,
            state = case when $6 or now() + make_interval(secs => $5) > give_up_at then 'failed' else 'pending' end,
            next_attempt_at = now() + make_interval(secs => $5),
            last_status = $3, last_at = now(), last_body = $4, last_error = $7
      where id = $1 and attempts = $2 and state = 'pending'
      returning state = 'failed' as "gaveUp", endpoint_id::text as "endpointId"`,
    [id, attempt, outcome.status, outcome.excerpt, retryInSeconds, permanent, outcome.error],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { rows: failing } = await client.query<{ due: boolean }>(
    `update waitlist.webhook_endpoints set failing_since = coalesce(failing_since, now())
      where id = $1
      returning enabled and failing_since <= now() - make_interval(hours => $2) as due`,
    [row.endpointId, disableAfterHours],
  );
  let disabled: { id: string; url: string }[] = [];
  if (failing[0]?.due)
    ({ rows: disabled } = await client.query<{ id: string; url: string }>(
      `update waitlist.webhook_endpoints
          set enabled = false, disabled_reason = 'failing', disabled_at = now(), updated_at = now()
        where id = $1 and enabled
        returning id::text as id, url`,
      [row.endpointId],
    ));
  return { gaveUp: row.gaveUp, endpointId: row.endpointId, endpointDisabled: disabled[0] };
}

/** Finished deliveries after `days`, and events no delivery needs any more; answers how many deliveries went. */
export async function purgeOld(db: Queryable, days: number): Promise<number> {
  const { rowCount } = await db.query(
    `delete from waitlist.webhook_deliveries
      where state <> 'pending' and coalesce(last_at, created_at) < now() - make_interval(days => $1)`,
    [days],
  );
  await db.query(
    `delete from waitlist.webhook_events ev
      where ev.created_at < now() - interval '1 hour'
        and not exists (select 1 from waitlist.webhook_deliveries d where d.event_id = ev.id)`,
  );
  return rowCount ?? 0;
}
