import type { Server } from 'node:http';
import { assertPostgresReachable } from './db.js';
import { runProcess, type Closable } from './lifecycle.js';
import type { Logger } from './logger.js';
import { createMetricsRegistry, startMetricsServer, type Registry } from './metrics.js';

/** What a service's config says of its process: its ports, its database and how long a graceful stop may take. */
export interface ServiceProcessConfig {
  shutdownTimeoutMs: number;
  http: { port: number; host: string; metricsPort: number | undefined };
  database: { url: string };
}

export interface ServiceProcessOptions {
  /** Says what is listening: "auth service listening". */
  name: string;
  logger: Logger;
  config: ServiceProcessConfig;
  /** The service's pool and Redis client: closed last on the way out, or at once if starting fails. */
  pool: { end(): Promise<void> };
  redis: { quit(): Promise<unknown> };
  /**
   * Runs once Postgres answers: what the service needs before it serves (Redis, migrations, keys), then its server,
   * built with the process's metrics registry, and what it opened besides (closed after the server, in order).
   */
  start(registry: Registry): Promise<{ server: Server; resources?: Closable[] }>;
}

/**
 * `runProcess` for an HTTP service with a pool and a Redis client (auth, the waitlist API): Postgres is checked
 * first, the metrics port (when configured) serves the same registry as the service, and on the way out the
 * metrics server closes first and Redis and Postgres last.
 */
export function runServiceProcess({ name, logger, config, pool, redis, start }: ServiceProcessOptions) {
  return runProcess({
    name,
    logger,
    timeoutMs: config.shutdownTimeoutMs,
    port: config.http.port,
    host: config.http.host,
    abandon: () => Promise.allSettled([pool.end(), redis.quit()]),
    async start() {
      await assertPostgresReachable(config.database.url);
      const registry = createMetricsRegistry();
      const { server, resources = [] } = await start(registry);
      const { metricsPort, host } = config.http;
      const metricsServer = metricsPort
        ? await startMetricsServer({ registry, port: metricsPort, host, logger })
        : undefined;
      return {
        server,
        resources: [
          ...(metricsServer
            ? [{ name: 'metrics server', close: () => new Promise<void>((done) => metricsServer.close(() => done())) }]
            : []),
          ...resources,
          { name: 'redis', close: () => redis.quit() },
          { name: 'postgres', close: () => pool.end() },
        ],
      };
    },
  });
}
