import { WEB_PATHS } from '@mmdm/contracts/web-paths';
import type { Logger } from '@mmdm/shared/logger';
import { Counter, type Registry } from '@mmdm/shared/metrics';
import { startPeriodic } from '@mmdm/shared/periodic';
import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { inTransaction } from '../../lib/db.js';
import { queueAdminAlert } from '../mail/mail.service.js';
import type { AuditActor } from '../audit/audit.service.js';
import { DeliveryError, EXCERPT_CHARS, postWebhook, signedHeaders } from './webhook-sender.js';
import type { WebhookSecretSeal } from './webhook-secret-seal.js';
import type { TargetPolicy } from './webhook-target.js';
import {
  findOutgoing,
  lockDueDeliveries,
  markDelivered,
  markFailed,
  markQueued,
  purgeOld,
  type AttemptOutcome,
} from './webhooks.repository.js';

export const WEBHOOK_QUEUE = 'webhooks';

/** One attempt at one delivery row. */
export interface WebhookJob {
  deliveryId: string;
  /** The row's `attempts` when handed over: a job of an attempt already recorded does nothing. */
  attempt: number;
}

/**
 * Waits between attempts (Standard Webhooks' suggested schedule), the last one repeated until the delivery's 3 days
 * are over: 5 s, 5 min, 30 min, 2 h, 5 h, then every 10 h.
 */
export const RETRY_DELAYS_S = [5, 300, 1800, 7200, 18_000, 36_000];
/** An endpoint whose every attempt has failed this long is disabled. */
export const DISABLE_AFTER_HOURS = 72;
/** How long finished deliveries stay in the log. */
export const LOG_DAYS = 30;
/** A delivery handed to the queue this long ago and still pending lost its job (Redis lost it): handed over again. */
const STALE_QUEUED_S = 600;
const BATCH = 200;
const PURGE_EVERY_MS = 3_600_000;

/** The one actor of the worker's own changes in the audit log. */
const WORKER_ACTOR: AuditActor = {
  actorSub: 'webhook-dispatcher',
  actorEmail: null,
  actorRole: 'system',
  ip: null,
  requestId: null,
};

export interface DisabledEndpoint {
  id: string;
  url: string;
}

export interface WebhookDispatcherDeps {
  pool: pg.Pool;
  /** The queue's connection (producer) and the worker's (blocking), as the mail queue has them. */
  producer: Redis;
  consumer: Redis;
  bullPrefix: string;
  logger: Logger;
  policy: TargetPolicy;
  /** Opens the stored secrets to sign with (WEBHOOK_SECRET_KEY, or the generated one). */
  seal: WebhookSecretSeal;
  /** Records the automatic disabling in the audit log, in its transaction. */
  auditChange: (
    client: pg.PoolClient,
    actor: AuditActor,
    action: 'webhook.disable',
    target: string,
    details: Record<string, unknown>,
  ) => Promise<void>;
  /** Called once an endpoint was disabled after 3 days of failures (wired to the admins' alert mail). */
  onEndpointDisabled?: (endpoint: DisabledEndpoint) => Promise<void> | void;
  /** The process's registry: the attempts' counter and the relay's runs. */
  metrics?: Registry;
  intervalMs?: number;
  concurrency?: number;
  /** Tests shorten the schedule. */
  retryDelaysS?: readonly number[];
  timeoutMs?: number;
}

export interface WebhookDispatcher {
  /** Hands the deliveries whose turn it is to the queue; resolves to how many. */
  runOnce(): Promise<number>;
  /** Sends one delivery now (the queue's job does this); exported for tests. */
  deliver(job: WebhookJob): Promise<'delivered' | 'failed' | 'skipped'>;
  queue: Queue<WebhookJob>;
  stop(): Promise<void>;
}

function delayFor(attemptsMade: number, delays: readonly number[]): number {
  return delays[Math.min(attemptsMade - 1, delays.length - 1)] ?? 36_000;
}

/**
 * The webhooks' half of the worker: an outbox relay (due deliveries, first of their entry and endpoint, to BullMQ)
 * and the queue's consumer, which signs and sends one attempt and records its answer. Retries are scheduled in the
 * row (`next_attempt_at`), not by BullMQ: while a delivery waits for its retry, no later event of the same entry is
 * sent to that endpoint (in order, one in flight per entry and endpoint).
 */
export function startWebhookDispatcher({
  pool,
  producer,
  consumer,
  bullPrefix,
  logger,
  policy,
  seal,
  auditChange,
  onEndpointDisabled,
  metrics,
  intervalMs = 1000,
  concurrency = 10,
  retryDelaysS = RETRY_DELAYS_S,
  timeoutMs,
}: WebhookDispatcherDeps): WebhookDispatcher {
  const log = logger.child({ component: 'webhooks' });
  const attempts = new Counter({
    name: 'mmdm_webhook_attempts_total',
    help: 'Webhook delivery attempts by result: delivered, retry (failed, tried again later), given_up',
    labelNames: ['result'] as const,
    registers: metrics ? [metrics] : [],
  });
  const queue = new Queue<WebhookJob>(WEBHOOK_QUEUE, { connection: producer, prefix: bullPrefix });
  queue.on('error', () => undefined);

  const runOnce = () =>
    inTransaction(pool, async (client) => {
      const due = await lockDueDeliveries(client, BATCH, STALE_QUEUED_S);
      if (due.length === 0) return 0;
      await queue.addBulk(
        due.map((row) => ({
          name: 'deliver',
          data: { deliveryId: row.id, attempt: row.attempts },
          opts: {
            jobId: `webhook-${row.id}-${row.attempts}`,
            removeOnComplete: { age: 3600, count: 10_000 },
            removeOnFail: { age: 7 * 24 * 3600 },
          },
        })),
      );
      await markQueued(
        client,
        due.map((row) => row.id),
      );
      return due.length;
    });

  const deliver = async ({ deliveryId, attempt }: WebhookJob): Promise<'delivered' | 'failed' | 'skipped'> => {
    const row = await findOutgoing(pool, deliveryId);
    if (!row || row.state !== 'pending' || row.attempts !== attempt || !row.enabled) return 'skipped';
    const body = JSON.stringify({ type: row.type, timestamp: row.createdAt.toISOString(), data: row.data });
    const timestamp = Math.floor(Date.now() / 1000);
    let outcome: AttemptOutcome;
    let permanent = false;
    try {
      const answer = await postWebhook({
        url: row.url,
        body,
        headers: signedHeaders(
          row.secrets.map((stored) => seal.open(stored)),
          row.messageId,
          timestamp,
          body,
        ),
        policy,
        ...(timeoutMs ? { timeoutMs } : {}),
      });
      const ok = answer.status >= 200 && answer.status < 300;
      outcome = {
        status: answer.status,
        excerpt: answer.excerpt,
        error: ok
          ? null
          : answer.status >= 300 && answer.status < 400
            ? 'redirect not followed'
            : `HTTP ${answer.status}`,
      };
      if (ok) {
        const recorded = await inTransaction(pool, (client) => markDelivered(client, deliveryId, attempt, outcome));
        if (recorded) {
          attempts.inc({ result: 'delivered' });
          log.info({ deliveryId, type: row.type, status: answer.status }, 'webhook delivered');
        }
        return recorded ? 'delivered' : 'skipped';
      }
    } catch (error) {
      permanent = error instanceof DeliveryError && error.permanent;
      const message = error instanceof Error ? error.message : String(error);
      outcome = { status: null, excerpt: null, error: message.slice(0, EXCERPT_CHARS) };
    }
    const failed = await inTransaction(pool, async (client) => {
      const result = await markFailed(
        client,
        deliveryId,
        attempt,
        outcome,
        delayFor(attempt + 1, retryDelaysS),
        permanent,
        DISABLE_AFTER_HOURS,
      );
      if (result?.endpointDisabled) {
        await auditChange(client, WORKER_ACTOR, 'webhook.disable', result.endpointDisabled.id, {
          reason: 'failing',
          url: result.endpointDisabled.url,
        });
        // The admins hear of it in the same transaction: the mail leaves once the disabling commits.
        await queueAdminAlert(client, {
          topic: 'webhook.disabled',
          subject: 'A webhook endpoint was disabled after 3 days of failed deliveries',
          paragraphs: [
            `Every delivery to ${result.endpointDisabled.url} has failed for 3 days, so it was disabled: the app ` +
              'receives no events there until an admin enables it again.',
            'Its delivery log shows the last answer. Once the receiver works, Enable sends what it is owed, in order.',
          ],
          actionPath: WEB_PATHS.staffWebhooks,
          actionLabel: 'See the webhooks',
        });
      }
      return result;
    });
    if (!failed) return 'skipped';
    attempts.inc({ result: failed.gaveUp ? 'given_up' : 'retry' });
    log.warn(
      { deliveryId, endpointId: row.endpointId, type: row.type, status: outcome.status, reason: outcome.error },
      failed.gaveUp ? 'webhook delivery given up' : 'webhook delivery failed; will retry',
    );
    if (failed.endpointDisabled) {
      log.error(
        { endpointId: failed.endpointDisabled.id },
        'webhook endpoint disabled after 3 days of failed deliveries',
      );
      try {
        await onEndpointDisabled?.(failed.endpointDisabled);
      } catch (error) {
        log.error(
          { err: error, endpointId: failed.endpointDisabled.id },
          'could not tell admins of a disabled webhook',
        );
      }
    }
    return 'failed';
  };

  const worker = new Worker<WebhookJob>(WEBHOOK_QUEUE, (job) => deliver(job.data), {
    connection: consumer,
    prefix: bullPrefix,
    concurrency,
  });
  let workerFailing = false;
  worker.on('error', (error) => {
    if (!workerFailing) log.warn({ err: error }, 'webhook worker lost Redis; retrying');
    workerFailing = true;
  });
  worker.on('ready', () => {
    workerFailing = false;
  });

  let lastPurge = 0;
  const relay = startPeriodic({
    name: 'webhook-relay',
    everyMs: intervalMs,
    jitter: 0.1,
    logger: log,
    ...(metrics ? { metrics } : {}),
    firstRun: 'now',
    run: async () => {
      let handed: number;
      do handed = await runOnce();
      while (handed === BATCH);
      if (Date.now() - lastPurge >= PURGE_EVERY_MS) {
        lastPurge = Date.now();
        await purgeOld(pool, LOG_DAYS);
      }
    },
    onError: (error) => log.warn({ err: error }, 'webhook relay failed; deliveries stay owed and are retried'),
  });

  return {
    runOnce,
    deliver,
    queue,
    async stop() {
      await relay.stop();
      await worker.close();
      await queue.close();
    },
  };
}
