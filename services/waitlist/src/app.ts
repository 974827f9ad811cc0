import { createServiceApp, finishServiceApp, serveProbes } from '@mmdm/shared/http';
import type { Logger } from '@mmdm/shared/logger';
import { createStaffTokenVerifier } from '@mmdm/shared/tokens';
import { createHttpMetrics, createMetricsRegistry, type Registry } from '@mmdm/shared/metrics';
import type { Express } from 'express';
import type { Redis } from 'ioredis';
import type { JWTVerifyGetKey } from 'jose';
import type pg from 'pg';
import type { ApiConfig } from './config.js';
import { createClientRateLimiter } from './lib/rate-limit.js';
import type { WaitlistKeys } from './lib/service-keys.js';
import { remoteStaffKeys, restoreRevocationsVia } from './lib/staff-keys.js';
import { abuseRoutes } from './modules/abuse/abuse.routes.js';
import { createChallengeService } from './modules/abuse/challenge.service.js';
import { createClientPace } from './modules/abuse/client-pace.js';
import { createContactGuard } from './modules/abuse/contact-guard.js';
import { createDnsCheck } from './modules/abuse/dns-check.js';
import { createDomainCheck } from './modules/abuse/domain-check.js';
import { createOriginHasher } from './modules/abuse/network.js';
import { createPressureGauge } from './modules/abuse/pressure.js';
import { createReferralHold } from './modules/abuse/referral-rules.js';
import { reviewRoutes } from './modules/abuse/review.routes.js';
import { createReviewService } from './modules/abuse/review.service.js';
import { createSignupGuard } from './modules/abuse/signup-guard.js';
import { analyticsRoutes } from './modules/analytics/analytics.routes.js';
import { createAnalyticsService } from './modules/analytics/analytics.service.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { balanceRoutes } from './modules/balance/balance.routes.js';
import { createBalanceService } from './modules/balance/balance.service.js';
import { createAuditService } from './modules/audit/audit.service.js';
import { contactAdminRoutes } from './modules/contact/contact-admin.routes.js';
import { contactRoutes } from './modules/contact/contact.routes.js';
import { createContactService, eraseMessagesOf, messagesOf } from './modules/contact/contact.service.js';
import { invitationsAdminRoutes } from './modules/invitations/invitations-admin.routes.js';
import { createInvitationsMetrics } from './modules/invitations/invitations.metrics.js';
import { invitationRoutes } from './modules/invitations/invitations.routes.js';
import { createInvitationsService } from './modules/invitations/invitations.service.js';
import { placesAdminRoutes } from './modules/places/places-admin.routes.js';
import { placesRoutes } from './modules/places/places.routes.js';
import { createPlacesService } from './modules/places/places.service.js';
import { createCityOpeningService } from './modules/places/city-opening.service.js';
import { mailTemplateRoutes } from './modules/mail/mail-templates.routes.js';
import { entriesRoutes } from './modules/entries/entries.routes.js';
import { createEntriesService } from './modules/entries/entries.service.js';
import { eraseEntry } from './modules/entries/erase-entry.js';
import { createMailJobEraser } from './modules/mail/mail-jobs.js';
import { privacyRoutes } from './modules/privacy/privacy.routes.js';
import { createPrivacyService } from './modules/privacy/privacy.service.js';
import { createBounceMetrics } from './modules/bounces/bounces.metrics.js';
import { createBounceService } from './modules/bounces/bounces.service.js';
import { postmarkWebhookRoutes } from './modules/bounces/postmark-webhook.routes.js';
import { sesWebhookRoutes } from './modules/bounces/ses-webhook.routes.js';
import { createSnsVerifier, fetchFromAws, type AwsFetch } from './modules/bounces/sns-signature.js';
import { createSignupMetrics } from './modules/signup/signup.metrics.js';
import { installSignupLeanRoute } from './modules/signup/signup.lean-route.js';
import { createSignupCall, signupRoutes } from './modules/signup/signup.routes.js';
import { createSignupService } from './modules/signup/signup.service.js';
import { ticketsAdminRoutes } from './modules/tickets/tickets-admin.routes.js';
import { ticketRoutes } from './modules/tickets/tickets.routes.js';
import { createTicketsService } from './modules/tickets/tickets.service.js';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.js';
import { createWebhookSecretSeal } from './modules/webhooks/webhook-secret-seal.js';
import { createWebhooksService } from './modules/webhooks/webhooks.service.js';
import type { Resolve } from './modules/webhooks/webhook-target.js';

/**
 * "Your data" requests: a person asks a few times at most (DATA_ACCESS_RATE_LIMIT per client address per window); a
 * script asking about many addresses is cut off. The answer never says whether an address is listed, and a listed
 * one gets at most one mail per cooldown, whoever asks.
 */
const DATA_ACCESS_RATE_WINDOW_S = 900;
const DATA_ACCESS_COOLDOWN_S = 120;
/**
 * Share-link code checks (GET /waitlist/referral) per client address per window: each visit by a share link makes
 * one, so a crowd on one network (a launch party) fits; guessing 40-bit codes at this rate gets nowhere.
 */
const REFERRAL_CHECK_RATE_LIMIT = 300;
const REFERRAL_CHECK_RATE_WINDOW_S = 900;
/** The contact form's rate limit counts messages per network per hour (CONTACT_RATE_LIMIT). */
const CONTACT_RATE_WINDOW_S = 3600;

export interface AppDeps {
  config: ApiConfig;
  /** The abuse and suppression keys: the environment's, else those kept in Postgres (resolveServiceKeys). */
  keys: WaitlistKeys;
  pool: pg.Pool;
  /** Producer connection (fails fast while Redis is down). */
  redis: Redis;
  logger: Logger;
  /** Public keys for staff tokens; defaults to the auth service's JWKS, fetched and cached. Tests pass a local set. */
  staffKeys?: JWTVerifyGetKey;
  /**
   * Fills the revocation cache again after Redis lost it; by default the auth service is asked (next to its JWKS).
   * Tests without an auth service pass their own.
   */
  restoreRevocations?: () => Promise<void>;
  /** Where this app's metrics go (`GET /metrics`); a fresh registry by default. */
  registry?: Registry;
  /** Fetches SNS signing certificates and SubscribeURLs; AWS by default. Tests answer with their own certificate. */
  fetchAws?: AwsFetch;
  /** How many of a wave the staff call invites itself (WAVE_BATCH); tests make it small to reach the worker's part. */
  waveBatch?: number;
  /** Resolves webhook URLs' names when an endpoint is saved; the system's resolver by default. Tests inject one. */
  webhookResolve?: Resolve;
}

/** Builds the waitlist API without listening, so tests drive it in-process. */
export function createApp({
  config,
  keys: serviceKeys,
  pool,
  redis,
  logger,
  staffKeys,
  restoreRevocations,
  registry = createMetricsRegistry(),
  fetchAws = fetchFromAws,
  waveBatch,
  webhookResolve,
}: AppDeps): Express {
  const metrics = createHttpMetrics(registry);
  const app = createServiceApp({ logger, trustProxy: config.http.trustProxy, metrics });

  const { abuse } = config;
  // The per-client ceiling: with proof of work the work carries a busy address's load up to SIGNUP_RATE_LIMIT; without
  // it (`off`), the free sign-ups are all a client gets.
  const signupCeiling =
    abuse.challenge.mode === 'off'
      ? Math.min(config.signup.rateLimit, config.signup.workAfter)
      : config.signup.rateLimit;
  const signupLimiter = createClientRateLimiter({
    redis,
    keyPrefix: `${config.redis.prefix}:waitlist:signup`,
    points: signupCeiling,
    windowSeconds: config.signup.rateWindowSeconds,
    message: 'Too many sign-ups from your network. Please try again later.',
  });
  const pace = createClientPace(signupLimiter, config.signup.workAfter);
  const pressure = createPressureGauge({
    global: abuse.challenge.pressureGlobal,
    network: abuse.challenge.pressureNetwork,
  });
  const challenge = createChallengeService({
    ...abuse.challenge,
    key: serviceKeys.abuse,
    redis,
    spentKeyPrefix: `${config.redis.prefix}:waitlist:altcha`,
    pressure,
  });
  const domains = createDomainCheck({
    pool,
    dns: abuse.dns.check ? createDnsCheck({ ...abuse.dns, logger, registry }) : undefined,
  });
  const guard = createSignupGuard({ challenge, pressure, domains, origins: createOriginHasher(serviceKeys.abuse) });
  // The contact form: the same defences with counts of its own, so neither form's traffic makes the other pay. Its
  // spent solutions share the sign-up's store: a solution is accepted once, by whichever form.
  const contactPressure = createPressureGauge({
    global: config.contact.pressureGlobal,
    network: config.contact.pressureNetwork,
  });
  const contactGuard = createContactGuard({
    challenge: createChallengeService({
      ...abuse.challenge,
      key: serviceKeys.abuse,
      redis,
      spentKeyPrefix: `${config.redis.prefix}:waitlist:altcha`,
      pressure: contactPressure,
    }),
    pressure: contactPressure,
    limiter: createClientRateLimiter({
      redis,
      keyPrefix: `${config.redis.prefix}:waitlist:contact`,
      points: config.contact.rateLimit,
      windowSeconds: CONTACT_RATE_WINDOW_S,
      message: 'Too many messages from your network. Please try again later.',
    }),
  });
  // The audit log's one writer: every staff action and read is recorded through it, by the feature's service.
  const audit = createAuditService({ pool });
  const contact = createContactService({ pool, audit });
  const creditHold = createReferralHold(abuse.referralHold);
  const places = createPlacesService({
    pool,
    audit,
    publicUrl: config.publicUrl,
    maxCredits: config.referral.maxCredits,
    creditHold,
    // A person's city choice is what raises a city's count: its opening takes its next step in the same request.
    afterCityChosen: (cityId) => opening.afterCityChosen(cityId),
  });
  const tickets = createTicketsService({
    pool,
    publicUrl: config.publicUrl,
    perMember: config.ticketsPerMember,
    hold: creditHold,
    audit,
  });
  const review = createReviewService({
    pool,
    maxCredits: config.referral.maxCredits,
    creditReferrer: (client, referrerId, delta) => places.creditReferrer(client, referrerId, delta),
    domains,
    audit,
  });
  // Balance data (decision 035): sealed under BALANCE_DATA_KEY (or the generated one); opened only in this service.
  const balance = createBalanceService({ pool, key: serviceKeys.balance, logger });
  const invitations = createInvitationsService({
    pool,
    metrics: createInvitationsMetrics(registry),
    ...(waveBatch ? { waveBatch } : {}),
    stores: config.stores,
    audit,
    balancedDraft: (db, request) => balance.draft(db, request),
    onAdmitted: (client, entryId, rawToken) => tickets.issue(client, entryId, rawToken),
  });
  const opening = createCityOpeningService({
    pool,
    audit,
    inviteWave: (client, request) => invitations.inviteInTransaction(client, request),
    logger,
  });
  const signupService = createSignupService({
    pool,
    publicUrl: config.publicUrl,
    resendCooldownSeconds: config.signup.resendCooldownSeconds,
    suppressionKey: serviceKeys.suppression,
    metrics: createSignupMetrics(registry),
    // The place first, then the ticket the sign-up brought (the wave's pick looks for both).
    confirmation: {
      describe: (entryId) => places.describe(entryId),
      onConfirmed: async (client, entryId, requestId) => {
        await places.onConfirmed(client, entryId, requestId);
        await tickets.onConfirmed(client, entryId);
      },
    },
  });
  const signup = { service: signupService, signupLimiter, guard, pace };
  // Before every other route: the sign-up's lean route hands its failures back through this point.
  installSignupLeanRoute(app, { signUp: createSignupCall(signup), logger, metrics });

  // On the service's own port, which only the gateway and the scraper reach; the gateway never routes /metrics here.
  serveProbes(app, { registry, pool, redis: { producer: redis } });

  app.use(abuseRoutes({ challenge, pace }));
  app.use(signupRoutes(signup));
  app.use(
    privacyRoutes({
      service: createPrivacyService({
        pool,
        audit,
        logger,
        suppressionKey: serviceKeys.suppression,
        // The erasure staff deletion uses, with the places module taking back the credit the entry gave.
        erase: (client, entryId) => eraseEntry(client, entryId, places.beforeErase),
        placeOf: async (entryId) => (await places.placesOf([entryId])).get(entryId)?.position ?? null,
        forgetMailJobs: createMailJobEraser(redis, config.redis.prefix, logger),
        cooldownSeconds: DATA_ACCESS_COOLDOWN_S,
        messagesOf,
        eraseMessagesOf,
        balanceOf: (entryId) => balance.ownDataOf(entryId),
      }),
      requestLimiter: createClientRateLimiter({
        redis,
        keyPrefix: `${config.redis.prefix}:waitlist:data-access`,
        points: config.dataAccessRateLimit,
        windowSeconds: DATA_ACCESS_RATE_WINDOW_S,
        message: 'Too many requests from your network. Please try again later.',
      }),
    }),
  );
  app.use(contactRoutes({ service: contact, guard: contactGuard }));
  app.use(
    placesRoutes({
      service: places,
      referralLimiter: createClientRateLimiter({
        redis,
        keyPrefix: `${config.redis.prefix}:waitlist:referral-check`,
        points: REFERRAL_CHECK_RATE_LIMIT,
        windowSeconds: REFERRAL_CHECK_RATE_WINDOW_S,
        message: 'Too many requests from your network. Please try again later.',
      }),
    }),
  );
  app.use(invitationRoutes({ service: invitations }));
  app.use(balanceRoutes({ service: balance }));
  app.use(ticketRoutes({ service: tickets }));

  // Bounce and complaint webhooks: each one exists (else 404) only when configured.
  if (config.hooks.ses || config.hooks.postmark) {
    const bounces = createBounceService({
      pool,
      suppressionKey: serviceKeys.suppression,
      logger,
      metrics: createBounceMetrics(registry),
    });
    if (config.hooks.ses)
      app.use(
        sesWebhookRoutes({
          service: bounces,
          verifier: createSnsVerifier(fetchAws),
          fetchAws,
          topicArns: config.hooks.ses.topicArns,
          logger,
        }),
      );
    if (config.hooks.postmark) app.use(postmarkWebhookRoutes({ service: bounces, ...config.hooks.postmark }));
  }

  const keys = staffKeys ?? remoteStaffKeys(config.authJwksUrl);
  const verifier = createStaffTokenVerifier({
    keys,
    redis,
    redisPrefix: config.redis.prefix,
    secondFactorRequired: config.staffSecondFactorRequired,
    restoreRevocations: restoreRevocations ?? restoreRevocationsVia(config.authJwksUrl),
  });
  const entries = createEntriesService({
    pool,
    // An export holds its connection and cursor for minutes: past any transaction pooler, straight to Postgres.
    databaseUrl: config.database.directUrl,
    suppressionKey: serviceKeys.suppression,
    maxConcurrentExports: config.exportMaxConcurrent,
    places,
    audit,
  });
  app.use(placesAdminRoutes({ service: places, opening, verifier }));
  app.use(invitationsAdminRoutes({ service: invitations, verifier }));
  app.use(ticketsAdminRoutes({ service: tickets, verifier }));
  app.use(reviewRoutes({ service: review, verifier }));
  app.use(entriesRoutes({ service: entries, verifier }));
  app.use(analyticsRoutes({ service: createAnalyticsService({ pool, audit }), verifier }));
  app.use(auditRoutes({ service: audit, verifier }));
  app.use(mailTemplateRoutes({ site: config.mailSite, verifier }));
  app.use(contactAdminRoutes({ service: contact, verifier }));
  app.use(
    webhooksRoutes({
      service: createWebhooksService({
        pool,
        audit,
        policy: { ...config.webhooks, ...(webhookResolve ? { resolve: webhookResolve } : {}) },
        seal: createWebhookSecretSeal(serviceKeys.webhook),
      }),
      verifier,
    }),
  );

  return finishServiceApp(app, logger);
}
