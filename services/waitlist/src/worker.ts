import { createPool } from '@mmdm/shared/db';
import { createServiceApp, finishServiceApp, serveProbes } from '@mmdm/shared/http';
import type { Closable } from '@mmdm/shared/lifecycle';
import type { Logger } from '@mmdm/shared/logger';
import { checkNoEviction, createRedis } from '@mmdm/shared/redis';
import { UnrecoverableError, Worker } from 'bullmq';
import { createHttpMetrics, createMetricsRegistry, type Registry } from '@mmdm/shared/metrics';
import type { Express } from 'express';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { WorkerConfig } from './config.js';
import { resolveServiceKeys } from './lib/service-keys.js';
import { createWebhookSecretSeal } from './modules/webhooks/webhook-secret-seal.js';
import { sealStoredSecrets } from './modules/webhooks/webhooks.service.js';
import { eraseEntries } from './modules/entries/erase-entry.js';
import { startStatsRollup } from './modules/analytics/stats-rollup.js';
import { registerWaveBacklogMetrics } from './modules/invitations/invitations.metrics.js';
import { startWaveApplier, type WaveApplier } from './modules/invitations/wave-applier.js';
import { createPlacesService } from './modules/places/places.service.js';
import { createCityOpeningService, type CityOpeningService } from './modules/places/city-opening.service.js';
import { startCityOpeningChecks } from './modules/places/city-opening-checks.js';
import { createInvitationsMetrics } from './modules/invitations/invitations.metrics.js';
import { createInvitationsService } from './modules/invitations/invitations.service.js';
import { adminAddressesVia } from './lib/staff-keys.js';
import { createAuditService } from './modules/audit/audit.service.js';
import { createRetention, startRetention, type Retention } from './modules/retention/retention.service.js';
import { syncPlaceRule } from './modules/places/place-rule.js';
import { placesOf } from './modules/places/places.repository.js';
import { createMailProcessor } from './modules/mail/mail-consumer.js';
import { createMailMetrics } from './modules/mail/mail.metrics.js';
import { createMailSender, type MailSender } from './modules/mail/mail-transport.js';
import { bullPrefix, createMailQueue, MAIL_QUEUE, type MailJob } from './modules/mail/mail.queue.js';
import { withSuppression } from './modules/mail/suppressing-sender.js';
import { startRelay, type Relay } from './modules/mail/outbox-relay.js';
import { giveUpOutboxMail } from './modules/mail/outbox-delivery.js';
import { mailboxSettingsOf, startBounceMailbox, type BounceMailbox } from './modules/bounces/bounce-mailbox.js';
import { countBounce, createBounceMetrics } from './modules/bounces/bounces.metrics.js';
import { createBounceService } from './modules/bounces/bounces.service.js';
import {
  startWebhookDispatcher,
  type DisabledEndpoint,
  type WebhookDispatcher,
} from './modules/webhooks/webhook-dispatcher.js';

export interface MailWorker {
  /** /healthz, /readyz and /metrics of the worker process, on its own port (WORKER_PORT). */
  app: Express;
  /** The retention rules, also run every RETENTION_INTERVAL_MS. */
  retention: Retention;
  registry: Registry;
  relay: Relay;
  /** Invites the rest of each accepted wave. */
  waves: WaveApplier;
  /** Cities' openings: the periodic check's service (tests run a check by hand). */
  opening: CityOpeningService;
  sender: MailSender;
  /** Reads BOUNCE_MAILBOX_URL when it is set. */
  bounceMailbox: BounceMailbox | undefined;
  /** Sends the signed events for the app to the webhook endpoints. */
  webhooks: WebhookDispatcher;
  /** In shutdown order: stop taking work, finish current jobs, then close connections. */
  resources: Closable[];
}

export interface MailWorkerDeps {
  config: WorkerConfig;
  logger: Logger;
  /** Tests may share a pool; by default the worker makes its own. */
  pool?: pg.Pool;
  /** Called when the worker can no longer do its job and must be restarted (the process exits non-zero). */
  onFatal?: (reason: string) => void;
  /** Where the worker's metrics go; a fresh registry by default. */
  registry?: Registry;
  /** The admins' addresses for admin alerts; by default the auth service is asked (beside its JWKS). */
  adminAddresses?: () => Promise<string[]>;
  /** How often the cities' openings are checked (CITY_OPENING_CHECK_MS by default); tests make it short. */
  cityOpeningCheckMs?: number;
  /** Told when a webhook endpoint was disabled after 3 days of failed deliveries (the admins' alert mail). */
  onEndpointDisabled?: (endpoint: DisabledEndpoint) => Promise<void> | void;
}

/** How soon the worker takes up the rest of a wave the staff call accepted. */
const WAVE_POLL_MS = 500;
/**
 * How often the worker looks for a city with an opening step to take (one small read of the cities). The API takes
 * the step at once on the city choice that reaches a threshold; this is the catch-up.
 */
export const CITY_OPENING_CHECK_MS = 10_000;

/**
 * QUIT when connected (replies in flight still arrive); otherwise drop the connection: on the consumer connection,
 * which queues commands while offline, a QUIT sent before Redis was ever reached waits behind them for good and held
 * shutdown until its forced exit.
 */
function closeRedis(client: Redis): Promise<unknown> {
  if (client.status !== 'ready') {
    client.disconnect();
    return Promise.resolve();
  }
  return client.quit().catch(() => client.disconnect());
}

export async function startMailWorker({
  config,
  logger,
  pool: givenPool,
  onFatal,
  registry = createMetricsRegistry(),
  adminAddresses,
  cityOpeningCheckMs = CITY_OPENING_CHECK_MS,
  onEndpointDisabled,
}: MailWorkerDeps): Promise<MailWorker> {
  const pool =
    givenPool ??
    createPool({
      connectionString: config.database.url,
      applicationName: 'waitlist-worker',
      poolMode: config.database.poolMode,
      max: config.mail.concurrency + 4,
    });
  const { suppression: suppressionKey, webhook: webhookKey } = await resolveServiceKeys(pool, config.keys, logger);
  const webhookSeal = createWebhookSecretSeal(webhookKey);
  // Secrets stored before they were sealed (migration 026) are sealed now, by whichever process starts first.
  await sealStoredSecrets(pool, webhookSeal);
  const producer = createRedis(config.redis, 'producer');
  const consumer = createRedis(config.redis, 'worker');

  // BullMQ loses jobs if Redis evicts keys under memory pressure; say so loudly, but keep running.
  void checkNoEviction(consumer).then(
    ({ ok, policy }) => {
      if (!ok)
        logger.error(
          { policy },
          `Redis maxmemory-policy is "${policy}", not "noeviction": queued mail can be lost under memory pressure`,
        );
    },
    (error: unknown) => logger.warn({ err: error }, 'could not read Redis maxmemory-policy'),
  );

  // Every mail, whatever its kind, goes through the suppression list.
  const transport = createMailSender({
    smtpUrl: config.mail.smtpUrl,
    dir: config.mail.dir,
    from: config.mail.from,
    replyTo: config.mail.supportEmail,
    poolSize: config.mail.poolSize,
    returnPath: config.mail.returnPath,
    dkim: config.mail.dkim,
    logger,
  });
  const bounceMetrics = createBounceMetrics(registry);
  const sender = withSuppression(transport, {
    db: pool,
    key: suppressionKey,
    logger,
    onBounce: (kind) => countBounce(bounceMetrics, 'smtp', kind),
  });
  if (sender.kind === 'file')
    logger.warn({ dir: config.mail.dir }, 'SMTP_URL is not set: mails are written as .eml files');
  if (!config.mail.postalAddress)
    logger.warn(
      'MAIL_POSTAL_ADDRESS is not set: mail footers leave the postal address out; mail to real people needs one (CAN-SPAM)',
    );

  const queue = createMailQueue(producer, config.redis.prefix);
  queue.on('error', () => undefined); // outages surface through the relay's own log line and /readyz
  const mailMetrics = createMailMetrics({ registry, pool, queue, queueRedis: producer, logger });

  const worker = new Worker<MailJob>(
    MAIL_QUEUE,
    createMailProcessor({
      pool,
      sender,
      logger,
      site: {
        publicUrl: config.publicUrl,
        supportEmail: config.mail.supportEmail,
        postalAddress: config.mail.postalAddress,
        stores: config.stores,
      },
      confirmTokenTtlHours: config.confirmTokenTtlHours,
      placeOf: async (entryId) => (await placesOf(pool, [entryId]))[0]?.position ?? null,
      adminAddresses: adminAddresses ?? adminAddressesVia(config.authJwksUrl),
    }),
    {
      connection: consumer,
      prefix: bullPrefix(config.redis.prefix),
      concurrency: config.mail.concurrency,
      // A dead worker's jobs are found by the others' stalled-job check, run as often as a lock lasts.
      lockDuration: config.mail.jobLockMs,
      stalledInterval: config.mail.jobLockMs,
      // One rate for every worker together (the limiter's counter is in Redis); the lanes' priorities decide the order.
      ...(config.mail.sendRate > 0 ? { limiter: { max: config.mail.sendRate, duration: 1000 } } : {}),
    },
  );
  let workerFailing = false;
  worker.on('error', (error) => {
    if (!workerFailing) logger.warn({ err: error }, 'mail worker lost Redis; retrying');
    workerFailing = true;
  });
  worker.on('ready', () => {
    workerFailing = false;
  });
  worker.on('completed', (_job, result) => {
    if (result === 'sent') mailMetrics.sent.inc();
  });
  worker.on('failed', (job, error) => {
    const givenUp =
      error instanceof UnrecoverableError || (job !== undefined && job.attemptsMade >= (job.opts.attempts ?? 1));
    (givenUp ? mailMetrics.failed : mailMetrics.retried).inc();
    if (job && job.attemptsMade >= (job.opts.attempts ?? 1)) {
      void giveUpOutboxMail(pool, job.data.outboxId, error.message);
      logger.error(
        {
          jobId: job.id,
          outboxId: job.data.outboxId,
          kind: job.data.kind,
          reqId: job.data.requestId,
          reason: error.message,
        },
        'mail gave up; job kept in the failed set',
      );
    }
  });

  const relay = startRelay({
    pool,
    queue,
    redis: producer,
    logger,
    intervalMs: config.relayIntervalMs,
    attempts: config.mail.attempts,
    backoffMs: config.mail.backoffMs,
    onQueueBroken: () => onFatal?.('mail queue broken'),
    markerKey: `${config.redis.prefix}:mail:epoch`,
    metrics: registry,
  });
  const waves = startWaveApplier({ pool, logger, intervalMs: WAVE_POLL_MS, metrics: registry });
  registerWaveBacklogMetrics(registry, pool, logger);
  const bounceMailbox = config.bounceMailbox
    ? startBounceMailbox({
        settings: mailboxSettingsOf(config.bounceMailbox.url),
        pool,
        service: createBounceService({ pool, suppressionKey, logger, metrics: bounceMetrics }),
        logger,
        intervalMs: config.bounceMailbox.pollMs,
        registry,
      })
    : undefined;
  const rollup = startStatsRollup({ pool, logger, intervalMs: config.statsRollupIntervalMs, metrics: registry });
  const audit = createAuditService({ pool });
  const places = createPlacesService({
    pool,
    publicUrl: config.publicUrl,
    maxCredits: config.referral.maxCredits,
    audit,
  });
  const invitations = createInvitationsService({ pool, metrics: createInvitationsMetrics(registry), audit });
  const opening = createCityOpeningService({
    pool,
    audit,
    inviteWave: (client, request) => invitations.inviteInTransaction(client, request),
    logger,
  });
  const openingChecks = startCityOpeningChecks({ opening, logger, intervalMs: cityOpeningCheckMs, metrics: registry });
  const retention = createRetention({
    pool,
    audit,
    logger,
    rules: config.retention,
    suppressionKey,
    // Staff deletion's erasure (the referrer's credit taken back), keeping the anonymous daily counts.
    erase: (client, entryIds) => eraseEntries(client, entryIds, places.beforeErase),
  });
  const webhooks = startWebhookDispatcher({
    pool,
    producer,
    consumer,
    bullPrefix: bullPrefix(config.redis.prefix),
    logger,
    policy: config.webhooks,
    seal: webhookSeal,
    auditChange: (client, actor, action, target, details) => audit.change(client, actor, action, target, details),
    ...(onEndpointDisabled ? { onEndpointDisabled } : {}),
    intervalMs: config.relayIntervalMs,
    metrics: registry,
  });
  const retentionRuns = startRetention(retention, logger, config.retention.intervalMs, registry);
  const placeRule = syncPlaceRule(pool, config.referral.boost, logger).catch((error: unknown) =>
    logger.error({ err: error }, 'could not apply REFERRAL_BOOST to the place keys; retried at the next start'),
  );

  const app = createServiceApp({ logger, trustProxy: 'loopback', metrics: createHttpMetrics(registry) });
  serveProbes(app, { registry, pool, redis: { producer, consumer } });
  finishServiceApp(app, logger);

  const resources: Closable[] = [
    { name: 'wave applier', close: () => waves.stop() },
    { name: 'outbox relay', close: () => relay.stop() },
    { name: 'webhooks', close: () => webhooks.stop() },
    { name: 'stats roll-up', close: () => rollup.stop() },
    { name: 'city openings', close: () => openingChecks.stop() },
    { name: 'retention', close: () => retentionRuns.stop() },
    ...(bounceMailbox ? [{ name: 'bounce mailbox', close: () => bounceMailbox.stop() }] : []),
    { name: 'place rule', close: () => placeRule },
    // close() waits for the jobs in progress to finish.
    { name: 'mail worker', close: () => worker.close() },
    { name: 'mail queue', close: () => queue.close() },
    { name: 'mail sender', close: () => sender.close() },
    { name: 'redis producer', close: () => closeRedis(producer) },
    { name: 'redis consumer', close: () => closeRedis(consumer) },
  ];
  if (!givenPool) resources.push({ name: 'postgres', close: () => pool.end() });
  return { app, retention, registry, relay, waves, opening, sender, bounceMailbox, webhooks, resources };
}
