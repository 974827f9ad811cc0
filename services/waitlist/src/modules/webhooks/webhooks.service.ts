import type {
  CreateWebhookBody,
  WebhookCreated,
  WebhookDeliveriesPage,
  WebhookEndpoint,
  WebhookRotated,
} from '@mmdm/contracts/webhooks-admin';
import { ERROR_CODES } from '@mmdm/contracts/error-codes';
import { AppError } from '@mmdm/shared/errors';
import type pg from 'pg';
import { inTransaction, type Queryable } from '../../lib/db.js';
import type { AuditActor, createAuditService } from '../audit/audit.service.js';
import { newSecret } from './webhook-sender.js';
import { isSealed, type WebhookSecretSeal } from './webhook-secret-seal.js';
import { checkTarget, WebhookTargetError, type TargetPolicy } from './webhook-target.js';
import {
  deleteEndpoint,
  findEndpoint,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  recordEvent,
  redeliver,
  replaceStoredSecrets,
  rotateSecret,
  unsealedSecrets,
  setEnabled,
  type DeliveryRow,
  type EndpointRow,
  type WebhookEventType,
} from './webhooks.repository.js';

export type { WebhookEventType } from './webhooks.repository.js';

/** After a rotation, the old secret signs beside the new one this long. */
export const ROTATION_OVERLAP_HOURS = 24;

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);
const NO_ENDPOINT = () => new AppError(404, ERROR_CODES.notFound, 'There is no such webhook endpoint.');

function endpointOf(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    disabledAt: iso(row.disabledAt),
    failingSince: iso(row.failingSince),
    previousSecretUntil: iso(row.previousSecretUntil),
    pending: row.pending,
    lastAt: iso(row.lastAt),
    lastStatus: row.lastStatus,
    createdAt: row.createdAt.toISOString(),
  };
}

function deliveryOf(row: DeliveryRow) {
  return {
    id: row.id,
    messageId: row.messageId,
    type: row.type,
    state: row.state,
    attempts: row.attempts,
    nextAttemptAt: iso(row.nextAttemptAt),
    lastStatus: row.lastStatus,
    lastAt: iso(row.lastAt),
    lastBody: row.lastBody,
    lastError: row.lastError,
    deliveredAt: iso(row.deliveredAt),
    createdAt: row.createdAt.toISOString(),
  };
}

export interface WebhooksServiceDeps {
  pool: pg.Pool;
  audit: ReturnType<typeof createAuditService>;
  /** https only in production, WEBHOOK_ALLOWED_HOSTS, and (tests) the resolver. */
  policy: TargetPolicy;
  /** Seals each new secret before it is stored (WEBHOOK_SECRET_KEY, or the generated one). */
  seal: WebhookSecretSeal;
}

/** Admins' management of the endpoints; every change commits with its audit row. */
export function createWebhooksService({ pool, audit, policy, seal }: WebhooksServiceDeps) {
  return {
    async create(body: CreateWebhookBody, actor: AuditActor): Promise<WebhookCreated> {
      let url: URL;
      try {
        url = await checkTarget(body.url, policy);
      } catch (error) {
        if (error instanceof WebhookTargetError)
          throw new AppError(400, ERROR_CODES.webhookUrlRefused, error.message, { reason: error.reason });
        throw error;
      }
      const secret = newSecret();
      return inTransaction(pool, async (client) => {
        const row = await insertEndpoint(client, url.href, body.events, seal.seal(secret));
        await audit.change(client, actor, 'webhook.create', row.id, { url: row.url, events: row.events });
        return { ...endpointOf(row), secret };
      });
    },

    async list(): Promise<{ items: WebhookEndpoint[] }> {
      return { items: (await listEndpoints(pool)).map(endpointOf) };
    },

    async rotate(id: string, actor: AuditActor): Promise<WebhookRotated> {
      const secret = newSecret();
      return inTransaction(pool, async (client) => {
        const until = await rotateSecret(client, id, seal.seal(secret), ROTATION_OVERLAP_HOURS);
        if (!until) throw NO_ENDPOINT();
        await audit.change(client, actor, 'webhook.rotate', id, { previousSecretUntil: until.toISOString() });
        return { id, secret, previousSecretUntil: until.toISOString() };
      });
    },

    async setEnabled(id: string, enabled: boolean, actor: AuditActor): Promise<WebhookEndpoint> {
      return inTransaction(pool, async (client) => {
        if (!(await setEnabled(client, id, enabled, 'staff'))) throw NO_ENDPOINT();
        await audit.change(client, actor, enabled ? 'webhook.enable' : 'webhook.disable', id);
        return endpointOf((await findEndpoint(client, id))!);
      });
    },

    async delete(id: string, actor: AuditActor): Promise<void> {
      await inTransaction(pool, async (client) => {
        const gone = await deleteEndpoint(client, id);
        if (!gone) throw NO_ENDPOINT();
        await audit.change(client, actor, 'webhook.delete', id, { url: gone.url });
      });
    },

    async deliveries(id: string, limit: number, cursor: string | undefined): Promise<WebhookDeliveriesPage> {
      if (!(await findEndpoint(pool, id))) throw NO_ENDPOINT();
      const rows = await listDeliveries(pool, id, limit, cursor);
      return {
        items: rows.map(deliveryOf),
        nextCursor: rows.length === limit ? (rows[rows.length - 1]?.id ?? null) : null,
      };
    },

    async redeliver(id: string, deliveryId: string, actor: AuditActor): Promise<void> {
      await inTransaction(pool, async (client) => {
        const again = await redeliver(client, id, deliveryId);
        if (!again) throw new AppError(404, ERROR_CODES.notFound, 'This endpoint has no such delivery.');
        await audit.change(client, actor, 'webhook.redeliver', id, { delivery: deliveryId, message: again.messageId });
      });
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;

/**
 * Records an event for every endpoint that takes it, in the caller's transaction (`client`): it is sent only if that
 * transaction commits, and it is never lost once it has. The entries' own events are recorded by the database, from
 * the very statement that confirms, invites, admits or erases (migration 024); this is for the rest (`city.opened`).
 * The payload carries ids, never personal data. Resolves to the event's id, or null when no endpoint takes the type.
 */
export function recordWebhookEvent(
  client: pg.PoolClient,
  type: WebhookEventType,
  payload: Record<string, unknown>,
  orderingKey = type === 'city.opened' ? `city:${String(payload.cityId)}` : `event:${type}`,
): Promise<string | null> {
  const entryId = typeof payload.entryId === 'string' ? payload.entryId : null;
  return recordEvent(client, type, entryId, entryId ? `entry:${entryId}` : orderingKey, payload);
}

/**
 * Seals the secrets stored before sealing (migration 026), at each API and worker start: one conditional update per
 * endpoint, so replicas starting together seal each once, and a rotation meanwhile wins. Resolves to how many
 * endpoints this call sealed.
 */
export async function sealStoredSecrets(db: Queryable, seal: WebhookSecretSeal): Promise<number> {
  let sealed = 0;
  for (const row of await unsealedSecrets(db)) {
    const after = {
      secret: isSealed(row.secret) ? row.secret : seal.seal(row.secret),
      previousSecret:
        row.previousSecret === null || isSealed(row.previousSecret)
          ? row.previousSecret
          : seal.seal(row.previousSecret),
    };
    if (await replaceStoredSecrets(db, row, after)) sealed += 1;
  }
  return sealed;
}
