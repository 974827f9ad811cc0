import { createRemoteJWKSet } from 'jose';
import { createStaff, signIn, startAuth, type AuthHarness } from '../../../services/auth/src/testing/auth-harness.js';
import {
  createTestContext,
  startApi,
  startWorker,
  type ApiHarness,
  type TestContext,
  type WorkerHarness,
} from '../../../services/waitlist/src/testing/waitlist-harness.js';
import { createFakeSite, type FakeSite } from '../../../gateway/test/support/fake-site.js';
import { startGateway, type RunningGateway } from '../../../gateway/test/support/start-gateway.js';
import type { SmtpSink } from '../../support/index.js';

export interface SystemOptions {
  /** Redis for every service (default: the run's shared Redis, under this file's own key prefix). */
  redisUrl?: string;
  /** Extra environment for auth (throttle limits...). */
  authEnv?: Record<string, string>;
  /** Extra environment for the waitlist API. */
  apiEnv?: Record<string, string>;
  /** Start the e-mail worker against this sink. */
  sink?: SmtpSink;
  workerEnv?: Record<string, string>;
  /** Addresses the gateway believes about the client's address and scheme (default: nobody, as `npm start`). */
  trustedProxies?: string[];
  /** Run on this database (and Redis prefix) instead of a fresh one: the system started again after a restore. */
  context?: TestContext;
}

export interface System {
  context: TestContext;
  auth: AuthHarness;
  api: ApiHarness;
  worker: WorkerHarness | undefined;
  gateway: RunningGateway;
  /** Every log line every part of the system wrote so far (for the secrets scan). */
  logs(): string;
  /** Stops every process, leaving the database (the system stopped for a restore). */
  stopServices(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The whole system in this process, wired as in production: auth and the waitlist API (tokens verified against
 * auth's real JWKS, one revocation store), optionally the e-mail worker, and the real gateway in front, all on one
 * fresh database of their own.
 */
export async function startSystem(options: SystemOptions = {}): Promise<System> {
  const context = options.context ?? (await createTestContext());
  const redisUrl = options.redisUrl ?? context.redisUrl;
  const auth = await startAuth({
    databaseUrl: context.databaseUrl,
    env: { REDIS_URL: redisUrl, REDIS_PREFIX: context.prefix, ...options.authEnv },
  });
  const api = await startApi(context, {
    redisUrl,
    env: { ...options.apiEnv },
    staffKeys: createRemoteJWKSet(new URL(`${auth.url}/.well-known/jwks.json`)),
    authUrl: auth.url,
  });
  const worker = options.sink
    ? await startWorker(context, { smtpUrl: options.sink.url, redisUrl, env: options.workerEnv })
    : undefined;
  const site: FakeSite = createFakeSite();
  const gateway = await startGateway({
    siteDir: site.dir,
    auth: auth.url,
    waitlist: api.url,
    trustedProxies: options.trustedProxies ?? [],
  });
  const stopServices = async () => {
    await gateway.close();
    await worker?.close();
    await api.close();
    await auth.close();
    site.remove();
  };
  return {
    context,
    auth,
    api,
    worker,
    gateway,
    logs: () => [auth.logs.text(), api.logs.text(), worker?.logs.text() ?? '', gateway.logs.text()].join('\n'),
    stopServices,
    async close() {
      await stopServices();
      await context.close();
    },
  };
}

/** An admin and a viewer with tokens from the real login. */
export async function staffOf(system: System) {
  const admin = await createStaff(system.auth, { role: 'admin' });
  const viewer = await createStaff(system.auth, { role: 'viewer' });
  return {
    admin: { ...admin, token: await signIn(system.auth, admin) },
    viewer: { ...viewer, token: await signIn(system.auth, viewer) },
  };
}
